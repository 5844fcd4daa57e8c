import Foundation
import Testing

/// The demo on a pty whose other side plays the terminal and answers (or
/// not) the question of its background colour: `--theme auto`, the
/// default, draws light on a white terminal, dark on a black one, and
/// standard, at once, on one that never says. Nothing here is timed.
@Suite("terminal background on a pty", .serialized, .timeLimit(.minutes(1)))
struct TerminalBackgroundPtyTests {
  typealias PtyDemo = BlockedOutputTests.PtyDemo

  static let query = "\u{1B}]11;?\u{1B}\\"
  /// The backgrounds of the light and dark themes on xterm-256color:
  /// #FFFFFF is palette entry 231, #1C1C1C entry 234.
  static let lightBackground = "48;5;231m"
  static let darkBackground = "48;5;234m"

  /// Starts the demo and reads until its first frame is drawn, asked and
  /// not yet answered.
  static func started(environment: [String] = []) async throws -> (PtyDemo, String) {
    let demo = try PtyDemo.start(
      arguments: ["--no-animation", "--latency", "0"], environment: environment)
    var output = ""
    try await demo.read(into: &output) { $0.contains(Self.query) && $0.contains("Topics") }
    return (demo, output)
  }

  static func quit(_ demo: PtyDemo) async throws {
    demo.send("q")
    #expect(try await demo.waitForEnd(timeout: .seconds(10)) == 0)
  }

  @Test("a terminal that answers white gets the light theme")
  func whiteGetsLight() async throws {
    let (demo, first) = try await Self.started()
    defer { demo.kill() }
    #expect(!first.contains(Self.lightBackground), "the first frame did not wait for the answer")
    demo.send("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?62;22c")
    var output = ""
    try await demo.read(into: &output) { $0.contains(Self.lightBackground) }
    #expect(output.contains(Self.lightBackground), "\(output.suffix(300).debugDescription)")
    #expect(!output.contains(Self.darkBackground))
    try await Self.quit(demo)
  }

  @Test("a terminal that answers black, ended by BEL, gets the dark theme")
  func blackGetsDark() async throws {
    let (demo, _) = try await Self.started()
    defer { demo.kill() }
    demo.send("\u{1B}]11;rgb:00/00/00\u{07}\u{1B}[?62;22c")
    var output = ""
    try await demo.read(into: &output) { $0.contains(Self.darkBackground) }
    #expect(output.contains(Self.darkBackground), "\(output.suffix(300).debugDescription)")
    try await Self.quit(demo)
  }

  @Test("a terminal that never answers starts at once in standard, and stays there")
  func silentStaysStandard() async throws {
    // The first frame came before any answer (started reads it).
    let (demo, first) = try await Self.started()
    defer { demo.kill() }
    demo.send("\u{1B}[?1;2c")  // the device attributes only
    var output = first + (try await demo.drain(for: .milliseconds(300)))
    // A late answer, after the last reply, is not taken, and is never a key.
    demo.send("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\")
    output += try await demo.drain(for: .milliseconds(300))
    #expect(!output.contains("48;5;"), "a theme's background was drawn")
    #expect(output.contains("Topics"))
    demo.send("2")  // keys still work: the Reading tab
    var next = ""
    try await demo.read(into: &next) { $0.contains("Reading") }
    #expect(next.contains("Reading"))
    try await Self.quit(demo)
  }

  @Test("without an answer COLORFGBG tells: 0;15 is a light background")
  func colorFGBGWhenSilent() async throws {
    let (demo, first) = try await Self.started(environment: ["COLORFGBG=0;15"])
    defer { demo.kill() }
    #expect(first.contains(Self.lightBackground), "light from the first frame")
    try await Self.quit(demo)
  }
}
