/// A scrolling list with one selected row: the state and drawing of a list
/// page. Up/Down move by one, PageUp/PageDown by a screen, Home/End to the
/// ends; the list scrolls so the selection is always visible. Section
/// headers (``ListRow/header(_:id:)``) are drawn but never selected: every
/// move steps over them.
///
/// The rows are the list's own (``rows``), or come from a data source
/// that builds each row when it is needed (``ListDataSource``): a list of
/// 200,000 then builds a screenful. Either way a change costs what it
/// changes: ``append(contentsOf:)``, ``insert(contentsOf:at:)``,
/// ``removeRows(in:)`` and ``replaceRow(at:with:)`` (for a data source,
/// ``noteRowsInserted(in:)`` and its kin) move the selection with its row,
/// and under a kept filter search only the rows they bring.
///
/// Rows can have an identity (``ListRow/id``), as the items of UIKit's
/// diffable data source do: give the list a new set of rows (``rows``) and
/// the selection and the first row on screen stay on the same items,
/// wherever the update put them. When the selected item is gone, the
/// nearest row that is still there is selected. A row without an id is
/// known by its place: the selection on it stays at the same index.
@MainActor
public struct ListView {
  // MARK: Rows

  /// The rows, when the list holds its own (no ``dataSource``).
  var ownRows: [ListRow]
  /// Where the rows come from, or nil for a list of its own rows.
  public internal(set) var dataSource: (any ListDataSource)?
  /// How many rows there are, as of the last change the list was told of.
  var count: Int
  /// The indices of the section headers, in order.
  var headers: [Int] = []
  /// How many of the list's own rows open a page or run an action.
  var openingRows = 0

  /// The rows, headers included.
  ///
  /// Setting them is an update by identity (``ListRow/id``): the selected
  /// item stays selected and the item at the top of the screen stays
  /// there, when rows are inserted or removed around them; when the
  /// selected item is removed, its nearest neighbour that is left is
  /// selected (the next one, else the one before). Rows without an id keep
  /// the selection at its index. A kept filter searches every row again.
  /// O(n) for n rows: to add or remove a few rows of a long list, use
  /// ``append(contentsOf:)``, ``insert(contentsOf:at:)`` or
  /// ``removeRows(in:)``, which cost what they change. Changing them in
  /// place (`rows[3].title = …`, `rows.append(…)`) is O(n) too, without a
  /// copy.
  ///
  /// For a list of a ``dataSource``, reading them builds every row, and
  /// setting them gives the list these rows in place of its source.
  public var rows: [ListRow] {
    get {
      guard let dataSource else { return ownRows }
      return (0..<count).map(dataSource.row(at:))
    }
    set {
      let old = rows
      dataSource = nil
      ownRows = newValue
      rowsDidChange(from: old)
    }
    _modify {
      if dataSource != nil {
        ownRows = rows
        dataSource = nil
      }
      let selected = marker(ofRow: selectedRowIndex)
      let top = marker(ofRow: rowIndex(atPosition: anchor))
      defer { rowsDidChange(selected: selected, top: top) }
      yield &ownRows
    }
  }

  /// How many rows there are, headers included.
  public var rowCount: Int { count }

  /// Row `index` (built by the ``dataSource``, for a list that has one).
  public func row(at index: Int) -> ListRow {
    dataSource?.row(at: index) ?? ownRows[index]
  }

  /// The index of the first row whose ``ListRow/id`` is `id`, or nil. O(n)
  /// for a list of its own rows; a data source's
  /// ``ListDataSource/index(ofRowID:)``.
  public func index(ofRowID id: AnyHashable) -> Int? {
    if let dataSource { return dataSource.index(ofRowID: id) }
    return ownRows.firstIndex { $0.id == id }
  }

  /// True when row `index` is a section header, as the list counted its
  /// rows (read from ``headers``, so that it holds while a change is under
  /// way). O(log h) for h headers; O(1) without any.
  func isHeader(row index: Int) -> Bool {
    !headers.isEmpty && headers.contains(sorted: index)
  }

  /// How the filter decides which rows show: ``ListMatcher/standard``
  /// unless the app brings its own. Setting it searches the rows again.
  public var matcher = ListMatcher.standard {
    didSet {
      filterResults.removeAll()
      let selected = selectedRowIndex
      findMatches()
      place(selectedRow: selected, topRow: nil, towardEnd: true)
      noteChange(selectionWas: selected)
    }
  }

