/// A scrolling list with one selected row: the state and drawing of a list
/// page. Up/Down move by one, PageUp/PageDown by a screen, Home/End to the
/// ends; the list scrolls so the selection is always visible.
public struct ListView {
  /// The rows.
  public var rows: [ListRow] {
    didSet { clamp() }
  }
  /// The selected row (0 when the list is empty).
  public private(set) var selectedIndex = 0
  /// The first row on screen: the position the user's moves left, shifted
  /// as little as keeps the selection on screen at the present height.
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
  /// The bottom `bottomInset` rows are covered (a translucent tab bar, T13):
  /// rows are drawn there, but scrolling keeps the selection and the last row
  /// above them.
  public mutating func layout(height: Int, bottomInset: Int = 0) {
    let inset = min(max(0, bottomInset), max(0, height - 1))
    self.bottomInset = inset
    visibleRowCount = max(1, height - inset)
    hasLayout = true
  }

  /// Selects row `index` (clamped) and scrolls it into view.
  public mutating func select(_ index: Int) {
    selectedIndex = index
    clamp()
  }

  /// Puts back a selection and scroll position saved earlier (both clamped).
  public mutating func restore(selectedIndex: Int, scrollOffset: Int) {
    anchor = max(0, scrollOffset)
    select(selectedIndex)
  }

  /// Scrolls by `delta` rows without moving past the ends (the mouse wheel).
  public mutating func scroll(by delta: Int) {
    let maxOffset = max(0, rows.count - visibleRowCount)
    anchor = min(max(0, scrollOffset + delta), maxOffset)
    selectedIndex = min(max(selectedIndex, anchor), anchor + visibleRowCount - 1)
    clamp()
  }

  /// Moves the selection for a movement action; false for other actions or
  /// when nothing moved.
  public mutating func handle(_ action: Action) -> Bool {
    let before = (selectedIndex, scrollOffset)
    switch action {
    case .moveUp: select(selectedIndex - 1)
    case .moveDown: select(selectedIndex + 1)
    case .pageUp: select(selectedIndex - visibleRowCount)
    case .pageDown: select(selectedIndex + visibleRowCount)
    case .moveToTop: select(0)
    case .moveToBottom: select(rows.count - 1)
    default: return false
    }
    return before != (selectedIndex, scrollOffset)
  }

  /// Keeps the selection inside the rows, and makes the position on screen
  /// the one the user's move left.
  private mutating func clamp() {
    selectedIndex = min(max(0, selectedIndex), max(0, rows.count - 1))
    anchor = visibleOffset(from: anchor)
  }

  /// `offset` moved as little as shows the selected row and no blank rows
  /// after the last one.
  private func visibleOffset(from offset: Int) -> Int {
    // Before the first layout the height is unknown: keep the offset as given.
    guard hasLayout else { return offset }
    var offset = offset
    if selectedIndex < offset { offset = selectedIndex }
    if selectedIndex >= offset + visibleRowCount { offset = selectedIndex - visibleRowCount + 1 }
    return max(0, min(offset, rows.count - visibleRowCount))
  }

  /// The row index under screen row `y` when the list occupies `rect`.
  public func rowIndex(at y: Int, in rect: Rect) -> Int? {
    // Bounds first: a click's row can be anything (Int.max), and the
    // arithmetic below must not overflow.
    guard y >= rect.minY, y < rect.maxY else { return nil }
    let index = scrollOffset + (y - rect.minY)
    guard rows.indices.contains(index) else { return nil }
    return index
  }

  /// Draws the visible rows into `rect`; call ``layout(height:bottomInset:)`` first.
  public func render(in rect: Rect, theme: Theme, into buffer: inout ScreenBuffer) {
    guard !rect.isEmpty else { return }
    let end = min(rows.count, scrollOffset + rect.height)
    for (line, index) in (scrollOffset..<max(scrollOffset, end)).enumerated() {
      let row = rows[index]
      let frame = Rect(x: rect.minX, y: rect.minY + line, width: rect.width, height: 1)
      let selected = showsSelection && index == selectedIndex
      renderRow(row, selected: selected, in: frame, theme: theme, into: &buffer)
    }
    // The scroll bar stays in the uncovered part, where it can be seen.
    let (_, uncovered) = rect.dividedAtBottom(min(bottomInset, rect.height))
    renderScrollIndicator(in: uncovered, theme: theme, into: &buffer)
  }

  private func renderRow(
    _ row: ListRow, selected: Bool, in frame: Rect, theme: Theme, into buffer: inout ScreenBuffer
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
  }

  /// A thin scroll bar in the last column when the rows do not all fit.
  private func renderScrollIndicator(in rect: Rect, theme: Theme, into buffer: inout ScreenBuffer) {
    guard rows.count > rect.height, rect.height > 0 else { return }
    let thumb = max(1, rect.height * rect.height / rows.count)
    let maxOffset = rows.count - rect.height
    let top = (rect.height - thumb) * scrollOffset / max(1, maxOffset)
    let x = rect.maxX - 1
    let thumbCell = Cell("┃", style: theme.row)
    let trackCell = Cell("│", style: theme.separator)
    for y in 0..<rect.height {
      let inThumb = y >= top && y < top + thumb
      buffer.set(inThumb ? thumbCell : trackCell, x: x, y: rect.minY + y)
    }
  }
}
