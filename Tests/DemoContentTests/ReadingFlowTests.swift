import Foundation
import TabBarKit
import Testing

@testable import tabbar_demo

/// Reading from one page to the next: comment counts and the comments page,
/// next and previous story or chapter, resume positions and Continue
/// reading, and the player's description and related clips.
@MainActor
@Suite("demo content: comments, next story, resume and the player page")
struct ReadingFlowTests {
  /// The Chinese example file.
  static let netease = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples/netease.json").path

  /// The demo on `path` (the built-in file for nil) in a memory terminal,
  /// with `saved` taken back as `--state` would.
  static func app(
    _ path: String? = nil, size: Size = Size(width: 80, height: 24),
    resume: ResumeState? = nil, comments: CommentState? = nil
  ) throws -> (Application, MemoryTerminal, DemoRootController) {
    let content = try DemoContent.load(path: path)
    let model = DemoModel(content: content, loadsAtOnce: true)
    if let resume { model.resume.restore(resume) }
    if let comments { model.comments.restore(comments) }
    let root = try model.makeRoot(barStyle: nil)
    return DemoHarness.start(root, size: size)
  }

  static func press(_ names: String, _ app: Application) throws {
    try DemoHarness.press(names, app)
  }

  /// The page on top of the selected tab's stack.
  static func top(_ root: DemoRootController) -> ViewController? {
    (root.selectedViewController as? NavigationController)?.topViewController
  }

  // MARK: Comments

  @Test("a story's row and the line under its byline give its true number of comments (跟贴)")
  func commentCounts() throws {
    let (app, terminal, root) = try Self.app(Self.netease)
    let content = root.model.content
    let count = try #require(content.comments(of: "story-snow")?.count)
    #expect(count >= 3)
    // The second News row (under the channel strip) is the snow story.
    #expect(terminal.screen.line(4).contains("\(count)\u{A0}跟贴"), "\(terminal.screen.text)")
    try Self.press("down,enter", app)
    let story = try #require(Self.top(root) as? StoryPage)
    #expect(story.id == "story-snow")
    let lines = terminal.screen.text.split(separator: "\n", omittingEmptySubsequences: false)
    let byline = try #require(lines.firstIndex { $0.contains("天气") })
    #expect(lines[byline + 2].contains("\(count)\u{A0}跟贴"), "\(terminal.screen.text)")
  }

  @Test("c opens the comments newest first; s puts the most liked first")
  func commentsPage() throws {
    let (app, terminal, root) = try Self.app()
    try Self.press("down,enter,c", app)
    let page = try #require(Self.top(root) as? CommentsPage)
    let declared = try #require(root.model.content.comments(of: "story-rain"))
    #expect(page.comments == declared)
    #expect(terminal.screen.text.contains("\(declared.count)\u{A0}comments · Newest first"))
    #expect(terminal.screen.text.contains(declared[0].author))
    try Self.press("s", app)
    #expect(page.comments.map(\.likes) == declared.map(\.likes).sorted(by: >))
    #expect(terminal.screen.text.contains("Hottest first"))
  }

  @Test("a comment written with the form shows at once, first, and counts on the story")
  func writeComment() throws {
    let (app, terminal, root) = try Self.app()
    let before = try #require(root.model.comments.count(of: "story-rain"))
    try Self.press("down,enter,c,s,w", app)
    #expect(Self.top(root) is CommentFormPage)
    app.send(.paste("Bring an umbrella to the match"))
    try Self.press("tab,enter", app)
    let page = try #require(Self.top(root) as? CommentsPage)
    #expect(page.comments.first?.text == "Bring an umbrella to the match")
    #expect(page.comments.first?.author == "You")
    #expect(terminal.screen.text.contains("\(before + 1)\u{A0}comments · Newest first"))
    try Self.press("esc", app)
    #expect(terminal.screen.text.contains("\(before + 1)\u{A0}comments"))
    #expect(root.model.comments.state?.written.first?.story == "story-rain")
    // News's row of the story counts it too, and keeps its detail before the count.
    try Self.press("esc", app)
    #expect(terminal.screen.line(4).contains("Weather · 2h · \(before + 1)\u{A0}comments"))
  }

