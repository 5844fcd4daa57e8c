import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `--state` is saved on the ways out that are not a key: the terminal
/// window closed over an interactive bash (two SIGHUPs 0.1 ms apart), the
/// terminal of the pane's own command going away, and a stop signal while
/// the terminal reads nothing (output blocked).
///
/// Each test works in a directory of its own, removed afterwards.
@Suite("saved state on every way out", .serialized, .timeLimit(.minutes(1)))
final class StateSavingTests {
  typealias PtyDemo = BlockedOutputTests.PtyDemo

  /// A directory for this test's files.
  let directory: URL
  /// `state.json` in it, not created.
  let statePath: String

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabbar-saving-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    statePath = directory.appendingPathComponent("state.json").path
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  /// The state file's text once it contains `text`, waiting at most
  /// `timeout` for it; what it holds then (empty when missing) otherwise.
  func stateFile(containing text: String, timeout: Duration = .seconds(15)) async throws -> String {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while true {
      let saved = (try? String(contentsOfFile: statePath, encoding: .utf8)) ?? ""
      if saved.contains(text) || clock.now >= deadline { return saved }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  @Test("closing the terminal window over an interactive bash saves the draft being typed")
  func windowClosedOverBash() async throws {
    // The window's own command is bash, as in a terminal emulator: it leads
    // the session, so closing the window hangs bash up, bash sends SIGHUP on
    // to the demo (its foreground job), and the kernel sends another as
    // bash exits.
    let tmux = try TmuxSession(arguments: ["60"], executable: "/bin/sleep")
    defer { tmux.kill() }
    let window = "\(tmux.sessionName):shell"
    try tmux.tmux([
      "new-window", "-d", "-t", tmux.sessionName, "-n", "shell",
      "/usr/bin/env", "TERM=xterm-256color", "PS1=$ ", "/bin/bash", "--norc", "--noprofile", "-i",
    ])
    let command = "\(try DemoBinary.path()) --state \(statePath) --latency 0 --no-animation"
    try tmux.tmux(["send-keys", "-t", window, "-l", command])
    try tmux.tmux(["send-keys", "-t", window, "Enter"])
    try await waitFor("Markets rally", in: window, of: tmux)
    try tmux.tmux(["send-keys", "-t", window, "-l", "+"])
    try await waitFor("What happened?", in: window, of: tmux)
    try tmux.tmux(["send-keys", "-t", window, "-l", "Window closed early"])
    try await waitFor("Window closed early", in: window, of: tmux)
    #expect(!FileManager.default.fileExists(atPath: statePath), "saved before the window closed")

    try tmux.tmux(["kill-window", "-t", window])
    let saved = try await stateFile(containing: "Window closed early")
    #expect(saved.contains("Window closed early"), "the draft was not saved: \(saved)")
  }

  /// Waits until the pane of `window` shows `text`.
  func waitFor(_ text: String, in window: String, of tmux: TmuxSession) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(15)
    var screen = ""
    while clock.now < deadline {
      screen = try tmux.tmux(["capture-pane", "-p", "-t", window])
      if screen.contains(text) { return }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw TmuxSession.Failure(description: "no \"\(text)\" in \(window):\n\(screen)")
  }

  @Test("the terminal of the demo's own command going away saves the draft being typed")
  func terminalHungUp() async throws {
    // The terminal closes (a pane or window whose command the demo is): the
    // demo is hung up, and every write and read fails from now on.
    let ended = try await closeTerminal(whileTyping: "Line went dead", newSession: true)
    // The hangup signal, or the closed terminal found first: never 2, which
    // says bad input.
    #expect(ended == 0 || ended & 0x7F == SIGHUP, "wait status \(ended)")
    let saved = try await stateFile(containing: "Line went dead", timeout: .zero)
    #expect(saved.contains("Line went dead"), "the draft was not saved: \(saved)")
  }

  @Test("a terminal that goes away without a hangup signal: the draft is saved and the status is 0")
  func terminalGoneWithoutHangup() async throws {
    // Not its controlling terminal: closing it sends no SIGHUP; the demo
    // finds its input closed, saves and exits.
    let ended = try await closeTerminal(whileTyping: "Gone quietly", newSession: false)
    #expect(ended == 0, "wait status \(ended): the state was saved")
    let saved = try await stateFile(containing: "Gone quietly", timeout: .zero)
    #expect(saved.contains("Gone quietly"), "the draft was not saved: \(saved)")
  }

  /// Starts the demo on a pty of its own, types a draft into the Post form
  /// and closes the terminal.
  ///
  /// - Parameters:
  ///   - draft: The words typed into the form's title.
  ///   - newSession: Whether the pty is the demo's controlling terminal, so
  ///     that closing it sends SIGHUP.
  /// - Returns: The demo's wait status.
  /// - Throws: when the demo is still running 30 s after its terminal closed.
  private func closeTerminal(whileTyping draft: String, newSession: Bool) async throws -> Int32 {
    let demo = try PtyDemo.start(
      arguments: ["--state", statePath, "--latency", "0", "--no-animation"],
      newSession: newSession)
    var closed = false
    defer {
      Glibc.kill(demo.pid, SIGKILL)
      var status: Int32 = 0
      waitpid(demo.pid, &status, 0)
      if !closed { close(demo.master) }
    }
    var output = ""
    try await demo.read(into: &output) { $0.contains("Markets rally") }
    demo.send("+")
    try await demo.read(into: &output) { $0.contains("Category") }
    demo.send(draft)
    // Each key typed draws: once the output goes quiet, all were taken.
    try await settle(demo)
    close(demo.master)
    closed = true
    // Generous: the save flushes to disk, which a busy machine can make slow
    // (past 10 s beside eight busy loops); a hang never ends.
    let status = try await demo.waitForEnd(timeout: .seconds(30))
    return try #require(status, "still running 30 s after its terminal closed")
  }

  /// Reads the demo's output until none has come for 300 ms, or 5 s.
  func settle(_ demo: PtyDemo) async throws {
    let clock = ContinuousClock()
    let end = clock.now + .seconds(5)
    while clock.now < end, !(try await demo.drain(for: .milliseconds(300))).isEmpty {}
  }

  @Test(
    "a stop signal while the terminal reads nothing still saves, and the demo dies of it",
    arguments: [SIGTERM, SIGHUP])
  func blockedOutputThenSignal(signal: Int32) async throws {
    let demo = try PtyDemo.start(arguments: [
      "--state", statePath, "--latency", "0", "--no-animation",
    ])
    defer { demo.kill() }
    try await demo.drain(for: .milliseconds(700))  // the first frame
    let blocked = try await demo.blockOutput()
    try #require(blocked, "the demo kept reading input: its output never blocked")
    #expect(!FileManager.default.fileExists(atPath: statePath), "saved before the signal")

    #expect(Glibc.kill(demo.pid, signal) == 0)
    let status = try await demo.waitForEnd(timeout: .seconds(10))
    let ended = try #require(status, "still running 10 s after signal \(signal)")
    #expect(ended & 0x7F == signal, "wait status \(ended)")
    // The keys that blocked it switched tabs: a state with a selected tab.
    let saved = try await stateFile(containing: "selectedTab", timeout: .zero)
    #expect(saved.contains("\"selectedTab\""), "nothing saved: \(saved)")
    let run = try await DemoBinary.run(["--headless", "--state", statePath])
    #expect(run.status == 0 && run.standardError.isEmpty, "\(run.standardError)")
  }

  @Test("a second signal right after the first does not cut the save short")
  func twoSignalsInARow() async throws {
    let tmux = try TmuxSession(arguments: ["--state", statePath, "--latency", "0"])
    defer { tmux.kill() }
    try await tmux.waitFor(text: "Markets rally")
    try tmux.type("+")
    try await tmux.waitFor(text: "What happened?")
    try tmux.type("Two signals")
    try await tmux.waitFor(text: "Two signals")
    let pid = try HardeningTests.demoPID(in: tmux)
    // As a closed window under bash: two SIGHUPs 0.1 ms apart; and as a
    // service manager that gives up waiting: SIGTERM, then SIGHUP.
    kill(pid, SIGTERM)
    usleep(100)
    kill(pid, SIGHUP)
    let exit = try await tmux.waitForExit()
    #expect(exit.status == 128 + SIGTERM, "dies of the first signal")
    DemoEndToEndTests.expectRestored(exit)
    let saved = try await stateFile(containing: "Two signals", timeout: .zero)
    #expect(saved.contains("Two signals"), "the draft was not saved: \(saved)")
  }
}
