import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Input the demo must not take as keys, in a real terminal: big pastes,
/// Ctrl-C pasted, a sequence split after a burst of keys, replies to the
/// start-up queries that come split, late or unasked.
@Suite("pastes, bursts and replies end to end", .serialized, .timeLimit(.minutes(2)))
struct PasteAndRepliesEndToEndTests {
  typealias Demo = DemoEndToEndTests
  typealias PtyDemo = BlockedOutputTests.PtyDemo

  /// `count` bytes of text that would quit, switch tabs, open the help and
  /// the filter if it were typed.
  static func hostileText(_ count: Int) -> String {
    let pattern = "q1 2?/3ab\n"
    return String(String(repeating: pattern, count: count / pattern.count + 1).prefix(count))
  }

  @Test("a 300 KB bracketed paste over a list keeps the app on that list; Ctrl-C then quits")
  func bigPasteOverAList() async throws {
    let content = try HardeningTests.contentWithoutTimer()
    defer { unlink(content) }
    let tmux = try TmuxSession(arguments: ["--content", content])
    defer { tmux.kill() }
    let root = try await tmux.waitFor("the root") { Demo.isRoot($0) }
    let file = NSTemporaryDirectory() + "tabbar-paste-\(getpid()).txt"
    try Self.hostileText(300_000).write(toFile: file, atomically: true, encoding: .utf8)
    defer { unlink(file) }
    _ = try tmux.tmux(["load-buffer", "-b", "big", file])
    // -p: bracketed, as the demo asked for.
    _ = try tmux.tmux(["paste-buffer", "-p", "-d", "-b", "big", "-t", tmux.sessionName])
    try await Task.sleep(for: .seconds(1))
    let after = try tmux.capture()
    #expect(Demo.isRoot(after), "the paste moved the app:\n\(after)")
    #expect(after.lines == root.lines, "the paste changed the screen:\n\(after)")
    let clock = ContinuousClock()
    let sent = clock.now
    try tmux.press("C-c")
    // Seconds at most on a quiet machine; the bound allows for the whole
    // suite beside it on two cores, and a hang never ends.
    let exit = try await tmux.waitForExit(timeout: .seconds(10))
    #expect(exit.status == 0)
    #expect(clock.now - sent < .seconds(10), "Ctrl-C took \(clock.now - sent)")
  }

  @Test("Ctrl-C and q inside a paste do not quit; Ctrl-C after it does")
  func ctrlCInsidePaste() async throws {
    let demo = try PtyDemo.start(arguments: ["--no-animation", "--latency", "0"])
    defer { demo.kill() }
    var output = ""
    try await demo.read(into: &output) { $0.contains("Topics") }
    demo.send("\u{1B}[200~q\u{03}2\u{03}q\u{1B}[201~")
    let after = try await demo.drain(for: .milliseconds(700))
    #expect(try await demo.waitForEnd(timeout: .milliseconds(100)) == nil, "the paste quit")
    #expect(!after.contains("\u{1B}[?1049l"), "the alternate screen was left")
    demo.send("\u{03}")
    let status = try await demo.waitForEnd(timeout: .seconds(10))
    #expect(status == 0, "Ctrl-C after the paste did not quit")
  }

