import Foundation
import TabBarKit
import Testing

@testable import tabbar_demo

/// 跟贴 as on NetEase: a comment liked (顶) by the reader counts the like
/// and says so, a second like takes it back; a reply shows the chain it
/// answers stacked in a frame (盖楼); `--state` keeps likes and replies,
/// reads files saved before them, and merges two runs' by identity.
@MainActor
@Suite("demo content: liking and replying to comments")
struct CommentThreadTests {
  typealias Flow = ReadingFlowTests

  /// The comments page of the rain story, in a memory terminal of `size`.
  static func comments(
    size: Size = Size(width: 80, height: 24), state: CommentState? = nil, chinese: Bool = false
  ) throws -> (Application, MemoryTerminal, DemoRootController, CommentsPage) {
    let (app, terminal, root) = try Flow.app(size: size, comments: state)
    if chinese { root.model.settings.setChinese(true) }
    try Flow.press("down,enter,c", app)
    let page = try #require(Flow.top(root) as? CommentsPage)
    return (app, terminal, root, page)
  }

  /// Types `text` into the focused field.
  static func type(_ text: String, _ app: Application) {
    for character in text { app.send(.key(.character(character))) }
    app.tick()
  }

  @Test(
    "l likes the chosen comment: its count goes up by one and says liked; l again takes it back")
  func likeAndTakeBack() throws {
    let (app, terminal, root, page) = try Self.comments()
    let first = try #require(page.entries.first)
    #expect(terminal.screen.text.contains("▸ \(first.comment.author)"), "the first is chosen")
    try Flow.press("l", app)
    let liked = try #require(page.entries.first)
    #expect(liked.comment.likes == first.comment.likes + 1)
    #expect(liked.liked)
    #expect(terminal.screen.text.contains("♥ \(first.comment.likes + 1) · liked"))
    #expect(terminal.screen.text.contains("Liked"))
    #expect(root.model.comments.state?.liked.map(\.comment) == [first.id])
    try Flow.press("l", app)
    #expect(page.entries.first?.comment.likes == first.comment.likes)
    #expect(page.entries.first?.liked == false)
    #expect(!terminal.screen.text.contains("· liked"))
    #expect(root.model.comments.state == nil, "nothing left to keep")
  }

  @Test("a click on a comment's text chooses it, as down does, and l likes that one")
  func clickChooses() throws {
    let (app, terminal, _, page) = try Self.comments()
    let second = page.entries[1]
    let lines = terminal.screen.text.split(separator: "\n", omittingEmptySubsequences: false)
    let heading = try #require(lines.firstIndex { $0.contains(second.comment.author) })
    // The line under the heading: the comment's text.
    app.send(.mouse(MouseEvent(.press, at: Point(x: 10, y: heading + 1))))
    app.tick()
    #expect(page.chosen?.id == second.id)
    #expect(terminal.screen.text.contains("▸ \(second.comment.author)"), "\(terminal.screen.text)")
    try Flow.press("l", app)
    #expect(page.entries[1].liked && !page.entries[0].liked)
    // A click on the count above the comments chooses none of them.
    let count = try #require(lines.firstIndex { $0.contains("comments ·") })
    app.send(.mouse(MouseEvent(.press, at: Point(x: 3, y: count))))
    app.tick()
    #expect(page.chosen?.id == second.id)
  }

  @Test("on the comments the bar is hidden, and the hint's ←→ tabs still switch tabs, as it says")
  func tabKeysOnComments() throws {
    let (app, terminal, root, page) = try Self.comments()
    #expect(!root.isTabBarVisible)
    #expect(terminal.screen.line(1).contains("←→ tabs"), "\(terminal.screen.text)")
    try Flow.press("right", app)
    #expect(root.selectedIndex == 1, "\(terminal.screen.text)")
    try Flow.press("left", app)
    #expect(root.selectedIndex == 0 && Flow.top(root) === page, "the comments kept")
  }

