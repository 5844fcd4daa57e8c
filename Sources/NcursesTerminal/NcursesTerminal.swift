import CNcurses
import TabBarKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The ``Terminal`` protocol on ncurses (ncursesw): the only code that talks
/// to the real terminal.
///
/// Starting checks everything that can go wrong before the screen is
/// touched. Drawing writes only the cells it is handed, then
/// `wnoutrefresh`/`doupdate`; the screen is never cleared per frame. `q`,
/// Ctrl-C, SIGTERM, SIGHUP and fatal signals all restore the terminal.
///
/// The input loop is also the main actor's run loop: one `poll` waits on
/// standard input, the signal pipe and the main queue together, and runs
/// main-actor work (tasks, posted closures) as it comes, so an idle app
/// sleeps until a key, a signal or such work arrives, and never wakes to
/// look.
@MainActor
public final class NcursesTerminal: Terminal {
  /// Why the terminal could not start: each a one-line message.
  public enum StartError: Error, CustomStringConvertible, Equatable {
    /// stdin or stdout is not a terminal.
    case notATerminal(stream: String)
    /// `TERM` names a terminal the terminfo database does not know.
    case unknownTerminal(String)
    /// `TERM` is not set.
    case noTerm
    /// The size (from the window, or `COLUMNS`/`LINES` without one) is past
    /// what a screen can be.
    case absurdSize(columns: Int, lines: Int)
    /// `TERM` names a terminal that cannot move the cursor (`dumb`, a
    /// printing terminal): it cannot show a screen.
    case noCursorAddressing(String)

    /// The message for stderr.
    public var description: String {
      switch self {
      case .notATerminal(let stream):
        return "\(stream) is not a terminal; run the program in a terminal"
      case .unknownTerminal(let term):
        return "unknown terminal type TERM='\(term)'; set TERM to one your system knows "
          + "(for example xterm-256color)"
      case .noCursorAddressing(let term):
        return "terminal type TERM='\(term)' cannot move the cursor; run the program in a "
          + "full-screen terminal (for example TERM=xterm-256color)"
      case .absurdSize(let columns, let lines):
        // The limit that was passed, in the window's own terms: "at most
        // 4000 columns" for a window 4100 wide, not a size to decode.
        let maximum = NcursesTerminal.maximumSize
        var limits: [String] = []
        if columns > maximum.width { limits.append("\(maximum.width) columns") }
        if lines > maximum.height { limits.append("\(maximum.height) lines") }
        if limits.isEmpty { limits = ["\(maximum.width)x\(maximum.height)"] }
        return "terminal size \(columns)x\(lines) is too large: the program draws at most "
          + limits.joined(separator: " and ") + "; make the window (or COLUMNS and LINES) smaller"
      case .noTerm:
        return "TERM is not set; set it to your terminal type (for example xterm-256color)"
      }
    }
  }

  /// True when colours are on.
  public let supportsColor: Bool
  /// The colours the terminal shows: from terminfo's `colors`, truecolor
  /// when terminfo has direct colour (`RGB`, or 2²⁴ colours); monochrome with
  /// `NO_COLOR`, `--no-color` or a terminal without colours.
  ///
  /// With `COLORTERM=truecolor` (or `24bit`) on a terminal whose entry has
  /// fewer colours, the entry's direct-colour sibling is used when terminfo
  /// has it (`xterm-256color` → `xterm-direct`, `tmux-256color` →
  /// `tmux-direct`; Debian's `ncurses-term`); without one, the entry's colours.
  public let colorDepth: ColorDepth
  /// The terminfo entry ncurses draws with: `TERM`, or its direct-colour
  /// sibling (see ``colorDepth``).
  public let terminfoName: String
  /// True when ncurses takes colours as 0xRRGGBB (direct colour).
  private let directColor: Bool
  private var screen: OpaquePointer?
  private var window: UnsafeMutablePointer<WINDOW>?
  /// The decoder, its events and the quiet time: the escape delay counts
  /// from when a look found standard input empty.
  private var reader: InputReader
  private var readBuffer = [UInt8](repeating: 0, count: 1 << 16)
  private let clock = ContinuousClock()
  /// The reader's time.
  private let time = SystemClock()
  /// The colour pairs made so far, by their resolved colours.
  private var pairs: [PairKey: Int32] = [:]
  private var nextPair: Int32 = 1
  private var maxPairs: Int32 = 0
  private let mouse: Bool
  /// True when the user's locale is not UTF-8: only ASCII is written.
  let asciiOnly: Bool
  /// True when cells whose style has a ``Style/link`` are written as OSC 8
  /// hyperlinks: the terminal is believed to show them (see
  /// ``hyperlinksSupported(_:)``: an allow-list by `TERM_PROGRAM`, `TERM`
  /// and `VTE_VERSION`, and `FORCE_HYPERLINK=1` or `0` to decide). Where it
  /// is false, linked text is drawn as any other.
  public let writesHyperlinks: Bool
  /// The linked cells on screen, by row and column (hyperlinks only).
  var linkedCells: [Int: [Int: Cell]] = [:]
  /// The rows drawn since the last frame (hyperlinks only).
  var rowsDrawn: Set<Int> = []
  /// The row of the last cell drawn, so a row is noted once per run.
  var lastLinkRow = -1
  private let pasteMode: Bool
  /// True when the terminal was asked whether it speaks the kitty keyboard
  /// protocol (the terminals that get bracketed paste).
  private let queriesKeyboardProtocol: Bool
  /// True once the terminal said it speaks the protocol and the flag was
  /// pushed: it stays true across a suspend, which pops and pushes it again.
  private var usesKittyKeyboard = false
  /// True after a suspend until the next frame has put the alternate screen
  /// back: the flag is pushed then, onto that screen's stack.
  private var kittyKeyboardDue = false
  /// When the app stops awaiting the replies to its start-up queries, if
  /// the device attributes have not come by then.
  private var replyDeadline: Duration?
  /// The background `COLORFGBG` names, for a terminal that does not answer
  /// the background query.
  private let environmentBackground: TerminalBackground
  /// Where the app wants the cursor after the next frame; nil hides it.
  private var cursorTarget: Point?
  /// True while the cursor is shown (`curs_set(1)`).
  private var cursorShown = false

