import TabBarKit
import TabBarKitTesting
import Testing

/// The code of the DocC article "Channel strips" (ChannelStrips.md), as the
/// article shows it, so that its samples compile and do what it says. Only
/// the namespace and the stories are added.
@MainActor
enum ChannelStripsArticle {
  // MARK: The article's code

  static func newsChannels(_ stories: [(title: String, channel: String)])
    -> ChannelStripController
  {
    let channels = ["Top", "Sport", "Finance"].map { channel in
      let rows = stories.filter { channel == "Top" || $0.channel == channel }.map {
        ListRow($0.title, detail: $0.channel)
      }
      let list = ListViewController(title: channel, rows: rows)
      list.isSearchable = true
      return list
    }
    return ChannelStripController(title: "News", channels: channels)
  }

  static func makeTabs() -> TabBarController {
    let tabs = TabBarController(viewControllers: [
      NavigationController(rootViewController: newsChannels(stories)),
      NavigationController(rootViewController: ListViewController(title: "Me")),
    ])
    return tabs
  }

  // MARK: What the tests add

  static let stories = (1...30).map { index in
    (title: "Story \(index)", channel: ["Sport", "Finance", "Weather"][index % 3])
  }
}

@MainActor
@Suite("the Channel strips article")
struct ChannelStripsArticleTests {
  func strip(_ tabs: TabBarController) throws -> ChannelStripController {
    let nav = try #require(tabs.viewControllers.first as? NavigationController)
    return try #require(nav.rootViewController as? ChannelStripController)
  }

  @Test("the article's strip: Top lists every story, Sport and Finance their own")
  func channels() throws {
    let strip = try strip(ChannelStripsArticle.makeTabs())
    let counts = strip.channels.map { ($0 as? ListViewController)?.listView.rows.count }
    #expect(counts == [30, 10, 10])
    #expect(strip.channels.map(\.title) == ["Top", "Sport", "Finance"])
  }

  @Test("] and [ switch channels while ← → still switch tabs, and the hint names both")
  func keys() throws {
    let tabs = ChannelStripsArticle.makeTabs()
    let app = AppDriver(root: tabs)
    try app.press("]")
    #expect(try strip(tabs).selectedIndex == 1)
    #expect(app.screen.lines[3].hasPrefix(" Story 3 ") && app.screen.lines[3].contains("Sport"))
    try app.press("right")
    #expect(tabs.selectedIndex == 1)
    try app.press("left")
    #expect(app.screen.text.contains("←→ tabs · [] channels"))
    try app.press("?")
    #expect(app.screen.text.contains("Previous channel"))
  }

  @Test("each channel keeps its place, and / filters the selected one")
  func placeAndFilter() throws {
    let tabs = ChannelStripsArticle.makeTabs()
    let app = AppDriver(root: tabs, size: Size(width: 40, height: 12))
    try app.press("pgdn,],[")
    let top = try strip(tabs).channels[0] as! ListViewController
    #expect(top.listView.selectedIndex > 0)
    try app.press("],/")
    app.type("Story 1")
    try app.press("enter")
    let sport = try strip(tabs).channels[1] as! ListViewController
    #expect(sport.listView.itemCounts.shown == 3)  // Sport's Story 12, 15 and 18
    #expect(top.listView.filter.isEmpty)
  }

  @Test("the article's save and restore: the same channel, each channel's place")
  func saveAndRestore() throws {
    let tabs = ChannelStripsArticle.makeTabs()
    let app = AppDriver(root: tabs)
    try app.press("],],down,down")
    let saved = RestorationCoder(encoding: tabs)
    let again = ChannelStripsArticle.makeTabs()
    let problems = saved.restore(again)
    #expect(problems.isEmpty)
    #expect(try strip(again).selectedIndex == 2)
    #expect((try strip(again).channels[2] as? ListViewController)?.listView.selectedIndex == 2)
  }
}
