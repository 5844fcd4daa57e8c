/// A scrolling list with one selected row: the state and drawing of a list
/// page. Up/Down move by one, PageUp/PageDown by a screen, Home/End to the
/// ends; the list scrolls so the selection is always visible.
public struct ListView {
  /// The rows.
  public var rows: [ListRow] {
    didSet { refilter() }
  }
  /// Text that narrows the list to the rows whose title contains it,
  /// ignoring case (CJK too); empty shows every row. Moves, the selection and
  /// the scroll position then count only the rows shown. It holds at most
  /// ``maximumFilterLength`` characters: longer text is cut there.
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
  /// The rows that match ``filter`` (by index into ``rows``), or nil when
  /// there is no filter and every row shows.
  private var matches: [Int]?
  /// The selected row's place among the rows shown.
  private var position = 0
  /// The selected row, as an index into ``rows`` (0 when no row shows;
  /// ``selectedRow`` is nil then).
  public var selectedIndex: Int { rowIndex(atPosition: position) ?? 0 }
  /// The selected row, or nil when no row shows.
  public var selectedRow: ListRow? { rowIndex(atPosition: position).map { rows[$0] } }
  /// How many rows show: all of them, or those that match ``filter``.
  public var shownRowCount: Int { matches?.count ?? rows.count }
  /// The first row on screen (counted among the rows shown): the position
  /// the user's moves left, shifted as little as keeps the selection on
  /// screen at the present height.
  public var scrollOffset: Int { visibleOffset(from: anchor) }
  /// The first row as the user's moves left it. A resize never changes it,
  /// so a terminal made small and then large again shows the list as before.
  private var anchor = 0
  /// Rows that fit on screen, as of the last layout.
  public private(set) var visibleRowCount = 1
  /// False to draw the selected row like the others, while the keys act
  /// somewhere else (an accordion's headers).
  public var showsSelection = true
  private var hasLayout = false
  /// Rows at the bottom of the list's rectangle that something covers (a
  /// translucent tab bar), as of the last layout.
  public private(set) var bottomInset = 0

  /// Creates a list.
  public init(rows: [ListRow]) {
    self.rows = rows
  }

  /// Lays the list out for a height of `rows`, keeping the selection visible.
  /// The bottom `bottomInset` rows are covered (a translucent tab bar):
  /// rows are drawn there, but scrolling keeps the selection and the last row
  /// above them.
  public mutating func layout(height: Int, bottomInset: Int = 0) {
    let inset = min(max(0, bottomInset), max(0, height - 1))
    self.bottomInset = inset
    visibleRowCount = max(1, height - inset)
    hasLayout = true
  }

  /// Selects row `index` of ``rows`` (clamped; with a filter, the nearest
  /// row shown at or after it) and scrolls it into view.
  public mutating func select(_ index: Int) {
    if let matches {
      position = matches.firstIndex { $0 >= index } ?? matches.count - 1
    } else {
      position = index
    }
    clamp()
  }

  /// Puts back a selection and scroll position saved earlier (both clamped).
  public mutating func restore(selectedIndex: Int, scrollOffset: Int) {
    anchor = max(0, scrollOffset)
    select(selectedIndex)
  }

  /// Scrolls by `delta` rows without moving past the ends (the mouse wheel).
  public mutating func scroll(by delta: Int) {
    let maxOffset = max(0, shownRowCount - visibleRowCount)
    anchor = min(max(0, scrollOffset + delta), maxOffset)
    position = min(max(position, anchor), anchor + visibleRowCount - 1)
    clamp()
  }

  /// Moves the selection for a movement action; false for other actions or
  /// when nothing moved.
  public mutating func handle(_ action: Action) -> Bool {
    let before = (position, scrollOffset)
    switch action {
    case .moveUp: move(to: position - 1)
    case .moveDown: move(to: position + 1)
    case .pageUp: move(to: position - visibleRowCount)
    case .pageDown: move(to: position + visibleRowCount)
    case .moveToTop: move(to: 0)
    case .moveToBottom: move(to: shownRowCount - 1)
    default: return false
    }
    return before != (position, scrollOffset)
  }

  private mutating func move(to newPosition: Int) {
    position = newPosition
    clamp()
  }

  /// The index into ``rows`` of the row shown at `position`, if any.
  private func rowIndex(atPosition position: Int) -> Int? {
    guard position >= 0, position < shownRowCount else { return nil }
    return matches?[position] ?? position
  }

  /// Finds the rows that match the filter again; the selection goes to the
  /// first match, or stays where it was when the filter is cleared.
  private mutating func refilter() {
    let selected = rowIndex(atPosition: position)
    if filter.isEmpty {
      matches = nil
      position = selected ?? 0
    } else {
      let needle = Array(filter.lowercased())
      matches = rows.indices.filter { Self.matchStart(of: needle, in: rows[$0].title) != nil }
      position = 0
      anchor = 0
    }
    clamp()
  }