  @Test("down chooses the next comment, and l likes that one, not the first")
  func chooseThenLike() throws {
    let (app, terminal, _, page) = try Self.comments()
    try Flow.press("down", app)
    let second = page.entries[1]
    #expect(page.chosen?.id == second.id)
    #expect(terminal.screen.text.contains("▸ \(second.comment.author)"))
    try Flow.press("l", app)
    #expect(page.entries[1].liked && !page.entries[0].liked)
    try Flow.press("up", app)
    #expect(page.chosen?.id == page.entries[0].id)
  }

  @Test("r replies to the chosen comment; the reply shows the replied-to comment framed above it")
  func reply() throws {
    let (app, terminal, root, page) = try Self.comments()
    try Flow.press("down", app)
    let answered = page.entries[1]
    try Flow.press("r", app)
    let form = try #require(Flow.top(root) as? CommentFormPage)
    #expect(form.title.hasPrefix("Reply to \(answered.comment.author)"))
    Self.type("Congratulations anyway!", app)
    try Flow.press("tab,enter", app)
    #expect(Flow.top(root) === page)
    let reply = try #require(page.entries.first)
    #expect(reply.comment.text == "Congratulations anyway!")
    #expect(reply.replyTo == answered.id)
    #expect(page.chosen?.id == reply.id, "the reply is chosen, at the top")
    let lines = terminal.screen.text.split(separator: "\n").map(String.init)
    let heading = try #require(lines.firstIndex { $0.contains("▸ You · just now") })
    #expect(lines[heading + 1].contains("┌"))
    #expect(lines[heading + 2].contains("#1 \(answered.comment.author)"))
    #expect(lines[heading + 3].contains(answered.comment.text.prefix(20)))
    let bottom = try #require(lines[heading...].firstIndex { $0.contains("└") })
    #expect(lines[bottom + 1].contains("Congratulations anyway!"))
    #expect(root.model.comments.state?.written.first?.replyTo == answered.id)
  }

  @Test("a reply to a reply stacks both floors, the first comment on top")
  func threadOfThree() throws {
    let (app, terminal, root, page) = try Self.comments()
    let original = page.entries[0]
    let middle = root.model.comments.add(
      .init(author: "Ann", time: "1m", text: "Same here.", likes: 0), to: "story-rain",
      replyTo: original.id)
    root.model.comments.add(
      .init(author: "Bo", time: "now", text: "Me too.", likes: 0), to: "story-rain",
      replyTo: middle)
    try Flow.press("esc,c", app)
    let shown = try #require(Flow.top(root) as? CommentsPage)
    #expect(shown !== page)
    let thread = CommentLog.thread(of: shown.entries[0], in: shown.entries)
    #expect(thread.map(\.id) == [original.id, middle])
    let text = terminal.screen.text
    let first = try #require(text.range(of: "#1 \(original.comment.author)"))
    let second = try #require(text.range(of: "#2 Ann"))
    #expect(first.lowerBound < second.lowerBound)
  }

  @Test("a thread's frame lines up by columns with Chinese text, at 40 columns")
  func chineseFrame() throws {
    let (app, terminal, root, _) = try Self.comments(
      size: Size(width: 40, height: 24), chinese: true)
    let parent = root.model.comments.add(
      .init(author: "王小明", time: "刚刚", text: "同意，早该修了。雨季前一定要清理排水沟，不然又要淹。", likes: 0),
      to: "story-rain")
    root.model.comments.add(
      .init(author: "Li", time: "now", text: "Agreed.", likes: 0), to: "story-rain",
      replyTo: parent)
    try Flow.press("esc,c", app)
    let lines = terminal.screen.text.split(separator: "\n").map(String.init)
    // The frame's lines: those that start with a border, not the blank
    // lines that hold only the scroll bar.
    let framed = lines.filter { line in
      let text = line.drop { $0 == " " }
      return text.count > 2 && "┌│├└".contains(text.first!)
    }
    #expect(framed.count >= 5, "\(terminal.screen.text)")
    #expect(framed.contains { $0.contains("1楼 王小明") } && framed.contains { $0.contains("雨季") })
    // The frame's right edge: its second border character, in columns.
    let edges = framed.map { line -> Int in
      let start = line.firstIndex { "┌│├└".contains($0) }!
      let rest = line[line.index(after: start)...]
      let end = rest.firstIndex { "┐│┤┘".contains($0) } ?? line.endIndex
      return TextWidth.width(of: line[..<end])
    }
    #expect(Set(edges).count == 1, "the right edge in one column: \(framed)")
  }