  @Test("a Down arrow split after a 4,000-key burst is read whole, not as Esc and text")
  func splitSequenceAfterBurst() async throws {
    let content = try HardeningTests.contentWithoutTimer()
    defer { unlink(content) }
    let tmux = try TmuxSession(arguments: ["--content", content, "--no-animation"])
    defer { tmux.kill() }
    try await tmux.waitFor("the root") { Demo.isRoot($0) }
    // The first row's page, for reference.
    try tmux.press("Enter")
    let first = try await tmux.waitFor("the first row's page") { Demo.isPushedPage($0) }
    try tmux.press("Escape")
    try await tmux.waitFor("the root") { Demo.isRoot($0) }
    // The burst (keys the list ignores) ends with the Esc of a Down arrow,
    // about where the terminal's 4 KB input buffer fills, so the app reads
    // its rest only after the burst's keys. All of it is typed while the app
    // is stopped: on a busy machine, a rest sent later by a second tmux
    // command could come after the escape delay, and be text by design.
    // Read as Esc and text, the arrow would never move.
    let pid = try HardeningTests.demoPID(in: tmux)
    #expect(kill(pid, SIGSTOP) == 0)
    defer { kill(pid, SIGCONT) }  // should typing fail: a stopped app never ends
    try tmux.type(String(repeating: "x", count: 4094) + "\u{1B}")
    try tmux.type("[B")
    try tmux.press("Enter")
    #expect(kill(pid, SIGCONT) == 0)
    let second = try await tmux.waitFor("a pushed page") {
      Demo.isPushedPage($0)
    }
    #expect(
      Demo.navigationTitle(second) != Demo.navigationTitle(first),
      "Enter opened the first row again: the arrow did not move\n\(second)")
  }

  @Test("an unasked kitty or mode 2026 reply on a terminal never asked switches nothing")
  func unaskedRepliesOnLinuxConsole() async throws {
    let demo = try PtyDemo.start(arguments: ["--no-animation", "--latency", "0"], term: "linux")
    defer { demo.kill() }
    var output = ""
    try await demo.read(into: &output) { $0.contains("Topics") }
    #expect(!output.contains("\u{1B}[?u"), "a terminal never asked")
    demo.send("\u{1B}[?1u\u{1B}[?2026;2$y\u{1B}[?6c")
    output += try await demo.drain(for: .milliseconds(300))
    demo.send("2")
    var frame = ""
    try await demo.read(into: &frame) { $0.contains("Reading") }
    frame += try await demo.drain(for: .milliseconds(200))
    #expect(frame.contains("Reading"), "no frame: \(frame.debugDescription)")
    demo.send("q")
    let last = try await demo.drain(for: .milliseconds(300))
    #expect(try await demo.waitForEnd(timeout: .seconds(10)) == 0)
    for text in [output, frame, last] {
      #expect(!text.contains("\u{1B}[>1u"), "the kitty flag was pushed")
      #expect(!text.contains("\u{1B}[?2026h"), "synchronized output was used")
    }
  }

  @Test("awaited replies split in transit are joined: no key acts, and the flag is pushed")
  func splitAwaitedReplies() async throws {
    let content = try HardeningTests.contentWithoutTimer()
    defer { unlink(content) }
    // The app awaits replies for 3 s after sending its queries, and joins the
    // pieces of one that come less than 0.5 s apart. On a machine so loaded
    // that the pieces below leave later than 2 s after the queries, or more
    // than 0.3 s apart, the replies would arrive unawaited or be cut for
    // good, and be read as keys by design: such a run says nothing about
    // joining, so it starts again (five tries).
    var joined: (demo: PtyDemo, after: String)?
    var voided: [String] = []
    let clock = ContinuousClock()
    for _ in 0..<5 {
      let demo = try PtyDemo.start(arguments: [
        "--no-animation", "--latency", "0", "--content", content,
      ])
      var output = ""
      try await demo.read(into: &output) { $0.contains("\u{1B}[c") }
      let queried = clock.now
      try await demo.read(into: &output) { $0.contains("Topics") }
      // Each cut longer than the escape and sequence delays; a reply read as
      // keys would switch to tab 2 (`2;22c`) or open the help (`?`).
      // The thread sleeps between pieces rather than the task: a task waits
      // for a free thread of the pool to go on, which the suite's other
      // tests can hold for longer than the app joins pieces.
      var sent = [clock.now]
      for piece in ["\u{1B}", "[?2026;2$y\u{1B}[?", "0u\u{1B}[?6", "2;22c"] {
        if sent.count > 1 { usleep(80_000) }
        demo.send(piece)
        sent.append(clock.now)
      }
      let gaps = zip(sent.dropFirst(2), sent.dropFirst()).map { $0 - $1 }
      let late = clock.now - queried
      guard late < .seconds(2), gaps.allSatisfy({ $0 < .milliseconds(300) }) else {
        voided.append("the last piece \(late) after the queries, gaps \(gaps)")
        demo.kill()
        continue
      }
      joined = (demo, try await demo.drain(for: .milliseconds(500)))
      break
    }
    let (demo, after) = try #require(
      joined, "the replies could not be sent in time five times: \(voided)")
    defer { demo.kill() }
    #expect(after.contains("\u{1B}[>1u"), "the flag was not pushed: \(after.debugDescription)")
    #expect(
      after.replacingOccurrences(of: "\u{1B}[>1u", with: "").isEmpty,
      "a reply acted as keys: \(after.debugDescription)")
    demo.send("2")
    var frame = ""
    try await demo.read(into: &frame) { $0.contains(SynchronizedOutputPtyTests.end) }
    #expect(frame.contains(SynchronizedOutputPtyTests.begin), "mode 2026 was not taken")
    demo.send("q")
    #expect(try await demo.waitForEnd(timeout: .seconds(10)) == 0)
  }
}