  /// How long a lone Esc waits for the rest of an escape sequence before it
  /// counts as the Esc key: `ESCDELAY` in milliseconds (0 to 1000, the
  /// ncurses convention), 5 ms when it is not set or not valid.
  ///
  /// A terminal sends the Esc key as the one byte that also begins every
  /// arrow, function key, mouse report and Alt key, so an app cannot tell
  /// Esc from the start of a sequence until it has seen what comes next.
  /// Bytes that arrive together (a whole arrow key, Alt+x as Esc then x, a
  /// mouse report, a paste) are decoded at once whatever the delay: only an
  /// Esc that ends a read waits. A shorter delay makes Esc quicker; a longer
  /// one keeps a sequence that a slow link (ssh over a bad network) splits
  /// after its first byte from turning into Esc and stray characters. A
  /// sequence split later than its first byte always gets at least 50 ms.
  ///
  /// Terminals that speak the kitty keyboard protocol (kitty, foot, WezTerm,
  /// Ghostty, recent Alacritty and iTerm2) remove the trade-off: at start
  /// the terminal is asked whether it does, and when it answers, its
  /// "disambiguate" flag is turned on, so Esc arrives as a sequence of its
  /// own and acts with no delay at all. The flag is turned off again on
  /// every way out (quit, suspend, signals, a crash). Terminals that do not
  /// answer (tmux, screen, xterm, the Linux console) keep the delay.
  public let escapeDelay: Duration

  /// Where a stop signal (SIGTERM, SIGHUP, SIGINT, SIGQUIT and the like)
  /// goes once the input loop takes it: ``TerminalApp`` ends the app's run
  /// loop there, so that the app saves before the terminal is restored and
  /// the process then dies of the signal. Called once, whatever follows
  /// (closing a window sends two SIGHUPs). Without it, the loop restores the
  /// terminal and dies of the signal itself.
  package var stopSignalHandler: (@MainActor (Int32) -> Void)?

  /// True once reading found the input closed (the terminal went away).
  package private(set) var inputEnded = false

