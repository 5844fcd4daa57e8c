import Testing

@testable import TabBarKit

@MainActor
@Suite("Deep links and state restore")
struct DeepLinkAndStateTests {
  @Test("a deep link starts on its tab with its rows pushed")
  func deepLink() throws {
    let tabs = Fixtures.tabs()
    try tabs.open(path: [2, 5, 1])
    let nav = tabs.viewControllers[1] as! NavigationController
    #expect(tabs.selectedIndex == 1)
    #expect(nav.viewControllers.map(\.title) == ["Reading", "Reading 5", "Reading 5.1"])
    let (_, terminal) = Fixtures.app(tabs)
    #expect(terminal.screen.line(0).contains("Reading 5.1"))
  }

  @Test("An impossible deep link names the first bad step")
  func badDeepLink() {
    #expect(throws: DeepLinkError(step: 1, reason: "no tab 9 (there are 5)")) {
      try Fixtures.tabs().open(path: [9])
    }
    #expect(throws: DeepLinkError(step: 3, reason: "“Reading 5” has no row 40 (it has 20)")) {
      try Fixtures.tabs().open(path: [2, 5, 40, 1])
    }
    let tabs = Fixtures.tabs()
    #expect(throws: DeepLinkError.self) { try tabs.open(path: [1, 1, 1, 1, 1]) }
  }

  @Test("A deep link opens an accordion section")
  func deepLinkIntoAccordion() throws {
    let nav = NavigationController(rootViewController: AccordionTests.accordion())
    let tabs = TabBarController(viewControllers: [nav])
    try tabs.open(path: [1, 2])
    #expect((nav.rootViewController as! AccordionController).expandedIndex == 1)
  }

  @Test("State round-trips: selected tab, every stack and list positions")
  func roundTrip() throws {
    let tabs = Fixtures.tabs()
    let (app, _) = Fixtures.app(tabs)
    app.press("pgdn,down,enter,down,down,enter")  // News: row 21 → row 3
    app.press("3,end,enter")  // Video: last row
    app.press("2,down")  // Reading at its root, row 2 selected
    let state = RestorationCoder(encoding: tabs)
    let restored = Fixtures.tabs()
    #expect(state.restore(restored) == [])
    #expect(RestorationCoder(encoding: restored) == state)
    let (_, terminal) = Fixtures.app(restored)
    #expect(terminal.screen.text == app.lastFrame.text)
    #expect(terminal.screen.styleText == app.lastFrame.styleText)
    #expect(
      (restored.viewControllers[0] as! NavigationController).viewControllers.map(\.title)
        == ["News", "News 21", "News 21.3"])
  }

  @Test("State that no longer fits the content stops the stack there, never crashes")
  func staleState() {
    let state = Self.state(
      selectedTab: 8,
      stacks: [[Self.list(row: 100, scroll: 500, opens: [1]), Self.list(row: 1)], []])
    let tabs = Fixtures.tabs()
    state.restore(tabs)
    #expect(tabs.selectedIndex == 0)
    let nav = tabs.viewControllers[0] as! NavigationController
    #expect(nav.isAtRoot)
    #expect((nav.rootViewController as! ListViewController).listView.selectedIndex == 24)
  }

  /// Tabs whose second tab is an accordion of three sections, each of five
  /// rows that open a page.
  static func tabsWithAccordion() -> TabBarController {
    let accordion = AccordionController(
      title: "Topics",
      sections: (1...3).map { i in
        AccordionController.Section(
          title: "Section \(i)",
          content: ListViewController(
            title: "S\(i)",
            rows: (1...5).map { row in
              ListRow("Topic \(i).\(row)") {
                ListViewController(title: "Story \(i).\(row)", rows: [])
              }
            }))
      })
    let news = ListViewController(title: "News", rows: Fixtures.rows("News"))
    return TabBarController(viewControllers: [
      NavigationController(rootViewController: news),
      NavigationController(rootViewController: accordion),
    ])
  }

  @Test("a page opened from an accordion row is restored with its section and row")
  func accordionRowRoundTrip() throws {
    let tabs = Self.tabsWithAccordion()
    let (app, _) = Fixtures.app(tabs)
    app.press("2,down,enter,down,down,down,enter")  // Section 2 open, its row 3 opened
    let nav = tabs.viewControllers[1] as! NavigationController
    #expect(nav.viewControllers.map(\.title) == ["Topics", "Story 2.3"])
    let state = RestorationCoder(encoding: tabs)
    let saved = try #require(Self.pages(state, tab: 1).first?.decodeCoder(forKey: "state"))
    #expect(saved.decodeInt(forKey: "section") == 2)
    let content = saved.decodeCoder(forKey: "content")?.decodeCoder(forKey: "state")
    #expect(content?.decodeInt(forKey: "row") == 3)

    let restored = Self.tabsWithAccordion()
    #expect(state.restore(restored) == [])
    let restoredNav = restored.viewControllers[1] as! NavigationController
    #expect(restoredNav.viewControllers.map(\.title) == ["Topics", "Story 2.3"])
    let (again, terminal) = Fixtures.app(restored)
    #expect(terminal.screen.text == app.lastFrame.text)
    // Esc comes back to the accordion with the keys in the row it was opened from.
    app.press("esc")
    again.press("esc")
    #expect(terminal.screen.text == app.lastFrame.text)
    #expect(terminal.screen.styleText == app.lastFrame.styleText)
    let accordion = restoredNav.rootViewController as! AccordionController
    #expect(accordion.isFocusInContent && accordion.focusedIndex == 1)
  }

  @Test("restoring a state saved with other content lists what it skipped")
  func mismatchesAreReported() {
    let tabs = Self.tabsWithAccordion()
    let state = Self.state(
      selectedTab: 5,
      stacks: [
        [Self.list(row: 31, opens: [1]), Self.list(row: 1)],
        [Self.accordion(section: 6, opens: [6, 1]), Self.list(row: 1)],
        [Self.list(row: 1)],
      ])
    let mismatches = state.restore(tabs)
    #expect(
      mismatches.map(\.description) == [
        "it has 3 tabs, the app 2",
        "tab 1: row 31 of “News” is gone",
        "tab 2: section 6 of “Topics” is gone",
        "its tab 5 is gone",
      ])
    #expect(tabs.selectedIndex == 0)
    // A state that fits reports nothing.
    let fitting = RestorationCoder(encoding: Self.tabsWithAccordion())
    #expect(fitting.restore(Self.tabsWithAccordion()) == [])
  }

  // MARK: Saved states made by hand, in the format the controllers write

  /// A tab bar controller's state: the selected tab (from 1) and each tab's
  /// navigation stack.
  static func state(selectedTab: Int, stacks: [[RestorationCoder]]) -> RestorationCoder {
    var coder = RestorationCoder()
    coder.encode(selectedTab, forKey: "selectedTab")
    coder.encode(
      stacks.map { pages in
        var stack = RestorationCoder()
        stack.encode(pages, forKey: "pages")
        return entry(stack)
      }, forKey: "tabs")
    return coder
  }

  /// A child's entry: its state under `state`.
  static func entry(_ state: RestorationCoder, opens: [Int] = []) -> RestorationCoder {
    var entry = RestorationCoder()
    entry.encode(state, forKey: "state")
    if !opens.isEmpty {
      entry.encode(
        opens.map { position in
          var step = RestorationCoder()
          step.encode(position, forKey: "at")
          return step
        }, forKey: "opens")
    }
    return entry
  }

  /// A list page's entry: its row (from 1) and scroll, and the positions
  /// that open the page above it.
  static func list(row: Int, scroll: Int = 0, opens: [Int] = []) -> RestorationCoder {
    var state = RestorationCoder()
    state.encode(row, forKey: "row")
    state.encode(scroll, forKey: "scroll")
    return entry(state, opens: opens)
  }

  /// An accordion's entry with section `section` (from 1) open.
  static func accordion(section: Int, opens: [Int] = []) -> RestorationCoder {
    var state = RestorationCoder()
    state.encode(1, forKey: "focused")
    state.encode(section, forKey: "section")
    return entry(state, opens: opens)
  }

  /// The saved pages of tab `tab` (from 0).
  static func pages(_ state: RestorationCoder, tab: Int) -> [RestorationCoder] {
    let tabs = state.decodeCoders(forKey: "tabs")
    guard tabs.indices.contains(tab) else { return [] }
    return tabs[tab].decodeCoder(forKey: "state")?.decodeCoders(forKey: "pages") ?? []
  }
}
