import Foundation
import TabBarKit
import Testing

@testable import tabbar_demo

/// What `--state` finds wrong in the numbers it loads, and what it keeps
/// of a file another run saved meanwhile, without a terminal or a file.
@Suite("saved state: numbers and merging")
struct SavedStateTests {
  /// The first bad number of `json`.
  static func badNumber(_ json: String) throws -> SavedState.NumberProblem? {
    SavedState.firstBadNumber(in: try JSONParser.parse(Array(json.utf8)))
  }

  @Test("a fraction or an integer past Int is found with its path and its text as written")
  func badNumbers() throws {
    #expect(try Self.badNumber(#"{"a": [1, {"b": 9223372036854775807}], "c": -1}"#) == nil)
    #expect(try Self.badNumber(#"{"a": 2.0, "b": 1e3, "c": -9223372036854775808}"#) == nil)
    #expect(
      try Self.badNumber(#"{"a": [0, {"b": 1.5}]}"#) == .fraction(path: "a[1].b", written: "1.5"))
    #expect(
      try Self.badNumber(#"{"x": {"row": 9223372036854775808}}"#)
        == .outOfRange(path: "x.row", written: "9223372036854775808"))
    #expect(try Self.badNumber(#"{"a": -1e19}"#) == .outOfRange(path: "a", written: "-1e19"))
    #expect(try Self.badNumber("2.5") == .fraction(path: "the top", written: "2.5"))
  }

  @Test("a whole number in a message is written in digits, however large")
  func wholeNumbersInDigits() {
    #expect(JSONValue.format(8) == "8")
    #expect(JSONValue.format(-12) == "-12")
    #expect(JSONValue.format(1e20) == "100000000000000000000")
    #expect(JSONValue.format(-0x1p63) == "-9223372036854775808")
    #expect(JSONValue.format(0x1p64) == "18446744073709551616")
    #expect(JSONValue.format(1.5) == "1.5")
    #expect(JSONValue.format(1e300).count == 301)
    // As the file writes it, when known: a Double holds this one as 1e+20.
    #expect(
      JSONValue.number(1e20, written: "99999999999999999999").shortDescription
        == "99999999999999999999")
    #expect(JSONValue.number(-1e15, written: "-1e15").shortDescription == "-1000000000000000")
  }

  /// A post with `title`, posted at `time` milliseconds (nil: no id, as
  /// files saved before posts had one).
  static func post(_ title: String, at time: Int?) -> ComposeState.Post {
    ComposeState.Post(
      tab: 0, title: title, body: "b", category: "", byline: "You", time: "now",
      id: time.map { "\($0)-\(title.count)" })
  }

  static func withPosts(_ posts: [ComposeState.Post]) -> SavedState {
    var state = SavedState(restoration: RestorationCoder())
    state.compose = ComposeState(posts: posts)
    return state
  }

  static func mark(_ id: String, at time: Int?) -> ReadingState.Mark {
    ReadingState.Mark(id: id, at: time)
  }

  static func comment(_ text: String, at time: Int) -> CommentState.Written {
    CommentState.Written(
      story: "story-rain", comment: .init(author: "You", time: "now", text: text, likes: 0),
      id: "\(time)-\(text.count)")
  }

  @Test("saving over another run's file keeps its posts this run lacks, newest first, none twice")
  func mergesPostsByIdentity() {
    let shared = Self.post("old", at: 100)
    let base = Self.withPosts([shared])
    let ours = Self.withPosts([Self.post("mine", at: 300), shared])
    let theirs = Self.withPosts([Self.post("theirs", at: 400), Self.post("early", at: 200), shared])
    let merged = ours.merged(over: theirs, base: base.current)
    #expect(merged.compose?.posts.map(\.title) == ["theirs", "mine", "early", "old"])
    // Everything but the lists is this run's.
    #expect(merged.restoration == ours.restoration && merged.settings == ours.settings)
    // Nothing to add: unchanged.
    #expect(ours.merged(over: ours, base: base.current) == ours)
    #expect(ours.merged(over: base, base: base.current) == ours)
  }

  @Test("posts without an id are told apart by their whole text, and the list stays capped")
  func mergesOldPostsAndCaps() {
    let ours = Self.withPosts([Self.post("a", at: nil)])
    let theirs = Self.withPosts([Self.post("a", at: nil), Self.post("b", at: nil)])
    #expect(ours.merged(over: theirs, base: nil).compose?.posts.map(\.title) == ["a", "b"])

    let many = (0..<30).map { Self.post("p\($0)", at: 1000 - $0) }
    let merged = Self.withPosts(Array(many.prefix(15))).merged(
      over: Self.withPosts(Array(many.suffix(15))), base: nil)
    #expect(merged.compose?.posts.count == ComposeState.maximumPosts)
    #expect(merged.compose?.posts.first?.title == "p0")
  }

