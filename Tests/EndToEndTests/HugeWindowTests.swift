import Foundation
import Testing

/// A window made absurdly large while the demo runs (`stty cols 40000` on
/// its terminal): the demo neither crashes nor takes gigabytes, says so on
/// screen, and comes back when the window is made small again.
@Suite("huge window sizes at run time", .serialized, .timeLimit(.minutes(1)))
struct HugeWindowTests {
  /// Sets the size of the pane's terminal with `stty`, as a user would in
  /// the pane: the kernel sends the demo SIGWINCH. tmux keeps drawing its
  /// 80×24 pane, so what the demo writes to the top-left corner shows.
  static func stty(_ tmux: TmuxSession, columns: Int, rows: Int) throws {
    let tty = try tmux.tmux(["display-message", "-p", "-t", tmux.sessionName, "#{pane_tty}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let result = try Subprocess.run(
      "/bin/sh", ["-c", "stty -F \"$0\" cols \"$1\" rows \"$2\"", tty, "\(columns)", "\(rows)"],
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(result.status == 0, "stty: \(result.standardError)")
  }

  @Test(
    "a window grown past the largest size shows a too-large message, then the app again",
    arguments: [(40000, 24), (80, 40000), (5000, 5000), (65535, 65535)])
  func hugeWindow(columns: Int, rows: Int) async throws {
    let tmux = try TmuxSession(arguments: ["--no-animation", "--latency", "0"])
    defer { tmux.kill() }
    try await tmux.waitFor(text: "Reading")
    try Self.stty(tmux, columns: columns, rows: rows)
    let message = try await tmux.waitFor(text: "Terminal too large")
    #expect(
      message.row(containing: "at most 4000×1000, have \(columns)×\(rows)") != nil,
      "screen:\n\(message)")
    #expect(message.row(containing: "Reading") == nil, "the app is not drawn behind it")
    // Keys still work meanwhile; the app is drawn again at a sane size.
    try tmux.press("2")
    try Self.stty(tmux, columns: 80, rows: 24)
    let back = try await tmux.waitFor("the app at 80×24 again") {
      $0.row(containing: "Terminal too large") == nil && $0.row(containing: "Reading") != nil
    }
    #expect(back.rows.count == 24)
    try tmux.press("q")
    let exit = try await tmux.waitForExit()
    #expect(exit.status == 0, "exit: \(exit.lines)")
  }

  @Test("suspended and resumed while too large, the demo waits for a sane size, then draws")
  func suspendWhileHuge() async throws {
    // An interactive shell in the pane, for Ctrl-Z and fg.
    let tmux = try TmuxSession(
      arguments: ["--norc", "--noprofile", "-i"], executable: "/bin/bash")
    defer { tmux.kill() }
    try tmux.type("\(try DemoBinary.path()) --no-animation --latency 0; echo DONE:$?")
    try tmux.press("Enter")
    try await tmux.waitFor(text: "Reading")
    try Self.stty(tmux, columns: 40000, rows: 24)
    try await tmux.waitFor(text: "Terminal too large")
    try tmux.press("C-z")
    try await tmux.waitFor(text: "Stopped")
    try tmux.type("fg; echo END:$?")
    try tmux.press("Enter")
    try await Task.sleep(for: .milliseconds(500))
    try Self.stty(tmux, columns: 80, rows: 24)
    try await tmux.waitFor(text: "Reading")
    try tmux.press("q")
    // `fg` gives the status of the demo's end (DONE showed that of its stop).
    let done = try await tmux.waitFor("the demo's exit status") {
      $0.lines.contains { $0.hasPrefix("END:") }
    }
    #expect(done.lines.contains("END:0"), "screen:\n\(done)")
    #expect(done.row(containing: "crashed") == nil, "screen:\n\(done)")
  }
}
