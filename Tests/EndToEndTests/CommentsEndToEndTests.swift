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
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabbar-comments-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let tmux = try TmuxSession(
      arguments: [
        "--content", Self.netease, "--latency", "0", "--no-animation", "--state", path,
      ])
    defer { tmux.kill() }
    try await tmux.waitFor("the bar") { $0.row(containing: "新闻") != nil }
    // The second story (under the channel strip), the snow: 3 跟贴 on its row.
    let list = try await tmux.waitFor(text: "3 跟贴")
    #expect(list.text(ofRow: 4).contains("多地迎来入冬以来首场降雪"), "\(list)")
    try tmux.press("Down", "Enter")
    try await tmux.waitFor(text: "c 跟贴")
    try tmux.type("c")
    try await tmux.waitFor(text: "3 跟贴 · 最新")
    try tmux.type("w")
    try await tmux.waitFor(text: "说说你的看法")
    try tmux.type("下雪天注意保暖")
    try tmux.press("Tab", "Enter")
    let posted = try await tmux.waitFor("the comment on top") { screen in
      screen.row(containing: "4 跟贴 · 最新") != nil && screen.row(containing: "下雪天注意保暖") != nil
    }
    let author = try #require(posted.row(containing: "我 · 刚刚"))
    let text = try #require(posted.row(containing: "下雪天注意保暖"))
    #expect(author < text, "\(posted)")
    try tmux.type("q")
    #expect(try await tmux.waitForExit().status == 0)

    // The next run has it: the story counts 4.
    let next = try await DemoBinary.run([
      "--content", Self.netease, "--headless", "--state", path, "--keys", "esc,esc",
    ])
    #expect(next.standardOutput.contains("4 跟贴"), "\(next.standardOutput)")
  }
}
