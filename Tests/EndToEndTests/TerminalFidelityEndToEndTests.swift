import Foundation
import Testing

/// What a terminal shows besides the cells: the real cursor at the
/// insertion point, and the modes Ctrl-L puts back after another program
/// wrote over them. Read from tmux's own view of the pane.
@Suite("terminal fidelity", .serialized, .timeLimit(.minutes(1)))
struct TerminalFidelityEndToEndTests {
  /// The pane's cursor: column, row, and whether it is shown.
  struct Cursor: Equatable, CustomStringConvertible {
    var x: Int
    var y: Int
    var isVisible: Bool

    var description: String { "(\(x), \(y)) \(isVisible ? "shown" : "hidden")" }
  }

  static func cursor(of tmux: TmuxSession) throws -> Cursor {
    let fields = try tmux.tmux(
      ["display-message", "-p", "-t", tmux.sessionName, "#{cursor_x},#{cursor_y},#{cursor_flag}"]
    )
    .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
    guard fields.count == 3 else {
      throw TmuxSession.Failure(description: "no cursor in \(fields)")
    }
    return Cursor(x: fields[0], y: fields[1], isVisible: fields[2] == 1)
  }

  /// Waits until the pane's cursor is `expected`.
  static func waitForCursor(
    _ what: String, in tmux: TmuxSession, timeout: Duration = .seconds(3),
    _ expected: (Cursor) -> Bool
  ) async throws -> Cursor {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while true {
      let cursor = try Self.cursor(of: tmux)
      if expected(cursor) { return cursor }
      if clock.now >= deadline {
        throw TmuxSession.Failure(description: "timed out waiting for \(what); cursor \(cursor)")
      }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  @Test("the cursor shows right after the text typed into the compose title, moves with Tab")
  func cursorAtInsertionPoint() async throws {
    let tmux = try TmuxSession(arguments: ["--latency", "0", "--no-animation"])
    defer { tmux.kill() }
    try await tmux.waitFor("the list") { DemoEndToEndTests.isRoot($0) }
    #expect(try Self.cursor(of: tmux).isVisible == false, "hidden on a list")
    try tmux.press("+")
    try await tmux.waitFor(text: "Title")
    try tmux.type("Hi 世界")
    let form = try await tmux.waitFor(text: "Hi 世界")
    let row = try #require(form.row(containing: "Hi "))
    let start = try #require(form.column(of: "Hi ", inRow: row))
    // `Hi ` is three columns, 世界 four.
    let title = Cursor(x: start + 7, y: row, isVisible: true)
    let shown = try await Self.waitForCursor("the cursor after 世界", in: tmux) { $0 == title }
    #expect(shown == title)
    try tmux.press("Tab")
    let body = try await Self.waitForCursor("the cursor in the body", in: tmux) {
      $0.isVisible && $0.y > title.y
    }
    #expect(body.x < title.x, "at the start of the empty body")
    try tmux.press("BTab")
    #expect(
      try await Self.waitForCursor("the cursor back on the title", in: tmux) { $0 == title }
        == title)
  }

  @Test("Ctrl-L after another program's colours, cursor and mouse mode puts the app's back")
  func controlLRestoresModes() async throws {
    // Without colours the app draws no blue itself: any 44m left is the other program's.
    // Without the badge timer no alert changes Me's badge between the two frames compared.
    let content = try HardeningTests.contentWithoutTimer()
    let tmux = try TmuxSession(
      arguments: ["--content", content, "--latency", "0", "--no-animation", "--no-color"])
    defer {
      tmux.kill()
      unlink(content)
    }
    let clean = try await tmux.waitFor("the list") { DemoEndToEndTests.isRoot($0) }
    let mouseOn = try tmux.tmux([
      "display-message", "-p", "-t", tmux.sessionName, "#{mouse_any_flag}",
    ])
    try TerminalControlTests.writeToPane(
      "GARBAGE\n\u{1B}[44m\u{1B}[2J\u{1B}[?25h\u{1B}[?1000l", in: tmux)
    _ = try await Self.waitForCursor("the other program's cursor", in: tmux) { $0.isVisible }
    try tmux.press("C-l")
    let repainted = try await tmux.waitFor("the clean screen") { $0.rows == clean.rows }
    let styled = try tmux.tmux(["capture-pane", "-p", "-e", "-t", tmux.sessionName])
    #expect(!styled.contains("44m"), "a blue cell is left: \(repainted)")
    #expect(repainted.row(containing: "GARBAGE") == nil)
    #expect(try Self.cursor(of: tmux).isVisible == false, "the cursor hidden again on a list")
    let mouse = try tmux.tmux([
      "display-message", "-p", "-t", tmux.sessionName, "#{mouse_any_flag}",
    ])
    #expect(mouseOn.hasPrefix("1") && mouse == mouseOn, "mouse reporting back on")
    try tmux.press("q")
    #expect(try await tmux.waitForExit().status == 0)
  }

  @Test("with --theme dark every cell of a story has a background colour of the theme's")
  func darkThemePaintsEveryCell() async throws {
    let tmux = try TmuxSession(
      arguments: ["--latency", "0", "--no-animation", "--theme", "dark"], term: "tmux-256color")
    defer { tmux.kill() }
    try await tmux.waitFor("the list") { DemoEndToEndTests.isRoot($0) }
    try tmux.press("Enter")
    try await tmux.waitFor("the story") { DemoEndToEndTests.isPushedPage($0) }
    // -N keeps the blank cells at the end of each row.
    let styled = try tmux.tmux(["capture-pane", "-p", "-e", "-N", "-t", tmux.sessionName])
    let story = PaneCapture(styledText: styled)
    #expect(story.rows.count == 24)
    for (y, row) in story.rows.prefix(24).enumerated() {
      #expect(row.count == 80, "row \(y) has \(row.count) cells")
      let bare = row.indices.filter { row[$0].look.background == nil }
      #expect(bare.isEmpty, "row \(y): no background at columns \(bare)")
    }
  }
}
