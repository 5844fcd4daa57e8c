/// Changes of the rows: each costs what it changes. The selection and the
/// top of the screen stay on their rows, a kept filter searches only the
/// rows that come, and the texts of the filter's index are folded for those
/// rows alone.
extension ListView {
  // MARK: A list's own rows

  /// Adds `row` after the last row (a line of a log, as `tail -f` shows it).
  ///
  /// Complexity: O(1) amortized, and a search of the row under a kept
  /// filter.
  public mutating func append(_ row: ListRow) {
    insert(contentsOf: CollectionOfOne(row), at: count)
  }

  /// Adds `rows` after the last row. The selection stays on its row; under
  /// a kept filter the new rows that match it show, found by a search of
  /// those rows alone.
  ///
  /// Complexity: O(k) for k rows (amortized).
  public mutating func append(contentsOf rows: some Collection<ListRow>) {
    insert(contentsOf: rows, at: count)
  }

  /// Puts `row` at `index` (clamped to `0...rowCount`): the rows from there
  /// on move down one.
  public mutating func insert(_ row: ListRow, at index: Int) {
    insert(contentsOf: CollectionOfOne(row), at: index)
  }

  /// Puts `rows` at `index` (clamped to `0...rowCount`): the rows from
  /// there on move down. The selection and the top of the screen stay on
  /// their rows, wherever they are now; under a kept filter the new rows
  /// that match it show.
  ///
  /// Complexity: O(k) for k rows, plus moving the rows after `index` (a
  /// memory move) and, under a filter, the indices of the rows shown after
  /// them.
  ///
  /// On a list of a ``dataSource`` it gives the list rows of its own, all
  /// built, in place of the source; tell the list of a change of the
  /// source's data with ``noteRowsInserted(in:)`` instead.
  public mutating func insert(contentsOf rows: some Collection<ListRow>, at index: Int) {
    guard !rows.isEmpty else { return }
    takeOwnRows()
    let start = min(max(0, index), count)
    let added = rows.count
    if start == count {
      ownRows.append(contentsOf: rows)
    } else {
      ownRows.insert(contentsOf: rows, at: start)
    }
    openingRows += rows.count(where: \.opens)
    rowsInserted(at: start, count: added)
  }

  /// Removes row `index` and returns it; nil (and nothing removed) when
  /// there is no such row. When it was the selected row, the row after it
  /// is selected, else the one before.
  @discardableResult
  public mutating func remove(at index: Int) -> ListRow? {
    guard index >= 0, index < count else { return nil }
    let row = self.row(at: index)
    removeRows(in: index..<index + 1)
    return row
  }

  /// Removes the rows in `range` (clamped to the rows there are). When the
  /// selected row is among them, the first row after them is selected,
  /// else the last one before them.
  ///
  /// Complexity: O(k) for k rows, plus moving the rows after them.
  public mutating func removeRows(in range: Range<Int>) {
    let range = range.clamped(to: 0..<count)
    guard !range.isEmpty else { return }
    takeOwnRows()
    openingRows -= ownRows[range].count(where: \.opens)
    ownRows.removeSubrange(range)
    rowsRemoved(range)
  }

  /// Removes every row.
  public mutating func removeAll() {
    removeRows(in: 0..<count)
  }

  /// Puts `row` in place of row `index` (nothing when there is no such
  /// row): a row whose title, detail or badge changed. The selection stays
  /// there; under a kept filter the row shows if it matches now.
  ///
  /// Complexity: O(1), and a search of the row under a kept filter.
  public mutating func replaceRow(at index: Int, with row: ListRow) {
    guard index >= 0, index < count else { return }
    takeOwnRows()
    openingRows += (row.opens ? 1 : 0) - (ownRows[index].opens ? 1 : 0)
    ownRows[index] = row
    rowsChanged(index..<index + 1)
  }

