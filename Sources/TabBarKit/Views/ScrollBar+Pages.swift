/// Clicks on the scroll bars of the list and text pages: a screen up
/// above the thumb, a screen down below it (``ScrollBar``).
extension ListView {
  /// What a click at `point` on the scroll bar of the list drawn in `rect`
  /// asks for; `hit` is false off the bar (or when there is none).
  package func scrollBarClick(at point: Point, in rect: Rect) -> (hit: Bool, action: Action?) {
    let (_, uncovered) = rect.dividedAtBottom(min(bottomInset, rect.height))
    return ScrollBar.click(
      at: point, contentLength: shownRowCount, offset: scrollOffset, in: uncovered)
  }
}

extension TextView {
  /// What a click at `point` on the scroll bar of the text drawn in `rect`
  /// asks for; `hit` is false off the bar (or when there is none).
  package func scrollBarClick(at point: Point, in rect: Rect) -> (hit: Bool, action: Action?) {
    let (_, uncovered) = rect.dividedAtBottom(min(bottomInset, rect.height))
    return ScrollBar.click(
      at: point, contentLength: lines.count, offset: scrollOffset, in: uncovered)
  }
}
