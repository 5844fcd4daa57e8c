/// Something a terminal reports to the run loop.
public enum InputEvent: Hashable, Sendable {
  /// A key press.
  case key(Key)
  /// A mouse click or wheel turn.
  case mouse(MouseEvent)
  /// The terminal changed size.
  case resize(Size)
  /// No more input will come (the input closed, or a scripted run ended).
  case endOfInput
}
