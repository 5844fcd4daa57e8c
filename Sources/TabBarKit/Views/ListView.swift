/// A scrolling list with one selected row: the state and drawing of a list
/// page. Up/Down move by one, PageUp/PageDown by a screen, Home/End to the
/// ends; the list scrolls so the selection is always visible. Section
/// headers (``ListRow/header(_:id:)``) are drawn but never selected: every
/// move steps over them.
///
/// Rows can have an identity (``ListRow/id``), as the items of UIKit's
/// diffable data source do: give the list a new set of rows and the
/// selection and the first row on screen stay on the same items, wherever
/// the update put them. When the selected item is gone, the nearest row
/// that is still there is selected. A row without an id is known by its
/// place: the selection on it stays at the same index.
public struct ListView {
  /// The rows, headers included. Setting them is an update by identity
  /// (``ListRow/id``): the selected item stays selected and the item at the
  /// top of the screen stays there, when rows are inserted or removed
  /// around them; when the selected item is removed, its nearest neighbour
  /// that is left is selected (the next one, else the one before). Rows
  /// without an id keep the selection at its index. O(n) for n rows, O(1)
  /// when the selected and top items keep their places (rows appended).
  public var rows: [ListRow] {
    didSet { rowsDidChange(from: oldValue) }
  }
  /// Text that narrows the list to the rows whose title or
  /// ``ListRow/searchText`` contains it, ignoring case (CJK too); empty shows
  /// every row. A header shows while a row under it does. Moves, the
  /// selection and the scroll position then count only the rows shown. It
  /// holds at most ``maximumFilterLength`` characters: longer text is cut
  /// there.
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
  private(set) var matches: [Int]?
  /// How many rows that can be selected there are, and how many of them
  /// show (kept with ``rows`` and ``matches``).
  private var itemCount = 0
  /// Whether a row opens a page or runs an action, counted when the rows
  /// change: the list's keys read it at every key and frame.
  package private(set) var hasRowsThatOpen = false
  private var shownItems = 0
  /// The selected row's place among the rows shown.
  private var position = 0
  /// The selected row, as an index into ``rows`` (0 when no row shows;
  /// ``selectedRow`` is nil then).
  public var selectedIndex: Int { selectedRowIndex ?? 0 }
  /// The selected row, or nil when no row that can be selected shows.
  public var selectedRow: ListRow? { selectedRowIndex.map { rows[$0] } }
  /// The selected row's index into ``rows``, nil when there is none.
  private var selectedRowIndex: Int? {
    rowIndex(atPosition: position).flatMap { rows[$0].isHeader ? nil : $0 }
  }
  /// How many rows show, headers included: all of them, or those the
  /// ``filter`` leaves.
  package var shownRowCount: Int { matches?.count ?? rows.count }
  /// How many rows that can be selected (not headers) show, and how many
  /// there are in all: `3 of 40` under a filter; 0 shown is the empty state.
  package var itemCounts: (shown: Int, total: Int) { (shownItems, itemCount) }
  /// The first row on screen (counted among the rows shown): the position
  /// the user's moves left, shifted as little as keeps the selection on
  /// screen at the present height.
  package var scrollOffset: Int { visibleOffset(from: anchor) }
  /// The first row as the user's moves left it. A resize never changes it,
  /// so a terminal made small and then large again shows the list as before.
  private var anchor = 0
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
  private var hasLayout = false
  /// Rows at the bottom of the list's rectangle that something covers (a
  /// translucent tab bar), as of the last layout.
  package private(set) var bottomInset = 0

  /// Creates a list.
  package init(rows: [ListRow]) {
    self.rows = rows
    itemCount = rows.count(where: { !$0.isHeader })
    hasRowsThatOpen = rows.contains(where: \.opens)
    shownItems = itemCount
    clamp(towardEnd: true)
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
    if let matches {
      position = matches.firstIndex { $0 >= index } ?? matches.count - 1
    } else {
      position = index
    }
    clamp(towardEnd: true)
  }

  /// Puts back a selection and scroll position saved earlier (both clamped).
  package mutating func restore(selectedIndex: Int, scrollOffset: Int) {
    anchor = max(0, scrollOffset)
    select(selectedIndex)
  }

