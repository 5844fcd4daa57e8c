/// The run loop: reads events from a ``Terminal``, sends each key from the
/// focused page up to the root and the app's ``KeyMap``, runs timers and
/// animations, and draws a new frame only when something changed, sending
/// the terminal only the cells that differ from the last frame.
@MainActor
public final class Application {
  /// The root controller, usually a ``TabBarController``.
  package let root: ViewController
  /// The app's keys: those that work everywhere (quit, help, redraw,
  /// suspend, and the app's own), after every controller's.
  package let keyMap: KeyMap
  /// Below this size the app shows "Terminal too small" instead.
  package var minimumSize = Size(width: 20, height: 7)
  /// Past this size, 4000×1000, in either direction, the app shows
  /// "Terminal too large" in the top-left corner instead: such a size is
  /// surely a mistake (`stty cols 40000`), and a screen that large would
  /// take gigabytes. The app then allocates and draws only that corner
  /// (``drawnSize(for:)``), and comes back when the terminal is smaller.
  package nonisolated static let maximumSize = Size(width: 4000, height: 1000)
  /// The corner the too-large message is drawn in: 80×24 at most.
  nonisolated static let tooLargeCorner = Size(width: 80, height: 24)

  /// The part of a terminal of `size` the app draws, from the top-left: all
  /// of it up to ``maximumSize``; past that, only the corner that shows the
  /// too-large message (at most 80×24). Terminals size their screens by
  /// it, so no buffer is ever larger than ``maximumSize``.
  package nonisolated static func drawnSize(for size: Size) -> Size {
    guard isTooLarge(size) else { return size }
    return Size(
      width: max(0, min(size.width, tooLargeCorner.width)),
      height: max(0, min(size.height, tooLargeCorner.height)))
  }

  /// True past ``maximumSize`` in either direction.
  nonisolated static func isTooLarge(_ size: Size) -> Bool {
    size.width > maximumSize.width || size.height > maximumSize.height
  }
  /// From this height on, a bar's rule carries a hint of the keys that work.
  package var minimumHintHeight = 12
  /// The time between two frames of a running animation.
  package var frameInterval: Duration = .milliseconds(40)
  /// The keys that work on the page on screen, for the bar that draws them
  /// in its rule: made by each frame's layout pass from the key route, nil
  /// on a terminal shorter than ``minimumHintHeight``. It is the frame's,
  /// not a setting the controllers pass down: whichever controller draws
  /// the bottom rule reads it (``ViewController/statusHint``).
  package private(set) var statusHint: StatusHint?
  /// True while the key help covers the screen.
  package internal(set) var isShowingHelp = false
  /// The first key shown while the help scrolls (a short screen).
  var helpScroll = 0
  /// True once `q` (or Ctrl-C) or the end of input stopped the loop.
  package internal(set) var isFinished = false

  let terminal: Terminal
  private var previous = ScreenBuffer(size: .zero)
  private var current = ScreenBuffer(size: .zero)
  /// True when something changed since the last frame. Every change the
  /// screen shows passes here, so it also drops the key route (``keyRoute``)
  /// made for the screen as it was.
  var needsDisplay = true {
    didSet { if needsDisplay { keyRoute = nil } }
  }
  /// The focus chain and its bindings as the last frame's layout (or the
  /// last key) found them: kept while nothing changes, so that a key, the
  /// hint and the help share one walk (see ``route()``).
  var keyRoute: KeyRoute?
  /// Test hook: how many times the focus chain was walked (see
  /// ``route()``), to check that a key walks it once.
  package var _focusChainWalks = 0
  private var isAnimating = false
  private var started = false
  /// The app's timers; pages reach them through ``ViewController/schedule(every:_:)``.
  package let timers = Timers()
  private let clock: AnimationClock
  /// Runs every animation of the app: slides of pages and of the bar,
  /// accordion sections.
  package let animator = Animator()

