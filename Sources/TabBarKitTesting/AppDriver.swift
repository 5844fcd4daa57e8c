import TabBarKit

/// Runs an app on an in-memory terminal for a test: presses keys by name,
/// types text, clicks, moves the app's clock, and shows the screen as text
/// with its style layer.
///
/// The app starts at once, without animations, on a `MemoryTerminal` of
/// `size` and a `ManualClock` at zero; every call draws the frame it
/// changed before it returns, so the next line of the test reads the new
/// screen:
///
/// ```swift
/// import TabBarKit
/// import TabBarKitTesting
/// import Testing
///
/// @MainActor @Test func enterOpensARow() throws {
///   let app = AppDriver(root: try makeTabs(), size: Size(width: 40, height: 12))
///   try app.press("2,down,enter")
///   #expect(app.screen.lines[0].contains("Search 2"))
/// }
/// ```
@MainActor
public final class AppDriver {
  /// The app under test.
  public let application: Application
  /// The terminal it draws on; `MemoryTerminal.screen` is ``screen``.
  public let terminal: MemoryTerminal
  /// The app's clock: it moves only in ``advance(by:)``.
  package let clock: ManualClock

  /// Starts `root` on a terminal of `size` (80×24 unless told) with
  /// `keyMap`, in truecolor unless `colorDepth` says fewer colours.
  /// Changes are instant unless `animated` is true; then an animation runs
  /// on ``clock`` and ``advance(by:)`` plays it.
  public init(
    root: ViewController, size: Size = Size(width: 80, height: 24),
    keyMap: KeyMap = .standard, colorDepth: ColorDepth = .trueColor, animated: Bool = false
  ) {
    let terminal = MemoryTerminal(size: size, colorDepth: colorDepth)
    let clock = ManualClock()
    self.terminal = terminal
    self.clock = clock
    self.application = Application(
      root: root, terminal: terminal, keyMap: keyMap, clock: clock, animated: animated)
    application.start()
  }

  /// The screen as the terminal shows it now: `ScreenBuffer.lines` for
  /// its rows, `ScreenBuffer.styleLines` for their styles,
  /// `ScreenBuffer.text` for the whole.
  public var screen: ScreenBuffer { terminal.screen }

  /// Where the terminal's cursor shows now: the insertion point of the
  /// field being typed into (column and row from zero, top left), or nil
  /// while it is hidden.
  public var cursor: Point? { terminal.cursor }

  /// Presses keys named as `--keys` names them, one after another:
  /// `"2,down,enter"`, `"esc"`, `"ctrl-c"`, `"space"`, `"comma"`.
  ///
  /// - Throws: `KeyNameError` for a name no key has; no key is pressed then.
  public func press(_ names: String) throws(KeyNameError) {
    for key in try Key.parseList(names) { press(key) }
  }

  /// Presses one key.
  public func press(_ key: Key) {
    application.send(.key(key))
  }

  /// Types `text` one character at a time, as a person at the keyboard
  /// would: a page that takes text (a form field, a search) receives it;
  /// elsewhere each character is a key, so a `q` quits.
  public func type(_ text: String) {
    for character in text { press(.character(character)) }
  }

  /// Pastes `text` in one piece, as a terminal's bracketed paste delivers it.
  public func paste(_ text: String) {
    application.send(.paste(text))
  }

  /// Clicks the cell at column `x`, row `y` (both from zero, top left).
  public func click(x: Int, y: Int) {
    application.send(.mouse(MouseEvent(.press, at: Point(x: x, y: y))))
  }

  /// Turns the mouse wheel once over the cell at column `x`, row `y`:
  /// towards the user (`down`, the default) or away from them.
  public func scroll(down: Bool = true, x: Int, y: Int) {
    application.send(.mouse(MouseEvent(down ? .wheelDown : .wheelUp, at: Point(x: x, y: y))))
  }

  /// Resizes the terminal, as a window resize would, and draws the new frame.
  public func resize(to size: Size) {
    terminal.resize(to: size)
    while !terminal.pendingEvents.isEmpty {
      application.send(terminal.pendingEvents.removeFirst())
    }
  }

  /// Moves the clock forward by `duration` and draws: every timer due on
  /// the way fires as often as it would have in real time, and a running
  /// animation jumps to where it is at the end.
  public func advance(by duration: Duration) {
    let end = clock.now + duration
    // Stop at each time a timer is due, so a timer of one second fires
    // five times in five seconds.
    while let next = application.timers.nextFireTime, next > clock.now, next <= end {
      clock.advance(by: next - clock.now)
      application.tick()
    }
    clock.advance(by: end - clock.now)
    application.tick()
  }

