import Testing

@testable import TabBarKit

/// Rows added, inserted, replaced and removed one change at a time: the
/// selection stays on its row, a kept filter searches only the rows that
/// come, and what shows is always what a plain scan of every row shows.
@MainActor
@Suite("list changes")
struct ListChangesTests {
  static func titled(_ titles: [String]) -> [ListRow] {
    titles.map { ListRow($0) }
  }

  @Test("rows appended below or inserted above leave the selection and the screen on their rows")
  func insertingKeepsTheSelection() {
    var list = ListView(rows: Self.titled((0..<50).map { "Line \($0)" }))
    list.layout(height: 10)
    list.select(20)
    let top = list.scrollOffset
    list.append(contentsOf: Self.titled(["Line 50", "Line 51", "Line 52"]))
    #expect(list.selectedRow?.title == "Line 20" && list.rowCount == 53)
    list.insert(contentsOf: Self.titled(["New A", "New B"]), at: 0)
    #expect(list.selectedRow?.title == "Line 20")
    #expect(list.selectedIndex == 22 && list.scrollOffset == top + 2, "the screen moved with it")
    // Rows without ids follow their rows too: the list knows where they went.
    list.insert(ListRow("Between"), at: 21)
    #expect(list.selectedRow?.title == "Line 20")
    list.insert(ListRow("Past the end"), at: 10_000)
    #expect(list.rows.last?.title == "Past the end", "an index past the end appends")
  }

  @Test("removing the selected row selects the next one, or the one before at the end")
  func removingMovesTheSelection() {
    var list = ListView(rows: Self.titled((0..<10).map { "Line \($0)" }))
    list.select(4)
    list.removeRows(in: 4..<6)
    #expect(list.selectedRow?.title == "Line 6")
    list.removeRows(in: 0..<2)
    #expect(list.selectedRow?.title == "Line 6", "rows removed above move it up, the same row")
    list.select(list.rowCount - 1)
    #expect(list.remove(at: list.rowCount - 1)?.title == "Line 9")
    #expect(list.selectedRow?.title == "Line 8")
    #expect(list.remove(at: 99) == nil && list.rowCount == 5, "no such row: nothing removed")
    list.removeRows(in: -3..<100)
    #expect(list.rowCount == 0 && list.selectedRow == nil && list.itemCounts == (0, 0))
  }

  @Test("with a filter kept, new rows that match show and the others do not")
  func filterKeptThroughChanges() {
    var list = ListView(rows: Self.titled(["disk full", "cache warm", "disk slow"]))
    list.filter = "disk"
    list.select(2)
    list.append(contentsOf: Self.titled(["net down", "disk gone"]))
    #expect(list.matches == [0, 2, 4] && list.itemCounts == (3, 5))
    #expect(list.selectedRow?.title == "disk slow")
    list.insert(ListRow("DISK first"), at: 0)
    #expect(list.matches == [0, 1, 3, 5])
    list.replaceRow(at: 1, with: ListRow("cpu hot"))
    #expect(list.matches == [0, 3, 5] && list.itemCounts.shown == 3)
    list.removeRows(in: 3..<4)
    #expect(list.matches == [0, 4] && list.itemCounts == (2, 5))
    #expect(list.selectedRow?.title == "disk gone", "the selected row went: the next shown one")
    list.filter = ""
    #expect(list.matches == nil && list.itemCounts == (5, 5))
  }

  @Test("with a filter kept, an append asks the matcher about the new rows alone")
  func appendSearchesOnlyTheNewRows() {
    var asked: [String] = []
    var list = ListView(rows: Self.titled((0..<1_000).map { "Line \($0)" }))
    list.matcher = ListMatcher { query, row in
      asked.append(row.title)
      return row.title.hasSuffix(query)
    }
    list.filter = "7"
    #expect(asked.count == 1_000 && list.itemCounts.shown == 100)
    asked.removeAll()
    list.append(contentsOf: Self.titled(["Line 1000", "Line 1001", "Line 1007"]))
    #expect(asked == ["Line 1000", "Line 1001", "Line 1007"])
    #expect(list.itemCounts.shown == 101 && list.matches?.last == 1_002)
  }

