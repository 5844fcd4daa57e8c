import Foundation
import TabBarKit
import Testing

@testable import tabbar_demo

/// News in channels: the strip both content files declare, what each
/// channel lists, and the errors of a bad `channels`.
@MainActor
@Suite("demo content: News in channels")
struct NewsChannelsTests {
  /// The News strip of the file at `path` (nil: the built-in one).
  func strip(_ path: String? = nil) throws -> ChannelStripController {
    let root = try DemoModel(content: DemoContent.load(path: path)).makeRoot(barStyle: nil)
    let stack = try #require(root.viewControllers.first as? NavigationController)
    return try #require(stack.rootViewController as? ChannelStripController)
  }

  /// The rows of each channel, by channel title.
  func rows(_ strip: ChannelStripController) -> [String: [ListRow]] {
    // A channel builds its rows when first shown: all of them here.
    strip.buildChannelRows()
    return Dictionary(
      uniqueKeysWithValues: strip.channels.map {
        ($0.title, ($0 as? ListViewController)?.listView.rows ?? [])
      })
  }

  @Test("the English News: Top lists every story, each other channel its categories")
  func english() throws {
    let strip = try strip()
    #expect(
      strip.channels.map(\.title) == ["Top", "News", "Entertainment", "Sport", "Finance", "Tech"])
    let rows = rows(strip)
    #expect(rows["Top"]?.count ?? 0 >= 20)
    let sport = try #require(rows["Sport"])
    #expect(sport.count >= 4 && sport.allSatisfy { $0.detail.hasPrefix("Sport") })
    let finance = try #require(rows["Finance"])
    #expect(
      finance.allSatisfy { $0.detail.hasPrefix("Finance") || $0.detail.hasPrefix("Business") })
    for (title, list) in rows {
      #expect(!list.isEmpty, "\(title) lists nothing")
      #expect(list.allSatisfy { row in rows["Top"]!.contains { $0.title == row.title } })
    }
    #expect(strip.channels.allSatisfy { ($0 as? ListViewController)?.isSearchable == true })
    #expect(strip.channels.allSatisfy { $0 is FeedViewController }, "each loads as a tab's list")
  }

  @Test("the Chinese News has 头条, 要闻, 娱乐, 体育 and 财经, none of them empty")
  func chinese() throws {
    let path = ContentWalkTests.packageRoot.appendingPathComponent("Examples/netease.json").path
    let strip = try strip(path)
    let titles = strip.channels.map(\.title)
    #expect(Array(titles.prefix(5)) == ["头条", "要闻", "娱乐", "体育", "财经"])
    let rows = rows(strip)
    for (title, list) in rows { #expect(!list.isEmpty, "\(title) lists nothing") }
    #expect(rows["体育"]?.allSatisfy { $0.detail.hasPrefix("体育") } == true)
  }

  @Test("a story posted while another channel shows lands at the top of Top, on screen")
  func postingShowsTop() throws {
    let model = try DemoModel(content: DemoContent.load(path: nil))
    let root = try model.makeRoot(barStyle: nil)
    let stack = try #require(root.viewControllers.first as? NavigationController)
    let strip = try #require(stack.rootViewController as? ChannelStripController)
    strip.selectChannel(at: 3)
    let post = ComposeState.Post(
      tab: 0, title: "Harbour reopens", body: "Today.", category: "", byline: "You",
      time: "now")
    model.compose.publish(post, badge: .text("new"), toast: nil)
    #expect(strip.selectedIndex == 0)
    let top = try #require(strip.channels.first as? ListViewController)
    #expect(top.listView.rows.first?.title == "Harbour reopens")
    #expect(top.listView.selectedIndex == 0)
  }

  /// The error of a News page given `channels`, or nil when it loads.
  static func error(channels: String) -> String? {
    let file =
      #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"rows": [], "channels": "#
      + channels + "}}}"
    do {
      _ = try ContentFile(bytes: Array(file.utf8), file: "f.json")
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test("a bad channels array is refused with its JSON path")
  func errors() {
    #expect(Self.error(channels: #"[{"title": "Top"}]"#) == nil)
    #expect(
      Self.error(channels: "[]")
        == #"f.json: pages.a.channels: no channels; give at least one, or leave "channels" out"#)
    #expect(
      Self.error(channels: #"[{"title": ""}]"#)
        == "f.json: pages.a.channels[0].title: an empty title; name the channel")
    #expect(
      Self.error(channels: #"[{"title": "T", "categories": [1]}]"#)?.contains(
        "pages.a.channels[0].categories[0]") == true)
    #expect(Self.error(channels: #"[{"name": "T"}]"#)?.contains("pages.a.channels[0]") == true)
    let onText =
      #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"body": ["x"], "channels": []}}}"#
    #expect(throws: ContentError.self) { try ContentFile(bytes: Array(onText.utf8), file: "f") }
  }
}

extension ChannelStripController {
  /// Builds the rows of every channel now: each one otherwise builds them
  /// when first shown (a test that reads every channel's rows calls this).
  func buildChannelRows() {
    for channel in channels {
      (channel as? TopicListPage)?.buildRows()
      (channel as? FeedViewController)?.buildRows()
    }
  }
}
