import SnapshotTesting
import Testing

@testable import TabBarKit

/// P4: `/` filters a searchable list as you type; Enter keeps the filter,
/// Esc clears it, and the matches are marked.
@MainActor
@Suite("list search")
struct ListSearchTests {
  static let headlines = [
    "City council votes on bike lanes", "Heat wave breaks records", "Bike share expands north",
    "新能源汽车销量创新高", "汽车展览会开幕", "Local team wins the BIKE race", "Budget talks stall",
  ]

  static func list() -> ListViewController {
    var opened: [String] = []
    let list = ListViewController(
      title: "News",
      rows: headlines.map { title in ListRow(title) { opened.append(title) } })
    list.isSearchable = true
    return list
  }

  static func app(
    _ list: ListViewController, size: Size = Size(width: 80, height: 24)
  ) -> (Application, MemoryTerminal) {
    let tabs = TabBarController(viewControllers: [
      NavigationController(rootViewController: list),
      NavigationController(rootViewController: ListViewController(title: "Me", rows: [])),
    ])
    return Fixtures.app(tabs, size: size)
  }

  @Test("typing after / narrows the rows, ignoring case; q and digits are text, not keys")
  func typingNarrows() {
    let list = Self.list()
    let (app, terminal) = Self.app(list)
    #expect(terminal.screen.text.contains("/ search"), "the hint offers the search")
    app.press("/,b,I,k,e")
    #expect(list.isEditingFilter && list.listView.filter == "bIke")
    #expect(list.listView.shownRowCount == 3)
    #expect(terminal.screen.line(2).contains("/ bIke"))
    #expect(terminal.screen.line(2).hasSuffix("3 of 7 "))
    #expect(terminal.screen.line(3).hasPrefix(" City council votes on bike lanes"))
    #expect(terminal.screen.line(5).hasPrefix(" Local team wins the BIKE race"))
    #expect(!terminal.screen.text.contains("Heat wave"))
    app.press("backspace,backspace,backspace,backspace,q,1")
    #expect(list.listView.filter == "q1" && !app.isFinished, "q and 1 went into the filter")
    #expect(list.listView.shownRowCount == 0 && list.listView.selectedRow == nil)
    app.press("enter")
    #expect(!list.isEditingFilter, "Enter on no match only ends the typing")
  }

  @Test("CJK text filters too, and the match is marked in the row's style layer")
  func chineseFilterAndMark() {
    let list = Self.list()
    let (app, terminal) = Self.app(list)
    app.send(.paste("汽车"))
    #expect(list.listView.filter.isEmpty, "a paste outside the filter is dropped")
    app.press("/")
    app.send(.paste("汽车"))
    #expect(list.listView.shownRowCount == 2)
    let row = terminal.screen.line(3)
    #expect(row.hasPrefix(" 新能源汽车销量创新高"))
    // The selected row: 新能源 is six columns from column 1, so the match
    // (underlined on the selection) is the wide characters at 7 and 9.
    let underlined = (0..<20).filter {
      terminal.screen[$0, 3].style.attributes.contains(.underline)
        && !terminal.screen[$0, 3].isContinuation
    }
    #expect(underlined == [7, 9])
    // Another row: 汽车 starts it, in the theme's match style.
    #expect(terminal.screen.line(4).hasPrefix(" 汽车展览会开幕"))
    #expect(terminal.screen[1, 4].style == list.theme[.match])
    #expect(terminal.screen.styleLine(4).hasPrefix(".SSSS...."))
  }

  @Test("Enter keeps the filter and moves in the rows; Esc clears it, then Esc goes back")
  func enterKeepsEscClears() {
    let list = Self.list()
    let (app, terminal) = Self.app(list)
    app.press("down,down")
    app.press("/,b,i,k,e,enter")
    #expect(!list.isEditingFilter && list.listView.filter == "bike")
    #expect(list.listView.selectedRow?.title == "City council votes on bike lanes")
    app.press("down")
    #expect(list.listView.selectedRow?.title == "Bike share expands north")
    #expect(terminal.screen.line(2).contains("/ bike"), "the kept filter still shows")
    app.press("esc")
    #expect(list.listView.filter.isEmpty && list.listView.shownRowCount == 7)
    #expect(
      list.listView.selectedRow?.title == "Bike share expands north",
      "clearing keeps the selected row")
    #expect(terminal.screen.line(2).hasPrefix(" City council"), "the field is gone")
  }

  @Test("Enter on a filtered row opens that row, not the one at its place in the full list")
  func enterOpensTheFilteredRow() {
    var opened: [String] = []
    let list = ListViewController(
      title: "News",
      rows: Self.headlines.map { title in ListRow(title) { opened.append(title) } })
    list.isSearchable = true
    let (app, _) = Self.app(list)
    app.press("/,b,u,d,g,enter,enter")
    #expect(opened == ["Budget talks stall"])
  }

  @Test("a list that is not searchable ignores /")
  func notSearchable() {
    let list = Self.list()
    list.isSearchable = false
    let (app, terminal) = Self.app(list)
    #expect(!terminal.screen.text.contains("/ search"))
    app.press("/,q")
    #expect(!list.isEditingFilter && app.isFinished, "q still quits")
  }

  @Test("a filtered list at 80×24 and 40×12", arguments: [(80, 24), (40, 12)])
  func filteredSnapshot(width: Int, height: Int) {
    let list = Self.list()
    let (app, terminal) = Self.app(list, size: Size(width: width, height: height))
    app.press("/,b,i,k,e")
    assertSnapshot(of: terminal.screen, as: .frame, named: "\(width)x\(height)")
  }
}
