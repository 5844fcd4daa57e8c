import Foundation
import TabBarKit
import Testing

@testable import tabbar_demo

/// What `--state` keeps is bounded by bytes as well as by count: a comment
/// or a post of dense clusters (a letter under fifteen combining marks)
/// takes thirty times its characters. Every kept list stays within its
/// budget, the oldest going first; the encoder ends, quickly, whatever the
/// state holds, and leaves posts and drafts out last and never silently.
@MainActor
@Suite("saved state: byte budgets")
struct StateBudgetTests {
  /// `count` clusters of `e` and fifteen combining marks: 31 bytes each.
  static func dense(_ count: Int, _ mark: Int = 0) -> String {
    let marks = (0..<15).map { Character(Unicode.Scalar(0x300 + ($0 + mark) % 0x30)!) }
    return String(repeating: String("e" + String(marks)), count: count)
  }

  /// The compact JSON size of `value`.
  static func size(_ value: some Encodable) -> Int {
    (try? JSONEncoder().encode(value).count) ?? .max
  }

  /// The demo, built in, in a memory terminal.
  static func app() throws -> (Application, DemoRootController) {
    let (app, _, root, _) = try ComposeTests.app()
    return (app, root)
  }

  static func press(_ names: String, _ app: Application) throws {
    for key in try Key.parseList(names) { app.send(.key(key)) }
  }

  @Test("comments pasted of dense clusters past the budget stay within it, the newest kept")
  func commentsThroughTheInterface() throws {
    let (app, root) = try Self.app()
    try Self.press("enter,c", app)
    // 15.5 KB each: twenty are half as much again as the budget.
    for index in 0..<20 {
      try Self.press("w", app)
      app.send(.paste(Self.dense(500, index)))
      try Self.press("tab,enter", app)
    }
    let written = root.model.comments.written
    #expect(written.count < 20, "all \(written.count) kept")
    #expect(written.first?.comment.text == Self.dense(500, 19), "not the newest first")
    let state = try #require(root.model.comments.state)
    #expect(Self.size(state) <= CommentState.Written.byteBudget)
    #expect(Self.size(state) > CommentState.Written.byteBudget / 2, "cut far below the budget")
  }

