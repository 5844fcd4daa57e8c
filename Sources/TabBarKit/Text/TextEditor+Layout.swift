extension TextEditor {
  /// One row of the text as a text area draws it: the characters `range`
  /// from column 0. A row that `endsLine` is the last of its line (before a
  /// newline or the end): the cursor may stand after its last character.
  /// The cursor at the end of any other row shows at the start of the next.
  struct Row: Hashable, Sendable {
    /// The characters on the row; never a newline.
    var range: Range<Int>
    /// True for the last row of a line.
    var endsLine: Bool

    /// True when the cursor at `index` is drawn on this row.
    func holds(_ index: Int) -> Bool {
      range.contains(index) || (endsLine && index == range.upperBound)
    }
  }

  /// The text in rows of at most `width` columns: a line longer than that
  /// wraps after its last space that fits, or between two characters when
  /// a word fills the row (a wide character is never split). The last row
  /// of a line keeps a column free for the cursor after it: a line that
  /// fills its last row exactly gets an empty row after it.
  ///
  /// Complexity: O(n) in the characters.
  func rows(wrappingAt width: Int) -> [Row] {
    let width = max(1, width)
    var rows: [Row] = []
    var lineStart = 0
    while true {
      let lineEnd = self.lineEnd(from: lineStart)
      var start = lineStart
      var used = 0
      var afterSpace: Int?
      var i = lineStart
      while i < lineEnd {
        let w = Self.width(of: characters[i])
        if used + w > width, i > start {
          // Break after the row's last space, or here when it has none.
          let end = afterSpace ?? i
          rows.append(Row(range: start..<end, endsLine: false))
          used = columns(end..<i)
          start = end
          afterSpace = nil
          continue
        }
        used += w
        if characters[i] == " " { afterSpace = i + 1 }
        i += 1
      }
      if used >= width, lineEnd > start {
        rows.append(Row(range: start..<lineEnd, endsLine: false))
        rows.append(Row(range: lineEnd..<lineEnd, endsLine: true))
      } else {
        rows.append(Row(range: start..<lineEnd, endsLine: true))
      }
      guard lineEnd < characters.count else { return rows }
      lineStart = lineEnd + 1
    }
  }

  /// The columns the characters `range` take.
  func columns(_ range: Range<Int>) -> Int {
    var total = 0
    for i in range { total += Self.width(of: characters[i]) }
    return total
  }

  /// The row in `rows` and the column the cursor at `index` is drawn at.
  func location(of index: Int, in rows: [Row]) -> (row: Int, column: Int) {
    let row = rows.firstIndex { $0.holds(index) } ?? max(0, rows.count - 1)
    guard rows.indices.contains(row) else { return (0, 0) }
    return (row, columns(rows[row].range.lowerBound..<index))
  }

  /// The cursor position on `row` nearest the left of `column`: before the
  /// character the column falls in, so never inside a wide one.
  func index(in row: Row, atColumn column: Int) -> Int {
    let last =
      row.endsLine ? row.range.upperBound : max(row.range.lowerBound, row.range.upperBound - 1)
    var i = row.range.lowerBound
    var used = 0
    while i < last {
      let w = Self.width(of: characters[i])
      if used + w > column { break }
      used += w
      i += 1
    }
    return i
  }

  /// Moves one row up in rows of `width` columns, keeping the column the
  /// last Up or Down started from. False on the first row.
  package mutating func moveUp(wrappingAt width: Int = .max) -> Bool {
    moveVertically(by: -1, width: width)
  }

  /// Moves one row down in rows of `width` columns, keeping the column. False
  /// on the last row.
  package mutating func moveDown(wrappingAt width: Int = .max) -> Bool {
    moveVertically(by: 1, width: width)
  }

  private mutating func moveVertically(by step: Int, width: Int) -> Bool {
    let rows = rows(wrappingAt: width)
    let (row, column) = location(of: cursor, in: rows)
    let target = row + step
    guard rows.indices.contains(target) else { return false }
    let goal = goalColumn ?? column
    setCursor(index(in: rows[target], atColumn: goal))
    goalColumn = goal
    return true
  }

  /// The column the cursor is drawn at on one line: the columns before it.
  var cursorColumn: Int { columns(0..<cursor) }

  /// The columns the cursor's cell takes: 2 on a wide character, else 1.
  var cursorWidth: Int {
    cursor < characters.count ? max(1, Self.width(of: characters[cursor])) : 1
  }

  /// Draws the characters `range` on one row, its column `offset` at `x`,
  /// in `width` columns; a wide character cut by either edge (or wider
  /// than the row) shows as `…` in the column of it that is inside, so a
  /// field narrower than its one character still shows something.
  func drawRow(
    _ range: Range<Int>, from offset: Int, at origin: Point, width: Int, style: Style,
    into buffer: inout ScreenBuffer
  ) {
    var column = 0
    for i in range {
      let w = Self.width(of: characters[i])
      let x = column - offset
      if x >= width { return }
      if x >= 0, x + w <= width {
        buffer.write(
          String(characters[i]), at: Point(x: origin.x + x, y: origin.y), style: style,
          maxX: origin.x + width)
      } else if x + w > 0 {
        buffer.set(Cell("…", style: style), x: origin.x + max(0, x), y: origin.y)
      }
      column += w
    }
  }
}
