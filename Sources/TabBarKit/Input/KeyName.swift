extension Key {
  /// Parses a key name, as a user writes it in a configuration file or a
  /// script of keys: `left right up down enter esc tab backtab space comma
  /// backspace home end pgup pgdn`, `alt-X`, `ctrl-X`, `f1`…`f12`, or any
  /// single character (`1`, `q`, `?`, `中`). Names are case-insensitive; a
  /// single character keeps its case. Nil for any other name.
  ///
  /// ```swift
  /// let quit = Key(name: settings["quit"] ?? "q") ?? .character("q")
  /// ```
  public init?(name: String) {
    if name.count == 1, let c = name.first {
      self = .character(c)
      return
    }
    let lower = name.lowercased()
    switch lower {
    case "left": self = .left
    case "right": self = .right
    case "up": self = .up
    case "down": self = .down
    case "enter", "return": self = .enter
    case "esc", "escape": self = .escape
    case "tab": self = .tab
    case "backtab", "shift-tab": self = .backTab
    case "space": self = .character(" ")
    case "comma": self = .character(",")
    case "backspace", "bs": self = .backspace
    case "delete", "del": self = .delete
    case "home": self = .home
    case "end": self = .end
    case "pgup", "pageup": self = .pageUp
    case "pgdn", "pagedown": self = .pageDown
    default:
      if lower.hasPrefix("alt-"), name.count == 5, let c = name.last {
        self = .alt(c)
      } else if lower.hasPrefix("ctrl-"), name.count == 6, let c = lower.last {
        self = .ctrl(c)
      } else if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...12).contains(n) {
        self = .function(n)
      } else {
        return nil
      }
    }
  }

  /// Parses a comma-separated list of key names (``init(name:)``) such as
  /// `2,enter,esc`, spaces around each name ignored: a script of keys for
  /// a headless run or a test. An empty text is no key.
  ///
  /// - Throws: a ``KeyNameError`` naming the first name that is not a key
  ///   and its position, counted from 1.
  public static func parseList(_ text: String) throws(KeyNameError) -> [Key] {
    if text.isEmpty { return [] }
    var keys: [Key] = []
    for (i, part) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
      let name = part.trimmingSpaces
      guard let key = Key(name: name) else { throw KeyNameError(name: name, position: i + 1) }
      keys.append(key)
    }
    return keys
  }
}

/// An unknown key name in a key list.
public struct KeyNameError: Error, Equatable, CustomStringConvertible {
  /// The name that did not parse.
  package var name: String
  /// Its 1-based position in the list.
  package var position: Int

  /// A one-line message.
  public var description: String {
    let what = name.isEmpty ? "no key name" : "unknown key '\(name)'"
    return "\(what) at position \(position) (known: left right up down enter esc tab "
      + "backtab space comma backspace home end pgup pgdn alt-X ctrl-X f1…f12, or one character)"
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    var s = self
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}
