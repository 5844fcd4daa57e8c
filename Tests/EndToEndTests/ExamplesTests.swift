import Foundation
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

  @Test("the log viewer follows new lines, filters them, and quits with the terminal restored")
  func logViewerFollowsAndFilters() async throws {
    let tmux = try TmuxSession(
      arguments: ["--lines", "20000"],
      executable: try MinimalExampleTests.path(of: "log-viewer-example"))
    defer { tmux.kill() }
    try await tmux.waitFor(text: "of 20,000 · following", timeout: .seconds(20))
    // Three more lines every half second, the selection on the last.
    try await tmux.waitFor(text: "line 20,003 of 20,003 · following", timeout: .seconds(10))
    try tmux.press("/")
    try tmux.type("ERROR")
    let filtered = try await tmux.waitFor(text: "/ ERROR ")
    #expect(filtered.row(containing: " shown") != nil, "\(filtered)")
    #expect(filtered.row(containing: "INFO ") == nil, "\(filtered)")
    // Esc alone (followed at once by q it would read as Alt-q).
    try tmux.press("Escape")
    try await tmux.waitFor("the filter cleared") { $0.row(containing: "/ ERROR") == nil }
    try tmux.press("q")
    let exit = try await tmux.waitForExit()
    #expect(exit.status == 0)
    #expect(exit.sttySettings.contains("icanon"), "the terminal is restored")
  }

  @Test("the log viewer shows a file's lines and the lines written to it later")
  func logViewerTailsAFile() async throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("log-viewer-\(UUID().uuidString).log")
    let text = "first line of the file\nWARN second line\n"
    try text.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let tmux = try TmuxSession(
      arguments: [file.path], executable: try MinimalExampleTests.path(of: "log-viewer-example"))
    defer { tmux.kill() }
    try await tmux.waitFor(text: "WARN second line")
    let handle = try FileHandle(forWritingTo: file)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("ERROR written later\n".utf8))
    try handle.close()
    try await tmux.waitFor(text: "ERROR written later")
    try await tmux.waitFor(text: "line 3 of 3 · following")
    try tmux.press("q")
    #expect(try await tmux.waitForExit().status == 0)
  }

  @Test("the log viewer refuses a bad line count in one line, with status 2")
  func logViewerBadCount() async throws {
    let tmux = try TmuxSession(
      arguments: ["--lines", "many"],
      executable: try MinimalExampleTests.path(of: "log-viewer-example"))
    defer { tmux.kill() }
    let exit = try await tmux.waitForExit()
    #expect(exit.status == 2)
    #expect(
      exit.lines.contains("log-viewer-example: error: --lines takes one count from 0 to 10000000"))
  }
}