  /// Makes the rows the list's own, built from its data source, if it has
  /// one.
  private mutating func takeOwnRows() {
    guard let dataSource else { return }
    ownRows = (0..<count).map(dataSource.row(at:))
    openingRows = ownRows.count(where: \.opens)
    self.dataSource = nil
  }

  // MARK: A data source's rows

  /// Tells the list that its ``dataSource`` has new rows at `range` (the
  /// rows that were at its start and after moved down): as
  /// ``insert(contentsOf:at:)``, the selection stays on its row and a kept
  /// filter searches the new rows alone. Nothing for a list of its own
  /// rows.
  ///
  /// Complexity: O(k) for k rows, plus moving the indices after them.
  public mutating func noteRowsInserted(in range: Range<Int>) {
    guard dataSource != nil, !range.isEmpty else { return }
    rowsInserted(at: min(max(0, range.lowerBound), count), count: range.count)
  }

  /// Tells the list that the rows that were at `range` are gone from its
  /// ``dataSource`` (the rows after them moved up): as ``removeRows(in:)``.
  /// Nothing for a list of its own rows.
  public mutating func noteRowsRemoved(in range: Range<Int>) {
    let range = range.clamped(to: 0..<count)
    guard dataSource != nil, !range.isEmpty else { return }
    rowsRemoved(range)
  }

  /// Tells the list that the rows at `range` of its ``dataSource`` changed
  /// (a title, a detail, a badge): they are drawn anew and searched again
  /// under a kept filter. Nothing for a list of its own rows.
  public mutating func noteRowsChanged(in range: Range<Int>) {
    let range = range.clamped(to: 0..<count)
    guard dataSource != nil, !range.isEmpty else { return }
    rowsChanged(range)
  }

  /// Reads every row of the ``dataSource`` anew, as `UITableView`'s
  /// `reloadData()`: its ``ListDataSource/rowCount`` and headers, and under
  /// a kept filter a search of every row. The selection and the top of the
  /// screen stay on their rows when they have an ``ListRow/id`` that is
  /// still there (found where it was, else through
  /// ``ListDataSource/index(ofRowID:)``), else at their places. Nothing
  /// for a list of its own rows.
  ///
  /// Complexity: O(n).
  public mutating func reloadData() {
    guard dataSource != nil else { return }
    // The rows as they were: the source's data has changed already.
    let (selected, top) = rememberedRows
    rowsDidChange(selected: selected, top: top)
  }

  /// Gives the list `dataSource`'s rows in place of the ones it has (as
  /// ``reloadData()``, the selection and the top of the screen kept on their
  /// rows by id).
  public mutating func setDataSource(_ dataSource: any ListDataSource) {
    let (selected, top) =
      self.dataSource == nil
      ? (marker(ofRow: selectedRowIndex), marker(ofRow: rowIndex(atPosition: anchor)))
      : rememberedRows
    ownRows = []
    self.dataSource = dataSource
    rowsDidChange(selected: selected, top: top)
  }

  // MARK: What each change does

  /// Rows were inserted: `added` rows at `start`.
  private mutating func rowsInserted(at start: Int, count added: Int) {
    let moved = { (index: Int) in index >= start ? index + added : index }
    let selected = selectedRowIndex.map(moved)
    let top = rowIndex(atPosition: anchor).map(moved)
    let oldCount = count
    count += added
    let new = start..<start + added
    // The headers after the new rows move down; the new ones join them.
    let split = headers.lowerBound(of: start)
    for index in split..<headers.count { headers[index] += added }
    let newHeaders = new.filter(isNewHeader)
    headers.insert(contentsOf: newHeaders, at: split)
    itemCount += added - newHeaders.count
    // The filter's index holds the rows up to where it was made so far:
    // new rows within that part join it now, later ones when it goes on.
    if let built = searchIndex?.entries.count, start <= built {
      if let dataSource {
        searchIndex?.insert(new.map(dataSource.searchableRow(at:)), at: start)
      } else {
        searchIndex?.insert(ownRows[new], at: start)
      }
    }
    if var shown = takeMatches() {
      let slot = shown.lowerBound(of: start)
      for index in slot..<shown.count { shown[index] += added }
      let found = new.filter { !isHeader(row: $0) && rowMatchesFilter($0) }
      if slot == shown.count {
        shown.append(contentsOf: found)
      } else {
        shown.insert(contentsOf: found, at: slot)
      }
      shownItems += found.count
      if !headers.isEmpty {
        if newHeaders.isEmpty, start == oldCount {
          showHeaders(of: found, in: &shown)
        } else {
          repairHeaders(in: &shown)
        }
      }
      keepMatches(shown)
    } else {
      shownItems = itemCount
    }
    place(selectedRow: selected, topRow: top, towardEnd: true)
    noteChange(selectionWas: selected)
  }