  @Test("posts pasted of dense clusters past their budget: the oldest left out and named")
  func postsThroughTheInterface() throws {
    let (app, root) = try Self.app()
    // Stories read, favourited and left part-way, beside the posts.
    for _ in 0..<6 { try Self.press("enter,f,n,f,esc,down", app) }
    // Posts of dense clusters, and a draft left open.
    for index in 0..<5 {
      try Self.press("+", app)
      app.send(.paste(Self.dense(200, index)))
      try Self.press("tab", app)
      app.send(.paste(Self.dense(4000, index)))
      try Self.press("tab,tab,enter", app)
    }
    try Self.press("+", app)
    app.send(.paste("Draft title"))
    let session = StateSession(path: nil)
    let state = session.state(of: root)
    let model = root.model
    #expect(Self.size(model.reading.state) <= 2 * ReadingState.Mark.byteBudget)
    let resumeBudget = ResumeState.Place.byteBudget + ResumeState.Video.byteBudget
    #expect(Self.size(model.resume.state) <= resumeBudget)
    let start = ContinuousClock.now
    let (bytes, leftOut) = try StateFile.encode(state)
    print("encoded \(bytes.count) bytes in \(ContinuousClock.now - start)")
    #expect(bytes.count <= StateFile.maximumSize)
    // Five posts of 64 KB each (the form keeps 80 and 2,000 characters):
    // the oldest go, named; the draft stays.
    var total = 0
    let kept = root.compose.posts.prefix {
      total += $0.savedSize
      return total <= StateFile.postBudget
    }.count
    #expect(kept > 0 && kept < 5)
    #expect(leftOut.count == 1, "\(leftOut.count) parts left out")
    let posts = try #require(leftOut.first)
    let next = 4 - kept
    #expect(
      posts.hasPrefix(
        "\(5 - kept) posts (“\(Self.dense(23, next))…”, “\(Self.dense(23, next - 1))…”"),
      "not the oldest posts, newest first")
    let loaded = try StateFile.decode(bytes)
    #expect(loaded.compose?.drafts["compose"]?.first == "Draft title")
    #expect(loaded.compose?.posts.first?.title == Self.dense(80, 4), "the newest post kept")
    #expect(loaded.compose?.posts.count == kept)
  }

  /// A state whose parts are each far past what the logs would keep: as a
  /// file edited by hand, or made by a demo without budgets, reads.
  static func hugeState() -> SavedState {
    var state = SavedState(restoration: RestorationCoder())
    let comment = ContentFile.Comment(author: "You", time: "now", text: dense(500), likes: 0)
    state.comments = CommentState(
      written: (0..<200).map { .init(story: "story-rain", comment: comment, id: "\($0)-a") })
    let long = String(repeating: "/", count: 20_000)
    state.reading = ReadingState(
      history: (0..<50).map { .init(id: "\(long)\($0)") },
      favourites: (0..<50).map { .init(id: "\(long)\($0)") })
    state.inbox = InboxState(read: (0..<50).map { .init(id: "\(long)\($0)") })
    state.compose = ComposeState(drafts: ["compose": ["Kept draft", "Body"]])
    return state
  }

  @Test("a state far past every budget, restored, keeps every list within its budget")
  func restoringCutsToBudgets() throws {
    let (_, root) = try Self.app()
    let model = root.model
    let state = Self.hugeState()
    model.comments.restore(try #require(state.comments))
    #expect(!model.comments.written.isEmpty)
    #expect(Self.size(try #require(model.comments.state)) <= CommentState.Written.byteBudget)
    model.reading.restore(try #require(state.reading))
    #expect(Self.size(model.reading.state) <= 2 * ReadingState.Mark.byteBudget)
    model.inbox.restore(try #require(state.inbox))
    #expect(Self.size(model.inbox.state) <= ReadingState.Mark.byteBudget)
  }

  @Test("a state far past every budget is saved under the limit at once, the draft kept")
  func encoderEndsOnHugeLists() throws {
    let state = Self.hugeState()
    #expect(Self.size(state) > 3 * StateFile.maximumSize)
    let (bytes, leftOut) = try StateFile.encode(state)
    #expect(bytes.count <= StateFile.maximumSize)
    let loaded = try StateFile.decode(bytes)
    #expect(loaded.compose?.drafts["compose"] == ["Kept draft", "Body"])
    // The lists went, said; the draft did not.
    #expect(leftOut.contains("the comments written") && !leftOut.contains { $0.contains("draft") })
  }

  @Test("with nothing else left to cut, posts and drafts go last, named, and the file still loads")
  func postsAndDraftsLast() throws {
    var state = SavedState(restoration: RestorationCoder())
    let post = ComposeState.Post(
      tab: 0, title: "Big post", body: Self.dense(4000), category: "", byline: "You", time: "now",
      id: "5-a")
    // Under their budgets, but too large together with the settings'
    // hand-made toggles.
    state.compose = ComposeState(drafts: ["compose": ["Kept", Self.dense(1000)]], posts: [post])
    state.settings = SavedSettings(
      toggles: Dictionary(
        uniqueKeysWithValues: (0..<40_000).map { ("\(Self.dense(1))\($0)", true) }))
    let (bytes, leftOut) = try StateFile.encode(state)
    #expect(bytes.count <= StateFile.maximumSize)
    #expect(leftOut == ["the settings"], "the settings go before posts and drafts")
    #expect(try StateFile.decode(bytes).compose?.posts.first?.title == "Big post")
  }

  @Test("other contents' parts go before this one's, the one used longest ago first, named")
  func otherContentsGoFirst() throws {
    var state = SavedState(restoration: RestorationCoder())
    state.current.content = "built-in"
    state.compose = ComposeState(drafts: ["compose": ["Mine"]])
    var recent = ContentState(content: "/recent.json")
    recent.compose = ComposeState(drafts: ["f": [String(repeating: "\u{1}", count: 100_000)]])
    var old = recent
    old.content = "/old.json"
    state.otherContents = [recent, old]
    let (bytes, leftOut) = try StateFile.encode(state)
    #expect(bytes.count <= StateFile.maximumSize)
    #expect(leftOut == ["what was kept for /old.json"])
    let loaded = try StateFile.decode(bytes)
    #expect(loaded.otherContents.map(\.content) == ["/recent.json"])
    #expect(loaded.compose?.drafts["compose"] == ["Mine"])
  }

  @Test("the smallest valid state is the last resort, and says that everything else went")
  func lastResort() throws {
    var state = SavedState(restoration: RestorationCoder())
    state.current.content = String(repeating: "x", count: 2 << 20)
    let (bytes, leftOut) = try StateFile.encode(state)
    #expect(bytes.count <= StateFile.maximumSize)
    #expect(leftOut == ["everything else"])
    #expect(try StateFile.decode(bytes) == SavedState(restoration: RestorationCoder()))
  }

  @Test("a key given twice keeps the parts that decode, with the last value, and one warning")
  func duplicateKeys() throws {
    let json = """
      {"version": 3, "restoration": {}, "restoration": {"selected": 2},
       "reading": {"history": ["story-rain"], "favourites": [{"id": "a", "id": "story-rain"}]},
       "comments": {"written": []}}
      """
    let state = try StateFile.decode(Array(json.utf8))
    #expect(state.restoration.decodeInt(forKey: "selected") == 2)
    #expect(state.reading?.history.map(\.id) == ["story-rain"])
    #expect(state.reading?.favourites.map(\.id) == ["story-rain"])
    #expect(
      state.warnings == [#"line 1, column 35: duplicate key "restoration"; read the last one"#])
  }

  @Test("another process holding the lock: the state goes to a recovery file beside it, named")
  func lockedFileRecovery() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabbar-lock-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("state.json").path
    let file = StateFile(path: path)
    try file.save(SavedState(restoration: RestorationCoder()))
    let holder = open(path, O_RDONLY)
    #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
    defer { close(holder) }
    var state = SavedState(restoration: RestorationCoder())
    state.compose = ComposeState(drafts: ["compose": ["Not lost"]])
    for recovered in ["state.json.recovered", "state.json.recovered.1"] {
      let error = #expect(throws: StateFile.Problem.self) { try file.save(state) }
      let shown = directory.appendingPathComponent(recovered).path
      #expect(
        error?.description
          == "cannot save the state: another process holds it locked; saved this run's state to "
          + "\(shown) instead")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(names == ["state.json", "state.json.recovered", "state.json.recovered.1"])
    let bytes = try [UInt8](
      Data(contentsOf: directory.appendingPathComponent("state.json.recovered")))
    #expect(try StateFile.decode(bytes).compose?.drafts["compose"] == ["Not lost"])
  }
}