  /// Creates the app on `terminal`. Animations and timers read `clock`,
  /// the real time when nil (a manual one in tests); `animated: false`
  /// makes every change instant. The theme is
  /// the root's (``Theme/standard`` unless it has one), drawn without
  /// colours on a terminal that has none, and with each colour brought down
  /// to what the terminal shows (``Terminal/colorDepth``).
  public init(
    root: ViewController, terminal: Terminal, keyMap: KeyMap = .standard,
    clock: (any AnimationClock)? = nil, animated: Bool = true
  ) {
    let clock = clock ?? SystemClock()
    self.root = root
    self.terminal = terminal
    self.keyMap = keyMap
    self.clock = clock
    root.displayHandler = { [weak self] in self?.needsDisplay = true }
    root.clock = clock
    root.animator = animator
    root.ownTraits.timers = timers
    root.ownTraits.application = self
    root.animationsEnabled = animated
    // The root keeps its theme; without colours it reads as monochrome.
    root.ownTraits.colorDepth = terminal.colorDepth
  }

  /// Tells the controllers what the terminal's background is before the
  /// first frame, and again whenever it changes (see
  /// ``ViewController/terminalBackgroundDidChange()``).
  private func noteTerminalBackground() {
    let background = terminal.background
    guard background != root.ownTraits.terminalBackground else { return }
    root.ownTraits.terminalBackground = background
    root.terminalBackgroundDidChange()
    needsDisplay = true
  }

  /// Runs `action` every `interval` of the app's clock while the app runs,
  /// between keys. Keys are never held up by a timer: input wakes the
  /// loop at once. The token cancels it.
  @discardableResult
  public func schedule(
    every interval: Duration, _ action: @escaping @MainActor () -> Void
  ) -> Timers.Token {
    timers.schedule(every: interval, from: elapsed, action)
  }

  private var elapsed: Duration { clock.now }

  /// Ends ``run()`` after the event being handled, as `q` does.
  public func quit() {
    isFinished = true
  }

  /// Runs `work` on the main actor between events, then draws what it
  /// changed. Callable from any thread, as Bubble Tea's `Send` or
  /// Textual's `call_from_thread`: the way a background thread hands its
  /// result to the pages. Work posted from one thread runs in that order.
  ///
  /// The work runs while the terminal waits for input (see
  /// ``Terminal/readEvent(timeout:)``); a test on a ``MemoryTerminal``
  /// awaits it, then calls `tick()` to draw.
  public nonisolated func post(_ work: @escaping @MainActor @Sendable () -> Void) {
    Task { @MainActor in
      work()
      self.needsDisplay = true
    }
  }

  /// The error that ended the loop: the terminal could not be drawn on
  /// (it went away). Nil while it runs and after an ordinary quit.
  package private(set) var terminalError: (any Error)?

  /// Runs until `q`, Ctrl-C, ``quit()`` or the end of input.
  ///
  /// - Throws: the terminal's error when drawing on it failed (a terminal
  ///   that went away); the loop ends at once.
  public func run() throws {
    start()
    while !isFinished {
      if let event = terminal.readEvent(timeout: nextWake()) {
        send(event)
      } else if !isFinished {
        // Work run during the wait (or a stop signal) may have ended the app.
        tick()
      }
    }
    if let terminalError { throw terminalError }
  }

  /// How long the loop may sleep: until the next animation frame or timer.
  private func nextWake() -> Duration? {
    var wake: Duration? = isAnimating ? frameInterval : nil
    if let next = timers.nextFireTime {
      let untilTimer = max(.zero, next - elapsed)
      wake = min(wake ?? untilTimer, untilTimer)
    }
    return wake
  }

  /// Shows the root and draws the first frame (``run()`` does this). The
  /// root hears the terminal's size (``ViewController/viewWillTransition(to:)``)
  /// before anything appears, so that what depends on it (the tabs behind
  /// `More`) is arranged for the real size, not a guessed one.
  package func start() {
    guard !started else { return }
    started = true
    let size = terminal.size
    if isLargeEnough(size) {
      laidOutSize = size
      root.viewWillTransition(to: size)
    }
    root.beginAppearance(true)
    root.endAppearance(true)
    renderIfNeeded()
  }

  /// Fires the timers that are due and draws the next animation frame.
  package func tick() {
    // A timer may change what a page binds without asking for a frame.
    if let due = timers.nextFireTime, due <= elapsed { keyRoute = nil }
    timers.fire(at: elapsed)
    renderIfNeeded()
  }

