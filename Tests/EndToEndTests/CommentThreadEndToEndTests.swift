import Foundation
import SnapshotTesting
import Testing

/// 跟贴 as on NetEase in the real binary: `l` likes the chosen comment and
/// `r` replies to it in a real terminal, `--state` keeps both for the next
/// run, and the stacked floors (盖楼) of a thread as drawn, in English at
/// 80 columns and in Chinese at 40.
@Suite("comment likes and replies", .serialized, .timeLimit(.minutes(1)))
struct CommentThreadEndToEndTests {
  @Test("l likes a comment and r replies to it in tmux; the next run has both from --state")
  func likeAndReplyKept() async throws {
    let run = try NeteaseCommentsRun(named: "thread")
    defer { run.end() }
    let (_, comments) = try await run.openComments()
    #expect(comments.row(containing: "l 顶") == 1, "the hint names the like: \(comments)")
    try run.tmux.type("l")
    try await run.tmux.waitFor(text: "· 已顶")
    try await run.post("同意", after: "r")
    let replied = try await run.tmux.waitFor("the reply under its frame") { screen in
      screen.row(containing: "1楼") != nil && screen.row(containing: "同意") != nil
    }
    let floor = try #require(replied.row(containing: "1楼"))
    let reply = try #require(replied.row(containing: "▸ 我 · 刚刚"))
    #expect(reply < floor, "\(replied)")
    #expect(try await run.quit() == 0)

    // The next run opens where this one quit: on the comments.
    let next = try await DemoBinary.run([
      "--content", NeteaseCommentsRun.content, "--headless", "--state", run.statePath,
    ])
    #expect(next.standardOutput.contains("4\u{A0}跟贴"), "\(next.standardOutput)")
    #expect(next.standardOutput.contains("· 已顶"), "the like kept: \(next.standardOutput)")
    #expect(next.standardOutput.contains("1楼"), "the reply's thread: \(next.standardOutput)")
  }

  @Test(
    "a reply to a reply: its two floors framed above it, with the styles",
    arguments: [("demo", "80x24"), ("netease", "40x24")])
  func threadSnapshot(_ name: String, _ size: String) async throws {
    let content = name == "demo" ? [] : ["--content", NeteaseCommentsRun.content]
    let reply = name == "demo" ? "I,n,d,e,e,d" : "同,意"
    let again = name == "demo" ? "S,o,o,n" : "快,了"
    let keys = "down,enter,c,down,r,\(reply),tab,enter,r,\(again),tab,enter,l"
    let result = try await DemoBinary.run(
      content + ["--headless", "--styles", "--size", size, "--keys", keys])
    #expect(result.status == 0, "\(result.standardError)")
    assertSnapshot(of: result.standardOutput, as: .lines, named: size, testName: name)
  }
}