  /// Scrolls by `delta` rows without moving past the ends (the mouse wheel).
  package mutating func scroll(by delta: Int) {
    let maxOffset = max(0, shownRowCount - visibleRowCount)
    anchor = min(max(0, scrollOffset + delta), maxOffset)
    position = min(max(position, anchor), anchor + visibleRowCount - 1)
    clamp(towardEnd: delta > 0)
  }

  /// Moves the selection for a movement action; false for other actions or
  /// when nothing moved.
  package mutating func handle(_ action: Action) -> Bool {
    let before = (position, scrollOffset)
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
    return before != (position, scrollOffset)
  }

  /// Selects the row at `newPosition`, or the nearest one that is not a
  /// header (in the direction of the move first).
  private mutating func move(to newPosition: Int, towardEnd: Bool) {
    position = newPosition
    clamp(towardEnd: towardEnd)
  }

  /// The index into ``rows`` of the row shown at `position`, if any.
  private func rowIndex(atPosition position: Int) -> Int? {
    guard position >= 0, position < shownRowCount else { return nil }
    return matches?[position] ?? position
  }

  /// True when the row shown at `position` is a header.
  private func isHeader(atPosition position: Int) -> Bool {
    rowIndex(atPosition: position).map { rows[$0].isHeader } ?? false
  }

  // MARK: Updates

