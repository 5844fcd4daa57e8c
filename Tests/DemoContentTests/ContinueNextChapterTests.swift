import TabBarKit
import Testing

@testable import tabbar_demo

/// Continue reading turns the page: once a chapter was read to its end,
/// Reading's first row goes on with the book's next chapter.
@MainActor
@Suite("demo content: Continue reading after a finished chapter")
struct ContinueNextChapterTests {
  typealias Flow = ReadingFlowTests

  @Test("a chapter read to its end makes Continue reading open the book's next chapter")
  func nextChapterOnceFinished() throws {
    let (app, terminal, root) = try Flow.app(size: Size(width: 80, height: 12))
    try Flow.press("2,down,enter,enter", app)
    let first = try #require(Flow.top(root) as? StoryPage)
    #expect(first.id == "chapter-long-way-home-1")
    try Flow.press("pgdn,esc,esc", app)
    #expect(terminal.screen.line(2).contains("Continue reading: 1. The Harbour"))
    // Continue reading opens it where it was; End reads it to the end.
    try Flow.press("home,enter,G,esc", app)
    #expect(
      terminal.screen.line(2).contains("Continue reading: 2. The Cliff Path"),
      "\(terminal.screen.text)")
    #expect(terminal.screen.line(2).contains("The Long Way Home · 0%"))
    try Flow.press("home,enter", app)
    let next = try #require(Flow.top(root) as? StoryPage)
    #expect(next.id == "chapter-long-way-home-2")
  }

  @Test("the last chapter of a book read to its end stays as Continue reading, at 100%")
  func lastChapterStays() throws {
    let (_, _, root) = try Flow.app(
      resume: ResumeState(texts: [
        .init(id: "chapter-long-way-home-5", block: 3, offset: 0, percent: 100, at: 5)
      ]))
    let row = root.model.continueRow()
    #expect(row.title == "Continue reading: 5. The Door")
    #expect(row.detail.hasSuffix("100%"))
  }
}
