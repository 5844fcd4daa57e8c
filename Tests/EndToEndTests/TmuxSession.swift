import Foundation

/// A detached tmux session that runs `tabbar-demo` in a pane of a fixed size.
///
/// Each session has its own server (`tmux -L <unique socket>`, no config
/// file), so tests never touch the user's tmux and can run side by side. The
/// demo runs under a small shell script that, once the demo exits, prints
/// `EXIT:<status>` and the output of `stty -a`, then keeps the pane open, so a
/// test can read the exit status and check that the terminal was restored.
///
/// Call `kill()` when done (`defer { session.kill() }`); `deinit` does it as
/// a last resort.
final class TmuxSession {
  /// A failure to run tmux or to see the expected screen in time.
  struct Failure: Error, CustomStringConvertible {
    /// What went wrong, with the last screen when there is one.
    var description: String
  }

  /// What the shell script printed after the demo exited.
  struct Exit {
    /// The demo's exit status (`$?`: 128 + n after signal n).
    var status: Int32
    /// The words of `stty -a` run on the pane's terminal afterwards.
    var sttySettings: Set<String>
    /// The pane's lines (wrapped lines joined) when the exit was seen.
    var lines: [String]
  }

  /// The pane's size in columns.
  private(set) var width: Int
  /// The pane's size in rows.
  private(set) var height: Int
  /// The tmux server's socket name, unique to this session.
  let socketName: String
  /// The session's name.
  let sessionName = "e2e"
  private let tmuxPath: String
  /// Where the server's socket is, to remove it afterwards: `kill-server`
  /// leaves it behind.
  private var socketPath: String?
  private var killed = false

  /// The shell script run in the pane: `$1` is the `TERM` for the demo, `$2` a
  /// file for its standard output (empty: the pane), the rest the command.
  ///
  /// The `INT` trap keeps the shell alive when Ctrl-C raises SIGINT in the
  /// pane's process group; a caught signal is reset to the default in the
  /// demo, so the demo's own handling is what is tested.
  private static let script = """
    trap : INT
    term=$1; out=$2; shift 2
    if [ -n "$out" ]; then TERM=$term "$@" >"$out"; else TERM=$term "$@"; fi
    echo "EXIT:$?"
    stty -a
    sleep 30
    """