  /// Rows were removed: those that were at `range`.
  private mutating func rowsRemoved(_ range: Range<Int>) {
    let removed = range.count
    let wasSelected = selectedRowIndex
    // A selected row that is gone: the selection moves, whatever it lands on.
    let selectionGone = wasSelected.map(range.contains) ?? false
    let selected = wasSelected.map { $0 >= range.upperBound ? $0 - removed : $0 }
    var top = rowIndex(atPosition: anchor)
    if let row = top {
      top = row >= range.upperBound ? row - removed : min(row, range.lowerBound)
    }
    count -= removed
    var shown = takeMatches()
    var slot = 0
    if shown != nil {
      slot = shown!.lowerBound(of: range.lowerBound)
      let end = shown!.lowerBound(of: range.upperBound)
      shownItems -= shown![slot..<end].count { !headers.contains(sorted: $0) }
      shown!.removeSubrange(slot..<end)
      for index in slot..<shown!.count { shown![index] -= removed }
    }
    let firstHeader = headers.lowerBound(of: range.lowerBound)
    let headersGone = headers.lowerBound(of: range.upperBound) - firstHeader
    headers.removeSubrange(firstHeader..<firstHeader + headersGone)
    for index in firstHeader..<headers.count { headers[index] -= removed }
    itemCount -= removed - headersGone
    if let built = searchIndex?.entries.count {
      searchIndex?.remove(range.clamped(to: 0..<built))
      if searchIndex?.isWasteful == true { searchIndex = nil }
    }
    if var matches = shown {
      if headersGone > 0 {
        repairHeaders(in: &matches)
      } else if slot > 0, headers.contains(sorted: matches[slot - 1]),
        slot == matches.count || headers.contains(sorted: matches[slot])
      {
        // A header whose last row shown is gone goes too.
        matches.remove(at: slot - 1)
      }
      keepMatches(matches)
    } else {
      shownItems = itemCount
    }
    if selectionGone {
      refilterAfterChangeIfNeeded()
      // The next row that is left, else the one before (``clamp``).
      position = shownPlace(ofRow: range.lowerBound)
      anchor = top.map(shownPlace(ofRow:)) ?? anchor
      clamp(towardEnd: true)
      noteChange(selectionWas: -1)
    } else {
      place(selectedRow: selected, topRow: top, towardEnd: true)
      noteChange(selectionWas: selected)
    }
  }