  /// Lets the app's pending work finish, then draws: work posted with
  /// `Application.post(_:)`, `Task { @MainActor in … }`s already queued,
  /// and every task the pages on screen started with
  /// `ViewController.startTask(_:)` (a list's load among them), including
  /// those that this work starts in turn. The clock does not move: timers
  /// wait for ``advance(by:)``.
  ///
  /// A task that waits for something that never comes (a load that hangs)
  /// keeps it waiting: take its page off the screen first, which cancels
  /// it.
  public func settle() async {
    // Rounds until a round finds no task left; each lets the main actor's
    // queued work run, then awaits the pages' tasks.
    for _ in 0..<1000 {
      for _ in 0..<8 { await Task.yield() }
      let tasks = application.root.runningTasks
      if tasks.isEmpty { break }
      for task in tasks { await task.value }
    }
    application.tick()
  }

  /// Draws what changed since the last frame without moving the clock:
  /// after awaiting a page's task, or work posted with
  /// `Application.post(_:)`, to see what it changed (``settle()`` does
  /// both).
  public func tick() {
    application.tick()
  }

  /// True once the app quit (`q`, Ctrl-C or `Application.quit()`).
  public var isFinished: Bool { application.isFinished }

  /// The message of the toast on screen now (`ViewController.showToast`),
  /// nil when none shows.
  public var toast: String? { application.toastMessage }
}

// MARK: Styles, cell by cell

extension AppDriver {
  /// The style of the cell at column `x`, row `y` (both from zero, top
  /// left): its `foreground`, `background` and attributes (`isBold`,
  /// `isDim`, `isReversed`, `isUnderlined`). The second column of a wide
  /// character answers with the character's style.
  ///
  /// ```swift
  /// #expect(app.style(x: 0, y: 2).isReversed)
  /// ```
  public func style(x: Int, y: Int) -> Style {
    let screen = screen
    var head = x
    while head > 0, screen[head, y].isContinuation { head -= 1 }
    return screen[head, y].style
  }

  /// The styles of row `y`, one per column, as ``style(x:y:)`` answers.
  public func styles(inRow y: Int) -> [Style] {
    (0..<screen.size.width).map { style(x: $0, y: y) }
  }

  /// The text of row `y` drawn in a style that `matches`: each run of such
  /// cells without its spaces at either end, runs apart joined by one
  /// space; empty when none matches. Asks "what is bold on the bar's row?"
  /// in one line, whatever the theme paints under the text:
  ///
  /// ```swift
  /// #expect(app.text(inRow: 23, where: \.isBold) == "Reading")
  /// ```
  public func text(inRow y: Int, where matches: (Style) -> Bool) -> String {
    let screen = screen
    var runs: [String] = []
    var run = ""
    for x in 0..<screen.size.width {
      let cell = screen[x, y]
      if matches(style(x: x, y: y)) {
        if !cell.isContinuation { run.append(cell.character) }
      } else if !run.isEmpty {
        runs.append(run)
        run = ""
      }
    }
    runs.append(run)
    return
      runs
      .map { $0.trimmingCharacters(in: " ") }
      .filter { !$0.isEmpty }
      .joined(separator: " ")
  }

  /// The style of the first cell of `text` where it first shows on screen:
  /// in row `y`, or reading rows from the top when `y` is nil; nil when it
  /// does not show there.
  ///
  /// ```swift
  /// #expect(app.style(of: "Reading", inRow: 23)?.isBold == true)
  /// ```
  public func style(of text: String, inRow y: Int? = nil) -> Style? {
    guard let point = position(of: text, inRow: y) else { return nil }
    return style(x: point.x, y: point.y)
  }

  /// The cell where `text` first shows on screen: in row `y`, or reading
  /// rows from the top when `y` is nil. Its column counts terminal cells,
  /// so a wide character before it counts two, as ``click(x:y:)`` does.
  /// Nil when it does not show there.
  public func position(of text: String, inRow y: Int? = nil) -> Point? {
    let lines = screen.lines
    let rows = y.map { lines.indices.contains($0) ? [$0] : [] } ?? Array(lines.indices)
    for row in rows {
      let line = lines[row]
      guard let range = line.firstRange(of: text) else { continue }
      return Point(x: TextWidth.width(of: line[..<range.lowerBound]), y: row)
    }
    return nil
  }
}

extension String {
  /// The string without `character` at either end.
  fileprivate func trimmingCharacters(in character: Character) -> String {
    var slice = self[...]
    while slice.first == character { slice.removeFirst() }
    while slice.last == character { slice.removeLast() }
    return String(slice)
  }
}

extension ScreenBuffer {
  /// The style layer, one string per row, one letter per column: `S` a
  /// coloured background (selection and indicators), `R` reverse video,
  /// `B` bold, `C` a coloured foreground, `D` dim, `U` underline, `.` plain.
  public var styleLines: [String] { (0..<size.height).map(styleLine) }

  /// The frame's text, a blank line, `-- styles --`, then its style layer:
  /// one string to compare with a recorded screen, so that a change of
  /// text or of style shows in the same diff.
  public var textAndStyles: String { text + "\n\n-- styles --\n" + styleText + "\n" }
}