  /// Checks the environment and starts ncurses.
  ///
  /// - Parameters:
  ///   - colors: false for monochrome (`--no-color`); `NO_COLOR` also turns colours off.
  ///   - mouse: false to leave the mouse to the terminal (`--no-mouse`).
  /// - Throws: a ``StartError`` when standard input or output is not a
  ///   terminal, the terminal is unknown or cannot address the cursor.
  public init(colors: Bool = true, mouse: Bool = true) throws(StartError) {
    // R2: never write a byte to something that is not a terminal.
    guard isatty(STDIN_FILENO) == 1 else { throw .notATerminal(stream: "standard input") }
    guard isatty(STDOUT_FILENO) == 1 else { throw .notATerminal(stream: "standard output") }
    asciiOnly = !Self.selectUTF8Locale()
    // R3: an unknown TERM is reported by newterm below.
    guard let term = getenv("TERM").map({ String(cString: $0) }), !term.isEmpty else {
      throw .noTerm
    }
    // The window's size from the kernel wins over COLUMNS and LINES, which a
    // shell may have exported for another window (ncurses' default lets
    // them win, so a 200×60 screen was drawn into an 80×24 window); they
    // count only when the kernel knows no size.
    use_env(true)
    use_tioctl(true)
    var rows: Int32 = 0
    var cols: Int32 = 0
    let fromKernel = cn_winsize(STDOUT_FILENO, &rows, &cols) == 0
    let columns = fromKernel ? Int(cols) : Self.environmentNumber("COLUMNS")
    let lines = fromKernel ? Int(rows) : Self.environmentNumber("LINES")
    guard columns <= Self.maximumSize.width, lines <= Self.maximumSize.height else {
      throw .absurdSize(columns: columns, lines: lines)
    }
    cn_save_shell_modes()  // for a restore from a signal handler
    // I1: Esc acts at once, sequences still decode. ncurses is told the same
    // delay, though it never reads the keys itself.
    escapeDelay = KeyDecoder.escapeDelay(
      environment: getenv("ESCDELAY").map { String(cString: $0) })
    reader = InputReader(escapeDelay: escapeDelay)
    let noColorEnv = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
    let colorTerm = getenv("COLORTERM").map { String(cString: $0) }
    let wantsColor = colors && !noColorEnv
    let terminfoName =
      wantsColor && ColorDepth.requestsTrueColor(colorTerm: colorTerm)
      ? Self.directColorEntry(for: term) ?? term : term
    // newterm returns NULL, quietly, when terminfo has no entry for TERM;
    // unlike initscr it neither prints nor exits.
    guard let screen = cn_newterm_type(terminfoName) else { throw .unknownTerminal(term) }
    self.terminfoName = terminfoName
    set_term(screen)
    // Checked before anything is drawn: without `cup` ncurses would draw
    // line after line of garbage.
    guard cn_can_address_cursor() != 0 else {
      reset_shell_mode()  // newterm already took echo and line editing away
      delscreen(screen)
      throw .noCursorAddressing(term)
    }
    self.screen = screen
    self.mouse = mouse
    window = cn_stdscr()
    // ncurses never reads a key here (KeyDecoder does, from standard input),
    // so none of its input settings (keypad, ESCDELAY, mouseinterval) apply.
    raw()  // Ctrl-C arrives as a key and quits through the key table.
    noecho()
    nonl()
    curs_set(0)
    leaveok(window, true)

    if wantsColor, has_colors() {
      start_color()
      use_default_colors()
      maxPairs = cn_pair_limit()
      directColor = cn_direct_color() != 0
      colorDepth = ColorDepth(colors: Int(cn_colors()), directColor: directColor)
    } else {
      directColor = false
      colorDepth = .monochrome
    }
    supportsColor = colorDepth != .monochrome
    pasteMode = Self.hasBracketedPaste(term: term)
    writesHyperlinks = Self.hyperlinksSupported { getenv($0).map { String(cString: $0) } }
    queriesKeyboardProtocol = pasteMode
    if mouse {
      // ncurses writes the terminal's own mouse-enable string (terminfo XM);
      // the reports themselves are decoded by KeyDecoder.
      mousemask(cn_mouse_mask(), nil)
    }
    // ncurses 6 flushes its output at every cursor move until the screen has
    // been through endwin once (`_endwin == ewInitial`, meant for low-level
    // terminfo programs), so each frame left in dozens of small writes and a
    // terminal could show it half drawn. One endwin/doupdate round before the
    // first frame puts it in its running state: a frame is then one write
    // (two at most when it outgrows ncurses' buffer, about one screenful).
    endwin()
    doupdate()
    // Pasted text arrives bracketed, so the decoder takes it as one paste, not
    // as keys; terminals without the mode ignore the request.
    if pasteMode { SignalRestorer.enterPasteMode() }
    cn_prepare_emergency_restore(mouse ? 1 : 0, pasteMode ? 1 : 0)
    SignalRestorer.install()
    environmentBackground = TerminalBackground(
      colorFGBG: getenv("COLORFGBG").map { String(cString: $0) })
    // Asked, never assumed: the replies come later on standard input, where
    // the decoder takes them (start-up does not wait for them).
    if queriesKeyboardProtocol {
      cn_query_keyboard_protocol()
      reader.expectReplies()
      replyDeadline = time.now + Self.replyTimeout
    }
  }

  /// Ctrl-L: the terminal is put back in the app's modes, whatever another
  /// program wrote to it (attributes reset, the alternate screen, the
  /// cursor shown or hidden as the last frame had it, mouse reporting,
  /// bracketed paste, the kitty keyboard flag), and ncurses forgets what it
  /// thinks is on screen, so the next `doupdate` clears and repaints every
  /// cell.
  public func invalidate() {
    guard screen != nil else { return }
    cn_reassert_modes(pasteMode ? 1 : 0, usesKittyKeyboard ? 1 : 0, cursorShown ? 1 : 0)
    if mouse {
      // ncurses sends the mode only when the mask changes.
      mousemask(0, nil)
      mousemask(cn_mouse_mask(), nil)
    }
    clearok(cn_curscr(), true)
  }

