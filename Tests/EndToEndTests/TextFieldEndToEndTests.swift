import Testing

/// A form's field in a real terminal (P2): text typed through tmux, CJK
/// included, edited with the arrow keys and Backspace, read back from the
/// screen.
@Suite("Text fields in a terminal", .serialized, .timeLimit(.minutes(1)))
struct TextFieldEndToEndTests {
  @Test("Hello 世界 typed, Left twice, Backspace: the field reads Hello世界")
  func typeAndEdit() async throws {
    let tmux = try TmuxSession(executable: try MinimalExampleTests.path(of: "form-fixture"))
    defer { tmux.kill() }
    try await tmux.waitFor(text: "Type here")
    try tmux.type("Hello 世界")
    try await tmux.waitFor(text: "Hello 世界")
    try tmux.press("Left", "Left")
    // The cursor is a reverse-video cell: on both columns of 世 now.
    try await tmux.waitFor("the cursor on 世") { screen in
      guard let row = screen.row(containing: "Hello 世界") else { return false }
      return screen.look(of: "世", inRow: row)?.reverse == true
        && screen.look(of: "界", inRow: row)?.reverse == false
    }
    try tmux.press("BSpace")
    let edited = try await tmux.waitFor(text: "Hello世界")
    #expect(edited.row(containing: "Hello 世界") == nil, "the space is gone:\n\(edited)")
    // q is text in a field: typed, not a quit.
    try tmux.type("q")
    try await tmux.waitFor(text: "Helloq世界")
    try tmux.press("C-c")
    #expect(try await tmux.waitForExit().status == 0)
  }
}
