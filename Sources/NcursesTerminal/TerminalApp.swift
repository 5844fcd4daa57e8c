import TabBarKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The scoped entry point of a terminal app: starts the terminal, builds
/// and runs the app, and on every way out runs the app's save, then
/// restores the terminal.
///
/// The library owns the terminal and the signals; the app only says what
/// to save, in `willTerminate`, as UIKit's `applicationWillTerminate(_:)`:
///
/// ```swift
/// import NcursesTerminal
/// import TabBarKit
///
/// TerminalApp.run(willTerminate: { _ in store.save(tabs) }) {
///   tabs
/// }
/// ```
///
/// `willTerminate` runs once, whichever way out comes first: `q`, Ctrl-C or
/// ``Application/quit()``; a stop signal (SIGTERM from a service manager,
/// SIGHUP when the terminal window closes, SIGINT, SIGQUIT…); the terminal
/// going away (it hung up, or closed its input or output); or a terminal
/// that stopped reading, whose blocked output a stop signal then ends. It
/// always runs *before* the terminal is restored, while the app's pages
/// are as the user left them, and nothing cuts it short: a second signal
/// (closing a window sends two SIGHUPs) changes nothing, and no time limit
/// runs during it.
///
/// ``run(keyMap:colors:mouse:clock:animated:configure:willTerminate:_:)``
/// then ends the process; ``runAndReturn(keyMap:colors:mouse:clock:animated:configure:willTerminate:_:)``
/// returns how the app ended (Bubble Tea's `Run` returning), for an app
/// that has more to say once the terminal is restored.
@MainActor
public enum TerminalApp {
  /// How a run of the app ended: what `willTerminate` hears, and what
  /// ``runAndReturn(keyMap:colors:mouse:clock:animated:configure:willTerminate:_:)``
  /// returns.
  public enum Ending: Equatable, Sendable, CustomStringConvertible {
    /// The user quit (`q`, Ctrl-C) or the app called ``Application/quit()``.
    case quit
    /// A signal asked the process to stop: SIGTERM (a service manager,
    /// `kill`), SIGHUP (the terminal window closed), SIGINT, SIGQUIT, or
    /// another whose default action ends a process. Its number.
    case signal(Int32)
    /// The terminal went away: it hung up, or closed its input or output.
    /// Nobody sees the screen any more; what `willTerminate` saved is kept.
    case terminalLost

    /// `quit`, `signal 15`, `terminal lost`.
    public var description: String {
      switch self {
      case .quit: return "quit"
      case .signal(let number): return "signal \(number)"
      case .terminalLost: return "terminal lost"
      }
    }
  }

  /// Starts the terminal, calls `makeRoot` (the terminal is already in
  /// curses mode, so the root may read its size), runs the app until one of
  /// the ways out, runs `willTerminate`, restores the terminal, and ends
  /// the process (``exit(_:status:)``): status 0 after a quit or a lost
  /// terminal, or death by the signal that stopped it, as its parent
  /// expects.
  ///
  /// When the terminal cannot start (not a terminal, unknown `TERM`) or
  /// `makeRoot` throws, the terminal is restored first and then one line
  /// `NAME: error: …` goes to standard error, with exit status 2;
  /// `willTerminate` does not run (there is nothing to save).
  ///
  /// - Parameters:
  ///   - keyMap: The key table, ``KeyMap/standard`` with the app's own
  ///     bindings added if it has any.
  ///   - colors: false for monochrome; `NO_COLOR` also turns colours off.
  ///   - mouse: false to leave the mouse to the terminal.
  ///   - clock: The clock animations and timers read; the real time when nil.
  ///   - animated: false to make every change instant.
  ///   - configure: Called with the application before it runs, to
  ///     schedule timers or keep a reference.
  ///   - willTerminate: The app's save: called once, on every way out,
  ///     before the terminal is restored (see ``TerminalApp``).
  ///   - makeRoot: Builds the root controller.
  public static func run(
    keyMap: KeyMap = .standard, colors: Bool = true, mouse: Bool = true,
    clock: (any AnimationClock)? = nil, animated: Bool = true,
    configure: (Application) -> Void = { _ in },
    willTerminate: (Ending) -> Void = { _ in },
    _ makeRoot: () throws -> ViewController
  ) -> Never {
    let ending: Ending
    do {
      ending = try runAndReturn(
        keyMap: keyMap, colors: colors, mouse: mouse, clock: clock, animated: animated,
        configure: configure, willTerminate: willTerminate, makeRoot)
    } catch {
      let name = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") }
      let message = "\(name ?? "app"): error: \(error)\n"
      _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
      endProcess(2)
    }
    exit(ending)
  }

  /// Runs the app as ``run(keyMap:colors:mouse:clock:animated:configure:willTerminate:_:)``
  /// does, `willTerminate` before the terminal is restored, and returns how
  /// it ended once the terminal is restored: the place to print what the
  /// user should read (a warning about the save), then to end the process
  /// with ``exit(_:status:)``.
  ///
  /// After ``Ending/signal(_:)`` the process was asked to stop: end it
  /// promptly. A second after the restore, a fallback ends it of the
  /// signal in any case, should what follows block (a terminal that no
  /// longer reads).
  ///
  /// - Throws: the terminal's ``NcursesTerminal/StartError`` when it cannot
  ///   start, or what `makeRoot` throws (the terminal restored first).
  ///   `willTerminate` does not run then.
  public static func runAndReturn(
    keyMap: KeyMap = .standard, colors: Bool = true, mouse: Bool = true,
    clock: (any AnimationClock)? = nil, animated: Bool = true,
    configure: (Application) -> Void = { _ in },
    willTerminate: (Ending) -> Void = { _ in },
    _ makeRoot: () throws -> ViewController
  ) throws -> Ending {
    let terminal = try NcursesTerminal(colors: colors, mouse: mouse)
    // Restored before any message is printed, whichever way this returns.
    defer { terminal.restore() }
    let app = Application(
      root: try makeRoot(), terminal: terminal, keyMap: keyMap, clock: clock, animated: animated)
    var stopSignal: Int32?
    // A stop signal ends the loop as `q` does; the save comes after it.
    terminal.stopSignalHandler = { [unowned app] signal in
      stopSignal = signal
      app.quit()
    }
    configure(app)
    let ending: Ending
    do {
      try app.run()
      if let stopSignal {
        ending = .signal(stopSignal)
      } else {
        ending = terminal.inputEnded ? .terminalLost : .quit
      }
    } catch {
      // Drawing failed: the terminal hung up or closed its output.
      ending = .terminalLost
    }
    SignalRestorer.beginTermination(signal: stopSignal)
    willTerminate(ending)
    terminal.restore()
    return ending
  }

  /// Ends the process as `ending` asks: dies of the signal after
  /// ``Ending/signal(_:)`` (so a shell prints "Terminated" or "Hangup", and
  /// a service manager sees the signal), else exits with `status`.
  public static func exit(_ ending: Ending, status: Int32 = 0) -> Never {
    if case .signal(let signal) = ending { SignalRestorer.dieOf(signal) }
    endProcess(status)
  }
}

/// The C library's `exit`, which ``TerminalApp/exit(_:status:)`` hides
/// inside the enum.
private func endProcess(_ status: Int32) -> Never {
  exit(status)
}
