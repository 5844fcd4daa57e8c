/// A framed box in the middle of the screen listing the keys that work on
/// the focused page, built from the same bindings the input handling uses:
/// a heading for each owner (this page, the tab bar, the app) over its keys.
///
/// The box always fits the screen. It uses one column of keys while they
/// fit, then two; on a screen too short for either it scrolls (↑↓, PgUp,
/// PgDn). Text that does not fit is cut with `…`, and the bottom line always
/// says how to close the help and how to quit.
package struct HelpOverlay: Sendable {
  /// The keys of one owner under its heading.
  package struct Group: Sendable {
    /// The heading: "This page", "Tab bar", "App".
    package var title: String
    /// One line per help text: the keys as written, and what they do.
    package var entries: [(keys: String, help: String)]

    /// A group of `entries` under `title`.
    package init(title: String, entries: [(keys: String, help: String)]) {
      self.title = title
      self.entries = entries
    }
  }

  /// The groups, in order.
  package var groups: [Group]
  /// Colours or monochrome.
  package var theme: Theme
  /// The title and footer's words.
  package var strings = InterfaceStrings.english
  /// The first entry shown when the list scrolls.
  package var scrollOffset = 0

  /// Creates the overlay.
  package init(groups: [Group], theme: Theme = .color) {
    self.groups = groups
    self.theme = theme
  }

  /// A line of the list: a group's heading, or one of its keys.
  enum Line {
    case heading(String)
    case entry(keys: String, help: String)
  }

  /// The lines, each group's heading over its entries.
  var lines: [Line] {
    groups.flatMap { group in
      [Line.heading(group.title)] + group.entries.map { Line.entry(keys: $0.keys, help: $0.help) }
    }
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
    let entries = lines
    guard rect.width >= 12, rect.height >= 3, !entries.isEmpty else { return nil }
    var keyWidth = 0
    for case .entry(let keys, _) in entries { keyWidth = max(keyWidth, TextWidth.width(of: keys)) }
    // Every entry's help starts in the same column; a heading spans both.
    let entryWidth =
      entries.map { line in
        switch line {
        case .heading(let title): TextWidth.width(of: title)
        case .entry(_, let help): keyWidth + 2 + TextWidth.width(of: help)
        }
      }.max() ?? 0
    // One column, padded, unpadded; then two columns; then one that scrolls.
    for (columns, padded) in [(1, true), (1, false), (2, true), (2, false)] {
      var rows = (entries.count + columns - 1) / columns
      // A heading never ends a column: it goes over its keys in the next.
      if columns == 2, case .heading = entries[rows - 1] { rows += 1 }
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
    let scrolling = strings[.scrollingHelpFooter]
    return [strings[.helpFooter], scrolling, scrolling.replacing(" · ", with: "·")]
  }
  var footerWidth: Int { TextWidth.width(of: footers[0]) }

  /// Draws the box centred in `rect`.
  package func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    guard let layout = layout(in: rect) else { return }
    let entries = lines
    let box = layout.box
    buffer.fill(box)
    buffer.drawFrame(box, style: theme[.overlayBorder])
    let scroll = min(max(0, scrollOffset), layout.maximumScroll)
    var title = " \(strings[.keysTitle]) "
    if layout.maximumScroll > 0 {
      let arrows = (scroll > 0 ? "↑" : "") + (scroll < layout.maximumScroll ? "↓" : "")
      title = " \(strings[.keysTitle]) \(arrows) "
    }
    buffer.writeCentered(
      TextWidth.truncate(title, toWidth: box.width - 2),
      in: Rect(x: box.minX + 1, y: box.minY, width: box.width - 2, height: 1),
      style: theme[.overlayBorder])
    let top = box.minY + (layout.padded ? 2 : 1)
    let keyWidth = min(layout.keyWidth, layout.columnWidth / 2)
    for row in 0..<layout.rows {
      for column in 0..<layout.columns {
        let index = scroll + column * layout.rows + row
        guard entries.indices.contains(index) else { continue }
        let x = box.minX + 2 + column * (layout.columnWidth + 3)
        let helpX = x + keyWidth + 2
        let helpRoom = layout.columnWidth - keyWidth - 2
        switch entries[index] {
        case .heading(let title):
          buffer.write(
            TextWidth.truncate(title, toWidth: layout.columnWidth),
            at: Point(x: x, y: top + row), style: theme[.heading])
        case .entry(let keys, let help):
          buffer.write(
            TextWidth.truncate(keys, toWidth: keyWidth),
            at: Point(x: x, y: top + row), style: theme[.overlayKey])
          buffer.write(
            TextWidth.truncate(help, toWidth: helpRoom), at: Point(x: helpX, y: top + row))
        }
      }
    }
    let room = box.width - 2
    // While the list scrolls the moving keys scroll it, so only Esc closes.
    let all = self.footers
    let footers = layout.maximumScroll > 0 ? all.dropFirst() : all[...]
    let footer = footers.first { TextWidth.width(of: $0) <= room } ?? all[2]
    buffer.writeCentered(
      TextWidth.truncate(footer, toWidth: room),
      in: Rect(x: box.minX + 1, y: box.maxY - 1, width: room, height: 1), style: theme[.hint])
  }
}
