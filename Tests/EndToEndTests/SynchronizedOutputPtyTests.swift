import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The demo on a pty whose other side plays the terminal: one that reports
/// synchronized output (DEC private mode 2026) when asked, and one that
/// stays silent about it (it answers only the device attributes, as the
/// Linux console and older xterms do). Nothing here is timed.
@Suite("synchronized output on a pty", .serialized, .timeLimit(.minutes(1)))
struct SynchronizedOutputPtyTests {
  typealias PtyDemo = BlockedOutputTests.PtyDemo

  static let query = "\u{1B}[?2026$p"
  static let begin = "\u{1B}[?2026h"
  static let end = "\u{1B}[?2026l"

  /// Starts the demo, waits for its first frame and its start-up queries,
  /// and sends `replies`. Returns the demo and what it wrote so far.
  func start(replying replies: String) async throws -> (PtyDemo, String) {
    let demo = try PtyDemo.start(arguments: ["--no-animation", "--latency", "0"])
    var output = ""
    try await demo.read(into: &output) { $0.contains(Self.query) && $0.contains("Topics") }
    #expect(output.contains(Self.query), "the demo asks: \(output.suffix(200).debugDescription)")
    demo.send(replies)
    output += try await demo.drain(for: .milliseconds(300))
    return (demo, output)
  }

  @Test("a terminal that reports mode 2026 gets every frame wrapped in it, ended on quit")
  func usedWhenReported() async throws {
    let (demo, output) = try await start(replying: "\u{1B}[?2026;2$y\u{1B}[?62;22c")
    defer { demo.kill() }
    #expect(!output.contains(Self.begin), "nothing is wrapped before a frame changes")
    demo.send("2")  // select Reading: one frame
    var frame = ""
    try await demo.read(into: &frame) { $0.contains("Reading") && $0.contains(Self.end) }
    let beginAt = try #require(frame.range(of: Self.begin), "not begun: \(frame.debugDescription)")
    let endAt = try #require(frame.range(of: Self.end, options: .backwards))
    let textAt = try #require(frame.range(of: "Reading"))
    #expect(beginAt.upperBound <= textAt.lowerBound && textAt.upperBound <= endAt.lowerBound)
    #expect(frame.components(separatedBy: Self.begin).count == 2, "one update per frame")
    #expect(frame.hasSuffix(Self.end), "the update ends the frame's output")
    demo.send("q")
    var last = ""
    try await demo.read(into: &last) { $0.contains("\u{1B}[?1049l") }
    #expect(try await demo.waitForEnd(timeout: .seconds(10)) == 0)
    let begins = last.components(separatedBy: Self.begin).count
    let ends = last.components(separatedBy: Self.end).count
    #expect(begins == ends, "every update begun on the way out ends")
  }

  @Test("a terminal that does not report mode 2026 is never sent it")
  func notUsedWhenSilent() async throws {
    let (demo, output) = try await start(replying: "\u{1B}[?1;2c")
    defer { demo.kill() }
    demo.send("2")
    var frame = ""
    try await demo.read(into: &frame) { $0.contains("Reading") }
    frame += try await demo.drain(for: .milliseconds(200))
    #expect(frame.contains("Reading"), "no frame: \(frame.debugDescription)")
    demo.send("q")
    var last = ""
    try await demo.read(into: &last) { $0.contains("\u{1B}[?1049l") }
    #expect(try await demo.waitForEnd(timeout: .seconds(10)) == 0)
    for text in [output, frame, last] {
      #expect(!text.contains(Self.begin) && !text.contains(Self.end), "the mode was sent")
    }
  }

  @Test("a terminal that reports mode 2026 as not recognised (value 0) is not sent it")
  func notUsedWhenUnknown() async throws {
    let (demo, _) = try await start(replying: "\u{1B}[?2026;0$y\u{1B}[?62;22c")
    defer { demo.kill() }
    demo.send("2")
    var frame = ""
    try await demo.read(into: &frame) { $0.contains("Reading") }
    frame += try await demo.drain(for: .milliseconds(200))
    #expect(frame.contains("Reading") && !frame.contains(Self.begin))
    demo.send("q")
    #expect(try await demo.waitForEnd(timeout: .seconds(10)) == 0)
  }
}
