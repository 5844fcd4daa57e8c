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
    /// The first row not searched yet, for a filter typed while the
    /// filter's index was being made (``filtersWhileIndexing``): the rows
    /// from there on are searched as the index reaches them
    /// (``continueFilter()``). Nil once every row was searched.
    var unsearchedFrom: Int? = nil
  }

  /// True when the rows shown are the filter's whole result: no filter, or
  /// one searched through every row (not one typed while the filter's
  /// index was being made, whose result is still growing).
  package var isFilterSearchedThrough: Bool {
    matches == nil || filterResults.last?.unsearchedFrom == nil
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
      // A result still growing goes on to the rows indexed since.
      _ = searchIndexedRest()
      return
    }
    let narrowed = matcher.narrows ? filterResults.last : nil
    let (shown, items, unsearched) = search(needle, among: narrowed)
    matches = shown
    shownItems = items
    filterResults.append(
      FilterResult(
        filter: filter, needle: needle, matches: shown, items: items, unsearchedFrom: unsearched))
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
  /// section's header, how many there are not counting the headers, and
  /// the first row not searched yet (nil when every row was). With
  /// `narrowed` (the result of a filter that this one contains) only its
  /// rows are looked at, and the rows it had not searched; when every one
  /// of them matches, the same array is returned (nothing copied).
  ///
  /// While the filter's index is being made and ``filtersWhileIndexing``
  /// is set, only the rows it holds are searched: the search costs what
  /// it would with the index whole, and the rest is searched as the index
  /// grows (``continueFilter()``). Otherwise the index is finished first.
  mutating func search(
    _ needle: [UInt8], among narrowed: FilterResult?
  ) -> (matches: [Int], items: Int, unsearchedFrom: Int?) {
    let candidates = narrowed?.matches
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
      return (Array(0..<count), itemCount, nil)
    } else {
      let built: Int
      if filtersWhileIndexing, needsSearchPreparation {
        _ = prepareSearch(rows: 0)  // an index, however little it holds
        built = searchIndex!.entries.count
      } else {
        ensureIndex()
        built = count
      }
      // The narrowed rows the index holds, then every row from where the
      // narrowed result stopped to where the index does.
      var among = candidates
      var joined = false
      if let narrowed, narrowed.unsearchedFrom != nil || built < count {
        let limit = min(narrowed.unsearchedFrom ?? count, built)
        var rows = Array(narrowed.matches[..<narrowed.matches.lowerBound(of: limit)])
        if limit < built { rows += limit..<built }
        among = rows
        joined = true
      }
      (shown, items) = searchIndex!.rows(holding: needle, among: among)
      // Rows joined after the narrowed ones may open a section whose
      // header the narrowed rows did not show.
      if joined, !headers.isEmpty { repairHeaders(in: &shown) }
      let unsearched = built < count ? built : nil
      if !joined, let candidates, items == narrowed?.items { return (candidates, items, nil) }
      return (shown, items, unsearched)
    }
    if let candidates, items == narrowed?.items { return (candidates, items, nil) }
    return (shown, items, nil)
  }

  /// Searches the rows the filter's index gained since the filter's result
  /// was made, when it was made before the index held every row: the rows
  /// found join the result, below the rows shown. True when some did.
  ///
  /// Complexity: O(k) for the k rows indexed since.
  mutating func searchIndexedRest() -> Bool {
    guard matches != nil, var result = filterResults.last, let from = result.unsearchedFrom,
      let index = searchIndex
    else { return false }
    let built = index.entries.count
    guard built > from else { return false }
    filterResults.removeLast()
    matches = nil  // the one copy of the rows shown, grown in place
    let (found, items) = index.rows(holding: result.needle, among: Array(from..<built))
    if let first = found.first, !isHeader(row: first), !headers.isEmpty {
      // The section of the first row found may have begun before: its
      // header shows with it unless a row of it showed already.
      let section = headers.lowerBound(of: first) - 1
      if section >= 0, headers[section] < from, (result.matches.last ?? -1) < headers[section] {
        result.matches.append(headers[section])
      }
    }
    result.matches += found
    result.items += items
    result.unsearchedFrom = built < count ? built : nil
    matches = result.matches
    shownItems = result.items
    filterResults.append(result)
    return items > 0
  }

  /// Goes on with a filter typed while the filter's index was being made
  /// (``filtersWhileIndexing``): searches the rows indexed since, and shows
  /// those that match below the rows shown, the selection on the same row
  /// (on the first row found when none showed). A page calls it after each
  /// slice of the index (``prepareSearch(until:clock:)``). A change is noted
  /// only when rows were found: a slice that finds none draws nothing.
  package mutating func continueFilter() {
    let selected = selectedRowIndex
    guard searchIndexedRest() else { return }
    clamp(towardEnd: true)
    noteChange(selectionWas: selected)
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

  /// Searches the filter again, through every row, when rows changed while
  /// its result was still growing (``takeMatches()`` dropped it): the
  /// change is made on the rows, then the filter on all of them.
  mutating func refilterAfterChangeIfNeeded() {
    guard refilterAfterChange else { return }
    refilterAfterChange = false
    ensureIndex()
    findMatches()
  }

  /// True when the filter's index is yet to be made, in part or whole, for
  /// a list long enough that making it at the first keystroke would be
  /// felt (the page makes it between keys: ``prepareSearch(until:clock:)``).
  package var needsSearchPreparation: Bool {
    matcher.isStandard && count >= 4_096 && (searchIndex?.entries.count ?? 0) < count
  }

  /// Adds up to `rows` more rows to the filter's index, making it if there
  /// is none; true once it holds every row. The filter makes the rest of
  /// the index this way when it needs it (``ensureIndex()``).
  ///
  /// Complexity: O(k) for the k rows' texts.
  package mutating func prepareSearch(rows: Int) -> Bool {
    prepareSearch(rows: rows, until: nil)
  }

  /// Adds rows to the filter's index until `clock` reaches `deadline`,
  /// making it if there is none; true once it holds every row. A page calls
  /// it between keys, a slice of a few milliseconds at a time, so that the
  /// first keystroke of a long list finds the index made, and a key that
  /// comes meanwhile waits for one short slice at most, whatever a row
  /// costs (a row that brings a story's ``SearchKey`` costs its folding).
  ///
  /// The clock is read every ``preparationStep`` rows; at least that many
  /// are added.
  package mutating func prepareSearch(until deadline: Duration, clock: any AnimationClock) -> Bool {
    prepareSearch(rows: .max, until: (deadline, clock))
  }

  /// Adds up to `rows` rows to the filter's index, and no more once
  /// `deadline`'s clock reaches its time; true once it holds every row.
  private mutating func prepareSearch(
    rows: Int, until deadline: (time: Duration, clock: any AnimationClock)?
  ) -> Bool {
    if searchIndex?.isWasteful == true { searchIndex = nil }
    var index = searchIndex ?? ListSearchIndex()
    searchIndex = nil  // the one copy, grown in place
    let start = index.entries.count
    let end = rows >= count - start ? count : start + rows
    var next = start
    while next < end {
      // The first 4,096 rows tell how much the whole index takes: room
      // for it is made once, not doubled as it grows.
      var stop = next < 4_096 ? min(end, 4_096) : end
      if deadline != nil { stop = min(stop, next + Self.preparationStep) }
      if let dataSource {
        for row in next..<stop { index.append(dataSource.searchableRow(at: row)) }
      } else {
        index.append(ownRows[next..<stop])
      }
      if next < 4_096, stop == 4_096, stop < count { index.reserveCapacity(rows: count) }
      next = stop
      if let deadline, deadline.clock.now >= deadline.time { break }
    }
    let done = next == count
    // Rarest bytes by the texts themselves, once they are all there (and
    // again when they have grown much).
    if done, index.needsSampling { index.sampleBytes() }
    searchIndex = index
    return done
  }

  /// How many rows ``prepareSearch(until:clock:)`` adds between two
  /// readings of the clock (a read costs some 30 ns): few enough that a
  /// slice ends close to its time even when each row brings a story's key
  /// to fold.
  package static let preparationStep = 4
}
