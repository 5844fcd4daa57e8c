import Testing

@testable import TabBarKit

/// The list's filter narrows what it showed before as more is typed, and
/// takes back a kept result on Backspace: what shows is always what a
/// search of every row shows.
@MainActor
@Suite("incremental list filter")
struct IncrementalFilterTests {
  /// The rows a plain scan of every row shows for `filter`: each row that
  /// holds the folded filter in its folded title, detail or search text, or
  /// in one of the texts its search key was made of (`keyTexts`), looked
  /// for byte by byte, after its header. No index, no kept result, nothing
  /// shared: what the list's search must agree with.
  static func fullSearch(
    _ filter: String, in rows: [ListRow], keyTexts: [SearchKey: [String]] = [:]
  ) -> [Int]? {
    guard !filter.isEmpty else { return nil }
    let needle = Array(SearchKey.folded(filter).utf8)
    func holds(_ text: String) -> Bool {
      let folded = Self.folded(text)
      guard folded.count >= needle.count else { return false }
      return (0...(folded.count - needle.count)).contains { start in
        folded[start..<start + needle.count].elementsEqual(needle)
      }
    }
    var shown: [Int] = []
    var header: Int?
    for (index, row) in rows.enumerated() {
      if row.isHeader {
        header = index
        continue
      }
      let texts =
        [row.title, row.detail, row.searchText] + (row.searchKey.map { keyTexts[$0]! } ?? [])
      guard needle.isEmpty || texts.contains(where: holds) else { continue }
      if let shownHeader = header { shown.append(shownHeader) }
      header = nil
      shown.append(index)
    }
    return shown
  }

  /// `text` folded, each text folded once for every scan of the tests.
  static func folded(_ text: String) -> [UInt8] {
    if let bytes = foldedTexts[text] { return bytes }
    let bytes = Array(SearchKey.folded(text).utf8)
    foldedTexts[text] = bytes
    return bytes
  }
  static var foldedTexts: [String: [UInt8]] = [:]

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

  @Test("CJK and accented filters narrow and widen; accents and width do not count")
  func cjkAndAccents() {
    var list = ListView(rows: Self.rows)
    list.filter = "汽"
    #expect(list.matches == [4, 5, 6])
    list.filter = "汽车展"
    #expect(list.matches == [4, 6])
    list.filter = "汽"
    #expect(list.matches == [4, 5, 6])
    // As UIKit's localizedStandardContains and fzf: "cafe" finds the café
    // written with a precomposed é and with e and a combining accent, and
    // so do "café" and a full-width "ＣＡＦＥ".
    for filter in ["cafe", "café", "CAFE\u{301}", "ＣＡＦＥ"] {
      list.filter = filter
      #expect(list.matches == [4, 7, 8], "filter \(filter)")
    }
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

  /// Pieces of random titles and filters: English and Chinese, capitals,
  /// accents written both ways, a full-width letter, a mark alone.
  static let pieces = [
    "a", "b", "e", "i", "k", "A", "B", "E", "汽", "车", "é", "e\u{301}", "\u{301}", " ", "1",
    "9", "Ｂ", "ß", "s",
  ]

  /// `count` random rows: titles, details, search texts and search keys
  /// from ``pieces``, a header now and then; and the texts of each key.
  static func randomRows(
    _ count: Int, using random: inout SplitMix64
  ) -> (rows: [ListRow], keyTexts: [SearchKey: [String]]) {
    func text(_ length: ClosedRange<Int>) -> String {
      (0..<Int.random(in: length, using: &random))
        .map { _ in pieces.randomElement(using: &random)! }.joined()
    }
    let keyParts = (0..<6).map { _ in [text(1...4), text(2...8)] }
    let keys = keyParts.map { SearchKey($0) }
    var keyTexts: [SearchKey: [String]] = [:]
    for (key, parts) in zip(keys, keyParts) { keyTexts[key] = parts }
    var rows: [ListRow] = []
    var sharedText = text(3...9)
    for index in 0..<count {
      if index % 37 == 0 {
        rows.append(.header("Section \(index)"))
        continue
      }
      if index % 11 == 0 { sharedText = text(3...9) }
      let detail = Bool.random(using: &random) ? "" : text(1...3)
      let search = Bool.random(using: &random) ? sharedText : ""
      let key = Bool.random(using: &random) ? keys.randomElement(using: &random) : nil
      rows.append(
        ListRow(text(2...12), detail: detail, searchText: search, searchKey: key))
    }
    return (rows, keyTexts)
  }

  @Test("random typing, Backspace and clearing show what a plain scan of every row shows")
  func randomQueriesMatchAFullSearch() {
    var random = SplitMix64(seed: 25)
    let (rows, keyTexts) = Self.randomRows(400, using: &random)
    var list = ListView(rows: rows)
    var filter = ""
    for step in 0..<600 {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<6: filter += Self.pieces.randomElement(using: &random)!
      case 6..<9: if !filter.isEmpty { filter.removeLast() }
      default: filter = ""
      }
      list.filter = filter
      let expected = Self.fullSearch(filter, in: rows, keyTexts: keyTexts)
      #expect(list.matches == expected, "step \(step), filter \(filter.debugDescription)")
      #expect(
        list.itemCounts.shown == (expected?.count { !rows[$0].isHeader } ?? list.itemCounts.total))
    }
  }

  @Test("the detail, the search text and a shared search key find a row, each searched once")
  func detailTextAndKey() throws {
    let story = SearchKey(["Finance", "By Ana Ruiz", "Shares rose for a third session."])
    let other = SearchKey(["Sport", "By Tom Park", "点球大战"])
    let rows = (0..<90).map { index in
      ListRow(
        "Headline \(index)", detail: index % 2 == 0 ? "Finance · 3h" : "Sport · 1h",
        searchText: index % 5 == 0 ? "harbour council" : "",
        searchKey: index % 3 == 0 ? other : story)
    }
    let keyTexts = [
      story: ["Finance", "By Ana Ruiz", "Shares rose for a third session."],
      other: ["Sport", "By Tom Park", "点球大战"],
    ]
    var list = ListView(rows: rows)
    for filter in ["ana ruiz", "点球", "finance · 3", "harbour", "headline 8", "ruizshares", "3h"] {
      list.filter = ""
      list.filter = filter
      #expect(list.matches == Self.fullSearch(filter, in: rows, keyTexts: keyTexts), "\(filter)")
    }
    // Two keys and two short details, held once each however many rows.
    let index = try #require(list.searchIndex)
    #expect(index.keys.count == 2)
    #expect(index.textCount == 90 + 2 + 1, "90 titles, 2 details, 1 search text")
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
