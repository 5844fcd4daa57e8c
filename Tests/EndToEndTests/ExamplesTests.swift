import Testing

/// The examples in Examples/ that are targets of the package, each run in a
/// real terminal doing the one thing it is there to show.
@Suite("Examples", .serialized, .timeLimit(.minutes(1)))
struct ExamplesTests {
  @Test("the custom container shows the list and, beside it, the note chosen on the left")
  func customContainerShowsTheChosenNote() async throws {
    let tmux = try TmuxSession(
      executable: try MinimalExampleTests.path(of: "custom-container-example"))
    defer { tmux.kill() }
    let start = try await tmux.waitFor(text: "Choose a note.")
    let row = try #require(start.row(containing: "Groceries"))
    #expect(start.text(ofRow: row).contains("│"), "no divider between the panes:\n\(start)")
    // Down moves the list's selection (the keys go to the left pane); Enter chooses.
    try tmux.press("Down", "Enter")
    let chosen = try await tmux.waitFor(text: "Sunday, after lunch.")
    let noteRow = try #require(chosen.row(containing: "Sunday, after lunch."))
    let line = chosen.text(ofRow: noteRow)
    let divider = try #require(line.firstIndex(of: "│"))
    let note = try #require(line.range(of: "Sunday"))
    #expect(divider < note.lowerBound, "the note is not in the right pane: \(line)")
    try tmux.press("q")
    #expect(try await tmux.waitForExit().status == 0)
  }

  @Test("the loading list shows Loading…, then the error and Retry, then the rows")
  func loadingListRetries() async throws {
    let tmux = try TmuxSession(
      executable: try MinimalExampleTests.path(of: "background-work-example"))
    defer { tmux.kill() }
    try await tmux.waitFor(text: "Loaded 3 stories in a task")
    try tmux.press("2")
    try await tmux.waitFor(text: "the server is busy")
    try tmux.press("Enter")
    let loaded = try await tmux.waitFor(text: "Bridge reopens")
    #expect(loaded.row(containing: "the server is busy") == nil, "\(loaded)")
    #expect(loaded.row(containing: "Tides rise early") != nil)
    try tmux.press("q")
    #expect(try await tmux.waitForExit().status == 0)
  }
}
