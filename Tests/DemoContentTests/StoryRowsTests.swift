import TabBarKit
import Testing

@testable import tabbar_demo

/// The lists of stories build their rows from the content as they need
/// them (``StoryRows``): what they show, find and keep is what a list of
/// every row built up front showed, found and kept.
@MainActor
@Suite("demo content: story lists built on demand")
struct StoryRowsTests {
  /// The built-in content's model, its root made, and News's strip.
  func news() throws -> (model: DemoModel, strip: ChannelStripController) {
    let model = try DemoModel(content: DemoContent.load(path: nil))
    let root = try model.makeRoot(barStyle: nil)
    let stack = try #require(root.viewControllers.first as? NavigationController)
    return (model, try #require(stack.rootViewController as? ChannelStripController))
  }

  /// The channel `index` of `strip`, its rows picked.
  func channel(_ strip: ChannelStripController, _ index: Int) throws -> ListViewController {
    strip.buildChannelRows()
    return try #require(strip.channels[index] as? ListViewController)
  }

  @Test("News lists the file's rows through a data source, one row per row of the file")
  func topIsADataSource() throws {
    let (model, strip) = try news()
    let top = try channel(strip, 0)
    let source = try #require(top.listView.dataSource as? StoryRows)
    guard case .list(let rows, _)? = model.content.pages[JSONKey("news")]?.kind else {
      Issue.record("news is no list")
      return
    }
    #expect(source.rowCount == rows.count)
    #expect((0..<source.rowCount).map { source.row(at: $0).title } == rows.map(\.title))
  }

  @Test("rows that open one story share one search key, folded once")
  func oneKeyPerStory() throws {
    let stories = RowStories(
      rows: [
        ContentFile.Row(title: "A", detail: "", page: "story-rail"),
        ContentFile.Row(title: "B", detail: "", page: "story-markets"),
        ContentFile.Row(title: "C", detail: "", page: "story-rail"),
      ], content: try DemoContent.load(path: nil))
    let source = StoryRows(stories: stories, model: try news().model, route: nil)
    let keys = (0..<3).map { source.searchableRow(at: $0).searchKey }
    #expect(keys[0] != nil && keys[0] == keys[2])
    #expect(keys[0] != keys[1])
  }

  @Test("a filter shows the rows whose title, detail, category, byline or body holds it")
  func filterAgainstAFullScan() throws {
    let (model, strip) = try news()
    let top = try channel(strip, 0)
    let source = try #require(top.listView.dataSource as? StoryRows)
    /// The texts a row is found by, folded as the list folds them: a plain
    /// scan of each stands for the list's index, keys and narrowing.
    func texts(_ index: Int) -> [String] {
      let row = source.stories.rows[index]
      var texts = [row.title, row.detail]
      if let id = row.page, case .text(let article)? = model.content.pages[JSONKey(id)]?.kind {
        texts += [article.category, article.byline] + article.body.map(\.text)
      }
      return texts.map(SearchKey.folded)
    }
    var generator = SystemRandomNumberGenerator()
    let words = (0..<source.rowCount).flatMap(texts).flatMap { $0.split(separator: " ") }
    var queries = ["sport", "priya nair", "the", "zzz", "a"]
    for _ in 0..<20 {
      let word = words.randomElement(using: &generator)!
      let cut = Int.random(in: 1...max(1, word.count), using: &generator)
      queries.append(String(word.prefix(cut)))
    }
    for query in queries {
      top.listView.filter = query
      let expected = (0..<source.rowCount).filter { index in
        texts(index).contains { $0.contains(SearchKey.folded(query)) }
      }
      #expect(top.listView.matches ?? Array(0..<source.rowCount) == expected, "\(query)")
      top.listView.filter = ""
      #expect(top.listView.matches == nil)
    }
  }

  @Test("a channel lists its categories' rows, and a blocked topic leaves every channel")
  func channelsAndBlockedTopics() throws {
    let (model, strip) = try news()
    let sport = try #require(strip.channels.firstIndex { $0.title == "Sport" })
    let list = try channel(strip, sport)
    let titles = (0..<list.listView.rowCount).map { list.listView.row(at: $0).detail }
    #expect(!titles.isEmpty && titles.allSatisfy { $0.hasPrefix("Sport") })
    model.settings.setToggle("Sport", true)
    for index in strip.channels.indices {
      let list = try channel(strip, index)
      (list as? FeedViewController)?.buildRows()
      let details = (0..<list.listView.rowCount).map { list.listView.row(at: $0).detail }
      #expect(!details.contains { $0.hasPrefix("Sport") }, "\(list.title)")
    }
  }

  @Test("a story posted to News goes above the file's rows, which stay on demand")
  func postKeepsTheSource() throws {
    let (model, strip) = try news()
    let top = try channel(strip, 0)
    let count = top.listView.rowCount
    let post = ComposeState.Post(
      tab: 0, title: "Harbour reopens", body: "Today.", category: "", byline: "You",
      time: "now")
    model.compose.publish(post, badge: .text("new"), toast: nil)
    #expect(top.listView.dataSource is StoryRows)
    #expect(top.listView.rowCount == count + 1)
    #expect(top.listView.row(at: 0).title == "Harbour reopens")
    top.listView.filter = "harbour reopens"
    #expect(top.listView.matches == [0])
  }
}
