import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The demo on a pty whose other side plays the terminal: one that speaks
/// the kitty keyboard protocol (it answers the query) and one that stays
/// silent about it (it answers only the device attributes, as xterm and tmux
/// do). Nothing here is timed.
@Suite("kitty keyboard protocol on a pty", .serialized, .timeLimit(.minutes(1)))
struct KittyKeyboardPtyTests {
  typealias PtyDemo = BlockedOutputTests.PtyDemo

  static let query = "\u{1B}[?u\u{1B}[c"
  static let push = "\u{1B}[>1u"
  static let pop = "\u{1B}[<u"
  static let leaveAlternateScreen = "\u{1B}[?1049l"

  @Test("a terminal that answers the query gets the flag; Esc as CSI 27 u pops; q pops it")
  func negotiatedWhenAnswered() async throws {
    let demo = try PtyDemo.start(arguments: ["--no-animation", "--latency", "0"])
    defer { demo.kill() }
    var output = ""
    try await demo.read(into: &output) { $0.contains(Self.query) && $0.contains("Topics") }
    #expect(output.contains(Self.query), "the demo asks: \(output.suffix(200).debugDescription)")
    #expect(!output.contains(Self.push), "nothing is pushed before the answer")
    demo.send("\u{1B}[?0u\u{1B}[?62;22c")
    try await demo.read(into: &output) { $0.contains(Self.push) }
    #expect(output.contains(Self.push), "the disambiguate flag is pushed")

    demo.send("\r")  // push a page: the bar goes
    var pushed = ""
    try await demo.read(into: &pushed) { !$0.isEmpty }
    pushed += try await demo.drain(for: .milliseconds(300))
    demo.send("\u{1B}[27u")  // Esc, as the terminal now sends it: the bar comes back
    var popped = ""
    try await demo.read(into: &popped) { $0.contains("Topics") }
    #expect(popped.contains("Topics"), "CSI 27 u did not pop: \(popped.debugDescription)")

    demo.send("q")
    var last = ""
    try await demo.read(into: &last) { $0.contains(Self.leaveAlternateScreen) }
    let status = try await demo.waitForEnd(timeout: .seconds(10))
    #expect(status == 0)
    let popAt = try #require(last.range(of: Self.pop), "not popped: \(last.debugDescription)")
    let leaveAt = try #require(last.range(of: Self.leaveAlternateScreen))
    #expect(popAt.lowerBound < leaveAt.lowerBound, "popped on the main screen's stack")
  }

  @Test("a terminal that answers only the device attributes never gets the flag")
  func notNegotiatedWhenSilent() async throws {
    let demo = try PtyDemo.start(arguments: ["--no-animation", "--latency", "0"])
    defer { demo.kill() }
    var output = ""
    try await demo.read(into: &output) { $0.contains(Self.query) && $0.contains("Topics") }
    demo.send("\u{1B}[?1;2c")
    output += try await demo.drain(for: .milliseconds(300))
    demo.send("\r")
    output += try await demo.drain(for: .milliseconds(300))
    demo.send("\u{1B}")  // a lone Esc still pops, after the delay
    var popped = ""
    try await demo.read(into: &popped) { $0.contains("Topics") }
    #expect(popped.contains("Topics"), "Esc did not pop: \(popped.debugDescription)")
    demo.send("q")
    var last = ""
    try await demo.read(into: &last) { $0.contains(Self.leaveAlternateScreen) }
    #expect(try await demo.waitForEnd(timeout: .seconds(10)) == 0)
    for text in [output, popped, last] {
      #expect(!text.contains(Self.push) && !text.contains(Self.pop), "the flag was touched")
    }
  }
}
