import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The story page's link as the terminal receives it: the demo on a pty,
/// its bytes read as written. With hyperlinks on, the link's text is
/// written inside `ESC ] 8 ; ; URL ESC \` and `ESC ] 8 ; ; ESC \`; with
/// them off (a terminal not on the allow-list), no OSC 8 at all. And in
/// tmux 3.3 (which drops OSC 8) the screen is the same either way.
@Suite("hyperlinks on a pty and in tmux", .serialized, .timeLimit(.minutes(2)))
struct HyperlinkPtyTests {
  typealias PtyDemo = BlockedOutputTests.PtyDemo
  typealias Folder = FeedsEndToEndTests.Folder

  static let feed = DemoBinary.packageRoot
    .appendingPathComponent("Tests/NewsFeedsTests/Fixtures/a.rss").path
  static let open = "\u{1B}]8;;https://gazette.example/rail\u{1B}\\"
  static let close = "\u{1B}]8;;\u{1B}\\"

  /// What the demo writes up to the story page's link, opened from the
  /// feed's first story, on a terminal with `environment`.
  func storyBytes(environment: [String]) async throws -> String {
    let folder = try Folder()
    let demo = try PtyDemo.start(
      arguments: ["--no-animation", "--feed", Self.feed],
      environment: ["XDG_CACHE_HOME=\(folder.path)/cache"] + environment)
    defer { demo.kill() }
    var output = ""
    try await demo.read(into: &output) { $0.contains("New rail line opens to the coast") }
    output += try await demo.drain(for: .milliseconds(300))
    var story = ""
    demo.send("\r")
    try await demo.read(into: &story) { $0.contains("gazette.example/rail") }
    story += try await demo.drain(for: .milliseconds(300))
    demo.send("q")
    _ = try await demo.waitForEnd(timeout: .seconds(10))
    return story
  }

  @Test("with hyperlinks on, the link line is written inside OSC 8, opened and closed")
  func linkWrittenInsideOSC8() async throws {
    let story = try await storyBytes(environment: ["FORCE_HYPERLINK=1"])
    let opened = try #require(
      story.range(of: Self.open), "no hyperlink: \(story.suffix(400).debugDescription)")
    let text = try #require(
      story.range(
        of: "Link: https://gazette.example/rail", range: opened.upperBound..<story.endIndex))
    let closed = try #require(story.range(of: Self.close, range: text.upperBound..<story.endIndex))
    // Between the opening and the text only attributes, never other text.
    let between = story[opened.upperBound..<text.lowerBound]
    #expect(between.allSatisfy { $0 == "\u{1B}" || "[]()0123456789;mB".contains($0) })
    #expect(story[text.upperBound..<closed.lowerBound].isEmpty, "closed right after the text")
    #expect(
      story.components(separatedBy: "\u{1B}]8;").count - 1 == 2, "one link, opened and closed once")
    // The cursor is saved before and restored after, so ncurses' idea of it holds.
    let saved = try #require(
      story.range(of: "\u{1B}7", options: .backwards, range: story.startIndex..<opened.lowerBound))
    #expect(story.range(of: "\u{1B}8", range: closed.upperBound..<story.endIndex) != nil)
    #expect(
      story[saved.upperBound..<opened.lowerBound].hasPrefix("\u{1B}["), "placed by a cursor move")
  }

  @Test("on a terminal not on the allow-list no OSC 8 is written")
  func noOSC8WhenOff() async throws {
    let story = try await storyBytes(environment: [])
    #expect(
      story.contains("Link: https://gazette.example/rail"), "\(story.suffix(400).debugDescription)")
    #expect(!story.contains("\u{1B}]8;"))
    let forcedOff = try await storyBytes(environment: ["TERM_PROGRAM=WezTerm", "FORCE_HYPERLINK=0"])
    #expect(!forcedOff.contains("\u{1B}]8;"), "FORCE_HYPERLINK=0 wins over the allow-list")
  }

  @Test("in tmux, the story page with hyperlinks forced on looks as it does without them")
  func tmuxFrameUnchanged() async throws {
    var screens: [PaneCapture] = []
    for forced in ["0", "1"] {
      let folder = try Folder()
      var environment = folder.environment
      environment["FORCE_HYPERLINK"] = forced
      let tmux = try TmuxSession(
        arguments: ["--no-animation", "--feed", Self.feed], environment: environment)
      defer { tmux.kill() }
      try await tmux.waitFor(text: "New rail line opens to the coast")
      try tmux.press("Enter")
      try await tmux.waitFor(text: "Link: https://gazette.example/rail")
      // A change on the link's row and elsewhere: f marks it a favourite.
      try tmux.press("f")
      screens.append(try await tmux.waitFor(text: "★ "))
    }
    #expect(screens[0].lines == screens[1].lines, "\(screens[0])\n---\n\(screens[1])")
    #expect(screens[0].rows == screens[1].rows, "the same looks, cell for cell")
  }
}
