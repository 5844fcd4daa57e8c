import Foundation
import Testing

/// Comments (跟贴) in a real terminal: a story's count, its comments page,
/// and a comment typed in Chinese that shows at once and is still there in
/// the next run with `--state`.
@Suite("comments", .serialized, .timeLimit(.minutes(1)))
struct CommentsEndToEndTests {
  static let netease = DemoBinary.packageRoot.appendingPathComponent("Examples/netease.json").path

  @Test("c on a story opens its 跟贴; w, a comment typed and 发布: it tops them, kept by --state")
  func writesAComment() async throws {
    let run = try NeteaseCommentsRun(named: "comments")
    defer { run.end() }
    // The second story (under the channel strip), the snow: 3 跟贴 on its row.
    let (list, _) = try await run.openComments()
    #expect(list.text(ofRow: 4).contains("多地迎来入冬以来首场降雪"), "\(list)")
    try await run.post("下雪天注意保暖", after: "w")
    let posted = try await run.tmux.waitFor("the comment on top") { screen in
      screen.row(containing: "4\u{A0}跟贴 · 最新") != nil && screen.row(containing: "下雪天注意保暖") != nil
    }
    let author = try #require(posted.row(containing: "我 · 刚刚"))
    let text = try #require(posted.row(containing: "下雪天注意保暖"))
    #expect(author < text, "\(posted)")
    #expect(try await run.quit() == 0)

    // The next run has it: the story counts 4.
    let next = try await DemoBinary.run([
      "--content", NeteaseCommentsRun.content, "--headless", "--state", run.statePath,
      "--keys", "esc,esc",
    ])
    #expect(next.standardOutput.contains("4\u{A0}跟贴"), "\(next.standardOutput)")
  }
}

/// The demo on `Examples/netease.json` in tmux with a state file of its
/// own, as the comment tests start it: they open the snow story's 跟贴,
/// write in its form, quit, and read the next run from the same file.
/// `end()` kills the session and removes the file (`defer { run.end() }`).
struct NeteaseCommentsRun {
  /// The content file.
  static let content = DemoBinary.packageRoot.appendingPathComponent("Examples/netease.json")
    .path
  /// The state file this run saves to.
  let statePath: String
  /// The session the demo runs in.
  let tmux: TmuxSession

  /// Starts the demo, with no latency and no animation, on a fresh state
  /// file whose name starts with `name`.
  init(named name: String) throws {
    statePath =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("tabbar-\(name)-\(UUID().uuidString).json").path
    tmux = try TmuxSession(
      arguments: [
        "--content", Self.content, "--latency", "0", "--no-animation", "--state", statePath,
      ])
  }

  /// Kills the session and removes the state file.
  func end() {
    tmux.kill()
    try? FileManager.default.removeItem(atPath: statePath)
  }

  /// Opens the second story, the snow, and its 3 跟贴 with `c`: the screen
  /// of the news list (its row counting them) and of the comments.
  func openComments() async throws -> (list: PaneCapture, comments: PaneCapture) {
    try await tmux.waitFor("the bar") { $0.row(containing: "新闻") != nil }
    let list = try await tmux.waitFor(text: "3\u{A0}跟贴")
    try tmux.press("Down", "Enter")
    try await tmux.waitFor(text: "c 跟贴")
    try tmux.type("c")
    return (list, try await tmux.waitFor(text: "3\u{A0}跟贴 · 最新"))
  }

  /// Opens the comment form with `key` (`w` writes, `r` replies), types
  /// `text` and posts it: Tab to 发布, then Enter.
  func post(_ text: String, after key: String) async throws {
    try tmux.type(key)
    try await tmux.waitFor(text: "说说你的看法")
    try tmux.type(text)
    try tmux.press("Tab", "Enter")
  }

  /// Quits with `q`; the demo's exit status.
  func quit() async throws -> Int32 {
    try tmux.type("q")
    return try await tmux.waitForExit().status
  }
}
