/// A grid of cells the size of the screen: views draw into it, never into the terminal.
///
/// Writing keeps wide characters whole: a wide character takes its cell and
/// a continuation cell for each further column; overwriting any part of
/// one blanks the rest of it, and a wide character that would cross the right
/// edge of the clip is drawn as spaces instead.
public struct ScreenBuffer: Equatable, Sendable {
  /// The buffer's columns and rows.
  public private(set) var size: Size
  /// Cells row by row.
  package internal(set) var cells: [Cell]
  /// Where the terminal's own cursor shows once the frame is drawn: the
  /// insertion point of the text being typed, set by the page that has the
  /// focus (see ``ViewController/placeCursor(at:in:)``); nil hides it.
  /// Input methods, screen readers and magnifiers follow it.
  ///
  /// Drawing a buffer into another carries it along,
  /// moved with the cells and dropped when the clip leaves it out;
  /// ``reset(size:)`` clears it.
  public var cursor: Point?

  /// A buffer of `size` filled with `fill`.
  public init(size: Size, fill: Cell = .blank) {
    self.size = size
    self.cells = Array(repeating: fill, count: size.width * size.height)
  }

  /// The whole buffer as a rectangle.
  package var bounds: Rect { Rect(origin: .zero, size: size) }

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
    cursor = nil
    if newSize != size {
      size = newSize
      cells = Array(repeating: .blank, count: newSize.width * newSize.height)
    } else {
      for i in cells.indices { cells[i] = .blank }
    }
  }

  /// Puts one cell, keeping wide characters whole.
  package mutating func set(_ cell: Cell, x: Int, y: Int) {
    guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
    let row = y * size.width
    let i = row + x
    // Break up a wide character this write would cut in two.
    if cells[i].isContinuation { blankCharacter(endingBefore: i, rowStart: row) }
    if !cell.isContinuation { blankContinuations(from: i + 1, style: cells[i].style, row: row) }
    cells[i] = cell
  }

  /// `cells[index]` is a continuation about to be overwritten: the head of its
  /// character and the continuations between become spaces, each keeping its
  /// style.
  private mutating func blankCharacter(endingBefore index: Int, rowStart: Int) {
    var head = index - 1
    while head > rowStart, cells[head].isContinuation { head -= 1 }
    guard head >= rowStart else { return }
    for i in head..<index { cells[i].scalar = " " }
  }

  /// The continuations from `index` on (the rest of a character whose head
  /// is being overwritten) become spaces in `style`.
  @inline(__always)
  private mutating func blankContinuations(from index: Int, style: Style, row: Int) {
    var i = index
    while i < row + size.width, cells[i].isContinuation {
      cells[i] = Cell(" ", style: style)
      i += 1
    }
  }

  /// Puts a character `width` columns wide at column `x` of row `y` (all of it
  /// inside the row): its head, then continuations. Characters it cuts into
  /// become spaces.
  @inline(__always)
  private mutating func place(_ head: Cell, width: Int, x: Int, y: Int) {
    let row = y * size.width
    let rowEnd = row + size.width
    cells.withUnsafeMutableBufferPointer { cells in
      let i = row + x
      let last = i + max(width, 1) - 1
      if cells[i].isContinuation {
        // Cut at the left: the character's head and continuations become spaces.
        var start = i - 1
        while start > row, cells[start].isContinuation { start -= 1 }
        if start >= row {
          for j in start..<i { cells[j].scalar = " " }
        }
      }
      var after = last + 1
      if after < rowEnd, cells[after].isContinuation {
        // Cut at the right: the rest becomes spaces in the overwritten cell's style.
        let style = cells[last].style
        while after < rowEnd, cells[after].isContinuation {
          cells[after] = Cell(" ", style: style)
          after += 1
        }
      }
      cells[i] = head
      var j = i + 1
      while j <= last {
        cells[j] = .continuation
        j += 1
      }
    }
  }

  /// Gives every cell whose style sets no background `style`'s background,
  /// and every cell whose style sets no foreground its foreground: a
  /// theme's ``Theme/background`` painted under a whole frame.
  ///
  /// Complexity: O(width × height).
  package mutating func paintBackground(_ style: Style) {
    guard style.hasColor else { return }
    let foreground = style.foreground
    let background = style.background
    cells.withUnsafeMutableBufferPointer { cells in
      for i in cells.indices {
        if cells[i].style.foreground == .default { cells[i].style.foreground = foreground }
        if cells[i].style.background == .default { cells[i].style.background = background }
      }
    }
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
        Self.breakCharacters(cutBy: r.minX..<r.maxX, row: row, width: width, in: cells)
        for x in (row + r.minX)..<(row + r.maxX) { cells[x] = cell }
      }
    }
  }

  /// Before the columns `span` of the row starting at index `row` are
  /// written over: a wide character the span would cut in half, at its left
  /// edge or its right, becomes spaces in its own style, so no half of a
  /// character stays on screen.
  static func breakCharacters(
    cutBy span: Range<Int>, row: Int, width: Int, in cells: UnsafeMutableBufferPointer<Cell>
  ) {
    if span.lowerBound > 0, cells[row + span.lowerBound].isContinuation {
      var head = row + span.lowerBound - 1
      while head > row, cells[head].isContinuation { head -= 1 }
      for i in head..<(row + span.lowerBound) { cells[i].scalar = " " }
    }
    var after = row + span.upperBound
    while after < row + width, cells[after].isContinuation {
      cells[after].scalar = " "
      after += 1
    }
  }

  /// Draws a horizontal rule of `─` across `rect`'s first row, as under
  /// the navigation bar: `buffer.drawRule(in: row, style: theme[.separator])`.
  /// On a terminal that is not UTF-8 it shows as `-`.
  public mutating func drawRule(in rect: Rect, style: Style) {
    fill(
      Rect(x: rect.minX, y: rect.minY, width: rect.width, height: min(1, rect.height)),
      with: Cell("─", style: style))
  }

  /// Writes `text` from `point` in `style`, never past column `maxX` (default:
  /// the right edge). Returns the column after the last one written.
  ///
  /// Text is written by grapheme cluster: a cluster is sanitised
  /// (`Sanitizer`) and put whole in one cell, followed by continuations when
  /// it is wider than a column (``TextWidth`` gives the widths). A character
  /// that does not fit before `maxX` is never split: the columns left are
  /// padded with spaces instead.
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
    if Sanitizer.isSingleScalars(text) {
      // Every scalar is a character of its own, drawn as it is: no grapheme
      // breaking, no sanitising.
      for scalar in text.unicodeScalars {
        let width = TextWidth.singleScalarWidth(scalar.value)
        guard fits(width, at: x, y: point.y, style: style, limit: limit) else { return limit }
        if x >= 0 { place(Cell(scalar, style: style), width: width, x: x, y: point.y) }
        x += width
      }
    } else {
      for glyph in Sanitizer.Glyphs(text) {
        let width = glyph.width
        guard fits(width, at: x, y: point.y, style: style, limit: limit) else { return limit }
        if x >= 0 { put(glyph, style: style, x: x, y: point.y) }
        x += width
      }
    }
    return x
  }

  /// Whether a character `width` columns wide fits at column `x` before
  /// `limit`; when it does not, a wide one is not split: the columns left are
  /// padded with spaces instead.
  @inline(__always)
  private mutating func fits(_ width: Int, at x: Int, y: Int, style: Style, limit: Int) -> Bool {
    guard x + width > limit else { return true }
    if width >= 2, x >= 0 {
      for column in x..<max(x, limit) { set(Cell(" ", style: style), x: column, y: y) }
    }
    return false
  }

  /// Puts one glyph of ``write(_:at:style:maxX:)`` at (`x`, `y`), where it fits.
  private mutating func put(_ glyph: Sanitizer.Glyph, style: Style, x: Int, y: Int) {
    switch glyph {
    case .scalar(let scalar, let width):
      place(Cell(scalar, style: style), width: width, x: x, y: y)
    case .cluster(let text, let width):
      if let content = ClusterTable.content(of: text, width: width) {
        place(Cell(content: content, style: style), width: width, x: x, y: y)
      } else {
        // The table is full: the cluster's first scalar, then spaces to its width.
        let first = text.unicodeScalars.first ?? " "
        let firstWidth = min(width, max(1, TextWidth.width(of: first)))
        place(Cell(first, style: style), width: firstWidth, x: x, y: y)
        for column in (x + firstWidth)..<(x + width) {
          place(Cell(" ", style: style), width: 1, x: column, y: y)
        }
      }
    }
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
    let rowEnd = row + size.width
    cells.withUnsafeMutableBufferPointer { cells in
      // Keep wide characters whole at both ends of the run.
      if cells[row + point.x].isContinuation, point.x > 0 {
        var head = row + point.x - 1
        while head > row, cells[head].isContinuation { head -= 1 }
        for i in head..<(row + point.x) { cells[i].scalar = " " }
      }
      var after = row + end
      while after < rowEnd, cells[after].isContinuation {
        cells[after].scalar = " "
        after += 1
      }
      var x = row + point.x
      for byte in utf8 {
        guard x < row + end else { break }
        cells[x] = Cell(Unicode.Scalar(byte), style: style)
        x += 1
      }
    }
    return end == limit && point.x + utf8.count > limit ? limit : end
  }

  /// Writes `text` centred in the row segment `rect` (first row), cut with `…` to fit.
  package mutating func writeCentered(_ text: String, in rect: Rect, style: Style = .plain) {
    guard !rect.isEmpty else { return }
    let cut = TextWidth.truncate(text, toWidth: rect.width)
    let w = TextWidth.width(of: cut)
    let x = rect.minX + (rect.width - w) / 2
    write(cut, at: Point(x: x, y: rect.minY), style: style, maxX: rect.maxX)
  }

  /// The characters of row `y` as text (continuation cells skipped).
  package func line(_ y: Int) -> String {
    var out = String.UnicodeScalarView()
    for x in 0..<size.width { self[x, y].append(to: &out) }
    return String(out)
  }

  /// Every row as text, trailing spaces kept, one string per row.
  public var lines: [String] { (0..<size.height).map(line) }
}
