/// What one cell of a tmux pane looks like: the SGR attributes and colours
/// that `tmux capture-pane -e` reports for it.
///
/// Colours are kept as the SGR parameter text that set them (`"31"`,
/// `"38;5;196"`, `"48;2;0;0;255"`), `nil` for the terminal's default.
struct CellLook: Equatable, CustomStringConvertible {
  /// SGR 1.
  var bold = false
  /// SGR 2.
  var dim = false
  /// SGR 3.
  var italic = false
  /// SGR 4.
  var underline = false
  /// SGR 5.
  var blink = false
  /// SGR 7.
  var reverse = false
  /// The foreground colour, `nil` for the default.
  var foreground: String?
  /// The background colour, `nil` for the default.
  var background: String?

  /// True when the cell looks like any other plain cell.
  var isPlain: Bool { self == CellLook() }

  var description: String {
    var parts: [String] = []
    if bold { parts.append("bold") }
    if dim { parts.append("dim") }
    if italic { parts.append("italic") }
    if underline { parts.append("underline") }
    if blink { parts.append("blink") }
    if reverse { parts.append("reverse") }
    if let foreground { parts.append("fg \(foreground)") }
    if let background { parts.append("bg \(background)") }
    return parts.isEmpty ? "plain" : parts.joined(separator: ", ")
  }

  /// Applies the parameters of one `CSI … m` sequence.
  mutating func apply(sgr parameters: String) {
    let codes = parameters.split(separator: ";", omittingEmptySubsequences: false)
      .map { Int($0) ?? 0 }
    var index = 0
    while index < codes.count {
      let code = codes[index]
      switch code {
      case 0: self = CellLook()
      case 1: bold = true
      case 2: dim = true
      case 3: italic = true
      case 4: underline = true
      case 5: blink = true
      case 7: reverse = true
      case 21, 22:
        bold = false
        dim = false
      case 23: italic = false
      case 24: underline = false
      case 25: blink = false
      case 27: reverse = false
      case 30...37, 90...97: foreground = String(code)
      case 39: foreground = nil
      case 40...47, 100...107: background = String(code)
      case 49: background = nil
      case 38, 48:
        // Extended colour: 5;n (256 colours) or 2;r;g;b (direct colour).
        let width = codes.count > index + 1 && codes[index + 1] == 2 ? 4 : 2
        let end = min(index + width, codes.count - 1)
        let value = codes[index...end].map(String.init).joined(separator: ";")
        if code == 38 { foreground = value } else { background = value }
        index = end
      default: break
      }
      index += 1
    }
  }
}

/// A snapshot of a tmux pane: its text and the look of every cell, parsed
/// from `tmux capture-pane -p -e`.
///
/// Columns are counted in Unicode scalars, one per cell. That holds for the
/// demo's screens, which draw only narrow characters; a wide character would
/// shift the columns after it.
struct PaneCapture: CustomStringConvertible {
  /// One character cell.
  struct Cell: Equatable {
    /// The character drawn in the cell.
    var scalar: Unicode.Scalar
    /// Its attributes and colours.
    var look: CellLook
  }

  /// The rows of the pane, top first.
  var rows: [[Cell]]

  /// Parses the output of `capture-pane -p -e`.
  ///
  /// tmux writes only the changes of attributes, and carries them from one
  /// line to the next, so the current look is kept across line breaks.
  init(styledText: String) {
    var rows: [[Cell]] = []
    var row: [Cell] = []
    var look = CellLook()
    var scalars = styledText.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      switch scalar {
      case "\n":
        rows.append(row)
        row = []
      case "\u{1B}":
        Self.consumeEscape(from: &scalars, into: &look)
      default:
        row.append(Cell(scalar: scalar, look: look))
      }
    }
    if !row.isEmpty { rows.append(row) }
    self.rows = rows
  }

  /// The text of every row, without trailing blanks.
  var lines: [String] { rows.indices.map { text(ofRow: $0) } }

  /// The text of one row without trailing blanks; empty past the last row.
  func text(ofRow row: Int) -> String {
    guard rows.indices.contains(row) else { return "" }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: rows[row].map(\.scalar))
    return String(String(scalars).reversed().drop { $0 == " " }.reversed())
  }

  /// The column where `needle` first starts in `row`, or `nil`.
  func column(of needle: String, inRow row: Int) -> Int? {
    guard rows.indices.contains(row) else { return nil }
    let haystack = rows[row].map(\.scalar)
    let pattern = Array(needle.unicodeScalars)
    guard !pattern.isEmpty, pattern.count <= haystack.count else { return nil }
    return (0...(haystack.count - pattern.count)).first {
      Array(haystack[$0..<($0 + pattern.count)]) == pattern
    }
  }

  /// The looks of the cells that draw `needle` in `row` (its first occurrence),
  /// or `nil` when the row does not contain it.
  func looks(of needle: String, inRow row: Int) -> [CellLook]? {
    guard let start = column(of: needle, inRow: row) else { return nil }
    return rows[row][start..<(start + needle.unicodeScalars.count)].map(\.look)
  }

  /// The look of `needle` in `row` when all its cells look the same, or `nil`.
  func look(of needle: String, inRow row: Int) -> CellLook? {
    guard let looks = looks(of: needle, inRow: row), let first = looks.first,
      looks.allSatisfy({ $0 == first })
    else { return nil }
    return first
  }

  /// The index of the first row that contains `needle`, or `nil`.
  func row(containing needle: String) -> Int? {
    lines.firstIndex { $0.contains(needle) }
  }

  /// The plain text, one line per row, for failure messages.
  var description: String {
    lines.enumerated().map { "\($0.offset < 10 ? " " : "")\($0.offset)|\($0.element)" }
      .joined(separator: "\n")
  }

  /// Skips one escape sequence and applies it to `look` if it is an SGR.
  private static func consumeEscape(
    from scalars: inout String.UnicodeScalarView.Iterator, into look: inout CellLook
  ) {
    guard let introducer = scalars.next() else { return }
    switch introducer {
    case "[":
      // CSI: parameter and intermediate bytes, then one final byte.
      var parameters = ""
      while let byte = scalars.next() {
        if (0x40...0x7E).contains(byte.value) {
          if byte == "m" { look.apply(sgr: parameters) }
          return
        }
        parameters.unicodeScalars.append(byte)
      }
    case "]":
      // OSC (a hyperlink, for example): up to BEL or ST.
      while let byte = scalars.next() {
        if byte == "\u{07}" { return }
        if byte == "\u{1B}" {
          _ = scalars.next()
          return
        }
      }
    case "(", ")", "*", "+":
      // Character set designation: one more byte.
      _ = scalars.next()
    default:
      return
    }
  }
}

extension String {
  /// True when the line holds `words` left to right (the titles of a bar).
  func holds(inOrder words: [String]) -> Bool {
    var rest = Substring(self)
    for word in words {
      guard let found = rest.range(of: word) else { return false }
      rest = rest[found.upperBound...]
    }
    return true
  }
}
