/// A grid of cells the size of the screen: views draw into it, never into the terminal.
///
/// Writing keeps wide characters whole: a wide character takes its cell and a
/// ``Cell/continuation`` to its right; overwriting either half of one blanks
/// the other half, and a wide character that would cross the right edge of the
/// clip is drawn as a space instead.
public struct ScreenBuffer: Equatable, Sendable {
  /// The buffer's columns and rows.
  public private(set) var size: Size
  /// Cells row by row.
  public internal(set) var cells: [Cell]

  /// A buffer of `size` filled with `fill`.
  public init(size: Size, fill: Cell = .blank) {
    self.size = size
    self.cells = Array(repeating: fill, count: size.width * size.height)
  }

  /// The whole buffer as a rectangle.
  public var bounds: Rect { Rect(origin: .zero, size: size) }

  /// The cell at column `x`, row `y`. Reading outside gives a blank; writing
  /// outside does nothing.
  public subscript(x: Int, y: Int) -> Cell {
    get {
      guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank }
      return cells[y * size.width + x]
    }
    set { set(newValue, x: x, y: y) }
  }

  /// Clears to blanks and, if needed, changes the size.
  public mutating func reset(size newSize: Size) {
    if newSize != size {
      size = newSize
      cells = Array(repeating: .blank, count: newSize.width * newSize.height)
    } else {
      for i in cells.indices { cells[i] = .blank }
    }
  }

  /// Puts one cell, keeping wide characters whole.
  public mutating func set(_ cell: Cell, x: Int, y: Int) {
    guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
    let i = y * size.width + x
    // Break up a wide character this write would cut in half.
    if cells[i].isContinuation, x > 0 {
      cells[i - 1] = Cell(" ", style: cells[i - 1].style)
    }
    if x + 1 < size.width, cells[i + 1].isContinuation, !cell.isContinuation {
      cells[i + 1] = Cell(" ", style: cells[i].style)
    }
    cells[i] = cell
  }

  /// Fills `rect` (clipped to the buffer) with `cell`, a single-column
  /// character. Wide characters cut by the edges become spaces.
  public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
    let r = rect.intersection(bounds)
    guard !r.isEmpty else { return }
    let width = size.width
    cells.withUnsafeMutableBufferPointer { cells in
      for y in r.minY..<r.maxY {
        let row = y * width
        if r.minX > 0, cells[row + r.minX].isContinuation {
          cells[row + r.minX - 1].scalar = " "
        }
        if r.maxX < width, cells[row + r.maxX].isContinuation {
          cells[row + r.maxX].scalar = " "
        }
        for x in (row + r.minX)..<(row + r.maxX) { cells[x] = cell }
      }
    }
  }

  /// Draws a horizontal rule of `─` across `rect`'s first row.
  public mutating func drawRule(in rect: Rect, style: Style) {
    fill(
      Rect(x: rect.minX, y: rect.minY, width: rect.width, height: min(1, rect.height)),
      with: Cell("─", style: style))
  }

  /// Writes `text` from `point` in `style`, never past column `maxX` (default:
  /// the right edge). Characters are sanitised (`Sanitizer`). Returns the
  /// column after the last one written.
  @discardableResult
  public mutating func write(
    _ text: some StringProtocol, at point: Point, style: Style = .plain, maxX: Int? = nil
  ) -> Int {
    let limit = min(maxX ?? size.width, size.width)
    guard point.y >= 0, point.y < size.height else { return point.x }
    if point.x >= 0, let end = writeASCII(text, at: point, style: style, limit: limit) {
      return end
    }
    var x = point.x
    for scalar in text.unicodeScalars {
      guard let visible = Sanitizer.visible(scalar) else { continue }
      let w = TextWidth.width(of: visible)
      if x + w > limit {
        // A wide character that does not fit is never split: pad instead.
        if w == 2, x < limit, x >= 0 { set(Cell(" ", style: style), x: x, y: point.y) }
        return limit
      }
      if x >= 0 {
        set(Cell(visible, style: style), x: x, y: point.y)
        if w == 2 { set(.continuation, x: x + 1, y: point.y) }
      }
      x += w
    }
    return x
  }

  /// The fast path of ``write(_:at:style:maxX:)`` for printable ASCII, the
  /// bulk of most screens: one cell a byte, no decoding, no width lookups.
  /// Returns nil, having written nothing, when `text` is not all such bytes.
  private mutating func writeASCII(
    _ text: some StringProtocol, at point: Point, style: Style, limit: Int
  ) -> Int? {
    let utf8 = text.utf8
    guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
    let end = min(limit, point.x + utf8.count)
    guard end > point.x else { return max(point.x, limit) }
    let row = point.y * size.width
    // Keep wide characters whole at both ends of the run.
    if cells[row + point.x].isContinuation, point.x > 0 {
      cells[row + point.x - 1].scalar = " "
    }
    if end < size.width, cells[row + end].isContinuation { cells[row + end].scalar = " " }
    var x = row + point.x
    for byte in utf8 {
      guard x < row + end else { break }
      cells[x] = Cell(Unicode.Scalar(byte), style: style)
      x += 1
    }
    return end == limit && point.x + utf8.count > limit ? limit : end
  }

  /// Writes `text` centred in the row segment `rect` (first row), cut with `…` to fit.
  public mutating func writeCentered(_ text: String, in rect: Rect, style: Style = .plain) {
    guard !rect.isEmpty else { return }
    let cut = TextWidth.truncate(text, toWidth: rect.width)
    let w = TextWidth.width(of: cut)
    let x = rect.minX + (rect.width - w) / 2
    write(cut, at: Point(x: x, y: rect.minY), style: style, maxX: rect.maxX)
  }

  /// The characters of row `y` as text (continuation cells skipped).
  public func line(_ y: Int) -> String {
    var out = String.UnicodeScalarView()
    for x in 0..<size.width {
      let cell = self[x, y]
      if !cell.isContinuation { out.append(cell.scalar) }
    }
    return String(out)
  }

  /// Every row as text, trailing spaces kept, one string per row.
  public var lines: [String] { (0..<size.height).map(line) }
}
