/// The run loop: reads events from a ``Terminal``, turns keys into actions
/// through the ``KeyMap``, hands them to the root controller, and draws a new
/// frame only when something changed, sending the terminal only the cells
/// that differ from the last frame.
public final class Application {
  /// The root controller, usually a ``TabBarController``.
  public let root: ViewController
  /// The key table (T7, I4).
  public let keyMap: KeyMap
  /// Below this size the app shows "Terminal too small" instead (R4).
  public var minimumSize = Size(width: 20, height: 7)
  /// True while the key help covers the screen (I4).
  public private(set) var isShowingHelp = false
  /// True once `q` (or Ctrl-C) or the end of input stopped the loop.
  public private(set) var isFinished = false

  private let terminal: Terminal
  private var previous = ScreenBuffer(size: .zero)
  private var current = ScreenBuffer(size: .zero)
  private var needsDisplay = true
  private var started = false

  /// Creates the app on `terminal`. The theme follows the terminal's colours
  /// unless the root already has one.
  public init(root: ViewController, terminal: Terminal, keyMap: KeyMap = .standard) {
    self.root = root
    self.terminal = terminal
    self.keyMap = keyMap
    root.displayHandler = { [weak self] in self?.needsDisplay = true }
    if !terminal.supportsColor { root.theme = .monochrome }
  }

  /// Runs until `q`, Ctrl-C or the end of input.
  public func run() {
    start()
    while !isFinished {
      guard let event = terminal.readEvent(timeout: nil) else { continue }
      send(event)
    }
  }

  /// Shows the root and draws the first frame (``run()`` does this).
  public func start() {
    guard !started else { return }
    started = true
    root.beginAppearance(true)
    root.endAppearance(true)
    renderIfNeeded()
  }

  /// Handles one event and draws if it changed anything.
  public func send(_ event: InputEvent) {
    start()
    switch event {
    case .key(let key):
      if isShowingHelp {
        // Any key closes the help; q still quits.
        isShowingHelp = false
        needsDisplay = true
        if keyMap.action(for: key) == .quit { isFinished = true }
      } else if let action = keyMap.action(for: key) {
        perform(action)
      }
    case .mouse:
      break
    case .resize:
      previous = ScreenBuffer(size: .zero)  // the next frame redraws every cell
      needsDisplay = true
    case .endOfInput:
      isFinished = true
    }
    renderIfNeeded()
  }

  private func perform(_ action: Action) {
    switch action {
    case .quit:
      isFinished = true
    case .help:
      isShowingHelp = true
      needsDisplay = true
    default:
      if root.handle(action) { needsDisplay = true }
    }
  }

  /// Draws a frame when something changed since the last one: renders into
  /// a reused buffer and sends the terminal only the cells that differ.
  func renderIfNeeded() {
    guard needsDisplay else { return }
    needsDisplay = false
    render(size: terminal.size, into: &current)
    terminal.draw(current.diff(from: previous))
    terminal.flush()
    swap(&current, &previous)
  }

  /// Renders the whole screen at `size`, without drawing it on the terminal.
  public func renderFrame(size: Size) -> ScreenBuffer {
    var buffer = ScreenBuffer(size: size)
    render(size: size, into: &buffer)
    return buffer
  }

  private func render(size: Size, into buffer: inout ScreenBuffer) {
    buffer.reset(size: size)
    let bounds = buffer.bounds
    if size.width < minimumSize.width || size.height < minimumSize.height {
      renderTooSmall(in: bounds, into: &buffer)
      return
    }
    root.render(in: bounds, into: &buffer)
    if isShowingHelp {
      HelpOverlay(keyMap: keyMap, theme: root.theme).render(in: bounds, into: &buffer)
    }
  }

  /// "Terminal too small: need W×H, have w×h", wrapped to the width (R4).
  private func renderTooSmall(in rect: Rect, into buffer: inout ScreenBuffer) {
    let message =
      "Terminal too small: need \(minimumSize.width)×\(minimumSize.height), "
      + "have \(rect.width)×\(rect.height)"
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
        text, in: Rect(x: 0, y: top + i, width: rect.width, height: 1), style: root.theme.warning)
    }
  }

  /// The frame last drawn.
  public var lastFrame: ScreenBuffer { previous }
}