  @Test("likes and replies come back from --state, and a file saved before them still loads")
  func keptByState() throws {
    let story = "story-rain"
    let (_, _, root, page) = try Self.comments()
    let liked = page.entries[2].id
    root.model.comments.toggleLike(liked, on: story)
    let reply = root.model.comments.add(
      .init(author: "You", time: "just now", text: "Thanks!", likes: 0), to: story,
      replyTo: liked)
    let data = try JSONEncoder().encode(try #require(root.model.comments.state))
    let read = try JSONDecoder().decode(CommentState.self, from: data)
    let (_, _, _, again) = try Self.comments(state: read)
    #expect(again.entries.first { $0.id == liked }?.liked == true)
    #expect(again.entries.first { $0.id == reply }?.replyTo == liked)
    // A file written before likes and replies: no "liked", no "replyTo".
    let old =
      #"{"written": [{"story": "story-rain", "id": "5-a", "comment": "#
      + #"{"author": "Me", "time": "1h", "text": "Old one", "likes": 0}}]}"#
    let state = try JSONDecoder().decode(CommentState.self, from: Data(old.utf8))
    #expect(state.liked.isEmpty && state.written.first?.replyTo == nil)
    let (_, _, _, older) = try Self.comments(state: state)
    #expect(older.entries.first?.comment.text == "Old one")
    let encoded = String(decoding: try JSONEncoder().encode(state), as: UTF8.self)
    #expect(!encoded.contains("liked"), "no likes, no field: \(encoded)")
  }

  @Test("a file comment is known by its words, the same in every run")
  func fileCommentIdentity() {
    let comment = ContentFile.Comment(author: "Morag", time: "25m", text: "Of course.", likes: 3)
    var liked = comment
    liked.likes = 9
    #expect(CommentLog.fileID(of: comment) == CommentLog.fileID(of: liked))
    // 64-bit FNV-1a of the words, not Swift's hash, which is seeded anew
    // each run.
    #expect(CommentLog.fileID(of: comment) == "f-621af250f5a74d75")
    var other = comment
    other.text = "Of course!"
    #expect(CommentLog.fileID(of: comment) != CommentLog.fileID(of: other))
  }

  @Test("two runs on one state file keep both runs' likes and replies, each once")
  func mergedRuns() {
    func like(_ comment: String, at time: Int) -> CommentState.Like {
      .init(story: "story-rain", comment: comment, at: time)
    }
    func reply(_ id: String, to parent: String) -> CommentState.Written {
      .init(
        story: "story-rain", comment: .init(author: "You", time: "", text: id, likes: 0), id: id,
        replyTo: parent)
    }
    let base = CommentState(written: [], liked: [like("f-1", at: 1), like("f-2", at: 2)])
    // This run took back f-2's like and liked f-3; the other liked f-4
    // and replied to f-1.
    let ours = CommentState(
      written: [reply("10-a", to: "f-1")], liked: [like("f-3", at: 10), like("f-1", at: 1)])
    let theirs = CommentState(
      written: [reply("11-b", to: "f-1")],
      liked: [like("f-4", at: 11), like("f-2", at: 2), like("f-1", at: 1)])
    let merged = CommentState.merged(ours: ours, theirs: theirs, base: base)
    #expect(Set(merged?.liked.map(\.comment) ?? []) == ["f-1", "f-3", "f-4"])
    #expect(Set(merged?.written.map(\.id) ?? []) == ["10-a", "11-b"])
    #expect(merged?.written.allSatisfy { $0.replyTo == "f-1" } == true)
  }
}