  /// Shows the cursor at `position` after the next frame, or hides it: the
  /// insertion point of the field being typed into. Applied in ``flush()``,
  /// inside the frame, so the cursor never shows at a stale place.
  public func setCursor(_ position: Point?) {
    cursorTarget = position
  }

  /// Ctrl-Z or SIGTSTP: restores the terminal as ``restore()`` does, stops
  /// the process as the shell expects, and on `fg` (SIGCONT) takes the
  /// terminal back (program mode, mouse, bracketed paste, hidden cursor) at
  /// its size of now, with a full repaint due.
  public func suspend() {
    guard screen != nil else { return }
    releaseScreen()
    SignalRestorer.stopProcess()
    reclaimScreen()
  }

  /// Gives the terminal to another program, the process still running
  /// (``Application/runInForeground(_:environment:)``): left as
  /// ``restore()`` leaves it (shell modes, the main screen, the cursor
  /// shown; mouse, bracketed paste and the kitty keyboard flag off), with
  /// ncurses kept for ``reclaimScreen()``.
  public func releaseScreen() {
    guard screen != nil, !released else { return }
    released = true
    SignalRestorer.leavePasteMode()
    SignalRestorer.leaveKittyKeyboard()
    if mouse { mousemask(0, nil) }
    curs_set(1)
    endwin()
  }

  /// True between ``releaseScreen()`` and ``reclaimScreen()``.
  private var released = false

  /// Takes the terminal back after ``releaseScreen()`` (or a suspend):
  /// program mode, mouse, bracketed paste, the cursor hidden, at the
  /// window's size of now; the app's next frame repaints every cell.
  public func reclaimScreen() {
    guard screen != nil, released else { return }
    released = false
    // The app's next frame (a full one) ends in doupdate, which after
    // endwin puts the terminal back in program mode and the alternate
    // screen, cleared and repainted.
    reset_prog_mode()
    curs_set(0)
    cursorShown = false
    if mouse { mousemask(cn_mouse_mask(), nil) }
    if pasteMode { SignalRestorer.enterPasteMode() }
    kittyKeyboardDue = usesKittyKeyboard
    resumeUpdateDue = true
    reader.escapeIsUnambiguous = false
    _ = applyResize()
    clearok(cn_curscr(), true)
  }

  /// True after a suspend until the first `doupdate`, which (after `endwin`)
  /// makes ncurses size itself by the window, bypassing ``applyResize()``.
  private var resumeUpdateDue = false

  /// False while the first update after a suspend must wait: the window is
  /// past ``Application/maximumSize`` now, and ncurses would take that size
  /// (and crash at 32768 columns). Nothing is drawn until it is smaller.
  private func mayUpdate() -> Bool {
    guard resumeUpdateDue else { return true }
    var rows: Int32 = 0
    var cols: Int32 = 0
    if cn_winsize(STDOUT_FILENO, &rows, &cols) == 0 {
      let window = Size(width: Int(cols), height: Int(rows))
      guard Application.drawnSize(for: window) == window else { return false }
    }
    resumeUpdateDue = false
    return true
  }

  isolated deinit { restore() }

  /// Leaves curses mode: cursor visible, echo and canonical input back, the
  /// alternate screen left. Safe to call more than once.
  public func restore() {
    guard let screen else { return }
    SignalRestorer.armRestoreFallback()
    awaitReplies()
    // Each part below writes to the terminal on its own; caught and sent
    // in one write, the terminal is back before the process's reader of
    // the pty is woken four times (a quit took 15-30 ms on a loaded machine).
    let captured = cn_begin_restore_capture() != 0
    SignalRestorer.leavePasteMode()
    SignalRestorer.leaveKittyKeyboard()
    mousemask(0, nil)
    curs_set(1)
    endwin()
    if captured { cn_end_restore_capture() }
    delscreen(screen)
    self.screen = nil
    SignalRestorer.uninstall()
  }

