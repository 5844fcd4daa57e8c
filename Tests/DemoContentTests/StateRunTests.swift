import Foundation
import TabBarKit
import Testing

@testable import tabbar_demo

/// Runs of the demo on one `--state` file, in memory: each starts as the
/// binary does (the file read into the app), is driven by keys, and saves
/// as it quits. What one run made is never lost by another, whatever the
/// order, the number of runs or the content files, and a run never warns
/// about a file a run saved.
@MainActor
@Suite("saved state: runs on one file", .serialized)
final class StateRunTests {
  /// A directory for this test's files.
  let directory: URL
  /// `state.json` in it, not created.
  let statePath: String

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabbar-runs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    statePath = directory.appendingPathComponent("state.json").path
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  /// Examples/`name` in the repository.
  static func example(_ name: String) -> String {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Examples/\(name)").path
  }

  /// One run of the demo: the app on `content` (nil: built in) as started
  /// with `--state`, in an 80×24 memory terminal.
  struct Run {
    let app: Application
    let terminal: MemoryTerminal
    let root: DemoRootController
    let session: StateSession

    @MainActor
    init(state: String, content: String? = nil) throws {
      let model = DemoModel(content: try DemoContent.load(path: content), loadsAtOnce: true)
      root = try model.makeRoot(barStyle: nil)
      session = StateSession(path: state, content: ContentState.name(ofContentAt: content))
      let form = session.restore(into: root, theme: nil, barStyle: nil)
      root.reopenForm(form)
      terminal = MemoryTerminal(size: Size(width: 80, height: 24))
      app = Application(root: root, terminal: terminal, clock: ManualClock(), animated: false)
      app.start()
    }

    /// Presses keys by name, as `--keys` does.
    @MainActor
    func press(_ names: String) throws {
      for key in try Key.parseList(names) { app.send(.key(key)) }
    }

    /// Opens story `row` (from 1) of the first tab's list, favourites it,
    /// and writes `comment` on it (when given: the story must take
    /// comments); back at the list.
    @MainActor
    func favouriteAndComment(row: Int, _ comment: String?) throws {
      try press("1" + String(repeating: ",down", count: row - 1) + ",enter,f")
      if let comment {
        try press("c,w")
        app.send(.paste(comment))
        try press("tab,enter,esc")
      }
      try press("esc")
    }

    /// Saves as a quit does, and gives the warnings.
    @MainActor
    func quit() -> [String] {
      session.save(root)
      return session.problems
    }
  }

