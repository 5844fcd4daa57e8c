extension ScreenBuffer {
  /// Draws a single-line frame (`┌─┐│└┘`) along the edges of `box`, leaving
  /// its inside as it is. A box under 2×2 draws nothing.
  package mutating func drawFrame(_ box: Rect, style: Style) {
    guard box.width >= 2, box.height >= 2 else { return }
    let inner = String(repeating: "─", count: box.width - 2)
    write("┌" + inner + "┐", at: box.origin, style: style)
    write("└" + inner + "┘", at: Point(x: box.minX, y: box.maxY - 1), style: style)
    for y in (box.minY + 1)..<(box.maxY - 1) {
      write("│", at: Point(x: box.minX, y: y), style: style)
      write("│", at: Point(x: box.maxX - 1, y: y), style: style)
    }
  }
}