  @Test("two runs' comments, history, favourites, places and messages read are all kept")
  func mergesEveryList() {
    var base = SavedState(restoration: RestorationCoder())
    base.reading = ReadingState(history: [Self.mark("a", at: 10)], favourites: [])
    var ours = base
    ours.reading = ReadingState(
      history: [Self.mark("b", at: 30), Self.mark("a", at: 10)],
      favourites: [Self.mark("b", at: 31)])
    ours.comments = CommentState(written: [Self.comment("mine", at: 32)])
    ours.resume = ResumeState(texts: [.init(id: "a", block: 1, offset: 0, percent: 5, at: 33)])
    ours.inbox = InboxState(read: [Self.mark("m1", at: 34)])
    var theirs = base
    theirs.reading = ReadingState(
      history: [Self.mark("c", at: 40), Self.mark("a", at: 10)],
      favourites: [Self.mark("c", at: 41)])
    theirs.comments = CommentState(written: [Self.comment("theirs", at: 42)])
    theirs.resume = ResumeState(texts: [.init(id: "a", block: 7, offset: 0, percent: 60, at: 43)])
    theirs.inbox = InboxState(read: [Self.mark("m2", at: 44)])

    let merged = ours.merged(over: theirs, base: base.current)
    #expect(merged.reading?.history.map(\.id) == ["c", "b", "a"])
    #expect(merged.reading?.favourites.map(\.id) == ["c", "b"])
    #expect(merged.comments?.written.map(\.comment.text) == ["theirs", "mine"])
    // The later place of a story read in both runs.
    #expect(merged.resume?.texts.map(\.block) == [7])
    #expect(merged.inbox?.read.map(\.id) == ["m2", "m1"])
  }

  @Test("a favourite one run took out stays out; one it added again comes back")
  func mergeKeepsRemovals() {
    var base = SavedState(restoration: RestorationCoder())
    base.reading = ReadingState(
      history: [], favourites: [Self.mark("a", at: 1), Self.mark("b", at: 2)])
    // This run took out a; the other took out b and favourited a again later.
    var ours = base
    ours.reading?.favourites = [Self.mark("b", at: 2)]
    var theirs = base
    theirs.reading?.favourites = [Self.mark("a", at: 9)]
    #expect(ours.merged(over: theirs, base: base.current).reading?.favourites.map(\.id) == ["a"])
    // Both left a alone and one took it out: out.
    theirs.reading?.favourites = [Self.mark("a", at: 1), Self.mark("b", at: 2)]
    #expect(ours.merged(over: theirs, base: base.current).reading?.favourites.map(\.id) == ["b"])
  }

  @Test("the merge keeps the other contents' parts as the file holds them, this one's out of them")
  func mergeKeepsOtherContents() {
    var ours = SavedState(restoration: RestorationCoder())
    ours.current.content = "built-in"
    var news = ContentState(content: "/news.json")
    news.reading = ReadingState(history: [Self.mark("n", at: 5)], favourites: [])
    var file = SavedState(restoration: RestorationCoder())
    file.current = news
    var oldOurs = ContentState(content: "built-in")
    oldOurs.comments = CommentState(written: [Self.comment("kept", at: 3)])
    file.otherContents = [oldOurs, ContentState(content: "/other.json")]
    let merged = ours.merged(over: file, base: oldOurs)
    #expect(merged.current.content == "built-in")
    #expect(merged.otherContents.map(\.content) == ["/news.json", "/other.json"])
    #expect(merged.otherContents.first == news, "unchanged")
    // This run took the comment out of nothing: it kept it, as the file did.
    #expect(merged.comments == nil, "this run had no comment and the file's was its base")
    ours.comments = oldOurs.comments
    #expect(ours.merged(over: file, base: oldOurs).comments == oldOurs.comments)
  }

  @Test("comments saved before they had an id keep every one, two alike too, and merge as one")
  func commentsWithoutIDs() throws {
    let one =
      #"{"story": "story-rain", "comment": {"author": "A", "time": "", "text": "+1", "likes": 0}}"#
    let json =
      #"{"written": [\#(one), \#(one), \#(one.replacingOccurrences(of: "+1", with: "no"))]}"#
    let state = try JSONDecoder().decode(CommentState.self, from: Data(json.utf8))
    #expect(state.written.map(\.id) == ["0-2", "0-1", "0-0"])
    #expect(state.written.map(\.comment.text) == ["+1", "+1", "no"])
    // Two runs that read the file both keep them: the same ids, one each.
    #expect(CommentState.merged(ours: state, theirs: state, base: state) == state)
    var ours = state
    ours.written.insert(Self.comment("new", at: 5), at: 0)
    #expect(CommentState.merged(ours: ours, theirs: state, base: state)?.written.count == 4)
  }

  @Test("ten runs on one file, each adding a comment and a favourite, keep all ten of each")
  func tenRunsMerge() {
    let start = SavedState(restoration: RestorationCoder())
    var file = start
    for run in 0..<10 {
      // Every run read the empty file at start; they quit one after another.
      var state = start
      state.comments = CommentState(written: [Self.comment("run \(run)", at: 100 + run)])
      state.reading = ReadingState(
        history: [], favourites: [Self.mark("story \(run)", at: 200 + run)])
      file = state.merged(over: file, base: start.current)
    }
    #expect(file.comments?.written.count == 10)
    #expect(file.reading?.favourites.map(\.id) == (0..<10).reversed().map { "story \($0)" })
  }
}
