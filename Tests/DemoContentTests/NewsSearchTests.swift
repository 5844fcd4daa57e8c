import TabBarKit
import Testing

@testable import tabbar_demo

/// The News tab's filter finds stories by more than their headline: the
/// category in the row's detail, and the story's byline and body.
@MainActor
@Suite("demo content: searching the news")
struct NewsSearchTests {
  /// The built-in News list (its Top channel), as the demo builds it.
  func news() throws -> ListViewController {
    let root = try DemoModel(content: DemoContent.load(path: nil)).makeRoot(barStyle: nil)
    let stack = try #require(root.viewControllers.first as? NavigationController)
    // News is in channels: the first, Top, lists every story.
    let strip = try #require(stack.rootViewController as? ChannelStripController)
    return try #require(strip.channels.first as? ListViewController)
  }

  /// The titles of the rows the filter `text` leaves, each tried alone.
  func titles(_ list: ListViewController, filter text: String) -> [String] {
    list.listView.rows.filter { row in
      var alone = ListView(rows: [row])
      alone.filter = text
      return alone.shownRowCount == 1
    }.map(\.title)
  }

  @Test("/sport finds every Sport story, though no headline says sport")
  func sportByCategory() throws {
    let list = try news()
    let sport = list.listView.rows.filter { $0.detail.hasPrefix("Sport") }.map(\.title)
    #expect(sport.count >= 4)
    #expect(!sport.contains { $0.lowercased().contains("sport") })
    let found = titles(list, filter: "SPORT")
    #expect(sport.allSatisfy(found.contains), "\(found)")
  }

  @Test("a reporter's name finds the stories they wrote")
  func bylineAndBody() throws {
    let list = try news()
    #expect(titles(list, filter: "priya nair").contains("New rail line opens to the coast"))
    #expect(titles(list, filter: "Marco Bellini") == ["New rail line opens to the coast"])
  }
}