  /// The state file as it is now.
  func saved() throws -> SavedState {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: statePath)))
    return try StateFile.decode(bytes)
  }

  @Test("ten runs started together, each writing a comment and a favourite: all ten of each kept")
  func tenRunsOnOneFile() throws {
    // A file to start from, as the runs would find it.
    #expect(try Run(state: statePath).quit() == [])
    let runs = try (1...10).map { _ in try Run(state: statePath) }
    for (index, run) in runs.enumerated() {
      try run.favouriteAndComment(row: index % 5 + 1, "Comment of run \(index + 1)")
    }
    // They quit in another order than they started.
    for run in runs.reversed() { #expect(run.quit() == []) }
    let state = try saved()
    let texts = Set(state.comments?.written.map(\.comment.text) ?? [])
    #expect(texts == Set((1...10).map { "Comment of run \($0)" }))
    let favourites = Set(state.reading?.favourites.map(\.id) ?? [])
    let stories = Set(runs.compactMap { $0.root.model.reading.favourites.first })
    #expect(stories.count == 5 && stories.isSubset(of: favourites))
    // The next run shows them all.
    let next = try Run(state: statePath)
    #expect(next.session.problems == [])
    #expect(Set(next.root.model.comments.written.map(\.comment.text)) == texts)
  }

  @Test("a favourite taken out in one run and left alone in another stays out")
  func removalsSurvive() throws {
    let first = try Run(state: statePath)
    let before = first.root.model.reading.favourites.count
    try first.press("enter,f,esc,down,enter,f,esc")
    #expect(first.quit() == [])
    let favourites = try #require(try saved().reading?.favourites.map(\.id))
    #expect(favourites.count == before + 2)
    let (a, b) = (try Run(state: statePath), try Run(state: statePath))
    try a.press("enter,f,esc")  // takes the first story out
    #expect(a.root.model.reading.favourites.count == before + 1)
    try b.press("2")  // leaves them alone
    #expect(a.quit() == [] && b.quit() == [])
    #expect(try saved().reading?.favourites.map(\.id) == a.root.model.reading.favourites)
  }

  @Test("runs alternating between content files keep each content's comments, history, places")
  func alternatingContents() throws {
    let (news, netease) = (Self.example("news.json"), Self.example("netease.json"))
    let builtIn = try Run(state: statePath)
    try builtIn.favouriteAndComment(row: 2, "On the built-in content")
    let kept = builtIn.root.model
    let (history, favourites) = (kept.reading.history, kept.reading.favourites)
    let places = kept.resume.texts.map(\.id)
    #expect(builtIn.quit() == [])

    for round in 0..<3 {
      for (path, comment) in [(news, nil), (netease, "网易, round \(round)")] {
        let other = try Run(state: statePath, content: path)
        #expect(other.session.problems == [], "round \(round)")
        try other.favouriteAndComment(row: round + 1, comment)
        #expect(other.quit() == [])
      }
      let back = try Run(state: statePath)
      #expect(back.session.problems == [], "round \(round)")
      let model = back.root.model
      #expect(model.comments.written.map(\.comment.text) == ["On the built-in content"])
      #expect(model.reading.history == history && model.reading.favourites == favourites)
      #expect(model.resume.texts.map(\.id) == places)
      #expect(back.quit() == [])
    }
    let state = try saved()
    #expect(state.current.content == ContentState.builtIn)
    #expect(
      state.otherContents.map(\.content)
        == [netease, news].map { ContentState.name(ofContentAt: $0) })
    #expect(state.otherContents.first?.comments?.written.count == 3)
    #expect(state.otherContents.last?.reading?.favourites.count == 3)
  }

  @Test("random runs on one file, interleaved, on three contents, lose nothing any of them added")
  func interleavedRunsFuzz() throws {
    let contents = [nil, Self.example("netease.json"), Self.example("news.json")]
    for seed in UInt64(1)...6 {
      try? FileManager.default.removeItem(atPath: statePath)
      var random = StateFuzzTests.Generator(state: seed)
      let count = Int.random(in: 2...10, using: &random)
      // Each run starts, favourites a story and comments on it, and quits;
      // the starts and the quits of the runs interleave at random.
      var events = Array(0..<count) + Array(0..<count)
      events.shuffle(using: &random)
      var started = Set<Int>()
      var live: [Int: Run] = [:]
      var comments: [String: Set<String>] = [:]
      var favourites: [String: Set<String>] = [:]
      for run in events {
        guard started.insert(run).inserted else {
          #expect(live.removeValue(forKey: run)?.quit() == [], "seed \(seed), run \(run)")
          continue
        }
        let path = contents.randomElement(using: &random)!
        let name = ContentState.name(ofContentAt: path)
        let current = try Run(state: statePath, content: path)
        #expect(current.session.problems == [], "seed \(seed), run \(run)")
        live[run] = current
        try current.press(
          "1" + String(repeating: ",down", count: Int.random(in: 0...4, using: &random)) + ",enter")
        let story = try #require(Self.top(current.root) as? StoryPage, "seed \(seed)")
        if !current.root.model.reading.isFavourite(story.id) { try current.press("f") }
        favourites[name, default: []].insert(story.id)
        if current.root.model.comments.count(of: story.id) != nil {
          let text = "seed \(seed), run \(run)"
          try current.press("c,w")
          current.app.send(.paste(text))
          try current.press("tab,enter")
          comments[name, default: []].insert(text)
        }
      }
      let state = try saved()
      for path in contents {
        let name = ContentState.name(ofContentAt: path)
        let parts = state.parts(of: name)
        let written = Set(parts?.comments?.written.map(\.comment.text) ?? [])
        #expect(written == comments[name] ?? [], "seed \(seed): the comments on \(name)")
        let kept = Set(parts?.reading?.favourites.map(\.id) ?? [])
        #expect(kept.isSuperset(of: favourites[name] ?? []), "seed \(seed): favourites on \(name)")
      }
    }
  }

  @Test("whatever page was open at quit, the next run restores it and warns of nothing")
  func everyPageRestores() throws {
    let keys = [
      "enter", "esc", "down", "down", "c", "w", "s", "1", "2", "3", "4", "5", "]", "[", "f", "n",
      "p", "end", "x", "space", "tab",
    ]
    // A few walks that surely end on the comments, then random ones.
    let fixed = ["enter,c", "down,down,enter,c,s", "enter,c,w,x", "2,enter,down,enter"]
    var random = StateFuzzTests.Generator(state: 0xC0FFEE)
    var commentsPages = 0
    for walk in 0..<30 {
      try? FileManager.default.removeItem(atPath: statePath)
      let run = try Run(state: statePath)
      let pressed =
        walk < fixed.count
        ? fixed[walk].split(separator: ",").map(String.init)
        : (0..<Int.random(in: 2...14, using: &random)).map { _ in
          keys.randomElement(using: &random)!
        }
      for key in pressed { try run.press(key) }
      // A dialog is not a page: it goes, as Esc would take it.
      if run.root.presentedViewController != nil { try run.press("esc") }
      let top = Self.topTitle(run.root)
      if Self.top(run.root) is CommentsPage { commentsPages += 1 }
      #expect(run.quit() == [], "walk \(walk): \(pressed)")
      let next = try Run(state: statePath)
      #expect(next.session.problems == [], "walk \(walk): \(pressed)")
      #expect(Self.topTitle(next.root) == top, "walk \(walk): \(pressed)")
    }
    #expect(commentsPages > 0, "no walk ended on a Comments page")
  }

  /// The page on top of the selected tab.
  static func top(_ root: TabBarController) -> ViewController? {
    (root.selectedViewController as? NavigationController)?.topViewController
  }

  static func topTitle(_ root: TabBarController) -> String? { top(root)?.title }

  @Test("a Comments page open at quit, with its order and its form's text, comes back")
  func commentsPageRestores() throws {
    let run = try Run(state: statePath)
    try run.press("down,enter,c,s,w")
    run.app.send(.paste("Half written"))
    #expect(run.quit() == [])
    let next = try Run(state: statePath)
    #expect(next.session.problems == [])
    let form = try #require(Self.top(next.root) as? CommentFormPage)
    #expect(form.fields.first?.text == "Half written")
    // Esc on the written comment asks; Enter keeps it as a draft.
    try next.press("esc,enter")
    let comments = try #require(Self.top(next.root) as? CommentsPage)
    #expect(comments.hottestFirst)
  }
}
