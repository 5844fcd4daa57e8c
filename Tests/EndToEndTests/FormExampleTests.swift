import Testing

/// `Examples/Form`, a form at a tab's root, in a real terminal: the field
/// takes digits and `q` as text and its hint names the way out; on the
/// button the tab keys and `q` act as on any page.
@Suite("Examples/Form", .serialized, .timeLimit(.minutes(1)))
struct FormExampleTests {
  @Test("typed digits and q stay in the field; on the button 2 switches tab and q quits")
  func theButtonLetsTheKeysOut() async throws {
    let tmux = try TmuxSession(executable: try MinimalExampleTests.path(of: "form-example"))
    defer { tmux.kill() }
    try await tmux.waitFor(text: "Type here")
    try tmux.type("2q")
    let typing = try await tmux.waitFor(text: "2q")
    #expect(typing.row(containing: "A form at a tab's root") == nil, "2 switched tabs")
    #expect(
      typing.row(containing: "alt-1–9 tabs") != nil && typing.row(containing: "ctrl-c quit") != nil,
      "the hint names no way out of the field:\n\(typing)")

    try tmux.press("Tab")
    try await tmux.waitFor(text: "enter done")
    try tmux.press("2")
    try await tmux.waitFor(text: "A form at a tab's root")
    try tmux.press("1")
    let back = try await tmux.waitFor(text: "enter done")
    #expect(back.row(containing: "2q") != nil, "the form lost its text:\n\(back)")

    try tmux.press("q")
    #expect(try await tmux.waitForExit().status == 0)
  }
}
