/// The bar of tab cells at the bottom of the screen: a rule, then one cell per
/// item. A value: the ``TabBarController`` builds one for each frame.
public struct TabBar: Sendable {
  /// The items, one cell each.
  public var items: [TabBarItem]
  /// The selected item.
  public var selectedIndex: Int
  /// Regular (two rows) or compact (one row).
  public var style: TabBarStyle
  /// Colours or monochrome.
  public var theme: Theme

  /// Creates a bar.
  public init(
    items: [TabBarItem], selectedIndex: Int, style: TabBarStyle = .regular,
    theme: Theme = .color
  ) {
    self.items = items
    self.selectedIndex = selectedIndex
    self.style = style
    self.theme = theme
  }

  /// Column spans of `count` equal cells across `width` columns (T1): the
  /// leftover columns go one each to the leftmost cells, so widths differ by at
  /// most one and the cells cover the full width.
  public static func cellSpans(count: Int, width: Int) -> [Range<Int>] {
    guard count > 0, width > 0 else { return [] }
    let base = width / count
    let extra = width % count
    var spans: [Range<Int>] = []
    var x = 0
    for i in 0..<count {
      let w = base + (i < extra ? 1 : 0)
      spans.append(x..<(x + w))
      x += w
    }
    return spans
  }

  /// The rectangle of each cell when the bar occupies `rect`.
  public func cellFrames(in rect: Rect) -> [Rect] {
    let cells = rect.dividedAtBottom(style.cellRows).bottom
    return Self.cellSpans(count: items.count, width: cells.width).map {
      Rect(x: cells.minX + $0.lowerBound, y: cells.minY, width: $0.count, height: cells.height)
    }
  }

  /// The index of the cell under `point`, if any.
  public func itemIndex(at point: Point, in rect: Rect) -> Int? {
    cellFrames(in: rect).firstIndex { $0.contains(point) }
  }

  /// Draws the bar into `rect` (its height should be ``TabBarStyle/height``).
  public func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    guard !rect.isEmpty else { return }
    buffer.fill(rect)
    let rule = rect.dividedAtTop(1).top
    buffer.write(
      String(repeating: "─", count: rule.width), at: rule.origin, style: theme.separator,
      maxX: rule.maxX)
    for (index, frame) in cellFrames(in: rect).enumerated() {
      renderCell(items[index], selected: index == selectedIndex, in: frame, into: &buffer)
    }
  }

  private func renderCell(
    _ item: TabBarItem, selected: Bool, in frame: Rect, into buffer: inout ScreenBuffer
  ) {
    let style = selected ? theme.barSelectedItem : theme.barItem
    buffer.fill(frame, with: Cell(" ", style: style))
    let glyph = item.glyph(selected: selected)
    // A cut title leaves one column free so neighbouring titles never touch.
    let room = frame.width > 2 ? frame.width - 1 : frame.width
    switch self.style {
    case .regular:
      let (glyphRow, titleRow) = frame.dividedAtTop(1)
      buffer.writeCentered(glyph, in: glyphRow, style: style)
      buffer.writeCentered(
        TextWidth.truncate(item.title, toWidth: room), in: titleRow, style: style)
    case .compact:
      // Glyph and title side by side; the title is cut first, then the glyph goes.
      let titleRoom = room - TextWidth.width(of: glyph) - 1
      let label =
        titleRoom >= 2
        ? glyph + " " + TextWidth.truncate(item.title, toWidth: titleRoom)
        : TextWidth.truncate(item.title, toWidth: room)
      buffer.writeCentered(label, in: frame, style: style)
    }
  }
}
