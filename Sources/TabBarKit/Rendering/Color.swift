/// One of the eight ANSI colours every colour terminal has, or the terminal's default.
public enum Color: UInt8, Hashable, Sendable, CaseIterable {
  /// The terminal's own foreground or background.
  case `default`
  /// ANSI black.
  case black
  /// ANSI red.
  case red
  /// ANSI green.
  case green
  /// ANSI yellow.
  case yellow
  /// ANSI blue.
  case blue
  /// ANSI magenta.
  case magenta
  /// ANSI cyan.
  case cyan
  /// ANSI white.
  case white
}
