import Testing

/// Language on Me switches the whole interface live, in a real terminal.
@Suite("language end to end", .serialized, .timeLimit(.minutes(1)))
struct LanguageEndToEndTests {
  @Test("Language → 中文 turns the bar, the hint and the help Chinese at once")
  func chineseAtOnce() async throws {
    let tmux = try TmuxSession(arguments: ["--no-animation"])
    defer { tmux.kill() }
    try await tmux.waitFor(text: "Markets rally")
    // Me, then Language: six rows above Sign out, the last.
    try tmux.press("5", "End", "Up", "Up", "Up", "Up", "Up", "Up")
    try await tmux.waitFor(text: "English")
    try tmux.press("Enter")
    let chinese = try await tmux.waitFor("the Chinese bar") {
      $0.text(ofRow: $0.rows.count - 1).contains("新闻")
    }
    let last = chinese.text(ofRow: chinese.rows.count - 1)
    #expect(last.contains("我的") && !last.contains("News"), "\(chinese)")
    #expect(chinese.row(containing: "enter 更改") != nil, "the hint:\n\(chinese)")
    try tmux.press("?")
    let help = try await tmux.waitFor(text: "按键")
    #expect(help.row(containing: "下一个标签") != nil, "\(help)")
    // q quits from the help too.
    try tmux.press("q")
    #expect(try await tmux.waitForExit().status == 0)
  }
}
