/// Something a terminal reports to the run loop.
public enum InputEvent: Hashable, Sendable {
  /// A key press.
  case key(Key)
  /// A mouse click or wheel turn.
  case mouse(MouseEvent)
  /// Text pasted into the terminal (bracketed paste): a page that takes
  /// text inserts it; every other page ignores it, so pasted text is never
  /// read as keys.
  case paste(String)
  /// The terminal changed size.
  case resize(Size)
  /// No more input will come (the input closed, or a scripted run ended).
  case endOfInput
}