  /// Handles one event and draws if it changed anything. A key or click
  /// first finishes any running animation, so it acts at once.
  package func send(_ event: InputEvent) {
    start()
    // Only a key follows the frame whose route it takes: anything else may
    // have changed the way.
    if case .key = event {} else { keyRoute = nil }
    switch event {
    case .key(let key):
      animator.step(at: clock.now, finishingAll: true)
      if isShowingHelp {
        handleHelpKey(key)
      } else {
        dispatch(key)
      }
    case .paste(let text):
      // Only a page that takes text takes a paste; elsewhere it is dropped
      // whole, never read as keys.
      let focused = route().chain[0]
      if !isShowingHelp, focused.acceptsText {
        focused.insertText(text)
        needsDisplay = true
      }
    case .mouse(let mouse):
      animator.step(at: clock.now, finishingAll: true)
      if isShowingHelp {
        isShowingHelp = false
        needsDisplay = true
      } else if isLargeEnough(terminal.size), !Self.isTooLarge(terminal.size),
        root.handleMouse(mouse, in: Rect(origin: .zero, size: terminal.size))
      {
        needsDisplay = true
      }
    case .resize:
      previous = ScreenBuffer(size: .zero)  // the next frame redraws every cell
      needsDisplay = true
    case .endOfInput:
      // The settled frame: animations end before the last render.
      animator.step(at: clock.now, finishingAll: true)
      needsDisplay = true
      isFinished = true
    }
    renderIfNeeded()
  }

  /// Forgets the last frame on both sides: the next frame sends every cell,
  /// and the terminal repaints them all.
  func repaintAll() {
    terminal.invalidate()
    previous = ScreenBuffer(size: .zero)
    needsDisplay = true
  }

  /// Work to do before the next frame: navigation that waited for a
  /// list's rows (a deep link, a restore), run outside the appearance calls
  /// that ended the list's load.
  private var beforeNextFrame: [@MainActor () -> Void] = []

  /// Runs `work` before the next frame is laid out, and draws that frame.
  package func performBeforeNextFrame(_ work: @escaping @MainActor () -> Void) {
    beforeNextFrame.append(work)
    needsDisplay = true
  }

  /// Draws a frame when something changed since the last one (or an
  /// animation runs): renders into a reused buffer and sends the terminal
  /// only the cells that differ.
  func renderIfNeeded() {
    while !beforeNextFrame.isEmpty {
      let work = beforeNextFrame.removeFirst()
      work()
    }
    noteTerminalBackground()
    isAnimating = animator.step(at: clock.now, finishingAll: false)
    guard needsDisplay || isAnimating, terminalError == nil else { return }
    needsDisplay = false
    render(size: terminal.size, into: &current)
    do {
      // Colours the terminal cannot show become the nearest it can (never
      // fewer than the eight ANSI colours: a monochrome terminal drops them).
      let depth = max(terminal.colorDepth, .ansi8)
      if depth == .trueColor {
        try current.forEachChange(from: previous) { try terminal.draw($1, at: $0) }
      } else {
        try current.forEachChange(from: previous) { point, cell in
          var cell = cell
          cell.style = cell.style.degraded(to: depth)
          try terminal.draw(cell, at: point)
        }
      }
      terminal.setCursor(current.cursor)
      try terminal.flush()
    } catch {
      // A terminal that cannot be drawn on is gone: end the loop with it.
      terminalError = error
      isFinished = true
      return
    }
    swap(&current, &previous)
    // The frame after an animation's last must also be drawn: its end state.
    if isAnimating { needsDisplay = true }
  }

  /// Renders the whole screen at `size`, without drawing it on the terminal
  /// (past ``maximumSize``, the corner with the too-large message).
  package func renderFrame(size: Size) -> ScreenBuffer {
    var buffer = ScreenBuffer(size: Self.drawnSize(for: size))
    render(size: size, into: &buffer)
    return buffer
  }

  private func isLargeEnough(_ size: Size) -> Bool {
    size.width >= minimumSize.width && size.height >= minimumSize.height
  }

  /// The layout pass of a frame, before it is rendered: the hint for the
  /// page on screen, then the controllers'
  /// ``ViewController/viewWillLayout(in:)``, which place it.
  private func layout(size: Size) {
    guard isLargeEnough(size), !Self.isTooLarge(size) else { return }
    // The hint names the keys that work on the page on screen, from the
    // same bindings as the help; a short terminal has no room for it.
    statusHint = size.height >= minimumHintHeight ? currentHint() : nil
    root.viewWillLayout(in: Rect(origin: .zero, size: size))
  }

  /// The size the last frame was laid out at.
  private var laidOutSize: Size?

