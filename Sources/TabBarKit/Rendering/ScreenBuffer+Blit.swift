extension ScreenBuffer {
  /// Copies `source` with its top-left at `origin`, keeping only the cells
  /// inside `clip`. Wide characters cut by the clip's edges become spaces, so
  /// a sliding page never leaves part of a character behind. The source's
  /// ``cursor`` comes along when its cell is copied.
  package mutating func draw(_ source: ScreenBuffer, at origin: Point, clip: Rect) {
    let area = clip.intersection(bounds)
      .intersection(Rect(origin: origin, size: source.size))
    guard !area.isEmpty else { return }
    if let point = source.cursor {
      let moved = Point(x: point.x + origin.x, y: point.y + origin.y)
      if area.contains(moved) { cursor = moved }
    }
    let width = size.width
    let sourceWidth = source.size.width
    cells.withUnsafeMutableBufferPointer { cells in
      source.cells.withUnsafeBufferPointer { sourceCells in
        for y in area.minY..<area.maxY {
          let row = y * width
          // `sourceRow + x` is the source cell drawn at column x.
          let sourceRow = (y - origin.y) * sourceWidth - origin.x
          // A wide character of ours cut at the left edge, or its head cut at the right.
          Self.breakCharacters(cutBy: area.minX..<area.maxX, row: row, width: width, in: cells)
          for x in area.minX..<area.maxX { cells[row + x] = sourceCells[sourceRow + x] }
          // A source character whose head is left of the area: its
          // continuations become spaces in the head's style.
          if cells[row + area.minX].isContinuation {
            let sourceStart = (y - origin.y) * sourceWidth
            var head = sourceRow + area.minX - 1
            while head > sourceStart, sourceCells[head].isContinuation { head -= 1 }
            let style = head >= sourceStart ? sourceCells[head].style : Cell.blank.style
            var x = area.minX
            while x < area.maxX, cells[row + x].isContinuation {
              cells[row + x] = Cell(" ", style: style)
              x += 1
            }
          }
          // The last character, when it does not fit before the right edge.
          var head = area.maxX - 1
          while head > area.minX, cells[row + head].isContinuation { head -= 1 }
          let last = cells[row + head]
          if !last.isContinuation, last.width > area.maxX - head {
            for x in head..<area.maxX { cells[row + x] = Cell(" ", style: last.style) }
          }
        }
      }
    }
  }
}
