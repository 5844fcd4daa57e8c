import TabBarKit
import TabBarKitTesting
import Testing

/// Where a deep link starts and what its positions count, as a user of a
/// URL expects: a link starts at its tab's root, positions count the rows a
/// user can select (never a section header), and a message names a page as
/// the app declared it.
@MainActor
@Suite("deep-link and restore positions")
struct DeepLinkPositionsTests {
  /// Mail: a list with two sections (Today: three messages, Earlier: two),
  /// each message opening a page of two replies; Archive beside it.
  static func tabs() -> (TabBarController, ListViewController) {
    func message(_ subject: String) -> ListRow {
      ListRow(subject, id: subject) {
        ListViewController(
          title: subject, rows: [ListRow("Reply 1") { ListViewController(title: "Reply 1") }])
      }
    }
    let mail = ListViewController(
      title: "Mail",
      rows: [
        .header("Today"), message("Lunch"), message("Build passed"), message("Slides"),
        .header("Earlier"), message("Photos"), message("Book club"),
      ])
    let tabs = TabBarController(viewControllers: [
      NavigationController(rootViewController: mail),
      NavigationController(rootViewController: ListViewController(title: "Archive")),
    ])
    return (tabs, mail)
  }

  static func stack(_ tabs: TabBarController) -> [String] {
    (tabs.viewControllers[0] as! NavigationController).viewControllers.map(\.title)
  }

  @Test("a deep link starts at its tab's root, whatever a link before it pushed there")
  func linkStartsAtTheTabsRoot() throws {
    let (tabs, _) = Self.tabs()
    try tabs.open(path: [1, 2, 1])
    #expect(Self.stack(tabs) == ["Mail", "Build passed", "Reply 1"])
    try tabs.open(path: [1, 1])
    #expect(Self.stack(tabs) == ["Mail", "Lunch"])
    // The same from a page the user pushed.
    let app = AppDriver(root: tabs)
    try app.press("esc,down,down,enter")
    try tabs.open(path: [1, 4])
    #expect(Self.stack(tabs) == ["Mail", "Photos"])
    app.tick()
    #expect(app.screen.lines[0].contains("Photos"))
  }

  @Test("a deep link into a tab shown on the More stack starts at that tab's root")
  func linkStartsAtTheRootOfATabBehindMore() throws {
    let pages = (1...6).map { index in
      NavigationController(
        rootViewController: ListViewController(
          title: "Tab \(index)",
          rows: (1...3).map { row in
            ListRow("Row \(row)") { ListViewController(title: "Page \(index).\(row)") }
          }))
    }
    let tabs = TabBarController(viewControllers: pages)
    let app = AppDriver(root: tabs)
    try tabs.open(path: [6, 2])
    app.tick()
    try tabs.open(path: [6, 3])
    app.tick()
    #expect(
      tabs.moreNavigationController.viewControllers.map(\.title) == [
        "More", "Tab 6", "Page 6.3",
      ])
  }

  @Test("deep-link positions count the rows a user can select, not section headers")
  func linkPositionsSkipHeaders() throws {
    let (tabs, _) = Self.tabs()
    try tabs.open(path: [1, 1])
    #expect(Self.stack(tabs) == ["Mail", "Lunch"])
    try tabs.open(path: [1, 4])
    #expect(Self.stack(tabs) == ["Mail", "Photos"], "the first message under Earlier")
    #expect(throws: DeepLinkError(step: 2, reason: "“Mail” has no row 6 (it has 5)")) {
      try tabs.open(path: [1, 6])
    }
  }

  @Test("a restored row counts the rows a user can select, and is saved that way")
  func restoredRowsSkipHeaders() throws {
    let (tabs, mail) = Self.tabs()
    let app = AppDriver(root: tabs)
    try app.press("down,down,down")  // Photos, the fourth message
    #expect(mail.listView.selectedRow?.title == "Photos")
    let state = RestorationCoder(encoding: tabs)
    let saved = DeepLinkAndStateTests.pages(state, tab: 0).first?.decodeCoder(forKey: "state")
    #expect(saved?.decodeInt(forKey: "row") == 4)

    let (restored, restoredMail) = Self.tabs()
    #expect(state.restore(restored) == [])
    #expect(restoredMail.listView.selectedRow?.title == "Photos")
    // A state that names row 2 selects the second message, Build passed.
    let second = DeepLinkAndStateTests.state(
      selectedTab: 1, stacks: [[DeepLinkAndStateTests.list(row: 2)], []])
    let (again, againMail) = Self.tabs()
    second.restore(again)
    #expect(againMail.listView.selectedRow?.title == "Build passed")
  }

  @Test("messages name a page by the title it was created with, not the one it shows now")
  func messagesNameTheDeclaredTitle() throws {
    let (tabs, mail) = Self.tabs()
    mail.title = "Mail (5)"
    #expect(throws: DeepLinkError(step: 2, reason: "“Mail” has no row 9 (it has 5)")) {
      try tabs.open(path: [1, 9])
    }
    let state = DeepLinkAndStateTests.state(
      selectedTab: 1, stacks: [[DeepLinkAndStateTests.list(row: 9)], []])
    #expect(state.restore(tabs).map(\.description) == ["tab 1: row 9 of “Mail” is gone"])
  }
}
