/// A framed box in the middle of the screen listing the keys, built
/// from the same ``KeyMap`` the input handling uses.
///
/// The box always fits the screen. It uses one column of keys while they
/// fit, then two; on a screen too short for either it scrolls (↑↓, PgUp,
/// PgDn). Text that does not fit is cut with `…`, and the bottom line always
/// says how to close the help and how to quit.
package struct HelpOverlay: Sendable {
  /// The key table.
  package var keyMap: KeyMap
  /// Titles the app gave actions (``ViewController/actionNames``).
  package var names: [Action: String]
  /// Colours or monochrome.
  package var theme: Theme
  /// The title and footer's words.
  package var strings = InterfaceStrings.english
  /// The first entry shown when the list scrolls.
  package var scrollOffset = 0

  /// Creates the overlay.
  package init(keyMap: KeyMap, names: [Action: String] = [:], theme: Theme = .color) {
    self.keyMap = keyMap
    self.names = names
    self.theme = theme
  }

  /// How the entries are placed in a given screen.
  struct Layout {
    var box: Rect
    var columns: Int
    /// Rows of entries on screen.
    var rows: Int
    /// True when a blank line separates the entries from the frame.
    var padded: Bool
    /// The largest ``HelpOverlay/scrollOffset`` (0 when everything shows).
    var maximumScroll: Int
    var keyWidth: Int
    var columnWidth: Int
  }

  /// The largest useful ``scrollOffset`` in `rect`: 0 when every key shows.
  package func maximumScroll(in rect: Rect) -> Int { layout(in: rect)?.maximumScroll ?? 0 }

  func layout(in rect: Rect) -> Layout? {
    let entries = keyMap.helpEntries(names: names)
    guard rect.width >= 12, rect.height >= 3, !entries.isEmpty else { return nil }
    let keyWidth = entries.map { TextWidth.width(of: $0.keys) }.max() ?? 0
    let helpWidth = entries.map { TextWidth.width(of: $0.help) }.max() ?? 0
    let entryWidth = keyWidth + 2 + helpWidth
    // One column, padded, unpadded; then two columns; then one that scrolls.
    for (columns, padded) in [(1, true), (1, false), (2, true), (2, false)] {
      let rows = (entries.count + columns - 1) / columns
      let height = rows + (padded ? 4 : 2)
      guard height <= rect.height else { continue }
      // Two spaces inside the frame on each side, three between columns.
      let wanted = columns * entryWidth + (columns - 1) * 3 + 4
      let width = min(rect.width, max(wanted, footerWidth + 2))
      let columnWidth = (width - 4 - (columns - 1) * 3) / columns
      if columns == 2, columnWidth < keyWidth + 6 { continue }
      return Layout(
        box: centred(width: width, height: height, in: rect), columns: columns, rows: rows,
        padded: padded, maximumScroll: 0, keyWidth: keyWidth, columnWidth: columnWidth)
    }
    let width = min(rect.width, max(entryWidth + 4, footerWidth + 2))
    let rows = rect.height - 2
    return Layout(
      box: centred(width: width, height: rect.height, in: rect), columns: 1, rows: rows,
      padded: false, maximumScroll: max(0, entries.count - rows), keyWidth: keyWidth,
      columnWidth: width - 4)
  }

  private func centred(width: Int, height: Int, in rect: Rect) -> Rect {
    Rect(
      x: rect.minX + (rect.width - width) / 2, y: rect.minY + (rect.height - height) / 2,
      width: width, height: height)
  }

  /// The bottom lines, from the longest that fits: each names a way to
  /// close the help and the quit key. While the keys scroll, the moving
  /// keys scroll them, so only Esc closes.
  var footers: [String] {
    let scrolling = strings.scrollingHelpFooter
    return [strings.helpFooter, scrolling, scrolling.replacing(" · ", with: "·")]
  }
  var footerWidth: Int { TextWidth.width(of: footers[0]) }

  /// Draws the box centred in `rect`.
  package func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    guard let layout = layout(in: rect) else { return }
    let entries = keyMap.helpEntries(names: names)
    let box = layout.box
    buffer.fill(box)
    buffer.drawFrame(box, style: theme.overlayBorder)
    let scroll = min(max(0, scrollOffset), layout.maximumScroll)
    var title = " \(strings.keysTitle) "
    if layout.maximumScroll > 0 {
      let arrows = (scroll > 0 ? "↑" : "") + (scroll < layout.maximumScroll ? "↓" : "")
      title = " \(strings.keysTitle) \(arrows) "
    }
    buffer.writeCentered(
      TextWidth.truncate(title, toWidth: box.width - 2),
      in: Rect(x: box.minX + 1, y: box.minY, width: box.width - 2, height: 1),
      style: theme.overlayBorder)
    let top = box.minY + (layout.padded ? 2 : 1)
    let keyWidth = min(layout.keyWidth, layout.columnWidth / 2)
    for row in 0..<layout.rows {
      for column in 0..<layout.columns {
        let index = scroll + column * layout.rows + row
        guard entries.indices.contains(index) else { continue }
        let x = box.minX + 2 + column * (layout.columnWidth + 3)
        let helpX = x + keyWidth + 2
        let helpRoom = layout.columnWidth - keyWidth - 2
        buffer.write(
          TextWidth.truncate(entries[index].keys, toWidth: keyWidth),
          at: Point(x: x, y: top + row), style: theme.overlayKey)
        buffer.write(
          TextWidth.truncate(entries[index].help, toWidth: helpRoom),
          at: Point(x: helpX, y: top + row))
      }
    }
    let room = box.width - 2
    // While the list scrolls the moving keys scroll it, so only Esc closes.
    let all = self.footers
    let footers = layout.maximumScroll > 0 ? all.dropFirst() : all[...]
    let footer = footers.first { TextWidth.width(of: $0) <= room } ?? all[2]
    buffer.writeCentered(
      TextWidth.truncate(footer, toWidth: room),
      in: Rect(x: box.minX + 1, y: box.maxY - 1, width: room, height: 1), style: theme.separator)
  }
}
