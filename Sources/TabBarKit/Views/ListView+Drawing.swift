/// Drawing the rows on screen: only those, so a frame of a list of a
/// million rows costs what a frame of a screenful does (for a data source,
/// a screenful of rows built).
extension ListView {
  /// Draws the visible rows into `rect`; call ``layout(height:bottomInset:)`` first.
  package func render(in rect: Rect, theme: Theme, into buffer: inout ScreenBuffer) {
    guard !rect.isEmpty else { return }
    let end = min(shownRowCount, scrollOffset + rect.height)
    let needle = filter.isEmpty ? [] : SearchFold.fold(filter)
    for (line, shown) in (scrollOffset..<max(scrollOffset, end)).enumerated() {
      guard let index = rowIndex(atPosition: shown) else { break }
      let frame = Rect(x: rect.minX, y: rect.minY + line, width: rect.width, height: 1)
      let row = row(at: index)
      if row.isHeader {
        renderHeader(row, in: frame, theme: theme, into: &buffer)
        continue
      }
      let selected = showsSelection && shown == position
      renderRow(row, selected: selected, match: needle, in: frame, theme: theme, into: &buffer)
    }
    // The scroll bar stays in the uncovered part, where it can be seen.
    let (_, uncovered) = rect.dividedAtBottom(min(bottomInset, rect.height))
    ScrollBar.render(
      contentLength: shownRowCount, offset: scrollOffset, in: uncovered, theme: theme,
      into: &buffer)
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
    _ row: ListRow, selected: Bool, match needle: [UInt8], in frame: Rect, theme: Theme,
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
    let x = frame.minX + 1
    let title = TextWidth.truncate(row.title, toWidth: titleLimit - x)
    buffer.write(title, at: Point(x: x, y: frame.minY), style: titleStyle, maxX: titleLimit)
    // Styled parts and the filter's match go over it, as far as the title
    // shows (never over the `…` of a cut title).
    let shownEnd = min(
      titleLimit, x + TextWidth.width(of: title) - (title == row.title ? 0 : 1))
    var start = row.title.startIndex
    for run in row.styleRuns {
      let end = Self.characterIndex(in: row.title, utf8Offset: run.end)
      defer { start = end }
      guard run.style != .plain, start < end else { continue }
      let style = Self.spanStyle(run.style, on: titleStyle, selected: selected, theme: theme)
      buffer.write(
        row.title[start..<end],
        at: Point(x: x + TextWidth.width(of: row.title[..<start]), y: frame.minY), style: style,
        maxX: shownEnd)
    }
    if let match = Self.match(of: needle, in: row.title) {
      buffer.write(
        row.title[match],
        at: Point(x: x + TextWidth.width(of: row.title[..<match.lowerBound]), y: frame.minY),
        style: Self.highlight(on: titleStyle, theme: theme), maxX: shownEnd)
    }
  }

  /// Where `needle` (folded) first occurs in `text`, as whole characters;
  /// nil when it does not (or is empty).
  static func match(of needle: [UInt8], in text: String) -> Range<String.Index>? {
    guard !needle.isEmpty else { return nil }
    let (folded, offsets) = SearchFold.foldWithOffsets(text)
    let found = folded.withUnsafeBufferPointer { haystack in
      needle.withUnsafeBufferPointer { ByteSearch.firstIndex(of: $0, in: haystack) }
    }
    guard let found else { return nil }
    let lower = characterIndex(in: text, utf8Offset: offsets[found], roundingUp: false)
    // The end: after the scalar the match's last byte came from.
    let lastScalar = offsets[found + needle.count - 1]
    let scalarEnd = offsets[(found + needle.count)...].first { $0 > lastScalar } ?? offsets.last!
    let upper = characterIndex(in: text, utf8Offset: scalarEnd)
    return lower..<max(lower, upper)
  }

  /// The character boundary at UTF-8 offset `offset` of `text`, or the
  /// nearest one after it (before it, unless `roundingUp`).
  static func characterIndex(in text: String, utf8Offset offset: Int, roundingUp: Bool = true)
    -> String.Index
  {
    let utf8 = text.utf8
    let index = utf8.index(utf8.startIndex, offsetBy: min(max(0, offset), utf8.count))
    // Boundaries of characters, not of scalars: a mark belongs to its letter.
    var boundary = text.startIndex
    while boundary < index {
      let next = text.index(after: boundary)
      if next > index { return roundingUp ? next : boundary }
      boundary = next
    }
    return boundary
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

  /// The style of a span in `spanStyle` over a title drawn in `title`: the
  /// theme part's colours and attributes, then the emphasis; on the
  /// selected row only bold and underline, over the selection's colours.
  private static func spanStyle(
    _ spanStyle: SpanStyle, on title: Style, selected: Bool, theme: Theme
  ) -> Style {
    if spanStyle.part == .match { return highlight(on: title, theme: theme) }
    var style = title
    if let part = spanStyle.part {
      let partStyle = theme[part]
      if !selected {
        style.foreground = partStyle.foreground
        if partStyle.background != .default { style.background = partStyle.background }
      }
      let attributes = partStyle.attributes
      style = style.adding(selected ? attributes.intersection([.bold, .underline]) : attributes)
    }
    return titleStyle(spanStyle.emphasis, on: style, selected: selected, theme: theme)
  }

  /// The style of a match inside a row drawn in `base`: the theme's match
  /// style, or `base` underlined on a row that has its own background (the
  /// selected row), where a second background would hide the selection.
  private static func highlight(on base: Style, theme: Theme) -> Style {
    base.background != .default || base.attributes.contains(.reverse)
      ? base.adding(.underline) : theme[.match]
  }
}