  /// The rows at `range` changed in place.
  private mutating func rowsChanged(_ range: Range<Int>) {
    let selected = selectedRowIndex
    let top = rowIndex(atPosition: anchor)
    let shown = takeMatches()
    var slot = 0
    var end = 0
    if let matches = shown {
      slot = matches.lowerBound(of: range.lowerBound)
      end = matches.lowerBound(of: range.upperBound)
      shownItems -= matches[slot..<end].count { !headers.contains(sorted: $0) }
    }
    let firstHeader = headers.lowerBound(of: range.lowerBound)
    let oldHeaders = headers.lowerBound(of: range.upperBound) - firstHeader
    let newHeaders = range.filter(isNewHeader)
    headers.replaceSubrange(firstHeader..<firstHeader + oldHeaders, with: newHeaders)
    itemCount += oldHeaders - newHeaders.count
    if let built = searchIndex?.entries.count {
      for index in range.clamped(to: 0..<built) {
        let row = rowForSearch(index)
        searchIndex?.replace(at: index, with: row)
      }
      if searchIndex?.isWasteful == true { searchIndex = nil }
    }
    if var matches = shown {
      let found = range.filter { !isHeader(row: $0) && rowMatchesFilter($0) }
      matches.replaceSubrange(slot..<end, with: found)
      shownItems += found.count
      if !headers.isEmpty || oldHeaders > 0 { repairHeaders(in: &matches) }
      keepMatches(matches)
    } else {
      shownItems = itemCount
    }
    place(selectedRow: selected, topRow: top, towardEnd: true)
    noteChange(selectionWas: selected)
  }

  /// True when new row `index` is a header.
  private func isNewHeader(_ index: Int) -> Bool {
    dataSource?.isHeader(at: index) ?? ownRows[index].isHeader
  }

  /// The rows shown under the filter, taken out to change them in place
  /// (the kept results share them), or nil without a filter.
  /// A result still growing (a filter typed while the filter's index was
  /// being made) is dropped instead, and the filter searched again through
  /// every row once the change is made (``refilterAfterChangeIfNeeded()``).
  private mutating func takeMatches() -> [Int]? {
    guard let shown = matches else { return nil }
    let growing = !isFilterSearchedThrough
    filterResults.removeAll()
    matches = nil
    if growing {
      refilterAfterChange = true
      return nil
    }
    return shown
  }

  /// Puts back the rows shown, changed, as the filter's only kept result.
  private mutating func keepMatches(_ shown: [Int]) {
    matches = shown
    filterResults = [
      FilterResult(filter: filter, needle: needle, matches: shown, items: shownItems)
    ]
  }

  /// Shows the header of each of `rows` (new rows shown under the filter,
  /// after every row shown before) that does not show yet.
  private func showHeaders(of rows: [Int], in shown: inout [Int]) {
    for row in rows {
      let section = headers.lowerBound(of: row) - 1
      guard section >= 0 else { continue }
      let header = headers[section]
      let slot = shown.lowerBound(of: header)
      if slot < shown.count, shown[slot] == header { continue }
      shown.insert(header, at: slot)
    }
  }

  /// Shows over the rows shown exactly their headers: each row's section
  /// header once, before it. O(m + h) for m rows shown and h headers.
  func repairHeaders(in shown: inout [Int]) {
    var repaired: [Int] = []
    repaired.reserveCapacity(shown.count)
    // headers[..<passed] are the headers at or before the row looked at.
    var passed = 0
    var lastShown = -1
    for row in shown {
      while passed < headers.count, headers[passed] <= row { passed += 1 }
      guard passed > 0 else {
        repaired.append(row)
        continue
      }
      let header = headers[passed - 1]
      if header == row { continue }  // a header: shown with its first row
      if header != lastShown {
        repaired.append(header)
        lastShown = header
      }
      repaired.append(row)
    }
    shown = repaired
  }

  // MARK: Every row at once

  /// What stands for a row across a change: where it was and its identity.
  struct RowMarker {
    var index: Int
    var identity: AnyHashable?
  }

  /// The marker of row `index`, if any.
  func marker(ofRow index: Int?) -> RowMarker? {
    index.map { RowMarker(index: $0, identity: row(at: $0).identity) }
  }

