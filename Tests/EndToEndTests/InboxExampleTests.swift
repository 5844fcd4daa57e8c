import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `Examples/Inbox`: an app of its own that saves where the user is through
/// the library's lifecycle (`TerminalApp.run(willTerminate:)`) on `q`,
/// SIGTERM and SIGHUP, and comes back there, or follows a deep link, into a
/// list that loads its rows: both wait for the load, then land.
///
/// Each test works in a directory of its own, removed afterwards.
@Suite("the Inbox example", .serialized, .timeLimit(.minutes(1)))
final class InboxExampleTests {
  /// A directory for this test's files.
  let directory: URL
  /// `state.json` in it, not created.
  let statePath: String

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabbar-inbox-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    statePath = directory.appendingPathComponent("state.json").path
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  /// Starts the example with `arguments` in a new tmux session.
  func start(_ arguments: [String]) throws -> TmuxSession {
    try TmuxSession(
      arguments: arguments, executable: try MinimalExampleTests.path(of: "inbox-example"))
  }

  /// Waits for Inbox's loading state, polling often: it lasts the latency.
  /// A machine busy enough to start the app more slowly than it loads may
  /// show it unseen: then what comes after it, `subject`'s page, counts.
  func waitForLoading(_ tmux: TmuxSession, then subject: String) async throws {
    try await tmux.waitFor("Inbox loading", interval: .milliseconds(10), settled: false) {
      $0.row(containing: "Loading…") != nil || $0.text(ofRow: 0).contains(subject)
    }
  }

  /// Waits for the page of the message `subject`: its title in the
  /// navigation bar, Inbox's name in the back label, its text under it.
  @discardableResult
  func waitForMessage(_ subject: String, _ text: String, in tmux: TmuxSession) async throws
    -> PaneCapture
  {
    try await tmux.waitFor("the message \(subject)") {
      $0.text(ofRow: 0).contains("‹ Inbox") && $0.text(ofRow: 0).contains(subject)
        && $0.row(containing: text) != nil
    }
  }

  @Test("--open into the loading inbox shows Loading…, then lands on the message")
  func deepLinkWaitsForTheLoad() async throws {
    // The fourth message: the first under Earlier (headers are not counted).
    let tmux = try start(["--open", "1/4", "--latency", "1500"])
    defer { tmux.kill() }
    try await waitForLoading(tmux, then: "Trip photos")
    try await waitForMessage("Trip photos", "the lighthouse among them", in: tmux)
    // Back in Inbox, the row the link opened is the one selected.
    try tmux.press("Escape")
    let inbox = try await tmux.waitFor(text: "Book club: chapter 5")
    let selected = DemoEndToEndTests.selectedRow(of: inbox, in: 2..<(inbox.rows.count - 3))
    #expect(selected?.hasPrefix("Trip photos") == true, "\(inbox)")
    try tmux.press("q")
    #expect(try await tmux.waitForExit().status == 0)
  }

  @Test("a link to a message the inbox does not have says so once it has loaded")
  func deepLinkFailsAfterTheLoad() async throws {
    let tmux = try start(["--open", "1/9", "--latency", "300"])
    defer { tmux.kill() }
    // A toast, gone after 8 s: one capture that shows it is enough (a
    // settled one needs two, which a busy machine can stretch past it).
    let message = "--open 1/9: step 2: “Inbox” has no row 9 (it has 6)"
    try await tmux.waitFor("the toast", settled: false) { $0.row(containing: message) != nil }
    try tmux.press("q")
    #expect(try await tmux.waitForExit().status == 0)
  }

  @Test(
    "q, SIGTERM and SIGHUP save where the user was; the next start lands there once Inbox loads",
    arguments: ["q", "SIGTERM", "SIGHUP"])
  func savesOnEveryWayOut(_ way: String) async throws {
    let tmux = try start(["--state", statePath, "--latency", "100"])
    do {
      defer { tmux.kill() }
      try await tmux.waitFor(text: "Slides for Monday")
      // The third message, Slides for Monday, opened.
      try tmux.press("Down", "Down", "Enter")
      try await waitForMessage("Slides for Monday", "the numbers from March", in: tmux)
      #expect(!FileManager.default.fileExists(atPath: statePath), "saved before the way out")
      let signals = ["SIGTERM": SIGTERM, "SIGHUP": SIGHUP]
      if let signal = signals[way] {
        #expect(kill(try HardeningTests.demoPID(in: tmux), signal) == 0)
      } else {
        try tmux.press(way)
      }
      let exit = try await tmux.waitForExit()
      // A signal ends it of that signal, as its parent expects.
      #expect(exit.status == signals[way].map { 128 + $0 } ?? 0, "status after \(way)")
      DemoEndToEndTests.expectRestored(exit)
    }
    let saved = (try? String(contentsOfFile: statePath, encoding: .utf8)) ?? ""
    #expect(saved.contains("selectedTab"), "nothing saved after \(way): \(saved)")

    let again = try start(["--state", statePath, "--latency", "1500"])
    defer { again.kill() }
    try await waitForLoading(again, then: "Slides for Monday")
    try await waitForMessage("Slides for Monday", "the numbers from March", in: again)
    try again.press("q")
    #expect(try await again.waitForExit().status == 0)
  }
}