  // MARK: The filter

  /// Text that narrows the list to the rows whose title, detail,
  /// ``ListRow/searchText`` or ``ListRow/searchKey`` contains it, ignoring
  /// case, accents and width (``SearchKey``); empty shows every row. A
  /// header shows while a row under it does. Moves, the selection and the
  /// scroll position then count only the rows shown. It holds at most
  /// ``maximumFilterLength`` characters: longer text is cut there.
  ///
  /// Each keystroke searches folded bytes, each distinct text once; a
  /// longer filter searches only the rows the shorter one left, and a
  /// shorter one (Backspace) takes back its kept result. Clearing it shows
  /// every row at once, without a search.
  public var filter = "" {
    didSet {
      if filter.utf8.count > Self.maximumFilterLength, filter.count > Self.maximumFilterLength {
        filter = String(filter.prefix(Self.maximumFilterLength))
      }
      if filter != oldValue { refilter() }
    }
  }
  /// The most characters ``filter`` holds: 256, longer than any title a
  /// row shows, so a filter cut there matches what the whole would.
  public static let maximumFilterLength = 256
  /// The rows that show (by index into ``rows``), or nil when there is no
  /// filter and every row shows.
  package internal(set) var matches: [Int]?
  /// The results of the filter being typed and of the filters it grew from
  /// (each containing the one before), widest first; the last is the
  /// filter's own. Only the last survives a change of the rows.
  var filterResults: [FilterResult] = []
  /// ``filter`` folded (``SearchFold``), as of the last search.
  var foldedFilter: [UInt8] = []
  /// The list's texts folded for the filter: made at the first filter,
  /// then kept in step with the rows.
  var searchIndex: ListSearchIndex?
  /// True to let a filter typed while the filter's index is still being
  /// made (a long list's first moments on screen) search the rows the
  /// index holds and show them at once, the rest following as the index
  /// grows (``continueFilter()``); false makes the whole index at the
  /// keystroke. The page sets it while it makes the index between keys.
  package var filtersWhileIndexing = false
  /// Set when rows changed under a filter whose result was still growing:
  /// the filter is searched again, whole, before the selection is placed.
  var refilterAfterChange = false

  // MARK: The selection

  /// How many rows that can be selected there are, and how many of them
  /// show (kept with ``rows`` and ``matches``).
  var itemCount = 0
  var shownItems = 0
  /// The selected row's place among the rows shown.
  var position = 0
  /// The selected row, as an index into ``rows`` (0 when no row shows;
  /// ``selectedRow`` is nil then).
  public var selectedIndex: Int { selectedRowIndex ?? 0 }
  /// The selected row, or nil when no row that can be selected shows.
  public var selectedRow: ListRow? { selectedRowIndex.map(row(at:)) }
  /// The selected row's index into ``rows``, nil when there is none.
  var selectedRowIndex: Int? {
    rowIndex(atPosition: position).flatMap { isHeader(row: $0) ? nil : $0 }
  }
  /// Whether a row opens a page or runs an action: the list's keys read it
  /// at every key and frame. For a data source, whether the selected row
  /// does.
  package var hasRowsThatOpen: Bool {
    dataSource == nil ? openingRows > 0 : selectedRow?.opens ?? false
  }
  /// How many rows show, headers included: all of them, or those the
  /// ``filter`` leaves.
  package var shownRowCount: Int { matches?.count ?? count }
  /// How many rows that can be selected (not headers) show, and how many
  /// there are in all: `3 of 40` under a filter (the field over a
  /// searchable list says so); 0 shown is the empty state.
  public var itemCounts: (shown: Int, total: Int) { (shownItems, itemCount) }
  /// The first row on screen (counted among the rows shown): the position
  /// the user's moves left, shifted as little as keeps the selection on
  /// screen at the present height.
  package var scrollOffset: Int { visibleOffset(from: anchor) }
  /// The first row as the user's moves left it. A resize never changes it,
  /// so a terminal made small and then large again shows the list as before.
  var anchor = 0
  /// Rows that fit on screen, as of the last layout.
  package private(set) var visibleRowCount = 1
  /// The indices into ``rows`` of the rows on screen as of the last layout,
  /// top to bottom, headers included (under a ``filter``, only the rows it
  /// shows), as UIKit's `indexPathsForVisibleRows`: what a page counts as
  /// seen. Empty before the first layout.
  ///
  /// Complexity: O(k) for k rows on screen.
  public var visibleRowIndices: [Int] {
    guard hasLayout else { return [] }
    let top = scrollOffset
    let end = max(top, min(shownRowCount, top + visibleRowCount))
    return (top..<end).compactMap(rowIndex(atPosition:))
  }
  /// False to draw the selected row like the others, while the keys act
  /// somewhere else (an accordion's headers).
  package var showsSelection = true
  var hasLayout = false
  /// Rows at the bottom of the list's rectangle that something covers (a
  /// translucent tab bar), as of the last layout.
  package private(set) var bottomInset = 0

