import Testing

@testable import TabBarKit

/// The `More` list on screen while the tabs behind `More` change.
@MainActor
@Suite("the More list follows the tabs behind More")
struct MoreListTests {
  /// The titles the `More` list shows now, top to bottom.
  static func listedTitles(_ tabs: TabBarController) -> [String] {
    let list = tabs.moreNavigationController.rootViewController as! ListViewController
    return list.listView.rows.map(\.title)
  }

  /// The titles of the tabs behind `More` at `width`, as the list shows them.
  static func titlesBehindMore(_ tabs: TabBarController, width: Int) -> [String] {
    let shown = tabs.tabBar.visibleItemCount(width: width)
    return tabs.items.dropFirst(shown).map { $0.glyph + "  " + $0.title }
  }

  static func resize(_ app: Application, _ terminal: MemoryTerminal, width: Int, height: Int) {
    terminal.resize(to: Size(width: width, height: height))
    app.send(.resize(terminal.size))
  }

  @Test("a tab selected before the first frame and behind More at the real width appears once")
  func selectedBeforeTheFirstFrame() throws {
    // Five tabs: all have a cell at 80 columns, two and More at 24.
    let log = LifecycleLog()
    let stacks = Fixtures.items.map { item in
      NavigationController(rootViewController: RecordingPage(item.title, log: log))
    }
    let tabs = try TabBarController(viewControllers: stacks, items: Fixtures.items)
    tabs.selectedIndex = 3
    let (_, terminal) = Fixtures.app(tabs, size: Size(width: 24, height: 20))
    #expect(tabs.tabBar.visibleItemCount(width: 24) < 4)
    #expect(tabs.moreNavigationController.isVisible, "Topics is on the More stack")
    #expect(log.entries == ["Topics.willAppear", "Topics.didAppear"], "\(log.entries)")
    #expect(terminal.screen.text.contains("‹ More"), "\(terminal.screen.text)")
  }

  @Test(
    "shrinking and growing the terminal while the More list shows keeps it the tabs behind More")
  func resizeWhileShown() {
    let tabs = Fixtures.tabs(items: OverflowTests.sevenItems)
    let (app, terminal) = Fixtures.app(tabs)
    app.press("left")  // More
    #expect(Self.listedTitles(tabs) == ["♡  Me", "◎  Live", "♪  Audio"])
    for width in [24, 80, 30, 24, 200, 80] {
      Self.resize(app, terminal, width: width, height: 24)
      #expect(tabs.moreNavigationController.isVisible, "More is still on screen at \(width)")
      #expect(
        Self.listedTitles(tabs) == Self.titlesBehindMore(tabs, width: width), "at width \(width)")
      let drawn = Self.titlesBehindMore(tabs, width: width).map { title in
        terminal.screen.text.contains(title.dropFirst(3))
      }
      #expect(!drawn.contains(false), "every tab behind More is drawn at \(width)")
    }
    Self.resize(app, terminal, width: 24, height: 24)
    #expect(terminal.screen.line(2).contains("Topics"), "\(terminal.screen.text)")
    Self.resize(app, terminal, width: 80, height: 24)
    #expect(!terminal.screen.line(2).contains("Topics"), "Topics has its cell again")
    #expect(terminal.screen.line(2).contains("Me"), "\(terminal.screen.text)")
  }

  @Test("the selection in the More list stays on its tab when a resize adds rows above it")
  func selectionFollowsItsTab() {
    let tabs = Fixtures.tabs(items: OverflowTests.sevenItems)
    let (app, terminal) = Fixtures.app(tabs)
    app.press("left,down")  // More, then Live
    Self.resize(app, terminal, width: 24, height: 24)
    app.press("enter")
    #expect(tabs.selectedIndex == 5, "Enter opened Live, not the row that moved under it")
  }

  @Test("new tabs given while the More list shows are listed at once")
  func newTabsWhileShown() {
    let tabs = Fixtures.tabs(items: OverflowTests.sevenItems)
    let (app, terminal) = Fixtures.app(tabs)
    app.press("left")  // More
    let more =
      tabs.viewControllers + [
        ListViewController(title: "Podcasts", rows: []),
        ListViewController(title: "Weather", rows: []),
      ]
    tabs.viewControllers = more
    app.tick()
    #expect(Self.listedTitles(tabs) == Self.titlesBehindMore(tabs, width: 80))
    #expect(terminal.screen.text.contains("Weather"), "\(terminal.screen.text)")
  }
}
