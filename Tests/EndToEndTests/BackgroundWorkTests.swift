import Foundation
import Testing

/// The run loop lets main-actor work in (issue 11): a page's task and a
/// closure posted from another thread both run, and are drawn, while the
/// app waits for keys; then the app sleeps without waking to poll.
@Suite("Background work", .serialized, .timeLimit(.minutes(1)))
struct BackgroundWorkTests {
  @Test("a page's task result and a posted closure from another thread are drawn, no key")
  func taskAndPostedWorkAreDrawn() async throws {
    let tmux = try TmuxSession(
      executable: try MinimalExampleTests.path(of: "background-work-example"))
    defer { tmux.kill() }
    // The page shows "Loading…" for 200 ms (too short to catch reliably
    // here; the unit tests check it), then the task's result; the thread
    // posts at 400 ms.
    let done = try await tmux.waitFor("both results") {
      $0.row(containing: "Loaded 3 stories in a task") != nil
        && $0.row(containing: "Posted from another thread") != nil
    }
    #expect(done.row(containing: "Loading…") == nil)
    try tmux.press("q")
    #expect(try await tmux.waitForExit().status == 0)
  }

  @Test("with no timer and no animation the idle app's main thread never wakes")
  func idleAppSleeps() async throws {
    let tmux = try TmuxSession(
      executable: try MinimalExampleTests.path(of: "background-work-example"))
    defer { tmux.kill() }
    _ = try await tmux.waitFor(text: "Posted from another thread")
    let pid = try HardeningTests.demoPID(in: tmux)
    let before = try Self.wakeUps(of: pid)
    try await Task.sleep(for: .seconds(2))
    let after = try Self.wakeUps(of: pid)
    // The loop used to wake every 100 ms to look at signal flags: 20 here.
    #expect(after - before == 0, "the main thread woke \(after - before) times in 2 s")
    // It still wakes at once for a key.
    try tmux.press("q")
    #expect(try await tmux.waitForExit().status == 0)
  }

  @Test("the demo idle after its list loaded: no thread of it wakes, the main or another")
  func idleDemoSleeps() async throws {
    // The built-in content without its badge timer: nothing is scheduled.
    let url = DemoBinary.packageRoot.appendingPathComponent(
      "Sources/tabbar-demo/Resources/demo.json")
    var json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    json["badgeTimer"] = nil
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabbar-idle-\(UUID().uuidString).json")
    try JSONSerialization.data(withJSONObject: json).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    // The default latency: News loads over 150 ms, as over a network.
    let tmux = try TmuxSession(arguments: ["--content", file.path, "--no-animation"])
    defer { tmux.kill() }
    try await tmux.waitFor("News's rows") { LoadingEndToEndTests.hasRows("News", $0) }
    let pid = try HardeningTests.demoPID(in: tmux)
    try await Task.sleep(for: .milliseconds(300))
    let before = try Self.threadWakeUps(of: pid)
    try await Task.sleep(for: .seconds(3))
    let after = try Self.threadWakeUps(of: pid)
    // Task.sleep for the load used to start libdispatch's workers, whose
    // pool monitor then woke a thread every second for good: 3 here.
    #expect(after == before, "threads and their wake-ups: \(before) → \(after)")
    try tmux.press("q")
    #expect(try await tmux.waitForExit().status == 0)
  }

  /// Every thread of the process and the times it was woken, by thread id.
  static func threadWakeUps(of pid: pid_t) throws -> [String: Int] {
    var counts: [String: Int] = [:]
    for task in try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") {
      let status = try String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)
      counts[task] = status.split(separator: "\n")
        .filter { $0.hasPrefix("voluntary_ctxt_switches:") || $0.hasPrefix("nonvoluntary_ctxt") }
        .compactMap { $0.split(separator: "\t").last.flatMap { Int($0) } }
        .reduce(0, +)
    }
    return counts
  }

  /// The times the process's main thread went to sleep and was woken
  /// (`voluntary_ctxt_switches`).
  static func wakeUps(of pid: pid_t) throws -> Int {
    let status = try String(contentsOfFile: "/proc/\(pid)/task/\(pid)/status", encoding: .utf8)
    let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
    guard let count = line?.split(separator: "\t").last.flatMap({ Int($0) }) else {
      throw TmuxSession.Failure(description: "no voluntary_ctxt_switches in \(status)")
    }
    return count
  }
}
