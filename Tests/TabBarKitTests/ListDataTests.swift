import SnapshotTesting
import TabBarKitTesting
import Testing

@testable import TabBarKit

/// Lists of real data: rows with an identity, section headers, per-row
/// style, search text and the empty state.
@MainActor
@Suite("lists of real data")
struct ListDataTests {
  /// Rows `Message n` with the id `n`.
  static func messages(_ ids: [Int]) -> [ListRow] {
    ids.map { ListRow("Message \($0)", id: $0) }
  }

  /// The id of the selected row.
  static func selectedID(_ list: ListView) -> Int? {
    list.selectedRow?.id.flatMap { $0.base as? Int }
  }

  /// The rows of `list` as drawn in a rectangle of `height` rows, without
  /// the scroll bar's column.
  static func lines(_ list: ListView, height: Int) -> [String] {
    var buffer = ScreenBuffer(size: Size(width: 20, height: height))
    list.render(in: buffer.bounds, theme: .monochrome, into: &buffer)
    return (0..<height).map { String(buffer.line($0).dropLast()) }
  }

  @Test("the rows on screen are known by their index, under a filter and a covering bar too")
  func visibleRows() {
    var list = ListView(rows: Self.messages(Array(1...20)))
    #expect(list.visibleRowIndices == [], "before the first layout")
    list.layout(height: 5)
    #expect(list.visibleRowIndices == [0, 1, 2, 3, 4])
    for _ in 0..<7 { _ = list.handle(.moveDown) }
    #expect(list.visibleRowIndices == [3, 4, 5, 6, 7])
    #expect(
      Self.lines(list, height: 5).map { $0.trimmingCharacters(in: .whitespaces) }
        == list.visibleRowIndices.map { list.rows[$0].title }, "the rows drawn")
    list.filter = "1"
    list.select(0)
    #expect(list.visibleRowIndices == [0, 9, 10, 11, 12], "Message 1, 10, 11, 12, 13")
    list.filter = ""
    list.layout(height: 5, bottomInset: 2)
    #expect(list.visibleRowIndices.count == 3, "rows under a translucent bar are not on screen")
    list.rows = []
    #expect(list.visibleRowIndices == [])
  }

  @Test("new rows keep the selection and the screen on the same item when rows come in above")
  func insertAboveKeepsTheSelection() {
    var list = ListView(rows: Self.messages(Array(1...20)))
    list.layout(height: 5)
    for _ in 0..<7 { _ = list.handle(.moveDown) }
    #expect(Self.selectedID(list) == 8)
    #expect(list.scrollOffset == 3)
    let before = Self.lines(list, height: 5)

    list.rows = Self.messages([103, 102, 101] + Array(1...20))
    #expect(Self.selectedID(list) == 8, "the same message, three rows further down")
    #expect(list.selectedIndex == 10)
    #expect(list.scrollOffset == 6, "the top of the screen followed its message too")
    #expect(Self.lines(list, height: 5) == before, "so the screen did not move")
  }

  @Test("removing rows keeps the selection on its item, or moves it to the nearest one left")
  func removalKeepsOrMovesToTheNearest() {
    var list = ListView(rows: Self.messages(Array(1...10)))
    list.layout(height: 5)
    list.select(5)
    #expect(Self.selectedID(list) == 6)

    list.rows = Self.messages([1, 3, 5, 6, 7, 8, 9, 10])
    #expect(Self.selectedID(list) == 6 && list.selectedIndex == 3, "rows above it went")

    list.rows = Self.messages([1, 3, 5, 8, 9, 10])
    #expect(Self.selectedID(list) == 8, "it went with the one after it: the next one left")

    list.select(5)
    #expect(Self.selectedID(list) == 10)
    list.rows = Self.messages([1, 3, 5, 8])
    #expect(Self.selectedID(list) == 8, "at the end, the one before")

    list.rows = []
    #expect(list.selectedRow == nil)
    list.rows = Self.messages([4])
    #expect(Self.selectedID(list) == 4)
  }

  @Test("a row without an id keeps the selection at its place, as a setting whose title changes")
  func rowsWithoutAnIDKeepTheirPlace() {
    var list = ListView(rows: [ListRow("Notifications"), ListRow("Sign out")])
    list.layout(height: 5)
    _ = list.handle(.moveDown)
    list.rows = [ListRow("Notifications"), ListRow("Sign in")]
    #expect(list.selectedRow?.title == "Sign in")
  }

  @Test("a list page keeps its selection through apply and draws the new rows")
  func applyOnThePage() throws {
    let page = ListViewController(title: "Inbox", rows: Self.messages(Array(1...5)))
    let app = AppDriver(
      root: NavigationController(rootViewController: page), size: Size(width: 40, height: 12))
    try app.press("down,down")
    page.apply(Self.messages([9] + Array(1...5)))
    app.tick()
    #expect(page.listView.selectedRow?.title == "Message 3")
    #expect(app.screen.lines[2].hasPrefix(" Message 9 "))
    #expect(app.screen.styleLines[5].hasPrefix("SSSSSSSSS"), "the fourth row is selected")
  }

  // MARK: Section headers

  static let sections: [ListRow] = [
    .header("Today"), ListRow("Lunch on Friday?"), ListRow("Build failed"),
    .header("Yesterday"), ListRow("Your invoice"),
    .header("Older"), ListRow("Welcome aboard"), ListRow("Meeting notes"),
  ]

  @Test("up, down, home and end step over section headers")
  func headersAreSkipped() {
    var list = ListView(rows: Self.sections)
    list.layout(height: 20)
    #expect(list.selectedRow?.title == "Lunch on Friday?", "the first row, not its header")
    _ = list.handle(.moveDown)
    _ = list.handle(.moveDown)
    #expect(list.selectedRow?.title == "Your invoice")
    _ = list.handle(.moveUp)
    #expect(list.selectedRow?.title == "Build failed")
    _ = list.handle(.moveToBottom)
    #expect(list.selectedRow?.title == "Meeting notes")
    _ = list.handle(.moveToTop)
    #expect(list.selectedRow?.title == "Lunch on Friday?")
    let moved = list.handle(.moveUp)
    #expect(!moved, "nothing to select above the first row")
    list.select(3)
    #expect(list.selectedRow?.title == "Your invoice", "selecting a header selects its first row")
  }

  @Test("moving up to a section's first row brings its header into view")
  func headerScrollsIntoView() {
    var list = ListView(rows: Self.sections)
    list.layout(height: 3)
    _ = list.handle(.moveToBottom)
    #expect(list.scrollOffset == 5)
    _ = list.handle(.moveUp)
    #expect(list.selectedRow?.title == "Welcome aboard")
    #expect(list.scrollOffset == 5, "the header Older shows above it")
    _ = list.handle(.moveUp)
    #expect(list.selectedRow?.title == "Your invoice")
    #expect(list.scrollOffset == 3, "and Yesterday above this one")
    _ = list.handle(.moveToTop)
    #expect(list.scrollOffset == 0)
  }

  @Test("the filter's results never select a header, and show a header only over its matches")
  func filterSkipsHeaders() throws {
    let page = ListViewController(title: "Mail", rows: Self.sections)
    page.isSearchable = true
    let app = AppDriver(
      root: NavigationController(rootViewController: page), size: Size(width: 40, height: 12))
    try app.press("/")
    app.type("o")
    // "Lunch on Friday?", "Your invoice", "Welcome aboard", "Meeting notes".
    #expect(page.listView.selectedRow?.title == "Lunch on Friday?")
    #expect(app.screen.lines[2].hasSuffix("4 of 5 "), "the count counts rows, not headers")
    #expect(app.screen.lines[3].hasPrefix(" Today "))
    #expect(!app.screen.text.contains("Build failed"))
    try app.press("enter,down")
    #expect(page.listView.selectedRow?.title == "Your invoice")
    try app.press("end")
    #expect(page.listView.selectedRow?.title == "Meeting notes")

    try app.press("/")
    app.type("i")  // "oi": "Your invoice" only.
    #expect(page.listView.selectedRow?.title == "Your invoice")
    #expect(!app.screen.text.contains("Today"), "a header with no match under it goes")
    #expect(app.screen.lines[3].hasPrefix(" Yesterday "))
  }

  @Test("a click on a header opens nothing")
  func clickOnAHeader() throws {
    var opened: [String] = []
    let page = ListViewController(
      title: "Mail",
      rows: [.header("Today"), ListRow("Lunch") { opened.append("Lunch") }])
    let app = AppDriver(
      root: NavigationController(rootViewController: page), size: Size(width: 40, height: 12))
    app.click(x: 3, y: 2)
    #expect(opened.isEmpty)
    app.click(x: 3, y: 3)
    #expect(opened == ["Lunch"])
  }

  // MARK: Search text

  static let stories: [ListRow] = [
    ListRow("Late goal wins the cup", searchText: "Sport · Ann Lee · 点球大战"),
    ListRow("Rates stay on hold", searchText: "Business · Tom Park"),
    ListRow("New bridge opens", searchText: "Local · ann marsh"),
  ]

  @Test("the filter finds rows by their search text, ignoring case, CJK too")
  func searchText() {
    var list = ListView(rows: Self.stories)
    list.filter = "SPORT"
    #expect(list.shownRowCount == 1 && list.selectedRow?.title == "Late goal wins the cup")
    list.filter = "ann"
    #expect(list.shownRowCount == 2, "an author in any case")
    list.filter = "点球"
    #expect(list.selectedRow?.title == "Late goal wins the cup")
    list.filter = "hold"
    #expect(list.selectedRow?.title == "Rates stay on hold", "the title still counts")
    list.filter = "Weather"
    #expect(list.shownRowCount == 0 && list.selectedRow == nil)
  }

  // MARK: Drawing

  @Test("empty: the list's own message, and No results for the filter's text")
  func emptyStates() throws {
    let page = ListViewController(title: "Inbox", rows: [])
    page.isSearchable = true
    page.emptyMessage = "No messages"
    let app = AppDriver(
      root: NavigationController(rootViewController: page), size: Size(width: 40, height: 12))
    #expect(app.screen.lines[6].contains("No messages"))
    assertSnapshot(of: app.screen, as: .frame, named: "empty")

    page.apply(Self.stories)
    try app.press("/")
    app.type("xyz")
    #expect(app.screen.text.contains("No results for 'xyz'"))
    #expect(!app.screen.text.contains("No messages"))
    assertSnapshot(of: app.screen, as: .frame, named: "no-results")

    page.emptyMessage = nil
    try app.press("esc")
    page.apply([])
    app.tick()
    #expect(!app.screen.text.contains("No"), "no message unless the app gives one")
  }

  @Test("rows drawn bold, dim, in the accent colour, with badges, under section headers")
  func rowStyles() throws {
    let page = ListViewController(
      title: "Inbox",
      rows: [
        .header("Today"),
        ListRow("Lunch on Friday?", detail: "Ann", emphasis: .bold, badge: .count(2)),
        ListRow("Build failed", emphasis: .accent, badge: .dot),
        .header("Older"),
        ListRow("Your invoice", detail: "Shop", emphasis: .dim),
        ListRow("Welcome aboard", badge: .text("new")) { ViewController(title: "Welcome") },
      ])
    let app = AppDriver(
      root: NavigationController(rootViewController: page), size: Size(width: 40, height: 12))
    let styles = app.screen.styleLines
    #expect(styles[2].hasPrefix(".BBBBB."), "the header in the heading style")
    #expect(app.screen.lines[3].hasSuffix(" Ann  2   "), "the badge at the right, after the detail")
    #expect(styles[3].hasSuffix("SSSSSSSS"), "on the selected row the badge keeps its box")
    #expect(styles[4].hasPrefix(".CCCCCCCCCCCC."), "accent: a coloured foreground")
    #expect(styles[3].hasPrefix("SSSS"), "bold shows on the selected row")
    #expect(app.screen.lines[4].hasSuffix(" ●  "))
    #expect(styles[6].hasPrefix(".DDDDDDDDDDDD."), "dim")
    #expect(app.screen.lines[7].hasSuffix(" new  ›  "), "a badge before the chevron")
    assertSnapshot(of: app.screen, as: .frame, named: "styles")
  }
}
