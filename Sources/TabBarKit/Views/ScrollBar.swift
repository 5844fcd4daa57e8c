/// A thin scroll bar in the last column of a rectangle, drawn when the
/// content does not all fit: `┃` for the part on screen over a `│` track.
/// The list and text pages share it.
enum ScrollBar {
  /// Draws the bar in `rect`'s last column for `contentLength` rows of
  /// which the rectangle's height show, from row `offset`; nothing when
  /// they all fit.
  static func render(
    contentLength: Int, offset: Int, in rect: Rect, theme: Theme, into buffer: inout ScreenBuffer
  ) {
    guard contentLength > rect.height, rect.height > 0 else { return }
    let thumb = max(1, rect.height * rect.height / contentLength)
    let maxOffset = contentLength - rect.height
    let top = (rect.height - thumb) * min(max(0, offset), maxOffset) / max(1, maxOffset)
    let x = rect.maxX - 1
    let thumbCell = Cell("┃", style: theme[.row])
    let trackCell = Cell("│", style: theme[.separator])
    for y in 0..<rect.height {
      let inThumb = y >= top && y < top + thumb
      buffer.set(inThumb ? thumbCell : trackCell, x: x, y: rect.minY + y)
    }
  }
}