  @Test("a row's detail loses its comment count, and only that, to be counted again")
  func detailWithoutCount() throws {
    let (_, _, root) = try Self.app()
    let model = root.model
    #expect(model.detailWithoutCount("Weather · 2h · 3\u{A0}comments") == "Weather · 2h")
    #expect(model.detailWithoutCount("12\u{A0}comments") == "")
    #expect(model.detailWithoutCount("Weather · 2h") == "Weather · 2h")
    #expect(model.detailWithoutCount("no comments") == "no comments")
    let declared = try #require(model.comments.count(of: "story-rain"))
    #expect(model.detail("2h", counting: "story-rain") == "2h · \(declared)\u{A0}comments")
    #expect(model.detail("2h", counting: "video-rain") == "2h")
  }

  @Test("an empty comment is refused with the field's message, and nothing is posted")
  func emptyComment() throws {
    let (app, terminal, root) = try Self.app()
    try Self.press("down,enter,c,w,tab,enter", app)
    #expect(Self.top(root) is CommentFormPage)
    #expect(terminal.screen.text.contains("Write something first."))
    #expect(root.model.comments.state == nil)
  }

  @Test("signed out, w asks to sign in first, as posting does")
  func signedOutComment() throws {
    let (app, terminal, root) = try Self.app()
    root.model.settings.setSignedIn(false)
    try Self.press("down,enter,c,w", app)
    #expect(Self.top(root) is CommentsPage)
    #expect(terminal.screen.text.contains("Sign in to comment"), "\(terminal.screen.text)")
    try Self.press("enter", app)
    #expect(root.model.settings.signedIn)
  }

  @Test("comments kept by --state come back on stories the content has, cut and clamped")
  func commentsRestored() throws {
    let long = String(repeating: "a", count: CommentLog.maximumLength + 10)
    let comment = ContentFile.Comment(author: "Me", time: "now", text: long, likes: -5)
    let state = CommentState(written: [
      .init(story: "story-rain", comment: comment), .init(story: "nowhere", comment: comment),
      .init(story: "story-rain", comment: .init(author: "Me", time: "", text: " \n", likes: 0)),
    ])
    let (_, _, root) = try Self.app(comments: state)
    let written = root.model.comments.state?.written ?? []
    #expect(written.count == 1)
    #expect(written.first?.comment.text.count == CommentLog.maximumLength)
    #expect(written.first?.comment.likes == 0)
    let declared = try #require(root.model.content.comments(of: "story-rain")?.count)
    #expect(root.model.comments.count(of: "story-rain") == declared + 1)
  }

  /// The problem the decoder finds in `json`, as `PATH: MESSAGE`.
  static func problem(_ json: String) -> String? {
    do {
      _ = try ContentDecoder.decode(JSONParser.parse(Array(json.utf8)))
      return nil
    } catch let error as ContentError {
      return error.description.replacingOccurrences(of: "\"\": ", with: "")
    } catch {
      return "\(error)"
    }
  }

