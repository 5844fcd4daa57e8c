/// A thin scroll bar in the last column of a rectangle, drawn when the
/// content does not all fit: `┃` for the part on screen over a `│` track.
/// The list, text and accordion pages share it.
///
/// A click on the track pages: above the thumb a screen up, below it a
/// screen down, as the PageUp and PageDown keys do. This is Textual's
/// choice (its scroll bar's track sends `ScrollUp`/`ScrollDown`, which a
/// widget answers with `scroll_page_up`/`scroll_page_down`), and that of
/// most desktop toolkits; htop draws no scroll bar. Jumping to the place
/// clicked would need the thumb to be dragged to be fine-grained, and the
/// terminal reports presses only. A click on the thumb does nothing.
enum ScrollBar {
  /// The thumb's rows (from 0 at the top of a bar `height` rows tall) for
  /// `contentLength` rows shown from row `offset`; nil when they all fit.
  static func thumb(contentLength: Int, offset: Int, height: Int) -> Range<Int>? {
    guard contentLength > height, height > 0 else { return nil }
    let thumb = max(1, height * height / contentLength)
    let maxOffset = contentLength - height
    let top = (height - thumb) * min(max(0, offset), maxOffset) / max(1, maxOffset)
    return top..<top + thumb
  }

  /// Draws the bar in `rect`'s last column for `contentLength` rows of
  /// which the rectangle's height show, from row `offset`; nothing when
  /// they all fit.
  static func render(
    contentLength: Int, offset: Int, in rect: Rect, theme: Theme, into buffer: inout ScreenBuffer
  ) {
    guard let thumb = thumb(contentLength: contentLength, offset: offset, height: rect.height)
    else { return }
    let x = rect.maxX - 1
    let thumbCell = Cell("┃", style: theme[.row])
    let trackCell = Cell("│", style: theme[.separator])
    for y in 0..<rect.height {
      buffer.set(thumb.contains(y) ? thumbCell : trackCell, x: x, y: rect.minY + y)
    }
  }

  /// What a click at `point` asks of a bar drawn in `rect` (as
  /// ``render(contentLength:offset:in:theme:into:)`` draws it): `.pageUp`
  /// above the thumb, `.pageDown` below it, nil on the thumb; nil too,
  /// and `hit` false, when no bar is drawn there.
  static func click(
    at point: Point, contentLength: Int, offset: Int, in rect: Rect
  ) -> (hit: Bool, action: Action?) {
    guard point.x == rect.maxX - 1, point.y >= rect.minY, point.y < rect.maxY,
      let thumb = thumb(contentLength: contentLength, offset: offset, height: rect.height)
    else { return (false, nil) }
    let row = point.y - rect.minY
    if row < thumb.lowerBound { return (true, .pageUp) }
    if row >= thumb.upperBound { return (true, .pageDown) }
    return (true, nil)
  }
}
