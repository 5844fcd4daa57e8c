#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a program run with ``Application/runInForeground(_:environment:)``
/// ended.
public enum ForegroundExit: Hashable, Sendable, CustomStringConvertible {
  /// It exited with this status (0 for success).
  case exited(Int32)
  /// A signal ended it (Ctrl-C in it gives `SIGINT`, 2).
  case signalled(Int32)

  /// True when it exited with status 0.
  public var succeeded: Bool { self == .exited(0) }

  /// `exited with status 3`, `killed by signal 2`: for a one-line message.
  public var description: String {
    switch self {
    case .exited(let status): return "exited with status \(status)"
    case .signalled(let signal): return "killed by signal \(signal)"
    }
  }
}

/// Why a program could not be run in the foreground.
public struct ForegroundError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The program that was to run.
  public var program: String
  /// Why it could not start, as the system says it (`No such file or directory`).
  public var reason: String

  /// `w3m: No such file or directory`: one line for the user.
  public var description: String { "\(program): \(reason)" }
}

extension Application {
  /// Runs another program in the foreground, with the terminal, and takes the
  /// terminal back when it ends: an editor for a message, a text browser
  /// for a link, a pager, a shell (git's `core.editor`, newsboat's
  /// browser, Textual's `App.suspend()`, Bubble Tea's `tea.ExecProcess`).
  ///
  /// Before the program starts, the terminal is left as the shell had it
  /// (``Terminal/releaseScreen()``: normal input, the main screen, the
  /// cursor shown; mouse reporting, bracketed paste and the kitty keyboard
  /// protocol off). The program gets the terminal's input and output and
  /// signals at their defaults; while it runs the app waits for it, without
  /// drawing, and ignores SIGINT and SIGQUIT, which the terminal sends to
  /// both, as `system(3)` does: Ctrl-C stops the program, never the app.
  /// Ctrl-Z stops both as one job, and `fg` continues both. A window resized
  /// meanwhile is noted, and when the program ends the terminal is taken
  /// back (``Terminal/reclaimScreen()``) and the next frame repaints every
  /// cell at the size of that moment.
  ///
  /// ```swift
  /// override func handle(_ action: Action) -> Bool {
  ///   guard action == .edit else { return super.handle(action) }
  ///   let editor = ProcessInfo.processInfo.environment["EDITOR"] ?? "vi"
  ///   do {
  ///     let exit = try application?.runInForeground([editor, draftPath])
  ///     if exit?.succeeded == false { showToast("\(editor) \(exit!)") }
  ///   } catch {
  ///     showToast(error.description)  // "vim: No such file or directory"
  ///   }
  ///   return true
  /// }
  /// ```
  ///
  /// Call it from the main actor, in answer to a key: the app's loop waits
  /// until the program ends. A program that returns at once (a graphical
  /// browser handing the link to its running window) is fine: the screen is
  /// back at once too.
  ///
  /// - Parameters:
  ///   - arguments: the program (looked up in `PATH` when it has no `/`)
  ///     and its arguments; no shell reads them.
  ///   - environment: the program's environment; nil for the app's own.
  /// - Returns: how the program ended.
  /// - Throws: ``ForegroundError`` when it could not start (no such
  ///   program, not executable); the terminal is back by then.
  @discardableResult
  public func runInForeground(
    _ arguments: [String], environment: [String: String]? = nil
  ) throws(ForegroundError) -> ForegroundExit {
    guard let program = arguments.first, !program.isEmpty else {
      throw ForegroundError(program: "", reason: "no program to run")
    }
    terminal.releaseScreen()
    defer {
      terminal.reclaimScreen()
      repaintAll()
    }
    return try ForegroundProcess.run(arguments, environment: environment)
  }
}

/// Starting a program with the terminal and waiting for it.
enum ForegroundProcess {
  /// The signals the program starts with at their default action, whatever
  /// the app made of them.
  static let defaultSignals: [Int32] = [
    SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGTERM, SIGHUP, SIGWINCH, SIGPIPE, SIGCHLD,
    SIGALRM,
  ]

  /// Starts `arguments` in the app's process group (the terminal's
  /// foreground one, so the program reads the keys and gets Ctrl-C) and
  /// waits for it to end, with SIGINT, SIGQUIT and SIGTSTP ignored
  /// meanwhile.
  static func run(
    _ arguments: [String], environment: [String: String]?
  ) throws(ForegroundError) -> ForegroundExit {
    let program = arguments[0]
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    sigemptyset(&ignore.sa_mask)
    // SIGTSTP too: Ctrl-Z in the program stops it, and the app stops with
    // it in `wait(for:)`; a handler of the app's would suspend the app
    // once more when the program is done.
    let ignored = [SIGINT, SIGQUIT, SIGTSTP]
    var saved = Array(repeating: sigaction(), count: ignored.count)
    for (index, signal) in ignored.enumerated() { sigaction(signal, &ignore, &saved[index]) }
    defer {
      for (index, signal) in ignored.enumerated() { sigaction(signal, &saved[index], nil) }
    }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in defaultSignals { sigaddset(&defaults, signal) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    let variables = environment.map { $0.map { "\($0.key)=\($0.value)" } }
    let envp: [UnsafeMutablePointer<CChar>?]? = variables.map { $0.map { strdup($0) } + [nil] }
    defer { (argv + (envp ?? [])).forEach { free($0) } }
    var pid: pid_t = 0
    let started =
      envp.map { envp in posix_spawnp(&pid, program, nil, &attributes, argv, envp) }
      ?? posix_spawnp(&pid, program, nil, &attributes, argv, environ)
    guard started == 0 else {
      throw ForegroundError(program: program, reason: String(cString: strerror(started)))
    }
    return wait(for: pid)
  }

  /// Waits for `pid` to end. When it stops (Ctrl-Z in it), the app stops
  /// too, so the shell sees the job stopped; `fg` continues both.
  static func wait(for pid: pid_t) -> ForegroundExit {
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, WUNTRACED)
      if result < 0 {
        if errno == EINTR { continue }
        return .exited(-1)  // reaped elsewhere: nothing more to know
      }
      // The wait status's layout (glibc's macros are hidden from Swift).
      let low = status & 0x7F
      if status & 0xFF == 0x7F {
        // Stopped: stop the app as well, at SIGSTOP's default; the shell's
        // SIGCONT to the job continues the two.
        kill(getpid(), SIGSTOP)
        kill(pid, SIGCONT)
        continue
      }
      if low == 0 { return .exited((status >> 8) & 0xFF) }
      return .signalled(low)
    }
  }
}
