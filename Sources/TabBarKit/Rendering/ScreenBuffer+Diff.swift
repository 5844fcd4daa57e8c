#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
        let rowBytes = width * MemoryLayout<Cell>.stride
        for y in 0..<size.height {
          let row = y * width
          // Most rows do not change: compare them whole first.
          if memcmp(now.baseAddress! + row, before.baseAddress! + row, rowBytes) == 0 { continue }
          for x in 0..<width where now[row + x] != before[row + x] {
            updates.append(CellUpdate(x: x, y: y, cell: now[row + x]))
          }
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
