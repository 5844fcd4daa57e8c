import TabBarKit
import Testing

/// `ListView.shownRows`: what the user sees of a list, every row or only
/// those a filter leaves, in order.
@MainActor
@Suite("the rows a list shows")
struct ListShownRowsTests {
  static let titles = ["Rain in the north", "New rail line", "Heatwave warning", "Rain, then sun"]

  @Test("without a filter the rows shown are every row, in order")
  func everyRow() {
    let list = ListView(rows: Self.titles.map { ListRow($0) })
    #expect(list.shownRows.map(\.title) == Self.titles)
  }

  @Test("under a filter the rows shown are the matches, in order, and all again once cleared")
  func filteredRows() {
    var list = ListView(rows: Self.titles.map { ListRow($0) })
    list.filter = "rain"
    #expect(list.shownRows.map(\.title) == ["Rain in the north", "Rain, then sun"])
    list.filter = "RAIN,"
    #expect(list.shownRows.map(\.title) == ["Rain, then sun"])
    list.filter = "snow"
    #expect(list.shownRows.isEmpty)
    list.filter = ""
    #expect(list.shownRows.count == Self.titles.count)
  }

  @Test("a row matched by its search text alone is shown, its title unmatched")
  func searchText() {
    let rows = [ListRow("Heatwave warning", searchText: "Weather"), ListRow("New rail line")]
    var list = ListView(rows: rows)
    list.filter = "weather"
    #expect(list.shownRows.map(\.title) == ["Heatwave warning"])
  }
}
