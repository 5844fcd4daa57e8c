import Testing

@testable import TabBarKit

@MainActor
@Suite("Mode reports from the terminal: synchronized output")
struct ModeReportTests {
  @Test("a report of mode 2026 set or reset means synchronized output; never keys")
  func synchronizedOutputReported() {
    for value in [1, 2] {
      var decoder = KeyDecoder()
      decoder.expectReplies()  // the terminal asked
      #expect(!decoder.hasSynchronizedOutput)
      let events = decoder.feed(Array("\u{1b}[?2026;\(value)$y\u{1b}[?62;22c".utf8))
      #expect(events.isEmpty, "never keys")
      #expect(decoder.hasSynchronizedOutput, "value \(value)")
      #expect(decoder.hasDeviceAttributes)
    }
    var split = KeyDecoder()
    split.expectReplies()
    #expect(split.feed(Array("\u{1b}[?202".utf8)).isEmpty)
    #expect(split.feed(Array("6;2$yq".utf8)) == [.key(.character("q"))], "what follows decodes")
    #expect(split.hasSynchronizedOutput)
  }

  @Test("mode 2026 not recognised (0) or permanently reset (4), or other modes: not used")
  func otherReportsDropped() {
    for report in ["\u{1b}[?2026;0$y", "\u{1b}[?2026;4$y", "\u{1b}[?1049;1$y", "\u{1b}[?2026$y"] {
      var decoder = KeyDecoder()
      decoder.expectReplies()
      #expect(decoder.feed(Array((report + "x").utf8)) == [.key(.character("x"))], "\(report)")
      #expect(!decoder.hasSynchronizedOutput, "\(report.debugDescription)")
    }
  }
}