  /// Every row may have changed: the selection and the top of the screen
  /// go back to the rows `selected` and `top` stand for, by identity, else
  /// to their places.
  mutating func rowsDidChange(selected: RowMarker?, top: RowMarker?) {
    resetRows()
    var lookup: [AnyHashable: Int]?
    func find(_ marker: RowMarker?) -> Int? {
      guard let marker else { return nil }
      guard let identity = marker.identity else { return marker.index < count ? marker.index : nil }
      if marker.index < count, row(at: marker.index).identity == identity { return marker.index }
      if let dataSource { return dataSource.index(ofRowID: identity) }
      if lookup == nil { lookup = identityLookup() }
      return lookup?[identity]
    }
    let found = find(selected)
    let topFound = find(top)
    place(
      selectedRow: found ?? selected.map { min($0.index, max(0, count - 1)) },
      topRow: topFound ?? top.map { min($0.index, max(0, count - 1)) }, towardEnd: true)
    noteChange(selectionWas: found ?? (selected == nil ? nil : -1))
  }

  /// Every row may have changed; `old` are the rows before: the selection
  /// and the top of the screen stay on their items (``rows``).
  mutating func rowsDidChange(from old: [ListRow]) {
    let oldMatches = matches
    func oldIndex(atPosition position: Int) -> Int? {
      guard position >= 0, position < (oldMatches?.count ?? old.count) else { return nil }
      return oldMatches?[position] ?? position
    }
    let selected = oldIndex(atPosition: position).flatMap { old[$0].isHeader ? nil : $0 }
    let top = oldIndex(atPosition: anchor)
    resetRows()

    var lookup: [AnyHashable: Int]?
    /// Where the row of `id` is now; `guess` is where it was, checked first
    /// so that an append costs no lookup table.
    func newIndex(of id: AnyHashable?, guess: Int) -> Int? {
      guard let id else { return nil }
      if guess < count, ownRows[guess].identity == id { return guess }
      if lookup == nil { lookup = identityLookup() }
      return lookup?[id]
    }
    /// The shown position of the row of `old[index]`, if it is still there.
    func survivor(_ index: Int) -> Int? {
      guard !old[index].isHeader,
        let now = newIndex(of: old[index].identity, guess: index), !ownRows[now].isHeader
      else { return nil }
      return shownPosition(ofRow: now)
    }
    // The selected item itself, for the page's callback.
    var same = selected.flatMap { old[$0].identity == nil ? $0 : nil }
    // A row known by its place keeps the selection there.
    if let selected, let identity = old[selected].identity {
      same = newIndex(of: identity, guess: selected)
      // The item itself, else its nearest neighbour that is left: the next
      // rows first, then the ones before.
      var found = survivor(selected)
      var after = selected + 1
      while found == nil, after < old.count {
        found = survivor(after)
        after += 1
      }
      var before = selected - 1
      while found == nil, before >= 0 {
        found = survivor(before)
        before -= 1
      }
      if let found { position = found }
    }
    if let top, let now = newIndex(of: old[top].identity, guess: top),
      let shown = shownPosition(ofRow: now)
    {
      anchor = shown
    }
    clamp(towardEnd: true)
    noteChange(selectionWas: same ?? (selected == nil ? nil : -1))
  }

  /// Where each identity is among the rows (the first row of each).
  private func identityLookup() -> [AnyHashable: Int] {
    var lookup: [AnyHashable: Int] = [:]
    for index in 0..<count {
      guard let identity = row(at: index).identity, lookup[identity] == nil else { continue }
      lookup[identity] = index
    }
    return lookup
  }

  /// Counts the rows anew, drops the filter's index and results, and
  /// searches every row for the filter.
  private mutating func resetRows() {
    count = dataSource?.rowCount ?? ownRows.count
    recount()
    searchIndex = nil
    filterResults.removeAll()
    findMatches()
  }

  /// Puts the selection on row `selectedRow` (or the first shown after it)
  /// and the top of the screen on row `topRow`, as far as they show.
  mutating func place(selectedRow: Int?, topRow: Int?, towardEnd: Bool) {
    refilterAfterChangeIfNeeded()
    if let selectedRow { position = shownPlace(ofRow: selectedRow) }
    if let topRow { anchor = shownPlace(ofRow: topRow) }
    clamp(towardEnd: towardEnd)
  }
}
