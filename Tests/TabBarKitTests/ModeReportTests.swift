import Testing

@testable import NcursesTerminal
@testable import TabBarKit

@MainActor
@Suite("Mode reports from the terminal: synchronized output")
struct ModeReportTests {
  @Test("a report of mode 2026 set or reset means synchronized output; never keys")
  func synchronizedOutputReported() {
    for value in [1, 2] {
      var reader = InputReader(escapeDelay: .zero)
      reader.expectReplies()  // the terminal asked
      #expect(!reader.replies.hasSynchronizedOutput)
      let events = reader.read("\u{1b}[?2026;\(value)$y\u{1b}[?62;22c")
      #expect(events.isEmpty, "never keys")
      #expect(reader.replies.hasSynchronizedOutput, "value \(value)")
      #expect(reader.replies.hasDeviceAttributes)
    }
    var split = InputReader(escapeDelay: .zero)
    split.expectReplies()
    #expect(split.read("\u{1b}[?202").isEmpty)
    #expect(split.read("6;2$yq") == [.key(.character("q"))], "what follows decodes")
    #expect(split.replies.hasSynchronizedOutput)
  }

  @Test("mode 2026 not recognised (0) or permanently reset (4), or other modes: not used")
  func otherReportsDropped() {
    for report in ["\u{1b}[?2026;0$y", "\u{1b}[?2026;4$y", "\u{1b}[?1049;1$y", "\u{1b}[?2026$y"] {
      var reader = InputReader(escapeDelay: .zero)
      reader.expectReplies()
      #expect(reader.read(report + "x") == [.key(.character("x"))], "\(report)")
      #expect(!reader.replies.hasSynchronizedOutput, "\(report.debugDescription)")
    }
  }
}
