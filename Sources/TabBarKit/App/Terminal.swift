/// A screen the run loop draws on and reads input from. ``MemoryTerminal`` is
/// one; `NcursesTerminal` (its own module) is the real one.
///
/// A terminal lives on the main actor, with the app it serves.
@MainActor
public protocol Terminal: AnyObject {
  /// The screen's size in cells.
  var size: Size { get }
  /// True when the terminal shows colours (false in monochrome or with `NO_COLOR`).
  var supportsColor: Bool { get }
  /// How many colours the terminal shows: cells reach ``draw(_:at:)`` with
  /// their colours already brought down to it (at least to the eight ANSI
  /// colours, which every terminal that shows colours has). The default is
  /// 8 colours when ``supportsColor`` says so, else monochrome.
  var colorDepth: ColorDepth { get }
  /// Whether the terminal's own background is dark or light, as far as it
  /// is known (see ``TerminalBackground``). It may change while the app
  /// runs, when the terminal's answer comes: the app reads it after each
  /// event. The default is ``TerminalBackground/unknown``.
  var background: TerminalBackground { get }
  /// Waits at most `timeout` (forever when nil) for the next event; nil when
  /// the time ran out first.
  ///
  /// A terminal that serves the main queue while it waits (as
  /// `NcursesTerminal` does) runs main-actor work there, a page's task or
  /// a closure handed to ``Application/post(_:)``, and then returns nil, so
  /// the app draws what the work changed.
  func readEvent(timeout: Duration?) -> InputEvent?
  /// Draws `cell` at `point`: one of the cells that changed since the last
  /// frame. The right half of a wide character comes as a continuation
  /// cell, to skip or to draw. The frame ends with ``flush()``.
  ///
  /// Throws when the terminal is gone; the run loop then ends with the error.
  func draw(_ cell: Cell, at point: Point) throws
  /// Puts what was drawn on the screen. Throws when the terminal is gone
  /// (hung up, closed); the run loop then ends with the error.
  func flush() throws
  /// Where the terminal's own cursor shows once the frame is flushed: at
  /// `position`, visible (the insertion point of a field being typed
  /// into, which input methods, screen readers and magnifiers follow), or
  /// hidden when nil. The app calls it before each ``flush()`` with the
  /// frame's ``ScreenBuffer/cursor``.
  func setCursor(_ position: Point?)
  /// Forgets what the terminal is known to show, so the next ``flush()``
  /// repaints every cell (Ctrl-L). The app then draws a whole frame.
  func invalidate()
  /// Stops the process with the terminal restored until it is continued
  /// (Ctrl-Z); returns once it runs again. The app then draws a whole
  /// frame.
  func suspend()
  /// Gives the terminal to another program without stopping the process
  /// (``Application/runInForeground(_:environment:)``): left as the shell
  /// had it, as for ``suspend()`` (normal input with echo and Ctrl-C, the
  /// main screen, the cursor shown; mouse reporting, bracketed paste and
  /// the kitty keyboard protocol off). Nothing is drawn until
  /// ``reclaimScreen()``.
  func releaseScreen()
  /// Takes the terminal back after ``releaseScreen()``: the app's modes and
  /// its screen again, at the window's size of now, with every cell to
  /// repaint. The app then draws a whole frame.
  func reclaimScreen()
}

extension Terminal {
  /// The eight ANSI colours, or none.
  public var colorDepth: ColorDepth { supportsColor ? .ansi8 : .monochrome }
  /// Not known.
  public var background: TerminalBackground { .unknown }
  /// No cursor to show: a terminal that only keeps cells.
  public func setCursor(_ position: Point?) {}
  /// Nothing to forget: a terminal that draws exactly what it is told.
  public func invalidate() {}
  /// Does not stop: a terminal without a process to suspend.
  public func suspend() {}
  /// Nothing to give: a terminal without a screen of its own.
  public func releaseScreen() {}
  /// Nothing to take back: a terminal without a screen of its own.
  public func reclaimScreen() {}
}
