extension Style {
  /// One letter that names the style in a frame's style layer (snapshots, `--styles`):
  /// `L` a link (``Style/link``), `S` a coloured background (selection and indicators), `R` reverse video,
  /// `B` bold, `C` a coloured foreground, `D` dim, `U` underline, `.` plain.
  package var letter: Character {
    if isLinked { return "L" }
    if hasBackground { return "S" }
    if attributes.contains(.reverse) { return "R" }
    if attributes.contains(.bold) { return "B" }
    if foreground != .default { return "C" }
    if attributes.contains(.dim) { return "D" }
    if attributes.contains(.underline) { return "U" }
    return "."
  }
}

extension ScreenBuffer {
  /// The style layer of row `y`, one letter per column: `L` a link, `S` a coloured
  /// background (selection and indicators), `R` reverse video, `B` bold,
  /// `C` a coloured foreground, `D` dim, `U` underline, `.` plain.
  package func styleLine(_ y: Int) -> String {
    var out = ""
    for x in 0..<size.width {
      let cell = self[x, y]
      // The rest of a wide character takes its first column's letter.
      var head = x
      while head > 0, self[head, y].isContinuation { head -= 1 }
      out.append(cell.isContinuation ? self[head, y].style.letter : cell.style.letter)
    }
    return out
  }

  /// The frame as text: rows with trailing spaces removed, joined by newlines.
  ///
  /// Complexity: O(width × height); trailing spaces are found on the cells,
  /// not by trimming a `String` one character at a time.
  public var text: String {
    var out = String.UnicodeScalarView()
    for y in 0..<size.height {
      if y > 0 { out.append("\n") }
      let row = y * size.width
      var end = size.width
      while end > 0, cells[row + end - 1].isSpace { end -= 1 }
      for x in 0..<end { cells[row + x].append(to: &out) }
    }
    return String(out)
  }

  /// The style layer, one row of letters per screen row.
  public var styleText: String {
    (0..<size.height).map(styleLine).joined(separator: "\n")
  }
}

extension ScreenBuffer: CustomStringConvertible {
  /// The size and the frame's text: short enough to read in a test failure.
  public var description: String { "\(size) frame:\n" + text }
}
