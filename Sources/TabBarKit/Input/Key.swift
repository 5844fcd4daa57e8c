/// A key press, decoded from the terminal.
public enum Key: Hashable, Sendable {
  /// A printable character (letters, digits, punctuation, CJK…).
  case character(Character)
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Enter or Return.
  case enter
  /// Esc on its own.
  case escape
  /// Tab.
  case tab
  /// Shift-Tab.
  case backTab
  /// Backspace.
  case backspace
  /// Delete.
  case delete
  /// Alt (Meta) with a character: Esc followed at once by the character.
  case alt(Character)
  /// Control with a letter, `ctrl("c")` for Ctrl-C.
  case ctrl(Character)
  /// A function key, F1 to F12.
  case function(Int)
}

extension Key {
  /// The text a printable key types (a space included), or nil for keys
  /// that type nothing: arrows, Enter, Tab, Esc, Ctrl and Alt keys.
  package var text: String? {
    guard case .character(let character) = self,
      character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
    else { return nil }
    return String(character)
  }
}

extension Key: CustomStringConvertible {
  /// The key as the help overlay and `--keys` write it.
  public var description: String {
    switch self {
    case .character(" "): return "space"
    case .character(let c): return String(c)
    case .up: return "up"
    case .down: return "down"
    case .left: return "left"
    case .right: return "right"
    case .home: return "home"
    case .end: return "end"
    case .pageUp: return "pgup"
    case .pageDown: return "pgdn"
    case .enter: return "enter"
    case .escape: return "esc"
    case .tab: return "tab"
    case .backTab: return "backtab"
    case .backspace: return "backspace"
    case .delete: return "delete"
    case .alt(let c): return "alt-\(c)"
    case .ctrl(let c): return "ctrl-\(c)"
    case .function(let n): return "f\(n)"
    }
  }
}
