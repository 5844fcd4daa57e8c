import TabBarKit

/// A content file that cannot be used: what is wrong, in which file and
/// where. Its description is the one line the demo prints after
/// `tabbar-demo: error: `, for example
/// `Examples/bad.json: tabs[1].page: no page with id "nope"`.
struct ContentError: Error, Equatable, CustomStringConvertible {
  /// The part of the file the problem is in.
  enum Place: Equatable {
    /// The file as a whole (it cannot be read, for example).
    case file
    /// A position in the text. `line` and `column` count from 1, the column
    /// in characters (Unicode scalars); `byteOffset` counts bytes from 0.
    case text(line: Int, column: Int, byteOffset: Int?)
    /// A value, by its path in the document.
    case value(JSONPath)
  }

  /// The file as the user named it; empty until the loader fills it in.
  var file: String
  /// Where in the file.
  var place: Place
  /// What is wrong, starting in lower case, without a full stop.
  var message: String

  /// An error at the value `path`, for a file named later.
  init(at path: JSONPath, _ message: String) {
    self.init(file: "", place: .value(path), message: message)
  }

  /// An error in `file` at `place`.
  init(file: String, place: Place, message: String) {
    self.file = file
    self.place = place
    self.message = message
  }

  /// `FILE: PLACE: MESSAGE`, with nothing from the file that could act on a
  /// terminal: the name and every quoted value are escaped.
  var description: String {
    let name = Self.escaped(file.isEmpty ? "\"\"" : file)
    switch place {
    case .file:
      return "\(name): \(message)"
    case .text(let line, let column, nil):
      return "\(name): line \(line), column \(column): \(message)"
    case .text(let line, let column, let offset?):
      return "\(name): line \(line), column \(column) (byte offset \(offset)): \(message)"
    case .value(let path):
      return "\(name): \(path): \(message)"
    }
  }

  /// `text` as a JSON string literal, with controls, C1 codes, bidi
  /// controls and other characters the screen would not show as themselves
  /// written as `\uXXXX` escapes.
  static func quoted(_ text: String) -> String {
    "\"" + escaped(text, quote: true) + "\""
  }

  /// `text` with every character that a terminal would act on, or that
  /// `Sanitizer` would not show as itself, written as a `\uXXXX` escape.
  /// No-break spaces are escaped too: in a message they look like a plain
  /// space, and `--keys "a b"` would not say why it is refused.
  static func escaped(_ text: String, quote: Bool = false) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"" where quote: out += "\\\""
      case "\\" where quote: out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      case "\u{A0}", "\u{2007}", "\u{202F}": out += "\\u" + hex(scalar.value, digits: 4)
      default:
        if Sanitizer.visible(scalar) == scalar {
          out.unicodeScalars.append(scalar)
        } else {
          for unit in String(scalar).utf16 { out += "\\u" + hex(UInt32(unit), digits: 4) }
        }
      }
    }
    return out
  }

  /// `value` in upper-case hexadecimal, zero-padded to `digits`.
  static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