  @Test("comments, descriptions and related clips are checked, each problem named by its path")
  func badComments() {
    func file(_ page: String) -> String {
      #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": "# + page
        + #", "v": {"duration": 5}}}"#
    }
    #expect(
      Self.problem(file(#"{"body": ["x"], "comments": [{"author": "A", "text": "B"}]}"#)) == nil)
    #expect(
      Self.problem(file(#"{"body": ["x"], "comments": [{"author": "A"}]}"#))
        == #"pages.a.comments[0]: missing "text""#)
    #expect(
      Self.problem(
        file(#"{"body": ["x"], "comments": [{"author": "A", "text": "B", "likes": -1}]}"#))
        == "pages.a.comments[0].likes: -1 is out of range; expected 0…999999999")
    #expect(
      Self.problem(file(#"{"duration": 3, "comments": []}"#))
        == #"pages.a.comments: only a text page has "comments""#)
    #expect(
      Self.problem(file(#"{"body": ["x"], "related": ["v"]}"#))
        == #"pages.a.related: only a player page has "related""#)
    #expect(
      Self.problem(file(#"{"duration": 3, "description": "D", "related": ["v", "w"]}"#))
        == #"pages.a.related[1]: no page with id "w""#)
    #expect(
      Self.problem(file(#"{"duration": 3, "related": [4]}"#))
        == "pages.a.related[0]: expected a string, found 4")
  }

  // MARK: Next and previous

  @Test("n opens the next story of the list in the story's place, p the one before")
  func nextStory() throws {
    let (app, _, root) = try Self.app()
    let stack = try #require(root.selectedViewController as? NavigationController)
    try Self.press("enter", app)
    let first = try #require(Self.top(root) as? StoryPage)
    try Self.press("n", app)
    let second = try #require(Self.top(root) as? StoryPage)
    #expect(second.id == first.siblings[1])
    #expect(stack.viewControllers.count == 2, "replaced, not pushed")
    try Self.press("p", app)
    #expect((Self.top(root) as? StoryPage)?.id == first.id)
    try Self.press("p", app)
    #expect((Self.top(root) as? StoryPage)?.id == first.id, "nothing before the first")
    // Back on the list, the story shown last is the row selected.
    try Self.press("n,n,esc", app)
    let strip = try #require(stack.topViewController as? ChannelStripController)
    let list = try #require(strip.channels[strip.selectedIndex] as? ListViewController)
    let third = try #require(root.model.content.title(of: first.siblings[2]))
    #expect(list.listView.selectedRow?.title == third)
  }

  @Test("n on a story opened from a channel goes to that channel's next story")
  func nextInAChannel() throws {
    let (app, _, root) = try Self.app()
    let stack = try #require(root.selectedViewController as? NavigationController)
    let strip = try #require(stack.rootViewController as? ChannelStripController)
    let sport = try #require(strip.channels.firstIndex { $0.title == "Sport" })
    strip.selectChannel(at: sport)
    try Self.press("enter", app)
    func category(_ page: ViewController?) -> String? {
      guard let story = page as? StoryPage,
        case .text(let article)? = root.model.content.pages[JSONKey(story.id)]?.kind
      else { return nil }
      return article.category
    }
    let first = try #require(Self.top(root) as? StoryPage)
    #expect(category(first) == "Sport")
    try Self.press("n", app)
    let second = try #require(Self.top(root) as? StoryPage)
    #expect(second.id != first.id && category(second) == "Sport")
  }

  @Test("? on a story lists a next-story key, and on a chapter a next-chapter key")
  func helpNamesTheKeys() throws {
    let (app, terminal, _) = try Self.app(Self.netease)
    try Self.press("enter,?", app)
    #expect(terminal.screen.text.contains("n              下一篇"), "\(terminal.screen.text)")
    #expect(terminal.screen.text.contains("c              查看跟贴"))
    try Self.press("esc,esc,2,down,enter,enter,?", app)
    #expect(terminal.screen.text.contains("n              下一章"), "\(terminal.screen.text)")
    #expect(terminal.screen.text.contains("p              上一章"))
  }

  @Test("a chapter ends with a line naming the next one, and n opens it")
  func nextChapter() throws {
    let (app, terminal, root) = try Self.app()
    try Self.press("2,down,enter,enter,G", app)
    let chapter = try #require(Self.top(root) as? StoryPage)
    #expect(chapter.isChapter)
    let next = try #require(chapter.next)
    let title = try #require(root.model.content.title(of: next))
    #expect(terminal.screen.text.contains("Next chapter: \(title)"), "\(terminal.screen.text)")
    try Self.press("n", app)
    #expect((Self.top(root) as? StoryPage)?.id == next)
  }

  // MARK: Resume

  @Test("a chapter reopened from its book opens where reading stopped")
  func chapterResumes() throws {
    let (app, terminal, root) = try Self.app(size: Size(width: 40, height: 12))
    try Self.press("2,down,enter,enter,pgdn,pgdn", app)
    let chapter = try #require(Self.top(root) as? StoryPage)
    let position = chapter.textView.position
    #expect(position != .start)
    let screen = terminal.screen.line(2)
    try Self.press("esc,enter", app)
    let again = try #require(Self.top(root) as? StoryPage)
    #expect(again !== chapter && again.id == chapter.id)
    #expect(again.textView.position == position)
    #expect(terminal.screen.line(2) == screen)
  }

  @Test("a place kept by --state opens the same words at the top in a wider terminal")
  func placeSurvivesAResize() throws {
    let (narrowApp, narrowTerminal, narrow) = try Self.app(size: Size(width: 40, height: 12))
    try Self.press("2,down,enter,enter,pgdn", narrowApp)
    // Down to a line of text, not the blank line between two paragraphs.
    for _ in 0..<3 where narrowTerminal.screen.line(2).allSatisfy({ $0 == " " || $0 == "│" }) {
      try Self.press("down", narrowApp)
    }
    let state = narrow.model.resume.state
    let top = narrowTerminal.screen.line(2).trimmingCharacters(in: .whitespaces)
    let firstWord = try #require(top.split(separator: " ").first)
    let (app, terminal, root) = try Self.app(size: Size(width: 60, height: 14), resume: state)
    try Self.press("2,down,enter,enter", app)
    let chapter = try #require(Self.top(root) as? StoryPage)
    #expect(chapter.textView.position.block == state.texts.first?.block)
    // The line holding the saved words is at the top, wrapped anew.
    #expect(terminal.screen.line(2).contains(firstWord), "\(top) / \(terminal.screen.line(2))")
  }

  @Test("Continue reading names the last chapter read and how far, and opens it there")
  func continueReading() throws {
    let (app, terminal, root) = try Self.app(size: Size(width: 80, height: 12))
    try Self.press("2", app)
    #expect(terminal.screen.line(2).contains("Start reading: "), "\(terminal.screen.text)")
    try Self.press("down,down,enter,down,enter,pgdn", app)
    let chapter = try #require(Self.top(root) as? StoryPage)
    let title = try #require(root.model.content.title(of: chapter.id))
    let position = chapter.textView.position
    try Self.press("esc,esc", app)
    #expect(terminal.screen.line(2).contains("Continue reading: \(title)"))
    #expect(terminal.screen.line(2).contains("%"))
    try Self.press("home,enter", app)
    let again = try #require(Self.top(root) as? StoryPage)
    #expect(again.id == chapter.id && again.textView.position == position)
  }

  @Test("Continue reading speaks Chinese in the Chinese file")
  func continueReadingInChinese() throws {
    let (app, terminal, _) = try Self.app(Self.netease)
    try Self.press("2,down,enter,enter,esc,esc", app)
    #expect(terminal.screen.line(2).contains("继续阅读："), "\(terminal.screen.text)")
  }

  @Test("places kept by --state: pages the content lacks dropped, numbers clamped")
  func resumeRestored() throws {
    let state = ResumeState(
      texts: [
        .init(id: "story-rain", block: -4, offset: Int.max, percent: 900),
        .init(id: "nowhere", block: 1, offset: 1, percent: 1),
        .init(id: "story-rain", block: 2, offset: 0, percent: 5),
      ],
      videos: [
        .init(id: "video-rain", seconds: 90), .init(id: "video-rain", seconds: 30),
        .init(id: "video-bridges", seconds: 9_999), .init(id: "story-rain", seconds: 3),
      ])
    let (app, _, root) = try Self.app(resume: state)
    let log = root.model.resume
    #expect(log.texts.map(\.id) == ["story-rain"])
    #expect(log.texts.first?.block == 0 && log.texts.first?.percent == 100)
    #expect(log.texts.first?.offset == ResumeLog.largestIndex)
    #expect(log.videos == [.init(id: "video-rain", seconds: 90)])
    // The story clamps the place to its own text (the blank line after its
    // title) and opens.
    try Self.press("down,enter", app)
    let story = try #require(Self.top(root) as? StoryPage)
    let title = try #require(story.textView.blocks.first?.text)
    #expect(story.textView.position == TextPosition(block: 0, offset: title.count + 1))
  }

  // MARK: The player

  @Test("a video reopened from its list starts where it was left; one watched to its end, at 0")
  func videoResumes() throws {
    let (app, _, root) = try Self.app()
    try Self.press("3,enter,],],space", app)
    let player = try #require(Self.top(root) as? PlayerPage)
    #expect(player.position == .seconds(20))
    try Self.press("esc,enter", app)
    let again = try #require(Self.top(root) as? PlayerPage)
    #expect(again !== player && again.position == .seconds(20))
    try Self.press(Array(repeating: "]", count: 20).joined(separator: ","), app)
    #expect(again.hasEnded)
    try Self.press("esc,enter", app)
    #expect((Self.top(root) as? PlayerPage)?.position == .zero)
  }

  @Test("under the bar a paused player shows its description and related clips; Enter opens one")
  func playerPage() throws {
    let (app, terminal, root) = try Self.app(Self.netease)
    try Self.press("3,enter,space", app)
    let player = try #require(Self.top(root) as? PlayerPage)
    #expect(!player.isPlaying && !player.summary.isEmpty && player.clips.count >= 2)
    let text = terminal.screen.text
    #expect(text.contains("天还没亮"), "\(text)")
    #expect(text.contains("相关视频"))
    // No run of blank rows under the bar: the description and clips fill it.
    let rows = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2)
      .prefix(17)
    #expect(rows.filter { $0.trimmingCharacters(in: .whitespaces).isEmpty }.count <= 8)
    try Self.press("down,down", app)
    #expect(player.selectedClip == 1)
    try Self.press("enter", app)
    let clip = try #require(Self.top(root) as? PlayerPage)
    #expect(clip.title == player.clips[1].title)
  }
}
