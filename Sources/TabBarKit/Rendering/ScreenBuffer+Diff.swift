/// One cell the terminal must redraw.
public struct CellUpdate: Hashable, Sendable {
  /// The column.
  public var x: Int
  /// The row.
  public var y: Int
  /// The new content.
  public var cell: Cell

  /// Creates an update of the cell at (`x`, `y`).
  public init(x: Int, y: Int, cell: Cell) {
    self.x = x
    self.y = y
    self.cell = cell
  }
}

extension ScreenBuffer {
  /// The cells that differ from `previous`, row by row (ratatui's
  /// `previous_buffer.diff(current_buffer)`). When the sizes differ every cell
  /// is returned. Continuation cells are included so a backend can skip them.
  ///
  /// Complexity: O(width × height).
  public func diff(from previous: ScreenBuffer) -> [CellUpdate] {
    var updates: [CellUpdate] = []
    let width = size.width
    if previous.size != size {
      updates.reserveCapacity(cells.count)
      for (i, cell) in cells.enumerated() {
        updates.append(CellUpdate(x: i % width, y: i / width, cell: cell))
      }
      return updates
    }
    cells.withUnsafeBufferPointer { now in
      previous.cells.withUnsafeBufferPointer { before in
        // Cell by cell, never `memcmp` over rows: a `Cell` has a padding
        // byte that is never initialised, so comparing raw bytes read
        // undefined memory (valgrind counted thousands of such reads).
        for index in 0..<now.count where now[index] != before[index] {
          updates.append(CellUpdate(x: index % width, y: index / width, cell: now[index]))
        }
      }
    }
    return updates
  }

  /// Applies updates made by ``diff(from:)`` (the in-memory terminal does this).
  public mutating func apply(_ updates: [CellUpdate]) {
    for update in updates where update.x < size.width && update.y < size.height {
      cells[update.y * size.width + update.x] = update.cell
    }
  }
}
