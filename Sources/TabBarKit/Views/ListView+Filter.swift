/// The filter: which rows show for ``ListView/filter``.
///
/// The standard search (``ListMatcher/standard``) reads the list's texts
/// folded once (``ListSearchIndex``, made at the first filter): the first
/// keystroke finds the filter in one pass over every distinct text, each
/// further keystroke searches only the rows the last one left (a filter
/// that contains an earlier one can only show fewer), Backspace takes back
/// a kept result, and clearing shows every row without a search.
extension ListView {
  /// A filter's result, kept for the filters typed after it and for
  /// Backspace: the filter, folded, and what it showed.
  struct FilterResult {
    var filter: String
    var needle: [UInt8]
    var matches: [Int]
    var items: Int
  }

  /// The filter folded, as the standard search compares it.
  var needle: [UInt8] { foldedFilter }

  /// Finds the rows that match the filter again; the selection goes to the
  /// first match, or stays where it was when the filter is cleared.
  mutating func refilter() {
    let selected = selectedRowIndex
    findMatches()
    if filter.isEmpty {
      position = selected ?? 0
    } else {
      position = 0
      anchor = 0
    }
    clamp(towardEnd: true)
    noteChange(selectionWas: selected)
  }

  /// Sets ``matches`` for the rows and the filter: the rows that match it,
  /// each after its section's header.
  ///
  /// Incremental: a filter that contains an earlier one (typing on) looks
  /// only at that one's matches, and a filter met before (Backspace) takes
  /// its kept result. The results are the same as a search of every row's.
  mutating func findMatches() {
    guard !filter.isEmpty else {
      matches = nil
      shownItems = itemCount
      filterResults.removeAll()
      foldedFilter = []
      return
    }
    let needle = SearchFold.fold(filter)
    foldedFilter = needle
    // Drop the kept results the new filter does not contain: a row it
    // matches may be missing from them.
    while let last = filterResults.last, !grows(from: last, to: needle) {
      filterResults.removeLast()
    }
    if let last = filterResults.last,
      matcher.isStandard ? last.needle == needle : last.filter == filter
    {
      matches = last.matches
      shownItems = last.items
      return
    }
    let narrowed = matcher.narrows ? filterResults.last : nil
    let (shown, items) = search(needle, among: narrowed?.matches, keeping: narrowed?.items)
    matches = shown
    shownItems = items
    filterResults.append(FilterResult(filter: filter, needle: needle, matches: shown, items: items))
    // Bounded memory: the kept results together hold at most about three
    // lists' worth of indices; the widest go first.
    var kept = filterResults.reduce(0) { $0 + $1.matches.count }
    while filterResults.count > 1, kept > 3 * count + 64 {
      kept -= filterResults.removeFirst().matches.count
    }
  }

  /// True when the filter now (`needle`, ``filter``) contains the one of
  /// `earlier`, so that it shows at most the rows that one showed.
  private func grows(from earlier: FilterResult, to needle: [UInt8]) -> Bool {
    guard matcher.isStandard else { return matcher.narrows && filter.contains(earlier.filter) }
    return needle.withUnsafeBufferPointer { whole in
      earlier.needle.withUnsafeBufferPointer { ByteSearch.firstIndex(of: $0, in: whole) != nil }
    }
  }

  /// The rows that match `needle` (the filter folded), each after its
  /// section's header, and how many there are not counting the headers.
  /// With `candidates` (the matches of a filter that this one contains)
  /// only those rows are looked at; when every one of them matches, the
  /// same array is returned (nothing copied).
  mutating func search(
    _ needle: [UInt8], among candidates: [Int]?, keeping candidateItems: Int?
  ) -> (matches: [Int], items: Int) {
    var shown: [Int] = []
    var pendingHeader: Int?
    var items = 0
    func keep(_ index: Int) {
      if let header = pendingHeader { shown.append(header) }
      pendingHeader = nil
      shown.append(index)
      items += 1
    }
    if let test = matcher.test {
      let filter = self.filter
      func visit(_ index: Int) {
        if isHeader(row: index) {
          pendingHeader = index
        } else if test(filter, rowForSearch(index)) {
          keep(index)
        }
      }
      if let candidates { candidates.forEach(visit) } else { (0..<count).forEach(visit) }
    } else if needle.isEmpty {
      // A filter of marks alone (an accent, a joiner) folds to nothing,
      // which every row holds.
      return (Array(0..<count), itemCount)
    } else {
      ensureIndex()
      (shown, items) = searchIndex!.rows(holding: needle, among: candidates)
    }
    if let candidates, items == candidateItems { return (candidates, items) }
    return (shown, items)
  }

  /// True when row `index` (not a header) matches the filter: for a row
  /// that comes under a kept filter, searched alone.
  mutating func rowMatchesFilter(_ index: Int) -> Bool {
    if let test = matcher.test { return test(filter, rowForSearch(index)) }
    let needle = self.needle
    if needle.isEmpty { return true }
    ensureIndex()
    return searchIndex!.holds(row: index, needle)
  }

  /// Row `index` as the filter reads it.
  func rowForSearch(_ index: Int) -> ListRow {
    dataSource?.searchableRow(at: index) ?? ownRows[index]
  }

  /// Makes the filter's index of the rows, or the rest of it (and anew
  /// when the one there is holds more texts of removed rows than of rows).
  mutating func ensureIndex() {
    _ = prepareSearch(rows: .max)
  }

  /// True when the filter's index is yet to be made, in part or whole, for
  /// a list long enough that making it at the first keystroke would be
  /// felt (the page makes it between keys: ``prepareSearch(rows:)``).
  package var needsSearchPreparation: Bool {
    matcher.isStandard && count >= 4_096 && (searchIndex?.entries.count ?? 0) < count
  }

  /// Adds up to `rows` more rows to the filter's index, making it if there
  /// is none; true once it holds every row. A page calls it between keys,
  /// a slice at a time, so that the first keystroke of a long list finds it
  /// made; the filter makes the rest when it needs it.
  ///
  /// Complexity: O(k) for the k rows' texts.
  package mutating func prepareSearch(rows: Int) -> Bool {
    if searchIndex?.isWasteful == true { searchIndex = nil }
    var index = searchIndex ?? ListSearchIndex()
    searchIndex = nil  // the one copy, grown in place
    let start = index.entries.count
    let end = rows >= count - start ? count : start + rows
    var next = start
    while next < end {
      // The first 4,096 rows tell how much the whole index takes: room
      // for it is made once, not doubled as it grows.
      let stop = next == 0 ? min(end, 4_096) : end
      if let dataSource {
        for row in next..<stop { index.append(dataSource.searchableRow(at: row)) }
      } else {
        index.append(ownRows[next..<stop])
      }
      if next == 0, stop < count { index.reserveCapacity(rows: count) }
      next = stop
    }
    let done = end == count
    // Rarest bytes by the texts themselves, once they are all there (and
    // again when they have grown much).
    if done, index.needsSampling { index.sampleBytes() }
    searchIndex = index
    return done
  }
}