  /// The selected row and the row at the top of the screen of a data
  /// source's list, as of the last change.
  var rememberedRows: (selected: RowMarker?, top: RowMarker?) = (nil, nil)

  /// Counts the changes of what the list shows (rows, filter, selection,
  /// scroll; not layout), for the page that shows it.
  package private(set) var changeCount = 0
  /// Counts the times another row became the selected one: a move, a
  /// click, the filter, the selected row removed. Rows inserted or removed
  /// around it leave it the same row.
  package private(set) var selectionChangeCount = 0

  /// Creates a list of `rows`.
  package init(rows: [ListRow]) {
    ownRows = rows
    count = rows.count
    recount()
    shownItems = itemCount
    clamp(towardEnd: true)
  }

  /// Creates a list whose rows `dataSource` builds when they are needed.
  package init(dataSource: any ListDataSource) {
    ownRows = []
    self.dataSource = dataSource
    count = dataSource.rowCount
    recount()
    shownItems = itemCount
    clamp(towardEnd: true)
    rememberRows()
  }

  /// Counts the headers and the rows that open, over every row.
  mutating func recount() {
    headers.removeAll()
    if let dataSource {
      for index in 0..<count where dataSource.isHeader(at: index) { headers.append(index) }
      openingRows = 0
    } else {
      ownRows.withUnsafeBufferPointer { rows in
        var opening = 0
        // Field by field: a copy of each row would retain all its fields.
        for index in rows.indices {
          if rows[index].isHeader { headers.append(index) }
          if rows[index].destination != nil || rows[index].perform != nil { opening += 1 }
        }
        openingRows = opening
      }
    }
    itemCount = count - headers.count
  }

  /// Lays the list out for a height of `rows`, keeping the selection visible.
  /// The bottom `bottomInset` rows are covered (a translucent tab bar):
  /// rows are drawn there, but scrolling keeps the selection and the last row
  /// above them.
  package mutating func layout(height: Int, bottomInset: Int = 0) {
    let inset = min(max(0, bottomInset), max(0, height - 1))
    self.bottomInset = inset
    visibleRowCount = max(1, height - inset)
    hasLayout = true
  }

  /// Selects row `index` of ``rows`` (clamped; with a filter, the nearest
  /// row shown at or after it; for a header, the row after it) and scrolls
  /// it into view.
  public mutating func select(_ index: Int) {
    let before = selectedRowIndex
    if let matches {
      position = matches.firstIndex { $0 >= index } ?? matches.count - 1
    } else {
      position = index
    }
    clamp(towardEnd: true)
    noteChange(selectionWas: before)
  }

  /// Puts back a selection and scroll position saved earlier (both clamped).
  package mutating func restore(selectedIndex: Int, scrollOffset: Int) {
    anchor = max(0, scrollOffset)
    select(selectedIndex)
  }

  /// Scrolls by `delta` rows without moving past the ends (the mouse wheel).
  package mutating func scroll(by delta: Int) {
    let before = selectedRowIndex
    let maxOffset = max(0, shownRowCount - visibleRowCount)
    anchor = min(max(0, scrollOffset + delta), maxOffset)
    position = min(max(position, anchor), anchor + visibleRowCount - 1)
    clamp(towardEnd: delta > 0)
    noteChange(selectionWas: before)
  }

  /// Moves the selection for a movement action; false for other actions or
  /// when nothing moved.
  package mutating func handle(_ action: Action) -> Bool {
    let before = (position, scrollOffset)
    let selected = selectedRowIndex
    switch action {
    case .moveUp: move(to: position - 1, towardEnd: false)
    case .moveDown: move(to: position + 1, towardEnd: true)
    case .pageUp: move(to: position - visibleRowCount, towardEnd: false)
    case .pageDown: move(to: position + visibleRowCount, towardEnd: true)
    case .moveToTop:
      move(to: 0, towardEnd: true)
      // The headers above the first row come into view too.
      anchor = 0
      clamp(towardEnd: true)
    case .moveToBottom: move(to: shownRowCount - 1, towardEnd: false)
    default: return false
    }
    guard before != (position, scrollOffset) else { return false }
    noteChange(selectionWas: selected)
    return true
  }