  @Test("with a filter kept, an append folds and searches the new rows alone")
  func appendFoldsOnlyTheNewRows() throws {
    var list = ListView(rows: Self.titled((0..<1_000).map { "Line \($0) of the log" }))
    list.filter = "9"
    let before = try #require(list.searchIndex)
    list.append(contentsOf: Self.titled(["Line 1000", "Line 1009", "日志 第九行 9"]))
    let after = try #require(list.searchIndex)
    #expect(after.textCount == before.textCount + 3)
    #expect(after.bytes.starts(with: before.bytes), "the folded texts before are not folded again")
    #expect(list.matches == IncrementalFilterTests.fullSearch("9", in: list.rows))
  }

  @Test("a header shows over its section's rows that match, through every kind of change")
  func headersThroughChanges() {
    var list = ListView(rows: [
      .header("Today"), ListRow("bike lanes"), ListRow("heat wave"), .header("Earlier"),
      ListRow("rain"),
    ])
    list.filter = "bike"
    #expect(list.matches == [0, 1])
    list.append(ListRow("bike race"))
    #expect(list.matches == [0, 1, 3, 5], "the new row's header shows with it")
    list.removeRows(in: 1..<2)
    #expect(list.matches == [2, 4])
    list.insert(ListRow.header("Now"), at: 0)
    list.insert(ListRow("bike share"), at: 1)
    #expect(list.matches == [0, 1, 4, 6])
    list.removeRows(in: 4..<5)
    #expect(list.matches == [0, 1, 2, 5], "a header removed: its rows join the section above")
    #expect(list.matches == IncrementalFilterTests.fullSearch("bike", in: list.rows))
  }

  @Test("random changes under random filters show what a plain scan of every row shows")
  func randomChangesMatchAFullSearch() {
    var random = SplitMix64(seed: 37)
    var (rows, keyTexts) = IncrementalFilterTests.randomRows(120, using: &random)
    var list = ListView(rows: rows)
    list.layout(height: 8)
    var filter = ""
    for step in 0..<500 {
      let (more, moreKeys) = IncrementalFilterTests.randomRows(
        Int.random(in: 1...4, using: &random), using: &random)
      keyTexts.merge(moreKeys) { first, _ in first }
      let at = Int.random(in: 0...rows.count, using: &random)
      var change = ""
      switch Int.random(in: 0..<12, using: &random) {
      case 0..<3:
        change = "append \(more.count)"
        list.append(contentsOf: more)
        rows += more
      case 3..<5:
        change = "insert \(more.count) at \(at)"
        list.insert(contentsOf: more, at: at)
        rows.insert(contentsOf: more, at: at)
      case 5..<7:
        let range = at..<min(rows.count, at + Int.random(in: 1...5, using: &random))
        change = "remove \(range)"
        list.removeRows(in: range)
        rows.removeSubrange(range)
      case 7:
        guard at < rows.count else { continue }
        change = "replace \(at)"
        list.replaceRow(at: at, with: more[0])
        rows[at] = more[0]
      case 8..<10:
        filter += IncrementalFilterTests.pieces.randomElement(using: &random)!
        change = "filter \(filter.debugDescription)"
      case 10:
        if !filter.isEmpty { filter.removeLast() }
        change = "backspace"
      default:
        _ = list.handle(Bool.random(using: &random) ? .moveDown : .pageUp)
        change = "move"
      }
      list.filter = filter
      let expected = IncrementalFilterTests.fullSearch(filter, in: rows, keyTexts: keyTexts)
      #expect(
        list.matches == expected, "step \(step): \(change), filter \(filter.debugDescription)")
      #expect(list.rows.map(\.title) == rows.map(\.title), "step \(step): \(change)")
      let items = rows.count { !$0.isHeader }
      #expect(list.itemCounts == (expected?.count { !rows[$0].isHeader } ?? items, items))
      if let selected = list.selectedRow {
        #expect(!selected.isHeader && (expected?.contains(list.selectedIndex) ?? true))
      } else {
        #expect(list.itemCounts.shown == 0, "step \(step): nothing selected, yet rows show")
      }
    }
  }
}