  /// Keeps the selection inside the rows shown, and makes the position on
  /// screen the one the user's move left.
  private mutating func clamp() {
    position = min(max(0, position), max(0, shownRowCount - 1))
    anchor = visibleOffset(from: anchor)
  }

  /// `offset` moved as little as shows the selected row and no blank rows
  /// after the last one.
  private func visibleOffset(from offset: Int) -> Int {
    // Before the first layout the height is unknown: keep the offset as given.
    guard hasLayout else { return offset }
    var offset = offset
    if position < offset { offset = position }
    if position >= offset + visibleRowCount { offset = position - visibleRowCount + 1 }
    return max(0, min(offset, shownRowCount - visibleRowCount))
  }

  /// The row index (into ``rows``) under screen row `y` when the list
  /// occupies `rect`.
  public func rowIndex(at y: Int, in rect: Rect) -> Int? {
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

  /// Draws the visible rows into `rect`; call ``layout(height:bottomInset:)`` first.
  public func render(in rect: Rect, theme: Theme, into buffer: inout ScreenBuffer) {
    guard !rect.isEmpty else { return }
    let end = min(shownRowCount, scrollOffset + rect.height)
    let needle = Array(filter.lowercased())
    for (line, shown) in (scrollOffset..<max(scrollOffset, end)).enumerated() {
      guard let index = rowIndex(atPosition: shown) else { break }
      let frame = Rect(x: rect.minX, y: rect.minY + line, width: rect.width, height: 1)
      let selected = showsSelection && shown == position
      renderRow(
        rows[index], selected: selected, match: needle, in: frame, theme: theme, into: &buffer)
    }
    // The scroll bar stays in the uncovered part, where it can be seen.
    let (_, uncovered) = rect.dividedAtBottom(min(bottomInset, rect.height))
    renderScrollIndicator(in: uncovered, theme: theme, into: &buffer)
  }

  private func renderRow(
    _ row: ListRow, selected: Bool, match needle: [Character], in frame: Rect, theme: Theme,
    into buffer: inout ScreenBuffer
  ) {
    let base = selected ? theme.selectedRow : theme.row
    buffer.fill(frame, with: Cell(" ", style: base))
    // " title ……… detail › " with one column of margin on each side.
    let hasChevron = row.destination != nil
    let right = frame.maxX - 2
    var titleLimit = right - (hasChevron ? 2 : 0)
    if hasChevron, right - 1 > frame.minX {
      buffer.set(Cell("›", style: base), x: right - 1, y: frame.minY)
    }
    let titleWidth = TextWidth.width(of: row.title)
    let detailRoom = titleLimit - (frame.minX + 1) - titleWidth - 2
    if !row.detail.isEmpty, detailRoom >= 4 {
      let detail = TextWidth.truncate(row.detail, toWidth: detailRoom)
      let x = titleLimit - TextWidth.width(of: detail)
      let style = selected ? base : theme.rowDetail
      buffer.write(detail, at: Point(x: x, y: frame.minY), style: style, maxX: titleLimit)
      titleLimit = x - 2
    }
    let title = TextWidth.truncate(row.title, toWidth: titleLimit - (frame.minX + 1))
    buffer.write(title, at: Point(x: frame.minX + 1, y: frame.minY), style: base, maxX: titleLimit)
    // The filter's match in the title, in the match style, as far as it
    // shows (never over the `…` of a cut title).
    if let match = Self.matchStart(of: needle, in: row.title) {
      let characters = Array(row.title)
      let x = frame.minX + 1 + TextWidth.width(of: String(characters[..<match.lowerBound]))
      let shownEnd = frame.minX + 1 + TextWidth.width(of: title) - (title == row.title ? 0 : 1)
      buffer.write(
        String(characters[match]), at: Point(x: x, y: frame.minY),
        style: Self.highlight(on: base, theme: theme), maxX: min(shownEnd, titleLimit))
    }
  }

  /// The style of a match inside a row drawn in `base`: the theme's match
  /// style, or `base` underlined on a row that has its own background (the
  /// selected row), where a second background would hide the selection.
  private static func highlight(on base: Style, theme: Theme) -> Style {
    base.background != .default || base.attributes.contains(.reverse)
      ? base.adding(.underline) : theme.match
  }

  /// A thin scroll bar in the last column when the rows do not all fit.
  private func renderScrollIndicator(in rect: Rect, theme: Theme, into buffer: inout ScreenBuffer) {
    ScrollBar.render(
      contentLength: shownRowCount, offset: scrollOffset, in: rect, theme: theme, into: &buffer)
  }
}