  /// Renders a frame after its layout pass. A new size goes to the
  /// controllers first (``ViewController/viewWillTransition(to:)``), where
  /// what is on screen may change; the layout pass then only places it.
  private func render(size: Size, into buffer: inout ScreenBuffer) {
    if size != laidOutSize, isLargeEnough(size) {
      laidOutSize = size
      root.viewWillTransition(to: size)
    }
    layout(size: size)
    draw(size: size, into: &buffer)
  }

  /// Draws the laid-out controllers, the help and the too-small or
  /// too-large message, into a buffer of ``drawnSize(for:)``, over the
  /// theme's ``Theme/background``.
  private func draw(size: Size, into buffer: inout ScreenBuffer) {
    buffer.reset(size: Self.drawnSize(for: size))
    defer { buffer.paintBackground(root.theme[.background]) }
    let bounds = buffer.bounds
    guard !Self.isTooLarge(size) else {
      let message = root.interfaceStrings.terminalTooLarge(most: Self.maximumSize, have: size)
      renderMessage(message, in: bounds, into: &buffer)
      return
    }
    guard isLargeEnough(size) else {
      let message = root.interfaceStrings.terminalTooSmall(need: minimumSize, have: size)
      renderMessage(message, in: bounds, into: &buffer)
      return
    }
    root.render(in: bounds, into: &buffer)
    if let toast { renderToast(toast.message, in: bounds, into: &buffer) }
    if isShowingHelp {
      helpOverlay.render(in: bounds, into: &buffer)
      buffer.cursor = nil
    }
  }

  // MARK: Toasts

  /// The toast on screen, and the timer that takes it away.
  private var toast: (message: String, timer: Timers.Token)?

  /// Shows `message` for `duration` of the app's clock in a small box at the
  /// bottom right, above the tab bar, over whatever is on screen; keys go
  /// on to the page meanwhile. A new toast replaces the one showing.
  public func showToast(_ message: String, for duration: Duration = .seconds(3)) {
    toast?.timer.cancel()
    var timer: Timers.Token?
    timer = schedule(every: duration) { [weak self] in
      timer?.cancel()
      self?.toast = nil
      self?.needsDisplay = true
    }
    toast = timer.map { (message, $0) }
    needsDisplay = true
  }

  /// The message of the toast on screen, nil when none shows: a toast goes
  /// when its time is up or another replaces it. A test reads it through
  /// `AppDriver.toast`.
  public var toastMessage: String? { toast?.message }

  /// A framed line at the bottom right, one row above the bar, cut to the
  /// screen's width.
  private func renderToast(_ message: String, in rect: Rect, into buffer: inout ScreenBuffer) {
    let barRows = (root as? TabBarController)?.bottomBarSpace.rows ?? 0
    let text = TextWidth.truncate(message, toWidth: max(1, rect.width - 6))
    let width = TextWidth.width(of: text) + 4
    let bottom = rect.maxY - barRows - 1
    guard width <= rect.width, bottom - 3 >= rect.minY else { return }
    let box = Rect(x: rect.maxX - width - 1, y: bottom - 3, width: width, height: 3)
    // A cursor under the toast would blink on its text.
    if let cursor = buffer.cursor, box.contains(cursor) { buffer.cursor = nil }
    buffer.fill(box, with: Cell(" ", style: root.theme[.row]))
    buffer.drawFrame(box, style: root.theme[.overlayBorder])
    buffer.write(
      text, at: Point(x: box.minX + 2, y: box.minY + 1), style: root.theme[.navigationTitle])
  }

  /// "Terminal too small: need W×H, have w×h" (or too large), wrapped to
  /// the width and centred.
  private func renderMessage(_ message: String, in rect: Rect, into buffer: inout ScreenBuffer) {
    var lines: [String] = []
    var line = ""
    for word in message.split(separator: " ") {
      let candidate = line.isEmpty ? String(word) : line + " " + word
      if TextWidth.width(of: candidate) > rect.width, !line.isEmpty {
        lines.append(line)
        line = String(word)
      } else {
        line = candidate
      }
    }
    lines.append(line)
    let top = max(0, (rect.height - lines.count) / 2)
    for (i, text) in lines.enumerated() where top + i < rect.height {
      buffer.writeCentered(
        text, in: Rect(x: 0, y: top + i, width: rect.width, height: 1), style: root.theme[.warning])
    }
  }

  /// The frame last drawn.
  package var lastFrame: ScreenBuffer { previous }
}
