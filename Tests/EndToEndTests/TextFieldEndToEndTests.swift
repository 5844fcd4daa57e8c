import Testing

/// A form's field in a real terminal (P2): text typed through tmux, CJK
/// included, edited with the arrow keys and Backspace, read back from the
/// screen.
@Suite("Text fields in a terminal", .serialized, .timeLimit(.minutes(1)))
struct TextFieldEndToEndTests {
  @Test("Hello 世界 typed, Left twice, Backspace: the field reads Hello世界")
  func typeAndEdit() async throws {
    let tmux = try TmuxSession(executable: try MinimalExampleTests.path(of: "form-example"))
    defer { tmux.kill() }
    try await tmux.waitFor(text: "Type here")
    try tmux.type("Hello 世界")
    let typed = try await tmux.waitFor(text: "Hello 世界")
    let row = try #require(typed.row(containing: "Hello 世界"))
    let before = try #require(typed.column(of: "世", inRow: row))
    try tmux.press("Left", "Left")
    // The terminal's cursor stands before 世 now: Left steps over a whole wide character.
    _ = try await TerminalFidelityEndToEndTests.waitForCursor("the cursor before 世", in: tmux) {
      $0 == .init(x: before, y: row, isVisible: true)
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
