/// One cell the terminal must redraw (the package's tests and the memory
/// terminal replay frames with it).
package struct CellUpdate: Hashable, Sendable {
  /// The column.
  package var x: Int
  /// The row.
  package var y: Int
  /// The new content.
  package var cell: Cell

  /// Creates an update of the cell at (`x`, `y`).
  package init(x: Int, y: Int, cell: Cell) {
    self.x = x
    self.y = y
    self.cell = cell
  }
}

extension ScreenBuffer {
  /// Calls `body` with each cell that differs from `previous` and where it
  /// is, row by row (ratatui's `previous_buffer.diff(current_buffer)`): what
  /// a terminal must redraw. When the sizes differ every cell is passed.
  /// The right halves of wide characters (continuation cells) are passed
  /// too, so a terminal can skip them.
  ///
  /// Complexity: O(width × height).
  public func forEachChange(
    from previous: ScreenBuffer, _ body: (Point, Cell) throws -> Void
  ) rethrows {
    let width = size.width
    guard previous.size == size else {
      for (index, cell) in cells.enumerated() {
        try body(Point(x: index % width, y: index / width), cell)
      }
      return
    }
    try cells.withUnsafeBufferPointer { now in
      try previous.cells.withUnsafeBufferPointer { before in
        // Cell by cell, never `memcmp` over rows: a `Cell` has a padding
        // byte that is never initialised, so comparing raw bytes read
        // undefined memory (valgrind counted thousands of such reads).
        for index in 0..<now.count where now[index] != before[index] {
          try body(Point(x: index % width, y: index / width), now[index])
        }
      }
    }
  }

  /// The cells that differ from `previous`, as ``forEachChange(from:_:)``
  /// passes them.
  package func diff(from previous: ScreenBuffer) -> [CellUpdate] {
    var updates: [CellUpdate] = []
    forEachChange(from: previous) { point, cell in
      updates.append(CellUpdate(x: point.x, y: point.y, cell: cell))
    }
    return updates
  }

  /// Applies updates made by ``diff(from:)``.
  package mutating func apply(_ updates: [CellUpdate]) {
    for update in updates { replace(update.cell, at: Point(x: update.x, y: update.y)) }
  }

  /// Puts `cell` at `point` as it is (a continuation cell included, no wide
  /// character mended), when the point is on the screen: a changed cell
  /// replayed on a screen kept in memory.
  package mutating func replace(_ cell: Cell, at point: Point) {
    guard point.x >= 0, point.y >= 0, point.x < size.width, point.y < size.height else { return }
    cells[point.y * size.width + point.x] = cell
  }
}
