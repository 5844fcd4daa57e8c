import Foundation
import SnapshotTesting
import Testing

/// The plus button's form in a real terminal (issue 13): a story posted
/// with a Chinese title lands at the top of News with its badge; leaving a
/// draft asks first; the open form and its text survive a quit with
/// `--state`.
@Suite("posting from the plus button", .serialized, .timeLimit(.minutes(1)))
final class ComposeEndToEndTests {
  /// A directory for this test's state file, removed afterwards.
  let directory: URL
  /// `state.json` in it, not created.
  let statePath: String

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabbar-compose-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    statePath = directory.appendingPathComponent("state.json").path
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  static let netease = DemoBinary.packageRoot.appendingPathComponent("Examples/netease.json").path

  @Test("+ then a Chinese title and body, 发布: the story tops 新闻, seen, with a toast")
  func postsChinese() async throws {
    let tmux = try TmuxSession(
      arguments: ["--content", Self.netease, "--latency", "0", "--no-animation"])
    defer { tmux.kill() }
    try await tmux.waitFor("the bar") { $0.row(containing: "新闻") != nil }
    try tmux.type("+")
    try await tmux.waitFor(text: "发生了什么？")
    try tmux.type("港口重新开放")
    try tmux.press("Tab")
    try tmux.type("今天上午，港口重新开放。")
    try tmux.press("Enter", "Enter")
    try tmux.type("渡轮下周一恢复运行。")
    try tmux.press("Tab", "Right", "Tab")
    try await tmux.waitFor(text: "‹ 民生 ›")
    try tmux.press("Enter")
    // The story and its toast come in one frame; the toast leaves after 3 s,
    // so the first capture that shows both counts (two settled captures can
    // outlast it on a busy machine). Without the toast, this times out.
    try await tmux.waitFor("the story at the top of 新闻, with its toast", settled: false) {
      $0.text(ofRow: 3).contains("港口重新开放") && $0.text(ofRow: 3).contains("我 · 刚刚")
        && $0.row(containing: "已发布到新闻") != nil
    }
    // The story is on screen, so seen: News's glyph (◆, selected) loses its
    // 新 badge. The list tells it was seen as it is laid out, so the badge
    // goes in the frame after the one that first shows the story: wait for
    // it rather than read it from that first frame.
    try await tmux.waitFor("新闻's 新 badge gone once the story was seen") { screen in
      screen.row(containing: "◆").map { !screen.text(ofRow: $0).contains("◆新") } ?? false
    }
    // The story opens: its title, the dateline with the category, both paragraphs.
    try tmux.press("Enter")
    let story = try await tmux.waitFor(text: "我 · 刚刚 · 民生")
    #expect(story.row(containing: "今天上午，港口重新开放。") != nil)
    #expect(story.row(containing: "渡轮下周一恢复运行。") != nil, "\(story)")
    try tmux.press("C-c")
    #expect(try await tmux.waitForExit().status == 0)
  }

  @Test("Esc on a draft asks; Save draft closes, and + opens it again with its text")
  func discardDialog() async throws {
    let tmux = try TmuxSession(arguments: ["--latency", "0", "--no-animation"])
    defer { tmux.kill() }
    try await tmux.waitFor(text: "Markets rally")
    try tmux.type("+")
    try await tmux.waitFor(text: "What happened?")
    try tmux.type("Half a story")
    try tmux.press("Escape")
    let dialog = try await tmux.waitFor(text: "[ Save draft ]")
    #expect(
      dialog.row(containing: "[ Delete draft ]") != nil
        && dialog.row(containing: "[ Cancel ]") != nil)
    #expect(dialog.row(containing: "Unsent draft") != nil)
    // The focus starts on Save draft: Enter saves and closes.
    try tmux.press("Enter")
    try await tmux.waitFor("the form gone") { $0.row(containing: "Markets rally") != nil }
    try tmux.type("+")
    try await tmux.waitFor(text: "Half a story")
    // Delete draft: the next form is empty.
    try tmux.press("Escape")
    try await tmux.waitFor(text: "[ Delete draft ]")
    try tmux.press("Right", "Enter")
    try await tmux.waitFor("the form gone") { $0.row(containing: "Markets rally") != nil }
    try tmux.type("+")
    let empty = try await tmux.waitFor(text: "What happened?")
    #expect(empty.row(containing: "Half a story") == nil)
    // An empty form closes at once.
    try tmux.press("Escape")
    let closed = try await tmux.waitFor("the form gone") {
      $0.row(containing: "Markets rally") != nil
    }
    #expect(closed.row(containing: "Save draft") == nil)
    try tmux.press("q")
    #expect(try await tmux.waitForExit().status == 0)
  }

  @Test("with --state, Ctrl-C in the open form saves it; the next start shows it with its text")
  func draftSurvivesQuit() async throws {
    do {
      let tmux = try TmuxSession(arguments: ["--state", statePath, "--latency", "0"])
      defer { tmux.kill() }
      try await tmux.waitFor(text: "Markets rally")
      try tmux.type("+")
      try await tmux.waitFor(text: "What happened?")
      // q is typed in a field, not a quit.
      try tmux.type("Quiet quarter")
      try tmux.press("Tab")
      try tmux.type("Nothing moved.")
      try await tmux.waitFor(text: "Nothing moved.")
      try tmux.press("C-c")
      #expect(try await tmux.waitForExit().status == 0)
    }
    let saved = try String(contentsOfFile: statePath, encoding: .utf8)
    #expect(saved.contains("\"compose\"") && saved.contains("Quiet quarter"), "\(saved)")
    let tmux = try TmuxSession(arguments: ["--state", statePath, "--latency", "0"])
    defer { tmux.kill() }
    let form = try await tmux.waitFor(text: "Quiet quarter")
    #expect(form.row(containing: "Nothing moved.") != nil, "\(form)")
    #expect(form.text(ofRow: 0).contains("Compose"), "the form's title: \(form)")
    // Posting it now (the focus starts on the title) puts it on News,
    // which keeps it through the next quit.
    try tmux.press("Tab", "Tab", "Tab", "Enter")
    try await tmux.waitFor("the story on News") { $0.text(ofRow: 3).contains("Quiet quarter") }
    try tmux.press("q")
    #expect(try await tmux.waitForExit().status == 0)
    let run = try await DemoBinary.run(["--headless", "--state", statePath])
    let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count > 3 && lines[3].contains("Quiet quarter"), "\(run.standardOutput)")
  }

  @Test(
    "the form page of each content file, with its errors, text and styles, at 80×24",
    arguments: ["demo", "netease"])
  func formSnapshot(_ name: String) async throws {
    let content = name == "demo" ? [] : ["--content", Self.netease]
    let result = try await DemoBinary.run(
      content + ["--headless", "--styles", "--keys", "+,tab,tab,right,tab,enter"])
    #expect(result.status == 0)
    assertSnapshot(of: result.standardOutput, as: .lines, named: "80x24", testName: name)
  }
}