  /// Starts `tabbar-demo` (or `executable`) with `arguments` in a new
  /// detached session.
  ///
  /// - Parameters:
  ///   - arguments: The demo's command-line arguments.
  ///   - term: The `TERM` the demo sees.
  ///   - environment: More variables for the demo only, such as `NO_COLOR`
  ///     (set through `env`, so the tmux server never sees them).
  ///   - executable: The program to run instead of `tabbar-demo`.
  ///   - stdoutFile: A file to send the demo's standard output to instead of
  ///     the pane (to test a stdout that is not a terminal).
  ///   - width: Columns of the pane.
  ///   - height: Rows of the pane.
  /// - Throws: `DemoBinary.NotFound` or `Failure` when tmux is missing or the
  ///   session cannot start.
  init(
    arguments: [String] = [], term: String = "xterm-256color",
    environment: [String: String] = [:], executable: String? = nil, stdoutFile: String? = nil,
    width: Int = 80, height: Int = 24
  ) throws {
    let program = try executable ?? DemoBinary.path()
    let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let command = variables.isEmpty ? [program] : ["/usr/bin/env"] + variables + [program]
    self.tmuxPath = try Self.findTmux()
    self.width = width
    self.height = height
    self.socketName = "tabbar-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
    try tmux(
      ["-f", "/dev/null", "new-session", "-d", "-s", sessionName]
        + ["-x", String(width), "-y", String(height)]
        + ["/bin/sh", "-c", Self.script, "sh", term, stdoutFile ?? ""] + command + arguments)
    socketPath = try tmux(["display-message", "-p", "#{socket_path}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  deinit { kill() }

  /// Ends the tmux server and everything running in it. Safe to call twice.
  func kill() {
    guard !killed else { return }
    killed = true
    _ = try? tmux(["kill-server"])
    if let socketPath, !socketPath.isEmpty { unlink(socketPath) }
  }

  /// Sends keys by tmux name: `"Enter"`, `"Escape"`, `"Down"`, `"C-c"`, `"BTab"`,
  /// or a single character such as `"2"` or `"?"`.
  func press(_ keys: String...) throws {
    for key in keys {
      try tmux(["send-keys", "-t", sessionName, key])
    }
  }

  /// Types `text` as it stands (`send-keys -l`): each character reaches the
  /// program as the terminal sends a typed one, UTF-8 for `世界`, so no
  /// word in it is read as a key name.
  func type(_ text: String) throws {
    try tmux(["send-keys", "-t", sessionName, "-l", text])
  }

  /// Resizes the window (and so the pane) to `width`×`height`.
  func resize(width: Int, height: Int) throws {
    try tmux(
      ["resize-window", "-t", sessionName, "-x", String(width), "-y", String(height)])
    self.width = width
    self.height = height
  }

  /// The pane's size as tmux reports it.
  func paneSize() throws -> (width: Int, height: Int) {
    let text = try tmux(
      ["display-message", "-p", "-t", sessionName, "#{pane_width} #{pane_height}"])
    let numbers = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    guard numbers.count == 2 else { throw Failure(description: "bad pane size: \(text)") }
    return (numbers[0], numbers[1])
  }

  /// The pane as it is now, with the look of every cell.
  ///
  /// - Parameter joinWrapped: Join lines that the pane wrapped (`-J`), for
  ///   reading messages longer than the pane is wide.
  /// - Returns: The pane's text and the look of every cell.
  /// - Throws: `Failure` when tmux cannot capture the pane.
  func capture(joinWrapped: Bool = false) throws -> PaneCapture {
    let flags = joinWrapped ? ["-p", "-e", "-J"] : ["-p", "-e"]
    return PaneCapture(
      styledText: try tmux(["capture-pane"] + flags + ["-t", sessionName]))
  }

  /// Captures the pane every `interval` until `condition` holds, and returns
  /// that capture.
  ///
  /// A terminal can be read while a frame is still arriving (tmux takes in
  /// what the demo writes in chunks), so a capture may show the top of the
  /// new frame over the rest of the old one, and a condition on a few rows
  /// can hold on it. By default a capture counts only once the next one,
  /// `interval` later, is the same, cell for cell.
  ///
  /// - Parameters:
  ///   - what: What the test waits for, for the failure message.
  ///   - timeout: How long to wait before failing. A quiet machine shows a
  ///     frame in milliseconds; 20 s allows for the whole suite running
  ///     beside busy programs on two cores, where the app's first settled
  ///     frame has been seen to come after 10 s.
  ///   - interval: The time between two captures.
  ///   - joinWrapped: Capture with wrapped lines joined.
  ///   - settled: Whether the screen must also have stopped changing; false
  ///     to catch a frame in the middle of an animation.
  ///   - condition: Whether a capture shows what the test waits for.
  /// - Returns: The capture on which `condition` held.
  /// - Throws: `Failure`, with the last capture, on timeout.
  @discardableResult
  func waitFor(
    _ what: String, timeout: Duration = .seconds(20), interval: Duration = .milliseconds(50),
    joinWrapped: Bool = false, settled: Bool = true, until condition: (PaneCapture) -> Bool
  ) async throws -> PaneCapture {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var previous: PaneCapture?
    while true {
      let screen = try capture(joinWrapped: joinWrapped)
      if condition(screen), !settled || previous?.rows == screen.rows { return screen }
      previous = screen
      if clock.now >= deadline {
        throw Failure(
          description: "timed out after \(timeout) waiting for \(what); screen:\n\(screen)")
      }
      try await Task.sleep(for: interval)
    }
  }

  /// Waits until some row of the pane contains `text`.
  @discardableResult
  func waitFor(text: String, timeout: Duration = .seconds(20)) async throws -> PaneCapture {
    try await waitFor("\"\(text)\" on screen", timeout: timeout) { $0.row(containing: text) != nil }
  }

  /// Waits for the demo to exit and for the script's report that follows.
  func waitForExit(timeout: Duration = .seconds(20)) async throws -> Exit {
    // `stty -a` prints its flags in one go; the line with `isig`/`icanon`
    // comes last but one, so once it is there the report is complete.
    let screen = try await waitFor(
      "the exit report", timeout: timeout, joinWrapped: true
    ) { screen in
      screen.lines.contains { $0.hasPrefix("EXIT:") }
        && screen.lines.contains { $0.contains("isig") }
    }
    let lines = screen.lines
    guard let exitLine = lines.first(where: { $0.hasPrefix("EXIT:") }),
      let status = Int32(exitLine.dropFirst("EXIT:".count))
    else { throw Failure(description: "no exit status on screen:\n\(screen)") }
    let exitIndex = lines.firstIndex(of: exitLine) ?? 0
    let words = lines[(exitIndex + 1)...].flatMap {
      $0.split(whereSeparator: { $0 == " " || $0 == ";" }).map(String.init)
    }
    return Exit(status: status, sttySettings: Set(words), lines: lines)
  }

  /// Runs tmux against this session's server and returns its standard output.
  @discardableResult
  func tmux(_ arguments: [String]) throws -> String {
    var environment = ProcessInfo.processInfo.environment
    // Inside a tmux, `$TMUX` makes new-session refuse to nest; `NO_COLOR` and
    // `COLORFGBG` would reach the demo through the server's environment and
    // change its looks.
    environment["TMUX"] = nil
    environment["NO_COLOR"] = nil
    // The demo's default theme follows the terminal's background, which
    // COLORFGBG would tell it: tests start from an unknown one.
    environment["COLORFGBG"] = nil
    let result = try Subprocess.run(
      tmuxPath, ["-L", socketName] + arguments, environment: environment)
    guard result.status == 0 else {
      throw Failure(
        description: "tmux \(arguments.prefix(1).joined()) failed "
          + "(status \(result.status)): \(result.standardError)")
    }
    return result.standardOutput
  }

  /// The path of `tmux` on `PATH`.
  private static func findTmux() throws -> String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let directories = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
    for directory in directories {
      let candidate = URL(fileURLWithPath: directory).appendingPathComponent("tmux").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw Failure(
      description: "tmux not found on PATH (\(path)); the end-to-end tests need tmux 3.x installed")
  }
}