  /// An app that quits before the terminal answered the start-up queries
  /// would leave the answer to the shell, which shows it (`^[[?1;2c`): the
  /// answer is read here first, while echo is still off, for at most
  /// ``replyWait``. Keys that come meanwhile are dropped: the app is leaving.
  private func awaitReplies() {
    guard reader.replies.isAwaitingReplies else { return }
    let deadline = clock.now + Self.replyWait
    while reader.replies.isAwaitingReplies {
      let left = clock.now.duration(to: deadline)
      guard left > .zero else { return }
      var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, Self.milliseconds(left)) > 0 else { return }
      let count = read(STDIN_FILENO, &readBuffer, readBuffer.count)
      guard count > 0 else { return }
      reader.received(readBuffer[0..<count])
    }
  }

  /// How long quitting waits for the answer to the start-up queries when it
  /// has not come yet: long enough for a terminal over ssh, and paid only by
  /// an app that quits as it starts.
  static let replyWait: Duration = .milliseconds(200)

  /// How long after the start-up queries their replies count: a reply that
  /// comes later was not awaited, and is dropped without switching a mode.
  static let replyTimeout: Duration = .seconds(3)

  /// The screen's size: ncurses' screen, or past
  /// ``Application/maximumSize`` the window's true size, of which ncurses
  /// Whether the terminal's background is dark or light: from its answer
  /// to the background query (OSC 11, asked at start with the other
  /// queries, never waited for), else from `COLORFGBG`, else unknown. It
  /// changes once when the answer comes after the first frame.
  public var background: TerminalBackground {
    if let color = reader.replies.backgroundColor { return TerminalBackground(color: color) }
    return environmentBackground
  }

  /// The screen's size: ncurses' screen, or past
  /// ``Application/maximumSize`` the window's true size, of which ncurses
  /// holds only the corner the app draws.
  public var size: Size {
    if let oversize { return oversize }
    var rows: Int32 = 0
    var cols: Int32 = 0
    cn_getmaxyx(window, &rows, &cols)
    return Size(width: Int(cols), height: Int(rows))
  }

  /// The window's size while it is past ``Application/maximumSize``; nil
  /// otherwise.
  private var oversize: Size?

  /// Waits for a key, click or resize. Bytes are read from stdin and decoded
  /// by the library's `KeyDecoder` (a lone Esc counts once no byte follows
  /// within ``escapeDelay``, or at once where the terminal speaks the kitty
  /// keyboard protocol).
  ///
  /// While it waits, main-actor work runs here as it is queued (a page's
  /// task resuming, a `Task { @MainActor in … }`, work posted with
  /// ``Application/post(_:)``); the wait then returns nil so that the app
  /// draws what the work changed. A signal ends the wait at once through the
  /// signal pipe: a stop signal (SIGTERM, SIGHUP…) goes to
  /// ``TerminalApp``, which ends the app (without it, the terminal is
  /// restored and the process dies of the signal), SIGWINCH gives a resize,
  /// SIGTSTP suspends.
  public func readEvent(timeout: Duration?) -> InputEvent? {
    let deadline = timeout.map { time.now + $0 }
    while true {
      if SignalRestorer.takeStopSignal(restoring: self) { return nil }
      if SignalRestorer.takeSuspend() {
        // A SIGTSTP from outside (kill -TSTP): as Ctrl-Z; the resize event
        // makes the app draw a whole frame.
        suspend()
        return .resize(size)
      }
      if SignalRestorer.takeResize() { return .resize(applyResize()) }
      if let event = reader.takeEvent() { return event }
      let now = time.now
      if let replyDeadline, now >= replyDeadline {
        // Replies that come later were not awaited: they switch nothing.
        self.replyDeadline = nil
        reader.stopAwaitingReplies()
      }
      // A sequence start (a lone Esc) that nothing followed in time is
      // complete; a paste or terminal string that went quiet for longer
      // ends. Quiet counts from when a look found the input empty: what came
      // while the app was busy is read first, so a burst of keys never
      // splits a sequence into Esc and text.
      var flushTime: Duration?
      if reader.hasPending {
        switch readAvailableInput() {
        case .read: continue
        case .endOfInput: return .endOfInput
        case .nothing: break
        }
        if reader.flushIfDue(at: now) { continue }
        flushTime = reader.flushTime
      }
      if let deadline, now >= deadline { return nil }
      // Sleep until input, a signal or main-actor work comes, or until the
      // earlier of the caller's deadline and the flush time; with neither,
      // for as long as it takes.
      var wake = deadline
      if let flushTime { wake = min(wake ?? flushTime, flushTime) }
      switch wait(milliseconds: wake.map { Self.milliseconds($0 - now) } ?? -1) {
      case .timedOut, .signalled: continue
      case .mainActorWork:
        cn_main_queue_drain()
        return nil
      case .input:
        switch readAvailableInput() {
        case .read, .nothing: continue
        case .endOfInput: return .endOfInput
        }
      }
    }
  }

  private enum Wake { case timedOut, input, signalled, mainActorWork }

  /// One `poll` on standard input, the signal pipe and the main queue's
  /// descriptor (`-1` waits without end). Main-actor work is seen first, so
  /// a busy input cannot starve it.
  private func wait(milliseconds: Int32) -> Wake {
    var descriptors = [STDIN_FILENO, SignalRestorer.wakeReadEnd, mainQueue].map {
      pollfd(fd: $0, events: Int16(POLLIN), revents: 0)  // poll skips a negative fd
    }
    let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
    guard ready > 0 else { return .timedOut }  // or EINTR: the caller looks again
    if descriptors[1].revents != 0 {
      SignalRestorer.drainWakeups()
      return .signalled
    }
    if descriptors[2].revents != 0 { return .mainActorWork }
    return .input
  }

  /// The main queue's descriptor: readable while main-actor work waits; -1
  /// where the queue cannot be watched (see `cn_main_queue_fd`).
  private let mainQueue = cn_main_queue_fd()

  /// `duration` in whole milliseconds, rounded up, for `poll`.
  private static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    let ms = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: max(0, ms))
  }

  private enum ReadResult { case read, nothing, endOfInput }

  /// Reads what stdin has now, without waiting, into the reader. Finding
  /// it empty starts the reader's quiet time; a byte read ends it.
  private func readAvailableInput() -> ReadResult {
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, 0) > 0 else {
      reader.foundEmpty(at: time.now)
      return .nothing
    }
    let count = read(STDIN_FILENO, &readBuffer, readBuffer.count)
    if count < 0, errno == EINTR || errno == EAGAIN { return .nothing }
    if count <= 0 {
      inputEnded = true
      return .endOfInput
    }
    reader.received(readBuffer[0..<count])
    if !usesKittyKeyboard, case .supported = reader.replies.keyboardProtocol {
      // The terminal answered the query: from now on it sends the Esc key
      // as `Esc [ 27 u`. The app is on the alternate screen already.
      usesKittyKeyboard = true
      SignalRestorer.enterKittyKeyboard()
    }
    reader.escapeIsUnambiguous = usesKittyKeyboard && !kittyKeyboardDue
    return .read
  }

  /// Whether the terminal plausibly knows bracketed paste (`ESC[?2004h`):
  /// terminfo says so (`BE`), or it reports the mouse like xterm (`kmous`),
  /// or `TERM` names an xterm-like terminal. Others (vt52, vt100, the Linux
  /// console) are not sent the mode: some would print it.
  static func hasBracketedPaste(term: String) -> Bool {
    if ["linux", "vt100", "vt220", "dumb"].contains(term) { return false }
    if cn_has_string_cap("BE") != 0 || cn_has_string_cap("kmous") != 0 { return true }
    let families = [
      "xterm", "tmux", "screen", "rxvt", "alacritty", "kitty", "foot", "wezterm", "st-",
      "konsole", "gnome", "vte", "iterm", "putty", "mintty", "contour",
    ]
    return families.contains { term.hasPrefix($0) }
  }

  /// The largest screen the terminal starts on (``Application/maximumSize``):
  /// past it, the size is surely a mistake (and ncurses would allocate
  /// gigabytes for it).
  public nonisolated static let maximumSize = Application.maximumSize

  private static func environmentNumber(_ name: String) -> Int {
    getenv(name).flatMap { Int(String(cString: $0)) } ?? 0
  }

  /// Takes the new size from the kernel and tells ncurses; the next frame
  /// repaints everything once.
  ///
  /// Past ``Application/maximumSize`` ncurses is given only the corner the
  /// app draws its too-large message in (``Application/drawnSize(for:)``):
  /// it keeps sizes in 16 bits (32768 columns crashed it) and allocates
  /// every cell (5000×5000 took 2.6 GB). The full clear that follows wipes
  /// the rest of the window.
  private func applyResize() -> Size {
    var rows: Int32 = 0
    var cols: Int32 = 0
    if cn_winsize(STDOUT_FILENO, &rows, &cols) == 0 {
      let window = Size(width: Int(cols), height: Int(rows))
      let drawn = Application.drawnSize(for: window)
      oversize = drawn == window ? nil : window
      resize_term(Int32(drawn.height), Int32(drawn.width))
      clearok(cn_curscr(), true)
      forgetHyperlinks()
    }
    return size
  }

  /// Writes a changed cell with `mvwadd_wch`; the rest of a wide character
  /// (continuation cells) is skipped (ncurses draws the whole character).
  ///
  /// A cell that holds a grapheme cluster is drawn as one `cchar_t` per
  /// spacing character (``TextWidth/spacingRuns(of:)``), each with the
  /// zero-width characters after it: `e` + U+0301 is one, `👩‍💻` one (its ZWJ
  /// joins the second emoji), `👍🏽` two (two columns each), so ncurses
  /// counts the columns the library does. ncurses keeps at most `CCHARW_MAX`
  /// (5) characters in one: a longer run (`👨‍👩‍👧‍👦` has 7) loses its last
  /// ones, never a column.
  ///
  /// In a locale that is not UTF-8 every character is drawn as an ASCII
  /// stand-in (see ``asciiStandIn(for:)``, for a cluster its first scalar's)
  /// and every continuation as a `?`, so a character keeps its width.
  public func draw(_ cell: Cell, at point: Point) {
    if writesHyperlinks { noteHyperlink(cell, at: point) }
    var scalar = cell.scalar
    if cell.isContinuation {
      guard asciiOnly else { return }
      scalar = "?"
    } else if asciiOnly {
      scalar = Self.asciiStandIn(for: scalar)
    }
    let (attrs, pair) = attributes(for: cell.style)
    let y = Int32(point.y)
    guard cell.isCluster, !asciiOnly else {
      var character = wchar_t(bitPattern: scalar.value)
      _ = cn_put_cell_pair(window, y, Int32(point.x), &character, 1, attrs, pair)
      return
    }
    for run in TextWidth.spacingRuns(of: cell.character) {
      var characters = run.scalars.map { wchar_t(bitPattern: $0.value) }
      _ = cn_put_cell_pair(
        window, y, Int32(point.x + run.column), &characters, Int32(characters.count), attrs, pair)
    }
  }

  /// The ASCII character drawn for `scalar` when the locale is not UTF-8:
  /// lines for box drawing, the nearest symbol for the glyphs the library
  /// and the demo use, `?` for anything else.
  public static func asciiStandIn(for scalar: Unicode.Scalar) -> Unicode.Scalar {
    if scalar.isASCII { return scalar }
    switch scalar {
    case "─", "━", "═", "╌", "╍", "┄", "┅", "┈", "┉", "╴", "╶", "╸", "╺", "╼", "╾", "–", "—",
      "▁", "▔":
      return "-"
    case "┃": return "#"  // a scroll bar's thumb, on a │ track
    case "│", "║", "╎", "╏", "┆", "┇", "┊", "┋", "╵", "╷", "╹", "╻", "╽", "╿", "▏", "▕":
      return "|"
    case "\u{2500}"..."\u{257F}": return "+"  // corners, tees and crosses
    case "\u{2580}"..."\u{259F}": return "#"  // blocks
    case "›", "▷", "▶", "▸", "→", "»": return ">"
    case "‹", "◁", "◀", "◂", "←", "«": return "<"
    case "↑", "▴", "▲", "△": return "^"
    case "↓", "▾", "▼", "▽": return "v"
    case "…", "⋯", "·", "•": return "."
    case "●", "★", "☆", "✱", "✶": return "*"
    case "■", "◆", "▪": return "#"
    case "□", "○", "◇", "▫", "◦": return "o"
    case "♡", "♥": return "v"
    case "⌂": return "^"
    case "×": return "x"
    case "“", "”", "„": return "\""
    case "‘", "’", "‚": return "'"
    case "\u{00A0}": return " "
    default: return "?"
    }
  }

  /// `wnoutrefresh` then `doupdate`: ncurses sends only what changed on screen.
  ///
  /// Where the terminal reported at start that it knows synchronized output
  /// (DEC private mode 2026: kitty, foot, WezTerm, iTerm2, Alacritty, Windows
  /// Terminal, recent tmux and more), the frame is wrapped in it, so the
  /// terminal shows it whole or not at all, never half drawn. Terminals that
  /// do not answer the question are never sent the mode.
  public func flush() throws(OutputError) {
    guard mayUpdate() else { return }
    // The decoder keeps the terminal's answer to the start-up query.
    let synchronized = reader.replies.hasSynchronizedOutput && is_wintouched(window)
    if synchronized { cn_begin_synchronized_update() }
    // The cursor: hidden before the frame, moved and shown after it, so it
    // never blinks at a stale place. doupdate leaves it where the window's
    // cursor is unless leaveok.
    if let target = cursorTarget {
      leaveok(window, false)
      wmove(window, Int32(target.y), Int32(target.x))
    } else {
      leaveok(window, true)
      if cursorShown {
        curs_set(0)
        cursorShown = false
      }
    }
    wnoutrefresh(window)
    doupdate()
    if writesHyperlinks { writeHyperlinks() }
    if cursorTarget != nil, !cursorShown {
      curs_set(1)
      cursorShown = true
    }
    if synchronized { cn_end_synchronized_update() }
    if kittyKeyboardDue {
      // Back from a suspend: the frame just put the alternate screen back.
      kittyKeyboardDue = false
      reader.escapeIsUnambiguous = usesKittyKeyboard
      SignalRestorer.enterKittyKeyboard()
    }
    // ncurses does not report a failed write; a terminal that hung up or
    // closed shows in poll at no cost.
    var output = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
    if poll(&output, 1, 0) > 0, output.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
      throw .terminalClosed
    }
  }

  /// Why drawing failed.
  public enum OutputError: Error, CustomStringConvertible {
    /// The terminal hung up or its output was closed.
    case terminalClosed

    /// A one-line message.
    public var description: String { "the terminal closed its output" }
  }

  /// The ncurses attributes and colour pair that draw `style`.
  func attributes(for style: Style) -> (attr_t, Int32) {
    var attrs = cn_a_normal()
    if style.attributes.contains(.bold) { attrs |= cn_a_bold() }
    if style.attributes.contains(.reverse) { attrs |= cn_a_reverse() }
    if style.attributes.contains(.underline) { attrs |= cn_a_underline() }
    if style.attributes.contains(.dim) { attrs |= cn_a_dim() }
    guard supportsColor, style.hasColor else { return (attrs, 0) }
    // The app hands over colours the terminal shows already; a colour that
    // is still past them (a terminal used directly) is brought down here.
    let shown = style.degraded(to: colorDepth)
    if shown.attributes.contains(.dim) { attrs |= cn_a_dim() }
    return (attrs, pair(shown.foreground, shown.background))
  }

  /// A colour pair's two colours, as ncurses is given them.
  private struct PairKey: Hashable {
    var foreground: Int32
    var background: Int32
  }

  /// The colour pair for `fg` on `bg`, made on first use and kept by the
  /// two colours. Past the terminal's pairs, the pair of their eight-colour
  /// versions when it was made, else none (the terminal's plain colours).
  private func pair(_ fg: Color, _ bg: Color) -> Int32 {
    if fg == .default && bg == .default { return 0 }
    let key = PairKey(foreground: cursesColor(fg), background: cursesColor(bg))
    if let existing = pairs[key] { return existing }
    guard nextPair < maxPairs,
      cn_init_pair(nextPair, key.foreground, key.background) != ERR
    else {
      let nearest = PairKey(
        foreground: cursesColor(fg.degraded(to: .ansi8)),
        background: cursesColor(bg.degraded(to: .ansi8)))
      return pairs[nearest] ?? 0
    }
    let number = nextPair
    nextPair += 1
    pairs[key] = number
    return number
  }

  /// The number ncurses takes for `color`: -1 for the default, a palette
  /// index, or with direct colour 0xRRGGBB (0–7 stay the ANSI colours there,
  /// as terminfo's direct entries draw them, so an RGB value below 8 is
  /// drawn as 8, a black no eye can tell apart).
  private func cursesColor(_ color: Color) -> Int32 {
    switch color {
    case .default: return -1
    case .ansi(let n) where n < 8: return Int32(cn_ansi_color(Int32(n)))
    case .ansi(let n) where !directColor, .indexed(let n) where !directColor: return Int32(n)
    default:
      guard let (r, g, b) = color.rgbComponents else { return -1 }
      return max(8, Int32(r) << 16 | Int32(g) << 8 | Int32(b))
    }
  }

  /// The direct-colour sibling of the terminfo entry `term` when this
  /// machine's terminfo has it: `xterm-256color` → `xterm-direct`,
  /// `tmux-256color` → `tmux-direct`, `xterm-kitty` → `kitty-direct`. Nil when
  /// `term` has direct colour already, or no sibling exists.
  static func directColorEntry(for term: String) -> String? {
    var colors: Int32 = 0
    var direct: Int32 = 0
    guard cn_probe_terminfo(term, &colors, &direct) != 0, direct == 0, colors >= 8 else {
      return nil
    }
    var base = term
    for suffix in ["-256color", "-256colour", "-88color", "-16color", "-color", "-truecolor"]
    where base.hasSuffix(suffix) {
      base.removeLast(suffix.count)
      break
    }
    if base == "xterm-kitty" { base = "kitty" }
    let sibling = base + "-direct"
    guard sibling != term, cn_probe_terminfo(sibling, &colors, &direct) != 0, direct != 0 else {
      return nil
    }
    return sibling
  }

  /// Uses the user's locale and returns whether it is UTF-8.
  ///
  /// A locale the user chose that is not UTF-8 (`LANG=C`,
  /// `LC_ALL=en_US.ISO-8859-1`) means a terminal that would show UTF-8 as
  /// mojibake: the screen is then drawn in ASCII stand-ins. With no locale
  /// variable set at all nothing was chosen, and nearly every terminal today
  /// is UTF-8: then C.UTF-8, so wide titles still draw (and widths agree with
  /// the library's tables).
  private static func selectUTF8Locale() -> Bool {
    // Only the character type matters to ncurses; loading every category
    // read a dozen locale files at start-up.
    setlocale(LC_CTYPE, "")
    if isUTF8Codeset() { return true }
    let names: [String] = ["LC_ALL", "LC_CTYPE", "LANG"]
    let chosen = names.contains { name in
      getenv(name).map { $0.pointee != 0 } ?? false
    }
    if chosen { return false }
    setlocale(LC_CTYPE, "C.UTF-8")
    return isUTF8Codeset()
  }

  private static func isUTF8Codeset() -> Bool {
    let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
    return codeset.uppercased().filter({ $0 != "-" }) == "UTF8"
  }
}
