import Foundation
import SnapshotTesting
import TabBarKit
import Testing

/// Issue 4's checks on the real binary: signals restore the terminal, a burst
/// of resizes leaves the app alive and unchanged, the Chinese example stays
/// inside its bounds.
@Suite("Hardening", .serialized, .timeLimit(.minutes(1)))
struct HardeningTests {
  /// The demo's process: the child of the shell running in the pane.
  static func demoPID(in tmux: TmuxSession) throws -> pid_t {
    let shell = try tmux.tmux(["display-message", "-p", "-t", tmux.sessionName, "#{pane_pid}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let children = try String(
      contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
    guard let pid = children.split(separator: " ").first.flatMap({ pid_t($0) }) else {
      throw TmuxSession.Failure(description: "no demo process under the pane's shell \(shell)")
    }
    return pid
  }

  static func paneFlag(_ name: String, in tmux: TmuxSession) throws -> String {
    try tmux.tmux(["display-message", "-p", "-t", tmux.sessionName, "#{\(name)}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Every signal whose default action ends the process. SIGTERM, SIGHUP,
  /// SIGINT and SIGQUIT are asked-for stops; SIGILL and SIGTRAP are what a
  /// Swift runtime error (a trap) raises, SIGSEGV, SIGBUS, SIGFPE and SIGABRT
  /// a crash; the rest are sent by other programs, timers or limits (and
  /// SIGSYS, SIGXFSZ, SIGPIPE by the kernel).
  static let terminatingSignals: [Int32] = [
    SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGSEGV, SIGABRT, SIGBUS, SIGFPE,
    SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGPIPE, SIGXCPU, SIGXFSZ, SIGPWR,
    SIGSTKFLT, SIGSYS, SIGIO, 34, 64,  // the first and last real-time signals on Linux
  ]

  /// The pane flags of the modes the app turns on, and their values while it runs.
  static let modeFlags: [(flag: String, on: String, what: String)] = [
    ("alternate_on", "1", "the alternate screen"),
    ("cursor_flag", "0", "the hidden cursor"),
    ("mouse_any_flag", "1", "mouse reporting"),
    ("mouse_sgr_flag", "1", "SGR mouse reports"),
  ]
  // Keypad mode is not among them: the app reads and decodes the bytes
  // itself and never calls wgetch, so ncurses never sends `smkx`.

  @Test(
    "every terminating signal restores the terminal: modes, cursor, main screen, mouse, paste",
    arguments: terminatingSignals)
  func signalsRestore(signal: Int32) async throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try await tmux.waitFor("the bar") { DemoEndToEndTests.barIsShown($0) }
    try tmux.press("Enter")  // a pushed page: the app is mid-use
    try await tmux.waitFor(text: "‹ News")
    for mode in Self.modeFlags {
      #expect(try Self.paneFlag(mode.flag, in: tmux) == mode.on, "the app turns on \(mode.what)")
    }
    let pid = try Self.demoPID(in: tmux)
    #expect(kill(pid, signal) == 0)
    let exit = try await tmux.waitForExit()
    #expect(exit.status == 128 + signal, "the demo dies of the signal, as the shell expects")
    #expect(exit.sttySettings.contains("echo") && exit.sttySettings.contains("icanon"))
    #expect(!exit.sttySettings.contains("-echo") && !exit.sttySettings.contains("-icanon"))
    for mode in Self.modeFlags {
      #expect(
        try Self.paneFlag(mode.flag, in: tmux) != mode.on, "\(mode.what) is left on")
    }
    // tmux has no pane flag for bracketed paste; it brackets a paste only
    // when the mode is on, and the terminal (echo on, `sleep` running)
    // shows the bracket as `^[[200~`.
    _ = try tmux.tmux(["set-buffer", "-b", "check", "PASTE-CHECK"])
    _ = try tmux.tmux(["paste-buffer", "-p", "-d", "-b", "check", "-t", tmux.sessionName])
    let pasted = try await tmux.waitFor(text: "PASTE-CHECK")
    #expect(pasted.row(containing: "200~") == nil, "bracketed paste is left on:\n\(pasted)")
  }

  /// The built-in content without its badge timer, so two runs started at
  /// different times draw the same frame.
  static func contentWithoutTimer() throws -> String {
    let source = DemoBinary.packageRoot.appendingPathComponent(
      "Sources/tabbar-demo/Resources/demo.json")
    var json = try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as! [String: Any]
    json["badgeTimer"] = nil
    // One file per caller: tests running side by side unlink their own.
    let path = NSTemporaryDirectory() + "tabbar-no-timer-\(UUID().uuidString).json"
    try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The keys of the resize test.
  static let resizeKeys = ["2", "Down", "Down", "Down", "Down"]

  /// The text the resize keys lead to at 80×24, as `--headless` draws it.
  static func resizeScreen(content: String) async throws -> [String] {
    let headless = try await DemoBinary.run([
      "--content", content, "--headless", "--size", "80x24",
      "--keys", resizeKeys.map { $0.lowercased() }.joined(separator: ","),
    ])
    return DeepLinkTests.lines(headless.standardOutput).map(DeepLinkTests.trimmingTrailingBlanks)
  }

  /// Waits until the pane shows `expected`, settled.
  ///
  /// The pane can be 80×24 before the demo is told so: when a burst of
  /// resizes ends at the size it started from, tmux sends the size before
  /// last at once and the last one only later, so for a while the demo draws
  /// for another size. Waiting for the exact text waits that out.
  @discardableResult
  static func waitFor(_ expected: [String], in tmux: TmuxSession) async throws -> PaneCapture {
    try await tmux.waitFor("Reading at 80×24 as --headless draws it") { $0.lines == expected }
  }

  /// Starts the demo on `content`, presses the resize keys and waits for
  /// `expected`. Lists load at once (`--latency 0`): the Down keys that
  /// follow `2` move in Reading's rows, which have not loaded yet otherwise.
  static func start(content: String, expecting expected: [String]) async throws -> TmuxSession {
    let tmux = try TmuxSession(
      arguments: ["--content", content, "--no-animation", "--latency", "0"])
    try await tmux.waitFor(text: "Reading")
    for key in resizeKeys { try tmux.press(key) }
    try await waitFor(expected, in: tmux)
    return tmux
  }

  @Test("a burst of 50 resizes between 1×1 and 200×60, then 80×24, equals a fresh start")
  func resizeBurst() async throws {
    let content = try Self.contentWithoutTimer()
    defer { unlink(content) }
    let expected = try await Self.resizeScreen(content: content)
    let tmux = try await Self.start(content: content, expecting: expected)
    defer { tmux.kill() }
    var seed: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    for step in 0..<50 {
      // Both extremes come up; the rest is spread between them.
      let (width, height) =
        step == 10 ? (1, 1) : step == 20 ? (200, 60) : (1 + next(200), 1 + next(60))
      try tmux.resize(width: width, height: height)
    }
    try tmux.resize(width: 80, height: 24)
    // Alive and at 80×24 again: a dead demo would leave its exit report.
    let afterBurst = try await Self.waitFor(expected, in: tmux)

    let fresh = try await Self.start(content: content, expecting: expected)
    defer { fresh.kill() }
    let freshScreen = try await Self.waitFor(expected, in: fresh)
    // The text is the same by now; the look of every cell must be too.
    #expect(
      afterBurst.rows == freshScreen.rows,
      "after the burst:\n\(afterBurst)\nfresh start:\n\(freshScreen)")
  }

  @Test("a paste is dropped whole (bracketed paste), never read as keys")
  func pasteIsNotKeys() async throws {
    let tmux = try TmuxSession(arguments: ["--no-animation"])
    defer { tmux.kill() }
    try await tmux.waitFor("the bar") { DemoEndToEndTests.barIsShown($0) }
    // Read as keys, this would select Reading, push a page and quit. `-p`
    // brackets the paste only if the demo asked the terminal to.
    _ = try tmux.tmux(["set-buffer", "-b", "paste", "2\rq"])
    _ = try tmux.tmux(["paste-buffer", "-p", "-d", "-b", "paste", "-t", tmux.sessionName])
    try tmux.press("3")
    let video = try await tmux.waitFor("Video, the key after the paste") {
      DemoEndToEndTests.navigationTitle($0) == "Video"
    }
    #expect(
      DemoEndToEndTests.titlesInOrder(video.text(ofRow: video.rows.count - 1)),
      "a pasted Enter pushed a page:\n\(video)")
    #expect(DemoEndToEndTests.markedTitle(video) == "Video")
    try tmux.press("q")
    #expect(try await tmux.waitForExit().status == 0)
  }

  @Test(
    "the Chinese example stays inside its bounds",
    arguments: [(80, 24), (37, 12), (120, 40)])
  func chineseExample(width: Int, height: Int) async throws {
    let example = DemoBinary.packageRoot.appendingPathComponent("Examples/netease.json").path
    let result = try await DemoBinary.run(
      ["--content", example, "--headless", "--size", "\(width)x\(height)", "--styles"])
    #expect(result.status == 0)
    // `height` rows of text, a blank line, then `height` rows of style letters.
    let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    try #require(lines.count >= 2 * height + 1)
    let text = lines[0..<height]
    let styles = lines[(height + 1)..<(2 * height + 1)]
    #expect(lines[height].isEmpty)
    #expect(styles.allSatisfy { $0.count == width && $0.allSatisfy { "SRBCDU.".contains($0) } })
    for line in text {
      #expect(TextWidth.width(of: line) <= width, "a row wider than the screen: \(line)")
    }
    assertSnapshot(
      of: result.standardOutput, as: .lines, named: "\(width)x\(height)",
      testName: "netease")
  }
}
