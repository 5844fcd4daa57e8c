/// A terminal in memory: it keeps the screen as a ``ScreenBuffer``, replays
/// scripted input, and counts what it was asked to draw. Tests and
/// `--headless` render through it.
public final class MemoryTerminal: Terminal {
  /// The screen as drawn so far.
  public private(set) var screen: ScreenBuffer
  /// Events still to be read; when none are left, reading gives ``InputEvent/endOfInput``.
  package var pendingEvents: [InputEvent]
  /// True when the terminal claims colours. Setting it to false makes
  /// ``colorDepth`` monochrome; setting it to true on a monochrome terminal
  /// makes it truecolor.
  public var supportsColor: Bool {
    get { colorDepth != .monochrome }
    set {
      if newValue != supportsColor { colorDepth = newValue ? .trueColor : .monochrome }
    }
  }
  /// The colours the terminal claims: truecolor by default, so the screen
  /// keeps every colour the app drew; fewer to see what such a terminal shows
  /// (the app brings each cell's colours down to it before drawing).
  public var colorDepth: ColorDepth
  /// Where the app last put the terminal's cursor: the insertion point of
  /// the field being typed into, or nil while it is hidden. The
  /// ``screen``'s ``ScreenBuffer/cursor`` too.
  package var cursor: Point? { screen.cursor }
  /// The terminal's background as a test sets it; ``TerminalBackground/unknown``
  /// unless set. The app sees a change after the next event.
  public var background = TerminalBackground.unknown
  /// Frames flushed so far.
  package private(set) var frameCount = 0
  /// Cells drawn in the last frame.
  package private(set) var lastFrameCellCount = 0
  private var cellsSinceFlush = 0

  /// Creates a terminal of `size` with scripted events, in truecolor or,
  /// with `supportsColor: false`, monochrome.
  public convenience init(size: Size, events: [InputEvent] = [], supportsColor: Bool = true) {
    self.init(size: size, events: events, colorDepth: supportsColor ? .trueColor : .monochrome)
  }

  /// Creates a terminal of `size` with scripted events that shows `colorDepth`.
  package init(size: Size, events: [InputEvent] = [], colorDepth: ColorDepth) {
    self.size = size
    self.screen = ScreenBuffer(size: Application.drawnSize(for: size))
    self.pendingEvents = events
    self.colorDepth = colorDepth
  }

  /// The screen's size, as the app is told it. Past
  /// the largest size (4000×1000) the ``screen`` is only the corner the app
  /// draws, as a real terminal's would be.
  public private(set) var size: Size

  /// Changes the size as a window resize would and queues the resize event next.
  package func resize(to newSize: Size) {
    size = newSize
    screen.reset(size: Application.drawnSize(for: newSize))
    pendingEvents.insert(.resize(newSize), at: 0)
  }

  /// The next scripted event, or ``InputEvent/endOfInput``.
  public func readEvent(timeout: Duration?) -> InputEvent? {
    pendingEvents.isEmpty ? .endOfInput : pendingEvents.removeFirst()
  }

  /// When set, drawing throws it, as a terminal that went away would: tests
  /// use it to check what an app does when its terminal dies.
  package var failure: (any Error)?

  /// Puts the cell on ``screen``, or throws the failure a test set up.
  public func draw(_ cell: Cell, at point: Point) throws {
    if let failure { throw failure }
    screen.replace(cell, at: point)
    cellsSinceFlush += 1
  }

  /// Records where the cursor shows (nil: hidden).
  public func setCursor(_ position: Point?) {
    screen.cursor = position
  }

  /// How many times the app gave the terminal to another program
  /// (``releaseScreen()``), as
  /// ``Application/runInForeground(_:environment:)`` does: a test of a page
  /// that runs a program checks it left and came back.
  public private(set) var releaseCount = 0
  /// True between ``releaseScreen()`` and ``reclaimScreen()``: while
  /// another program has the terminal.
  public private(set) var isReleased = false

  /// Records that another program has the terminal.
  public func releaseScreen() {
    releaseCount += 1
    isReleased = true
  }

  /// Records that the app has the terminal again.
  public func reclaimScreen() {
    isReleased = false
  }

  /// Ends a frame.
  public func flush() {
    frameCount += 1
    lastFrameCellCount = cellsSinceFlush
    cellsSinceFlush = 0
  }
}
