import TabBarKit
import Testing

@testable import tabbar_demo

/// What a list says agrees with what it opens: comment counts survive
/// blocking a topic, History and Favourites hold only stories, chapters and
/// clips, `n` goes through the rows the filter left, and a written comment
/// is not thrown away by Esc.
@MainActor
@Suite("demo content: lists that agree with their stories")
struct ListsAgreeTests {
  static func app() throws -> (Application, MemoryTerminal, DemoRootController) {
    try ReadingFlowTests.app()
  }

  static func press(_ names: String, _ app: Application) throws {
    try ReadingFlowTests.press(names, app)
  }

  @Test("blocking a topic keeps the comment count written since on the rows left")
  func countsSurviveBlocking() throws {
    let (app, terminal, root) = try Self.app()
    let model = root.model
    let before = try #require(model.comments.count(of: "story-rain"))
    model.comments.add(
      ContentFile.Comment(author: "You", time: "now", text: "Wet again", likes: 0),
      to: "story-rain")
    app.tick()
    #expect(terminal.screen.line(4).contains("Weather · 2h · \(before + 1)\u{A0}comments"))
    // Block Sport on Me's Blocked topics, then come back to News.
    model.settings.setToggle("Sport", true)
    try Self.press("5,1", app)
    #expect(
      terminal.screen.line(4).contains("Weather · 2h · \(before + 1)\u{A0}comments"),
      "\(terminal.screen.text)")
    #expect(!terminal.screen.text.contains("Local team wins the cup final"))
  }

  @Test("History keeps stories, chapters and clips, never Me's information pages")
  func historyHoldsOnlyReading() throws {
    let (app, terminal, root) = try Self.app()
    let log = root.model.reading
    // About, from Me: a text page, but no story.
    let about = try #require(
      root.model.content.pages[JSONKey("me")].flatMap { page -> Int? in
        guard case .list(let rows, _) = page.kind else { return nil }
        return rows.firstIndex { $0.page == "me-about" }
      })
    try Self.press("5" + String(repeating: ",down", count: about) + ",enter", app)
    #expect(terminal.screen.line(0).contains("About"), "\(terminal.screen.text)")
    #expect(!log.history.contains("me-about"))
    try Self.press("f", app)
    #expect(!log.favourites.contains("me-about"))
    // A clip watched goes to the top of History.
    try Self.press("esc,3,enter", app)
    #expect(ReadingFlowTests.top(root) is PlayerPage)
    let clip = try #require(log.history.first)
    #expect(clip.hasPrefix("video-"), "\(log.history)")
    // A chapter read is listed with its book.
    try Self.press("esc,2,down,enter,enter", app)
    let chapter = try #require(log.history.first)
    let book = try #require(root.model.resume.book(of: chapter))
    let history = try #require(
      root.model.page(ReadingLog.historyPage, openedAs: "History") as? ListViewController)
    let rows = history.listView.rows
    #expect(rows.first?.detail.contains(book) == true, "\(rows.map(\.detail))")
    #expect(rows.contains { $0.id == AnyHashable(clip) })
    // A state file naming Me's pages keeps none of them.
    log.restore(
      ReadingState(
        history: ["me-terms", "story-rain", clip].map { .init(id: $0) },
        favourites: ["me-profile"].map { .init(id: $0) }))
    #expect(log.history == ["story-rain", clip])
    #expect(log.favourites.isEmpty)
  }

  @Test("n on a story opened from a filtered list goes to the next row the filter left")
  func nextFollowsTheFilter() throws {
    let (app, _, root) = try Self.app()
    try Self.press("/", app)
    for character in "weather" { app.send(.key(.character(character))) }
    try Self.press("enter", app)
    let list = try ComposeTests.news(root)
    let shown = list.listView.shownRows.map(\.title)
    #expect(shown.count >= 2 && shown.count < list.listView.rows.count, "\(shown)")
    try Self.press("enter", app)
    #expect(ReadingFlowTests.top(root)?.title == shown[0])
    try Self.press("n", app)
    #expect(ReadingFlowTests.top(root)?.title == shown[1])
    #expect(ReadingFlowTests.top(root)?.title != "New rail line opens to the coast")
  }

  @Test("Esc on a written comment asks; Save draft keeps it for the next w on the story")
  func escapeOnACommentAsks() throws {
    let (app, terminal, root) = try Self.app()
    try Self.press("down,enter,c,w", app)
    app.send(.paste("Half a thought"))
    try Self.press("esc", app)
    #expect(ReadingFlowTests.top(root) is CommentFormPage, "the form stays under the dialog")
    #expect(terminal.screen.text.contains("Unsent comment"), "\(terminal.screen.text)")
    #expect(terminal.screen.text.contains("Save draft"))
    try Self.press("enter", app)
    #expect(ReadingFlowTests.top(root) is CommentsPage)
    #expect(root.model.comments.state == nil, "nothing was posted")
    try Self.press("w", app)
    #expect(terminal.screen.text.contains("Half a thought"), "\(terminal.screen.text)")
    // Emptied, the form closes at once, and the draft is gone.
    for _ in "Half a thought" { app.send(.key(.backspace)) }
    try Self.press("esc", app)
    #expect(ReadingFlowTests.top(root) is CommentsPage)
    #expect(root.model.comments.drafts["story-rain"] == nil)
  }

  @Test("signed out, Me counts 0 for the reader's lists, and Downloads says signed out")
  func signedOutCountsFollowTheLists() throws {
    let demo = try SettingsTests.demo()
    #expect(demo.row("Favourites")?.detail != "0")
    demo.store.setSignedIn(false)
    demo.press("5")
    for title in ["History", "Favourites", "Downloads", "Subscriptions"] {
      #expect(demo.row(title)?.detail == "0", "\(title): \(String(describing: demo.row(title)))")
    }
    let downloads = try #require(
      (demo.root as? DemoRootController)?.model.page(
        ReadingLog.downloadsPage, openedAs: "Downloads") as? ListViewController)
    #expect(downloads.listView.rows.isEmpty)
    #expect(downloads.emptyMessage == demo.store.strings.signedOutList)
  }

  @Test("Clear cache leaves Downloads: its saved clips stay listed and counted")
  func clearCacheKeepsDownloads() throws {
    let demo = try SettingsTests.demo()
    let before = try #require(demo.row("Downloads")?.detail)
    demo.store.cacheCleared = true
    demo.press("5")
    #expect(demo.row("Downloads")?.detail == before)
    let downloads = try #require(
      (demo.root as? DemoRootController)?.model.page(
        ReadingLog.downloadsPage, openedAs: "Downloads") as? ListViewController)
    #expect("\(downloads.listView.rows.count)" == before)
  }

  @Test("the comment form counts down from 500 and says so when typing goes past it")
  func commentCounter() throws {
    let (app, terminal, root) = try Self.app()
    try Self.press("down,enter,c,w", app)
    #expect(terminal.screen.line(0).contains("500 characters left"), "\(terminal.screen.text)")
    app.send(.paste("Wet"))
    #expect(terminal.screen.line(0).contains("497 characters left"))
    #expect(!terminal.screen.text.contains("A comment holds"))
    app.send(.paste(String(repeating: "x", count: 497)))
    #expect(terminal.screen.line(0).contains("0 characters left"))
    // One more key is refused, and the form says why.
    app.send(.key(.character("y")))
    app.tick()
    let form = try #require(ReadingFlowTests.top(root) as? CommentFormPage)
    #expect(form.fields[0].text.count == 500)
    #expect(
      terminal.screen.text.contains("A comment holds 500 characters"), "\(terminal.screen.text)")
  }

  @Test("a favourited story shows ★ in its byline, and f then offers to take it out")
  func favouriteShowsOnTheStory() throws {
    let (app, terminal, _) = try Self.app()
    try Self.press("down,enter", app)
    #expect(!terminal.screen.text.contains("★ By"))
    #expect(terminal.screen.line(1).contains("f favourite"), "\(terminal.screen.text)")
    try Self.press("f", app)
    #expect(terminal.screen.text.contains("★ By Tom Okafor"), "\(terminal.screen.text)")
    #expect(terminal.screen.line(1).contains("f unfavourite"))
    try Self.press("f", app)
    #expect(!terminal.screen.text.contains("★ By"))
  }
}
