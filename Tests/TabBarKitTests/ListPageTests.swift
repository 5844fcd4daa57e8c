import TabBarKit
import TabBarKitTesting
import Testing

/// What a page of an app's own over a list needs: to hear the selection
/// change, to come back on the same row with its filter, and to style a
/// word of a row.
@MainActor
@Suite("list pages of an app")
struct ListPageTests {
  /// A log page that shows the selected line in its title, as a viewer
  /// shows the line under the cursor in a status line.
  final class LogPage: ListViewController {
    var heard: [String?] = []
    var filters: [String] = []

    override func selectionDidChange() {
      heard.append(listView.selectedRow?.title)
    }

    override func filterDidChange() {
      filters.append(listView.filter)
    }
  }

  static let lines = [
    "INFO  service started", "WARN  cache at 91%", "ERROR disk full on /var",
    "INFO  request served", "ERROR disk slow on /home",
  ]

  static func page(_ lines: [String] = lines) -> LogPage {
    let page = LogPage(
      title: "Log", rows: lines.map { ListRow($0, id: $0, perform: {}) })
    page.isSearchable = true
    return page
  }

  @Test("a list page hears each new selection: moves, clicks and each key typed in its filter")
  func selectionCallback() throws {
    let page = Self.page()
    let app = AppDriver(root: NavigationController(rootViewController: page))
    try app.press("down,down")
    #expect(page.heard == ["WARN  cache at 91%", "ERROR disk full on /var"])
    page.heard.removeAll()
    try app.press("/")
    app.type("disk s")
    // A filter selects its first match: "d" the first line ("started"),
    // "di" the full disk, "disk s" the slow one; the keys between keep the
    // row they found.
    #expect(
      page.heard == [
        "INFO  service started", "ERROR disk full on /var", "ERROR disk slow on /home",
      ])
    #expect(page.filters == ["d", "di", "dis", "disk", "disk ", "disk s"])
    try app.press("esc")
    #expect(page.filters.last == "", "clearing is heard too")
    #expect(page.heard.count == 3, "clearing keeps the same row: nothing new heard")
    app.click(x: 3, y: 2)
    #expect(page.heard.last == "INFO  service started")
    let count = page.heard.count
    page.listView.insert(ListRow("DEBUG boot"), at: 0)
    #expect(page.heard.count == count, "a row inserted above: still the same row")
  }

  @Test("a list page restores its selection by row id, wherever the row went, and its filter")
  func restoreByIDAndFilter() throws {
    let page = Self.page()
    let app = AppDriver(root: NavigationController(rootViewController: page))
    try app.press("/")
    app.type("error")
    try app.press("enter,down")
    #expect(page.listView.selectedRow?.title == "ERROR disk slow on /home")
    let saved = RestorationCoder(encoding: page)

    // The next run: new lines came in above the one that was selected.
    let again = Self.page(["ERROR kernel oops", "INFO  boot"] + Self.lines)
    let next = AppDriver(root: NavigationController(rootViewController: again))
    #expect(saved.restore(again) == [])
    next.tick()
    #expect(again.listView.filter == "error")
    #expect(again.listView.selectedRow?.title == "ERROR disk slow on /home")
    #expect(next.screen.lines[2].contains("/ error"), "the kept filter shows over the rows")
    #expect(next.screen.text.contains("ERROR kernel oops"))
    #expect(!next.screen.text.contains("INFO  boot"))
  }

  @Test("a row's title can be styled in spans: a severity tag, a highlighted word")
  func spans() throws {
    let rows = [
      ListRow(spans: [.init("ERROR", style: .error), .init(" disk full on /var")]),
      ListRow(spans: [
        .init("WARN", style: .warning), .init(" cache at "), .init("91%", style: .bold),
      ]),
      ListRow(spans: [.init("INFO request "), .init("served", style: .highlight)]),
    ]
    let page = ListViewController(title: "Log", rows: rows)
    let app = AppDriver(root: NavigationController(rootViewController: page))
    #expect(app.screen.lines[2].hasPrefix(" ERROR disk full on /var"))
    // The first row is selected: its tag keeps the selection's colours and
    // is bold (as is the selected row); the others show their spans' styles.
    #expect(app.screen.styleLines[3].hasPrefix(".BBBB..........BBB."))
    #expect(app.screen.styleLines[4].hasPrefix("..............SSSSSS."))
    try app.press("down")
    #expect(app.screen.styleLines[2].hasPrefix(".BBBBB......"))
    #expect(rows[1].title == "WARN cache at 91%")
    #expect(rows[1].spans.map(\.text) == ["WARN", " cache at ", "91%"])
  }
}
