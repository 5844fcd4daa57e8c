import TabBarKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The scoped entry point of a terminal app: starts the terminal, builds
/// and runs the app, and restores the terminal on every way out (a quit,
/// an error thrown by the app's code, a stop signal).
///
/// ```swift
/// import NcursesTerminal
/// import TabBarKit
///
/// TerminalApp.run {
///   try TabBarController(viewControllers: pages, items: items)
/// }
/// ```
@MainActor
public enum TerminalApp {
  /// Starts the terminal, calls `makeRoot` (the terminal is already in
  /// curses mode, so the root may read its size), runs the app until `q`,
  /// Ctrl-C or ``Application/quit()``, restores the terminal and exits 0.
  ///
  /// When the terminal cannot start (not a terminal, unknown `TERM`) or
  /// `makeRoot` throws, the terminal is restored first and then one line
  /// `NAME: error: …` goes to standard error, with exit status 2.
  ///
  /// - Parameters:
  ///   - keyMap: The key table, ``KeyMap/standard`` with the app's own
  ///     bindings added if it has any.
  ///   - colors: false for monochrome; `NO_COLOR` also turns colours off.
  ///   - mouse: false to leave the mouse to the terminal.
  ///   - configure: Called with the application before it runs, to
  ///     schedule timers or keep a reference.
  ///   - makeRoot: Builds the root controller.
  public static func run(
    keyMap: KeyMap = .standard, colors: Bool = true, mouse: Bool = true,
    configure: (Application) -> Void = { _ in },
    _ makeRoot: () throws -> ViewController
  ) -> Never {
    let status: Int32
    do {
      try runApp(keyMap: keyMap, colors: colors, mouse: mouse, configure, makeRoot)
      status = 0
    } catch {
      let name = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") }
      let message = "\(name ?? "app"): error: \(error)\n"
      _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
      status = 2
    }
    exit(status)
  }

  private static func runApp(
    keyMap: KeyMap, colors: Bool, mouse: Bool, _ configure: (Application) -> Void,
    _ makeRoot: () throws -> ViewController
  ) throws {
    let terminal = try NcursesTerminal(colors: colors, mouse: mouse)
    // Restored before any message is printed, whichever way this returns.
    defer { terminal.restore() }
    let app = Application(root: try makeRoot(), terminal: terminal, keyMap: keyMap)
    configure(app)
    try app.run()
  }
}