  /// Notes that what the list shows changed, and whether another row is
  /// selected than `selected` (the selected row before the change, as an
  /// index into the rows after it).
  mutating func noteChange(selectionWas selected: Int?) {
    changeCount &+= 1
    if selectedRowIndex != selected { selectionChangeCount &+= 1 }
    if dataSource != nil { rememberRows() }
  }

  /// Notes which rows are selected and at the top of the screen, while the
  /// data source still holds them: when it is reloaded, its data has
  /// already changed (``reloadData()``).
  mutating func rememberRows() {
    rememberedRows = (marker(ofRow: selectedRowIndex), marker(ofRow: rowIndex(atPosition: anchor)))
  }

  /// Selects the row at `newPosition`, or the nearest one that is not a
  /// header (in the direction of the move first).
  private mutating func move(to newPosition: Int, towardEnd: Bool) {
    position = newPosition
    clamp(towardEnd: towardEnd)
  }

  /// The index into ``rows`` of the row shown at `position`, if any.
  func rowIndex(atPosition position: Int) -> Int? {
    guard position >= 0, position < shownRowCount else { return nil }
    return matches?[position] ?? position
  }

  /// True when the row shown at `position` is a header.
  private func isHeader(atPosition position: Int) -> Bool {
    rowIndex(atPosition: position).map(isHeader(row:)) ?? false
  }

  /// Where row `index` of ``rows`` is among the rows shown; nil when the
  /// filter hides it. O(log n).
  func shownPosition(ofRow index: Int) -> Int? {
    guard let matches else { return index >= 0 && index < count ? index : nil }
    let low = matches.lowerBound(of: index)
    return low < matches.count && matches[low] == index ? low : nil
  }

  /// Where row `index` is among the rows shown, or where it would be: the
  /// first row shown at or after it.
  func shownPlace(ofRow index: Int) -> Int {
    guard let matches else { return index }
    return matches.lowerBound(of: index)
  }

  /// Keeps the selection inside the rows shown and off the headers (the
  /// nearest row toward the end first when `towardEnd`, else toward the
  /// start), and makes the position on screen the one the user's move left.
  mutating func clamp(towardEnd: Bool) {
    position = min(max(0, position), max(0, shownRowCount - 1))
    if isHeader(atPosition: position) {
      let step = towardEnd ? 1 : -1
      if let found = selectable(from: position, step: step)
        ?? selectable(from: position, step: -step)
      {
        position = found
      }
    }
    anchor = visibleOffset(from: anchor)
  }

  /// The first position from `start` on, by `step`, that is not a header.
  private func selectable(from start: Int, step: Int) -> Int? {
    var position = start
    while position >= 0, position < shownRowCount {
      if !isHeader(atPosition: position) { return position }
      position += step
    }
    return nil
  }

  /// `offset` moved as little as shows the selected row (and the header
  /// just above it, when there is room) and no blank rows after the last one.
  private func visibleOffset(from offset: Int) -> Int {
    // Before the first layout the height is unknown: keep the offset as given.
    guard hasLayout else { return offset }
    var offset = offset
    let top = visibleRowCount > 1 && isHeader(atPosition: position - 1) ? position - 1 : position
    if top < offset { offset = top }
    if position >= offset + visibleRowCount { offset = position - visibleRowCount + 1 }
    return max(0, min(offset, shownRowCount - visibleRowCount))
  }

  /// The row index (into ``rows``) under screen row `y` when the list
  /// occupies `rect`; a header's too (``ListRow/isHeader``).
  package func rowIndex(at y: Int, in rect: Rect) -> Int? {
    // Bounds first: a click's row can be anything (Int.max), and the
    // arithmetic below must not overflow.
    guard y >= rect.minY, y < rect.maxY else { return nil }
    return rowIndex(atPosition: scrollOffset + (y - rect.minY))
  }
}

extension Array where Element == Int {
  /// The first index whose element is `value` or more, in a sorted array.
  /// O(log n).
  func lowerBound(of value: Int) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if self[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// True when the sorted array holds `value`. O(log n).
  func contains(sorted value: Int) -> Bool {
    let index = lowerBound(of: value)
    return index < count && self[index] == value
  }
}
