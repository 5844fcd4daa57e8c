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
    let state = tabs.navigationState
    let restored = Fixtures.tabs()
    restored.restore(state)
    #expect(restored.navigationState == state)
    let (_, terminal) = Fixtures.app(restored)
    #expect(terminal.screen.text == app.lastFrame.text)
    #expect(terminal.screen.styleText == app.lastFrame.styleText)
    #expect(
      (restored.viewControllers[0] as! NavigationController).viewControllers.map(\.title)
        == ["News", "News 21", "News 21.3"])
  }

  @Test("State that no longer fits the content stops the stack there, never crashes")
  func staleState() {
    let state = NavigationState(
      selectedIndex: 7,
      stacks: [[.init(selectedRow: 99, scrollOffset: 500), .init(selectedRow: 0)], []])
    let tabs = Fixtures.tabs()
    tabs.restore(state)
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
    let state = tabs.navigationState
    #expect(state.stacks[1][0].expandedSection == 1 && state.stacks[1][0].sectionRow == 2)

    let restored = Self.tabsWithAccordion()
    #expect(restored.restore(state) == [])
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
    let state = NavigationState(
      selectedIndex: 4,
      stacks: [
        [.init(selectedRow: 30), .init(selectedRow: 0)],
        [.init(selectedRow: 0, expandedSection: 5), .init(selectedRow: 0)],
        [.init(selectedRow: 0)],
      ])
    let mismatches = tabs.restore(state)
    #expect(
      mismatches.map(\.description) == [
        "it has 3 tabs, the app 2",
        "tab 1: row 31 of “News” is gone",
        "tab 2: section 6 of “Topics” is gone",
        "its tab 5 is gone",
      ])
    #expect(tabs.selectedIndex == 0)
    // A state that fits reports nothing.
    #expect(Self.tabsWithAccordion().restore(Self.tabsWithAccordion().navigationState) == [])
  }
}
