/// A screen the run loop draws on and reads input from. ``MemoryTerminal`` is
/// one; `NcursesTerminal` (its own module) is the real one.
public protocol Terminal: AnyObject {
  /// The screen's size in cells.
  var size: Size { get }
  /// True when the terminal shows colours (false in monochrome or with `NO_COLOR`).
  var supportsColor: Bool { get }
  /// Waits at most `timeout` (forever when nil) for the next event; nil when
  /// the time ran out first.
  func readEvent(timeout: Duration?) -> InputEvent?
  /// Draws the cells that changed since the last frame (see ``ScreenBuffer/diff(from:)``).
  func draw(_ updates: [CellUpdate])
  /// Puts what was drawn on the screen.
  func flush()
}
