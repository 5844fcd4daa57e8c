extension ScreenBuffer {
  /// Copies `source` with its top-left at `origin`, keeping only the cells
  /// inside `clip`. Wide characters cut by the clip's edges become spaces, so
  /// a sliding page never leaves half a character behind.
  public mutating func draw(_ source: ScreenBuffer, at origin: Point, clip: Rect) {
    let area = clip.intersection(bounds)
      .intersection(Rect(origin: origin, size: source.size))
    guard !area.isEmpty else { return }
    let width = size.width
    for y in area.minY..<area.maxY {
      let row = y * width
      // A wide character of ours cut at the left edge, or its head cut at the right.
      if area.minX > 0, cells[row + area.minX].isContinuation {
        cells[row + area.minX - 1].scalar = " "
      }
      if area.maxX < width, cells[row + area.maxX].isContinuation {
        cells[row + area.maxX] = Cell(" ", style: cells[row + area.maxX].style)
      }
      for x in area.minX..<area.maxX {
        var cell = source[x - origin.x, y - origin.y]
        if cell.isContinuation, x == area.minX {
          cell = Cell(" ", style: source[x - origin.x - 1, y - origin.y].style)
        } else if !cell.isContinuation, x == area.maxX - 1, cell.width == 2 {
          cell = Cell(" ", style: cell.style)
        }
        cells[row + x] = cell
      }
    }
  }
}
