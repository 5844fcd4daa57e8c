import Foundation
import Testing

/// `--state` on the real binary as an attacker or a busy user tries it: a
/// state too large to save whole, two runs on one file, runs alternating
/// content files, a Comments page open at quit, a file edited by hand, a
/// lock another process holds; and a terminal string past every bound, and
/// 10,000 channels. Nothing the user made is lost without a word, and
/// quitting is quick with the terminal restored.
@Suite("state reliability end to end", .serialized, .timeLimit(.minutes(2)))
final class StateReliabilityEndToEndTests {
  typealias Demo = DemoEndToEndTests

  /// A directory for this test's files.
  let directory: URL
  /// `state.json` in it, not created.
  let statePath: String

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabbar-reliability-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    statePath = directory.appendingPathComponent("state.json").path
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  static let news = DemoBinary.packageRoot.appendingPathComponent("Examples/news.json").path

  /// The state file as JSON.
  func savedJSON() throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: statePath))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  /// The texts of the comments the parts `parts` keep.
  static func commentTexts(_ parts: [String: Any]) -> [String] {
    let written = (parts["comments"] as? [String: Any])?["written"] as? [[String: Any]] ?? []
    return written.compactMap { ($0["comment"] as? [String: Any])?["text"] as? String }
  }

  /// The page ids of `list` (`history`, `favourites`) in the parts `parts` keep.
  static func reading(_ list: String, _ parts: [String: Any]) -> [String] {
    let marks = (parts["reading"] as? [String: Any])?[list] as? [[String: Any]] ?? []
    return marks.compactMap { $0["id"] as? String }
  }

  // MARK: A state too large to save whole

  /// A state file under 1 MiB whose 200 comments re-encode past 1 MiB (a
  /// `/` is written `\/`), with a draft in the compose form.
  func writeBigState() throws {
    let slashes = String(repeating: "/", count: 500)
    // `/` under three combining marks: 7 bytes, 8 once escaped.
    let text = String(repeating: "/\u{301}\u{302}\u{303}", count: 500)
    let comment: [String: Any] = [
      "story": "story-rain",
      "comment": ["author": slashes, "time": slashes, "text": text, "likes": 1],
    ]
    let state: [String: Any] = [
      "version": 2, "restoration": [String: Any](),
      "comments": ["written": Array(repeating: comment, count: 200)],
      "compose": ["drafts": ["compose": ["Kept draft", "Draft body"]], "posts": [Any]()],
    ]
    let data = try JSONSerialization.data(withJSONObject: state, options: [.withoutEscapingSlashes])
    #expect(data.count < 1 << 20 && data.count > 900_000, "\(data.count) bytes")
    try data.write(to: URL(fileURLWithPath: statePath))
  }

  @Test("a state whose comments re-encode past 1 MiB, with a draft: q exits 0 at once, restored")
  func bigStateQuitsAtOnce() async throws {
    // A delay of the app's own shows in every try, a busy moment of the
    // machine's in one: the quickest of up to three is the figure. The save
    // takes 0.13 s alone; the whole suite running beside it on two cores
    // stretched it to 1.5–4 s. A hang (the defect) never ends.
    let quick = Duration.seconds(3)
    var quits: [Duration] = []
    while quits.count < 3, quits.allSatisfy({ $0 >= quick }) {
      try writeBigState()
      let tmux = try TmuxSession(arguments: ["--state", statePath, "--no-animation"])
      defer { tmux.kill() }
      try await tmux.waitFor("the bar") { Demo.barIsShown($0) }
      let clock = ContinuousClock()
      let start = clock.now
      try tmux.press("q")
      let exit = try await tmux.waitForExit(timeout: .seconds(10))
      quits.append(clock.now - start)
      #expect(exit.status == 0)
      Demo.expectRestored(exit)
      #expect(Demo.linesBeforeExit(exit) == [], "a warning: \(exit.lines)")
    }
    print("q with a state of 200 dense comments: exit seen after \(quits)")
    #expect(try #require(quits.min()) < quick, "q took \(quits)")
    let saved = try savedJSON()
    #expect(
      (saved["compose"] as? [String: Any])?["drafts"] as? [String: [String]]
        == ["compose": ["Kept draft", "Draft body"]])
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: statePath)[.size] as? Int)
    #expect(size <= 1 << 20)
    #expect(!Self.commentTexts(saved).isEmpty, "the newest comments are kept")
  }

  @Test("a state just too large with its posts keeps every post and the draft, and says nothing")
  func nearlyFullStateKeepsPosts() async throws {
    let slashes = String(repeating: "/", count: 500)
    let comment: [String: Any] = [
      "story": "story-rain",
      "comment": [
        "author": slashes, "time": slashes,
        "text": String(repeating: "/\u{301}\u{302}\u{303}", count: 500), "likes": 1,
      ],
    ]
    // The comments alone fit once re-encoded; with the posts they do not.
    let posts: [[String: Any]] = (0..<20).map { index in
      [
        "tab": 0, "title": "Post \(index)", "body": String(repeating: "/", count: 4000),
        "category": "", "byline": "You", "time": "now", "id": "\(1000 - index)-a",
      ]
    }
    let state: [String: Any] = [
      "version": 2, "restoration": [String: Any](),
      "comments": ["written": Array(repeating: comment, count: 150)],
      "compose": ["drafts": ["compose": ["Kept draft", "Draft body"]], "posts": posts],
    ]
    try JSONSerialization.data(withJSONObject: state, options: [.withoutEscapingSlashes])
      .write(to: URL(fileURLWithPath: statePath))
    let run = try await DemoBinary.run(["--headless", "--state", statePath, "--keys", "2"])
    #expect(run.status == 0 && run.standardError.isEmpty, "\(run.standardError)")
    let compose = try #require(try savedJSON()["compose"] as? [String: Any])
    let titles = (compose["posts"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
    #expect(titles == (0..<20).map { "Post \($0)" })
    #expect(compose["drafts"] as? [String: [String]] == ["compose": ["Kept draft", "Draft body"]])
  }

  // MARK: Terminal strings

  @Test("an OSC 11 of 65,600 bytes then q and ST leaves the app running and types nothing")
  func longTerminalStringIsNoKeys() async throws {
    let tmux = try TmuxSession(arguments: ["--no-animation"])
    defer { tmux.kill() }
    try await tmux.waitFor("the root") { Demo.isRoot($0) }
    let body = String(repeating: "x", count: 65_600)
    try Self.send("\u{1b}]11;rgb:\(body)q\u{1b}\\", in: tmux, directory: directory)
    // Past the quiet period: whatever the string did is done.
    try await Task.sleep(for: .milliseconds(800))
    let after = try tmux.capture()
    #expect(Demo.isRoot(after), "the app quit or moved:\n\(after)")
    // In the compose form, no tail of the string reaches the title.
    try tmux.press("+")
    try await tmux.waitFor("Compose") { Demo.navigationTitle($0) == "Compose" }
    try Self.send(
      "\u{1b}_" + String(repeating: "Injected", count: 8_750) + "\u{7}", in: tmux,
      directory: directory)
    try Self.send("\u{1b}]11;rgb:\(body)q\u{1b}\\", in: tmux, directory: directory)
    try tmux.type("Typed")
    let form = try await tmux.waitFor(text: "Typed")
    #expect(
      form.row(containing: "xxx") == nil && form.row(containing: "Injected") == nil, "\(form)")
    try tmux.press("C-c")
    #expect(try await tmux.waitForExit().status == 0)
  }

  /// Writes `text` to the pane's program in one write, as a terminal
  /// hands over a reply: through a tmux buffer (a `send-keys` that long is
  /// refused), pasted raw (no bracketed paste, no line-feed translation).
  static func send(_ text: String, in tmux: TmuxSession, directory: URL) throws {
    let file = directory.appendingPathComponent("bytes-\(UUID().uuidString)")
    try Data(text.utf8).write(to: file)
    try tmux.tmux(["load-buffer", "-b", "raw", file.path])
    try tmux.tmux(["paste-buffer", "-r", "-d", "-b", "raw", "-t", tmux.sessionName])
  }

  // MARK: Two runs, and runs on other content

  /// Starts a run on the state file (and `content`), waits for its bar.
  func startRun(content: String? = nil) async throws -> TmuxSession {
    let tmux = try TmuxSession(
      arguments: ["--state", statePath, "--no-animation", "--latency", "0"]
        + (content.map { ["--content", $0] } ?? []))
    // news.json's first tab is Top Stories.
    try await tmux.waitFor("the bar") {
      content == nil ? Demo.barIsShown($0) : $0.row(containing: "Top Stories") != nil
    }
    return tmux
  }

  /// In the run `tmux`, on News: opens row `row` (from 1), favourites
  /// the story, and writes `comment` on it.
  static func favouriteAndComment(row: Int, _ comment: String, in tmux: TmuxSession) async throws {
    for _ in 1..<row { try tmux.press("Down") }
    try tmux.press("Enter")
    try await tmux.waitFor("the story") { Demo.isPushedPage($0) }
    try tmux.type("f")
    try await tmux.waitFor(text: "Added to Favourites")
    try tmux.type("c")
    try await tmux.waitFor(text: "Newest first")
    try tmux.type("w")
    try await tmux.waitFor(text: "Post")
    try tmux.type(comment)
    try tmux.press("Tab", "Enter")
    try await tmux.waitFor(text: comment)
  }

  @Test("two runs on one file, each writing a comment and a favourite: both of each are kept")
  func twoRunsOnOneFile() async throws {
    let first = try await startRun()
    defer { first.kill() }
    let second = try await startRun()
    defer { second.kill() }
    try await Self.favouriteAndComment(row: 1, "From the first run", in: first)
    try await Self.favouriteAndComment(row: 2, "From the second run", in: second)
    for run in [first, second] {
      try run.press("q")
      let exit = try await run.waitForExit()
      #expect(exit.status == 0 && Demo.linesBeforeExit(exit) == [], "\(exit.lines)")
    }
    let saved = try savedJSON()
    #expect(Set(Self.commentTexts(saved)) == ["From the first run", "From the second run"])
    let favourites = Self.reading("favourites", saved)
    #expect(favourites.starts(with: ["story-rain", "story-markets"]), "\(favourites)")
  }

  @Test("a run on news.json over a state of the built-in content, then one on it: nothing lost")
  func alternatingContentFiles() async throws {
    let builtIn = try await startRun()
    defer { builtIn.kill() }
    try await Self.favouriteAndComment(row: 2, "Kept across contents", in: builtIn)
    try builtIn.press("q")
    #expect(try await builtIn.waitForExit().status == 0)
    let before = try savedJSON()

    let other = try await startRun(content: Self.news)
    defer { other.kill() }
    try other.press("Enter")
    try await other.waitFor("a story of news.json") { Demo.isPushedPage($0) }
    try other.type("f")
    try await other.waitFor(text: "Added to Favourites")
    try other.press("q")
    let otherExit = try await other.waitForExit()
    #expect(otherExit.status == 0)
    #expect(Demo.linesBeforeExit(otherExit) == [], "a warning: \(otherExit.lines)")
    let during = try savedJSON()
    let kept = try #require((during["otherContents"] as? [[String: Any]])?.first)
    #expect(kept["content"] as? String == "built-in")

    // Back on the built-in content: on the comments it quit on, with its own.
    let again = try TmuxSession(arguments: ["--state", statePath, "--no-animation"])
    defer { again.kill() }
    try await again.waitFor(text: "Kept across contents")
    try again.press("q")
    let exit = try await again.waitForExit()
    #expect(exit.status == 0 && Demo.linesBeforeExit(exit) == [], "\(exit.lines)")
    let after = try savedJSON()
    #expect(Self.commentTexts(after) == ["Kept across contents"])
    #expect(Self.reading("history", after) == Self.reading("history", before))
    #expect(Self.reading("favourites", after) == Self.reading("favourites", before))
    #expect(Self.reading("favourites", after).first == "story-rain")
    let newsParts = try #require((after["otherContents"] as? [[String: Any]])?.first)
    #expect(Self.reading("favourites", newsParts).first == "story-parliament-passes-the-climate")
  }

  // MARK: Pages, hand edits and locks

  @Test("a state saved on a Comments page restores to that page, with no warning")
  func commentsPageRestores() async throws {
    let first = try await startRun()
    defer { first.kill() }
    try first.press("Down", "Enter")
    try await first.waitFor("the story") { Demo.isPushedPage($0) }
    try first.type("c")
    let comments = try await first.waitFor(text: "Newest first")
    try first.press("q")
    let firstExit = try await first.waitForExit()
    #expect(firstExit.status == 0 && Demo.linesBeforeExit(firstExit) == [])

    let next = try TmuxSession(arguments: ["--state", statePath, "--no-animation"])
    defer { next.kill() }
    let restored = try await next.waitFor(text: "Newest first")
    #expect(restored.lines == comments.lines, "before:\n\(comments)\nafter:\n\(restored)")
    try next.press("q")
    let exit = try await next.waitForExit()
    #expect(exit.status == 0)
    #expect(Demo.linesBeforeExit(exit) == [], "a warning: \(exit.lines)")
  }

  @Test("a deep link's 1 on a story opens its comments, as c does")
  func deepLinkToComments() async throws {
    let run = try await DemoBinary.run(["--headless", "--open", "1/2/1"])
    #expect(run.status == 0 && run.standardError.isEmpty, "\(run.standardError)")
    let lines = DeepLinkTests.lines(run.standardOutput)
    #expect(
      lines.first?.hasPrefix(" ‹ Rain expected") == true
        && lines.first?.contains("Comments") == true)
    #expect(run.standardOutput.contains("Newest first"))
  }

  @Test("a key given twice in the file keeps the parts that decode, warns once, and is saved over")
  func duplicateKey() async throws {
    try Data(
      #"{"version": 2, "restoration": {}, "restoration": {}, "settings": {"barStyle": "compact"}}"#
        .utf8
    ).write(to: URL(fileURLWithPath: statePath))
    let run = try await DemoBinary.run(["--headless", "--state", statePath])
    let compact = try await DemoBinary.run(["--headless", "--bar-style", "compact"])
    #expect(run.status == 0)
    #expect(run.standardOutput == compact.standardOutput, "the settings were not kept")
    #expect(
      run.standardError
        == "tabbar-demo: warning: --state \(statePath): line 1, column 35: duplicate key "
        + "\"restoration\"; read the last one\n")
    let next = try await DemoBinary.run(["--headless", "--state", statePath])
    #expect(next.status == 0 && next.standardError.isEmpty, "\(next.standardError)")
  }

  @Test(
    "another process holding the lock: the state goes to a recovery file, and the warning says where"
  )
  func lockedFile() async throws {
    _ = try await DemoBinary.run(["--headless", "--state", statePath])
    let holder = open(statePath, O_RDONLY)
    #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
    defer { close(holder) }
    let run = try await DemoBinary.run(["--headless", "--state", statePath, "--keys", "2"])
    let recovered = statePath + ".recovered"
    #expect(run.status == 0)
    #expect(
      run.standardError
        == "tabbar-demo: warning: --state \(statePath): cannot save the state: another process "
        + "holds it locked; saved this run's state to \(recovered) instead\n")
    let reading = try await DemoBinary.run(["--headless", "--state", recovered])
    #expect(DeepLinkTests.lines(reading.standardOutput).first?.contains("Reading") == true)
  }

  // MARK: Many channels

  /// A content file whose News has `count` channels.
  func channelsContent(_ count: Int) throws -> String {
    var pages: [String: Any] = [:]
    var rows: [[String: Any]] = []
    for index in 0..<200 {
      let id = "story-\(index)"
      rows.append(["title": "Story \(index) about the harbour", "page": id])
      pages[id] = ["category": "Cat\(index % count)", "body": ["A paragraph."]]
    }
    let channels: [[String: Any]] =
      [["title": "Top"]]
      + (1..<count).map { ["title": "Channel \($0)", "categories": ["Cat\($0)"]] }
    pages["news"] = ["channels": channels, "rows": rows]
    pages["me"] = ["rows": ["One"]]
    let content: [String: Any] = [
      "tabs": [["title": "News", "page": "news"], ["title": "Me", "page": "me"]], "pages": pages,
    ]
    let path = directory.appendingPathComponent("channels.json").path
    try JSONSerialization.data(withJSONObject: content).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test("a content file of 10,000 channels starts and quits in under a second")
  func tenThousandChannels() async throws {
    let content = try channelsContent(10_000)
    var runs: [Duration] = []
    while runs.count < 3, runs.allSatisfy({ $0 >= .seconds(1) }) {
      let clock = ContinuousClock()
      let start = clock.now
      let tmux = try TmuxSession(arguments: ["--content", content])
      defer { tmux.kill() }
      try await tmux.waitFor(
        "the strip", timeout: .seconds(30), interval: .milliseconds(10), settled: false
      ) {
        $0.row(containing: "Channel 1") != nil
      }
      try tmux.press("q")
      let exit = try await tmux.waitForExit(timeout: .seconds(30))
      runs.append(clock.now - start)
      #expect(exit.status == 0)
    }
    print("10,000 channels, start to exit: \(runs)")
    #expect(try #require(runs.min()) < .seconds(1), "\(runs)")
  }
}
