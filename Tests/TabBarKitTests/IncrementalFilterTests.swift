import Testing

@testable import TabBarKit

/// The list's filter narrows what it showed before as more is typed, and
/// takes back a kept result on Backspace: what shows is always what a
/// search of every row shows.
@MainActor
@Suite("incremental list filter")
struct IncrementalFilterTests {
  /// The rows a search of every row shows for `filter`, as the list showed
  /// them before it kept any result: each row whose title or search text
  /// contains it character by character, ignoring case, after its header.
  static func fullSearch(_ filter: String, in rows: [ListRow]) -> [Int]? {
    guard !filter.isEmpty else { return nil }
    let needle = Array(filter.lowercased())
    var shown: [Int] = []
    var header: Int?
    for (index, row) in rows.enumerated() {
      if row.isHeader {
        header = index
        continue
      }
      guard
        ListView.matchStart(of: needle, in: row.title) != nil
          || ListView.matchStart(of: needle, in: row.searchText) != nil
      else { continue }
      if let shownHeader = header { shown.append(shownHeader) }
      header = nil
      shown.append(index)
    }
    return shown
  }

  static let rows: [ListRow] = [
    .header("Today"),
    ListRow("Bike lanes approved", searchText: "local council"),
    ListRow("BIKE race won by locals"),
    ListRow("Heat wave breaks records", searchText: "weather"),
    .header("Yesterday"),
    ListRow("新能源汽车销量创新高"),
    ListRow("汽车展览会开幕", searchText: "motor show"),
    ListRow("Café opens on the pier"),
    ListRow("Cafe\u{301} au lait, the recipe"),
    .header("Older"),
    ListRow("Budget talks stall"),
  ]

  @Test("typing more narrows the rows shown to those that contain the longer text")
  func narrowing() {
    var list = ListView(rows: Self.rows)
    list.filter = "b"
    #expect(list.matches == Self.fullSearch("b", in: Self.rows))
    #expect(list.itemCounts.shown == 4)
    list.filter = "bi"
    #expect(list.matches == [0, 1, 2])
    list.filter = "bik"
    list.filter = "bike r"
    #expect(list.matches == [0, 2])
    #expect(list.itemCounts.shown == 1)
    #expect(list.selectedRow?.title == "BIKE race won by locals")
  }

  @Test("Backspace and a shorter filter show again the rows the longer one hid")
  func widening() {
    var list = ListView(rows: Self.rows)
    for filter in ["l", "lo", "loc", "loca", "local"] { list.filter = filter }
    #expect(list.matches == [0, 1, 2], "title or search text: lanes' council, race's locals")
    list.filter = "loc"
    #expect(list.matches == Self.fullSearch("loc", in: Self.rows))
    list.filter = "l"
    #expect(list.matches == Self.fullSearch("l", in: Self.rows))
    #expect(list.itemCounts.shown == 4)
    list.filter = "la"
    #expect(list.matches == Self.fullSearch("la", in: Self.rows))
  }

  @Test("clearing the filter shows every row and the next filter starts afresh")
  func clearing() {
    var list = ListView(rows: Self.rows)
    list.filter = "heat"
    #expect(list.itemCounts.shown == 1)
    list.filter = ""
    #expect(list.matches == nil && list.shownRowCount == Self.rows.count)
    #expect(list.itemCounts.shown == 8)
    list.filter = "bud"
    #expect(list.matches == [9, 10])
  }

  @Test("CJK and accented filters narrow and widen character by character")
  func cjkAndAccents() {
    var list = ListView(rows: Self.rows)
    list.filter = "汽"
    #expect(list.matches == [4, 5, 6])
    list.filter = "汽车展"
    #expect(list.matches == [4, 6])
    list.filter = "汽"
    #expect(list.matches == [4, 5, 6])
    // "e" and "é" are different characters: "cafe" finds only the café
    // written without an accent, and "café" both spellings of it.
    list.filter = "cafe"
    #expect(list.matches == [])
    list.filter = "café"
    #expect(list.matches == Self.fullSearch("café", in: Self.rows))
    #expect(list.itemCounts.shown == 2)
    list.filter = "CAFÉ AU"
    #expect(list.matches == [4, 8])
  }

  @Test("new rows under a filter are searched in full, not among the old matches")
  func newRowsUnderAFilter() {
    var list = ListView(rows: Self.rows)
    list.filter = "bi"
    list.rows.append(ListRow("Bikes for hire"))
    #expect(list.matches == Self.fullSearch("bi", in: list.rows))
    list.filter = "bik"
    #expect(list.matches == [0, 1, 2, 9, 11], "the new row under its header")
  }

  @Test("random typing, Backspace and clearing show what a search of every row shows")
  func randomQueriesMatchAFullSearch() {
    var random = SplitMix64(seed: 25)
    let pieces = ["a", "b", "e", "i", "k", "A", "B", "E", "汽", "车", "é", "\u{301}", " ", "1", "9"]
    var rows: [ListRow] = []
    for index in 0..<400 {
      if index % 37 == 0 {
        rows.append(.header("Section \(index)"))
        continue
      }
      let title = (0..<Int.random(in: 2...12, using: &random))
        .map { _ in pieces.randomElement(using: &random)! }.joined()
      let search = Bool.random(using: &random) ? "" : pieces.randomElement(using: &random)!
      rows.append(ListRow(title, searchText: search))
    }
    var list = ListView(rows: rows)
    var filter = ""
    for step in 0..<600 {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<6: filter += pieces.randomElement(using: &random)!
      case 6..<9: if !filter.isEmpty { filter.removeLast() }
      default: filter = ""
      }
      list.filter = filter
      let expected = Self.fullSearch(filter, in: rows)
      #expect(list.matches == expected, "step \(step), filter \(filter.debugDescription)")
      #expect(
        list.itemCounts.shown == (expected?.count { !rows[$0].isHeader } ?? list.itemCounts.total))
    }
  }

  @Test("rows that share one long search text are all found by it, and others are not")
  func sharedSearchText() {
    let story = String(repeating: "the harbour council met on Tuesday. ", count: 4)
    let other = String(repeating: "the harbour council met on Thursday ", count: 4)
    var rows: [ListRow] = []
    for index in 0..<60 {
      let text = index % 3 == 2 ? other : index % 5 == 4 ? "" : story
      rows.append(ListRow("Row \(index)", searchText: text))
    }
    var list = ListView(rows: rows)
    for filter in ["tuesday", "thursday", "harbour", "row 1", "council met on t", "tue"] {
      list.filter = ""
      list.filter = filter
      #expect(list.matches == Self.fullSearch(filter, in: rows), "filter \(filter)")
    }
    list.filter = ""
    list.filter = "thursday"
    #expect(list.itemCounts.shown == 20)
  }
}