  /// Keeps the selection and the top of the screen on their items after
  /// ``rows`` changed from `old`.
  private mutating func rowsDidChange(from old: [ListRow]) {
    let oldMatches = matches
    func oldIndex(atPosition position: Int) -> Int? {
      guard position >= 0, position < (oldMatches?.count ?? old.count) else { return nil }
      return oldMatches?[position] ?? position
    }
    let selected = oldIndex(atPosition: position).flatMap { old[$0].isHeader ? nil : $0 }
    let top = oldIndex(atPosition: anchor)
    itemCount = rows.count(where: { !$0.isHeader })
    hasRowsThatOpen = rows.contains(where: \.opens)
    filterResults.removeAll()
    findMatches()

    var indexByID: [AnyHashable: Int]?
    /// Where the row of `id` is now; `guess` is where it was, checked first
    /// so that an append costs no lookup table.
    func newIndex(of id: AnyHashable?, guess: Int) -> Int? {
      guard let id else { return nil }
      if guess < rows.count, rows[guess].identity == id { return guess }
      if indexByID == nil {
        indexByID = Dictionary(
          rows.indices.compactMap { index in rows[index].identity.map { ($0, index) } },
          uniquingKeysWith: { first, _ in first })
      }
      return indexByID?[id]
    }
    /// The shown position of the row of `old[index]`, if it is still there.
    func survivor(_ index: Int) -> Int? {
      guard !old[index].isHeader,
        let now = newIndex(of: old[index].identity, guess: index), !rows[now].isHeader
      else { return nil }
      return shownPosition(ofRow: now)
    }
    // A row known by its place keeps the selection there.
    if let selected, old[selected].identity != nil {
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
  }

  /// Where row `index` of ``rows`` is among the rows shown; nil when the
  /// filter hides it. O(log n).
  private func shownPosition(ofRow index: Int) -> Int? {
    guard let matches else { return index }
    var low = 0
    var high = matches.count
    while low < high {
      let middle = (low + high) / 2
      if matches[middle] < index { low = middle + 1 } else { high = middle }
    }
    return low < matches.count && matches[low] == index ? low : nil
  }

  /// Finds the rows that match the filter again; the selection goes to the
  /// first match, or stays where it was when the filter is cleared.
  private mutating func refilter() {
    let selected = selectedRowIndex
    findMatches()
    if filter.isEmpty {
      position = selected ?? 0
    } else {
      position = 0
      anchor = 0
    }
    clamp(towardEnd: true)
  }

  /// Sets ``matches`` for the rows and the filter: the rows whose title or
  /// search text contains it, each after its section's header.
  ///
  /// Incremental: a filter that contains an earlier one (typing on) looks
  /// only at that one's matches, and a filter met before (Backspace) takes
  /// its kept result. The results are the same as a search of every row's.
  private mutating func findMatches() {
    guard !filter.isEmpty else {
      matches = nil
      shownItems = itemCount
      filterResults.removeAll()
      return
    }
    let needle = Array(filter.lowercased())
    // Drop the kept results the new filter does not contain: a row it
    // matches may be missing from them.
    while let last = filterResults.last, !Self.contains(needle, last.needle) {
      filterResults.removeLast()
    }
    if let last = filterResults.last, last.needle == needle {
      matches = last.matches
      shownItems = last.items
      return
    }
    let (shown, count) = Self.search(
      needle, in: rows, among: filterResults.last?.matches, keeping: filterResults.last?.items)
    matches = shown
    shownItems = count
    filterResults.append(FilterResult(needle: needle, matches: shown, items: count))
    // Bounded memory: the kept results together hold at most about three
    // lists' worth of indices; the widest go first.
    var kept = filterResults.reduce(0) { $0 + $1.matches.count }
    while filterResults.count > 1, kept > 3 * rows.count + 64 {
      kept -= filterResults.removeFirst().matches.count
    }
  }

  /// A filter's result, kept for the filters typed after it and for
  /// Backspace: the filter's characters, lowercased, and what it showed.
  private struct FilterResult {
    var needle: [Character]
    var matches: [Int]
    var items: Int
  }

  /// The results of the filter being typed and of the filters it grew from
  /// (each containing the one before), widest first. Emptied when the rows
  /// change or the filter is cleared.
  private var filterResults: [FilterResult] = []

  /// True when `part` occurs in `whole` (both lowercased characters).
  private static func contains(_ whole: [Character], _ part: [Character]) -> Bool {
    guard part.count <= whole.count else { return false }
    if part.isEmpty { return true }
    for start in 0...(whole.count - part.count)
    where whole[start..<start + part.count].elementsEqual(part) {
      return true
    }
    return false
  }

  /// The rows of `rows` whose title or search text contains `needle` (each
  /// after its section's header), and how many there are not counting the
  /// headers. With `candidates` (the matches of a filter that `needle`
  /// contains) only those rows are looked at; when every one of them
  /// matches, the same array is returned (nothing copied).
  static func search(
    _ needle: [Character], in rows: [ListRow], among candidates: [Int]? = nil,
    keeping candidateItems: Int? = nil
  ) -> (matches: [Int], items: Int) {
    let kind = NeedleKind(needle)
    func contains(_ text: String) -> Bool {
      kind.quickMatch(in: text) ?? (Self.matchStart(of: needle, in: text) != nil)
    }
    // Through a buffer, field by field: copying each ListRow out of the
    // array (its strings, closures and id) cost more than the search.
    return rows.withUnsafeBufferPointer { rows in
      var shown: [Int] = []
      var pendingHeader: Int?
      var count = 0
      // Rows often share one search text (every row that opens the same
      // story): the answer for the last one is kept, and a text equal to
      // it (the same storage compares at once) is not searched again.
      var lastText = ""
      var lastTextMatches = false
      func searchTextMatches(_ text: String) -> Bool {
        if text.isEmpty { return false }
        if text == lastText { return lastTextMatches }
        lastText = text
        lastTextMatches = contains(text)
        return lastTextMatches
      }
      func visit(_ index: Int) {
        if rows[index].isHeader {
          pendingHeader = index
          return
        }
        guard contains(rows[index].title) || searchTextMatches(rows[index].searchText)
        else { return }
        if let header = pendingHeader { shown.append(header) }
        pendingHeader = nil
        shown.append(index)
        count += 1
      }
      if let candidates {
        for index in candidates { visit(index) }
        if count == candidateItems { return (candidates, count) }
      } else {
        for index in rows.indices { visit(index) }
      }
      return (shown, count)
    }
  }

  /// What a filter is made of, for the quick answer over ASCII text.
  private enum NeedleKind {
    /// Printable ASCII only (space to `~`): its bytes.
    case printable([UInt8])
    /// At least one character outside ASCII (CJK, an accent).
    case beyondASCII
    /// ASCII with a control character: compared character by character.
    case other

    init(_ needle: [Character]) {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(needle.count)
      for character in needle {
        guard let value = character.asciiValue else {
          self = .beyondASCII
          return
        }
        bytes.append(value)
      }
      self = bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? .printable(bytes) : .other
    }

    /// Whether `text` contains the needle, ignoring case, when `text` is
    /// all ASCII; nil when it is not (or for ``other``), where the
    /// characters must be compared (``ListView/matchStart(of:in:)``). In
    /// ASCII text each printable byte is a character of its own, and no
    /// character outside ASCII lowercases to ASCII characters, so comparing
    /// bytes gives the same answer without building a character.
    func quickMatch(in text: String) -> Bool? {
      if case .other = self { return nil }
      // A native string's bytes are read in place: no copy of the string
      // (a retain and a release for each row searched).
      if let answer = text.utf8.withContiguousStorageIfAvailable({ quickMatch(inBytes: $0) }) {
        return answer
      }
      var text = text
      return text.withUTF8 { quickMatch(inBytes: $0) }
    }

    /// ``quickMatch(in:)`` over the text's UTF-8 bytes.
    private func quickMatch(inBytes bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
      guard case .printable(let needle) = self, !needle.isEmpty else {
        // Beyond ASCII, or empty: no match in ASCII text.
        for byte in bytes where byte >= 0x80 { return nil }
        return false
      }
      // One pass: the answer holds only for ASCII text, so every byte
      // is checked, after the match too.
      var found = false
      let first = needle[0]
      let last = bytes.count - needle.count
      for start in bytes.indices {
        var value = bytes[start]
        if value >= 0x80 { return nil }
        guard !found, start <= last else { continue }
        if value >= 0x41, value <= 0x5A { value |= 0x20 }
        guard value == first else { continue }
        var offset = 1
        while offset < needle.count {
          var value = bytes[start + offset]
          if value >= 0x41, value <= 0x5A { value |= 0x20 }
          if value != needle[offset] { break }
          offset += 1
        }
        found = offset == needle.count
      }
      return found
    }
  }

  /// Keeps the selection inside the rows shown and off the headers (the
  /// nearest row toward the end first when `towardEnd`, else toward the
  /// start), and makes the position on screen the one the user's move left.
  private mutating func clamp(towardEnd: Bool) {
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

  /// Where `needle` (lowercased characters) first occurs in `title`,
  /// ignoring case, as a range of characters; nil when it does not.
  static func matchStart(of needle: [Character], in title: String) -> Range<Int>? {
    guard !needle.isEmpty else { return nil }
    let haystack = title.map { Character($0.lowercased()) }
    guard haystack.count >= needle.count else { return nil }
    for start in 0...(haystack.count - needle.count)
    where haystack[start..<start + needle.count].elementsEqual(needle) {
      return start..<start + needle.count
    }
    return nil
  }

  // MARK: Drawing

  /// Draws the visible rows into `rect`; call ``layout(height:bottomInset:)`` first.
  package func render(in rect: Rect, theme: Theme, into buffer: inout ScreenBuffer) {
    guard !rect.isEmpty else { return }
    let end = min(shownRowCount, scrollOffset + rect.height)
    let needle = Array(filter.lowercased())
    for (line, shown) in (scrollOffset..<max(scrollOffset, end)).enumerated() {
      guard let index = rowIndex(atPosition: shown) else { break }
      let frame = Rect(x: rect.minX, y: rect.minY + line, width: rect.width, height: 1)
      if rows[index].isHeader {
        renderHeader(rows[index], in: frame, theme: theme, into: &buffer)
        continue
      }
      let selected = showsSelection && shown == position
      renderRow(
        rows[index], selected: selected, match: needle, in: frame, theme: theme, into: &buffer)
    }
    // The scroll bar stays in the uncovered part, where it can be seen.
    let (_, uncovered) = rect.dividedAtBottom(min(bottomInset, rect.height))
    renderScrollIndicator(in: uncovered, theme: theme, into: &buffer)
  }

  /// A section header: its title in the heading style, cut to fit.
  private func renderHeader(
    _ row: ListRow, in frame: Rect, theme: Theme, into buffer: inout ScreenBuffer
  ) {
    buffer.fill(frame, with: Cell(" ", style: theme[.row]))
    let limit = frame.maxX - 1
    let title = TextWidth.truncate(row.title, toWidth: limit - (frame.minX + 1))
    buffer.write(
      title, at: Point(x: frame.minX + 1, y: frame.minY), style: theme[.heading], maxX: limit)
  }

  private func renderRow(
    _ row: ListRow, selected: Bool, match needle: [Character], in frame: Rect, theme: Theme,
    into buffer: inout ScreenBuffer
  ) {
    let base = selected ? theme[.selectedRow] : theme[.row]
    buffer.fill(frame, with: Cell(" ", style: base))
    // " title ……… detail badge › " with one column of margin on each side.
    let hasChevron = row.destination != nil
    let right = frame.maxX - 2
    var titleLimit = right - (hasChevron ? 2 : 0)
    if hasChevron, right - 1 > frame.minX {
      buffer.set(Cell("›", style: base), x: right - 1, y: frame.minY)
    }
    titleLimit = renderBadge(
      row.badge, selected: selected, endingAt: titleLimit, from: frame.minX + 1, y: frame.minY,
      theme: theme, into: &buffer)
    let titleWidth = TextWidth.width(of: row.title)
    let detailRoom = titleLimit - (frame.minX + 1) - titleWidth - 2
    if !row.detail.isEmpty, detailRoom >= 4 {
      let detail = TextWidth.truncate(row.detail, toWidth: detailRoom)
      let x = titleLimit - TextWidth.width(of: detail)
      let style = selected ? base : theme[.rowDetail]
      buffer.write(detail, at: Point(x: x, y: frame.minY), style: style, maxX: titleLimit)
      titleLimit = x - 2
    }
    let titleStyle = Self.titleStyle(row.emphasis, on: base, selected: selected, theme: theme)
    let title = TextWidth.truncate(row.title, toWidth: titleLimit - (frame.minX + 1))
    buffer.write(
      title, at: Point(x: frame.minX + 1, y: frame.minY), style: titleStyle, maxX: titleLimit)
    // The filter's match in the title, in the match style, as far as it
    // shows (never over the `…` of a cut title).
    if let match = Self.matchStart(of: needle, in: row.title) {
      let characters = Array(row.title)
      let x = frame.minX + 1 + TextWidth.width(of: String(characters[..<match.lowerBound]))
      let shownEnd = frame.minX + 1 + TextWidth.width(of: title) - (title == row.title ? 0 : 1)
      buffer.write(
        String(characters[match]), at: Point(x: x, y: frame.minY),
        style: Self.highlight(on: titleStyle, theme: theme), maxX: min(shownEnd, titleLimit))
    }
  }

  /// Draws `badge` so that it ends at column `end` (exclusive), when it
  /// leaves the title at least a few columns after `start`; returns where
  /// the text before it must end.
  private func renderBadge(
    _ badge: Badge, selected: Bool, endingAt end: Int, from start: Int, y: Int, theme: Theme,
    into buffer: inout ScreenBuffer
  ) -> Int {
    guard let label = badge.label else { return end }
    // A count or a word sits in a coloured box (" 3 "); a dot alone.
    let text = badge == .dot ? label : " \(TextWidth.truncate(label, toWidth: 8)) "
    let width = TextWidth.width(of: text)
    guard end - width - 2 >= start + 4 else { return end }
    let style =
      selected ? theme[.badgeOnSelected] : badge == .dot ? theme[.badgeDot] : theme[.badge]
    buffer.write(text, at: Point(x: end - width, y: y), style: style, maxX: end)
    return end - width - 1
  }

  /// The title's style for `emphasis` on a row drawn in `base`: the
  /// selected row keeps its colours (bold shows; dim and accent would hide
  /// the selection).
  private static func titleStyle(
    _ emphasis: ListRow.Emphasis, on base: Style, selected: Bool, theme: Theme
  ) -> Style {
    var style = base
    if emphasis.contains(.bold) { style = style.adding(.bold) }
    guard !selected else { return style }
    if emphasis.contains(.dim) { style = style.adding(.dim) }
    if emphasis.contains(.accent) {
      style.foreground = theme[.accent].foreground
      style = style.adding(theme[.accent].attributes)
    }
    return style
  }

  /// The style of a match inside a row drawn in `base`: the theme's match
  /// style, or `base` underlined on a row that has its own background (the
  /// selected row), where a second background would hide the selection.
  private static func highlight(on base: Style, theme: Theme) -> Style {
    base.background != .default || base.attributes.contains(.reverse)
      ? base.adding(.underline) : theme[.match]
  }

  /// A thin scroll bar in the last column when the rows do not all fit.
  private func renderScrollIndicator(in rect: Rect, theme: Theme, into buffer: inout ScreenBuffer) {
    ScrollBar.render(
      contentLength: shownRowCount, offset: scrollOffset, in: rect, theme: theme, into: &buffer)
  }
}
