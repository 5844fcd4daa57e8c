import Foundation
import Testing

/// The examples in Examples/ that are targets of the package, each run in a
/// real terminal doing the one thing it is there to show.
@Suite("Examples", .serialized, .timeLimit(.minutes(1)))
struct ExamplesTests {
  /// True when the custom container example's bar shows: its cells, Notes
  /// and More, on the last row.
  static func customBarShows(_ screen: PaneCapture) -> Bool {
    screen.text(ofRow: screen.rows.count - 1).holds(inOrder: ["Notes", "More"])
  }

  @Test("the custom container pushes a note, hiding the bar below its root, and pops it on Esc")
  func customContainerPushes() async throws {
    let tmux = try TmuxSession(
      executable: try MinimalExampleTests.path(of: "custom-container-example"))
    defer { tmux.kill() }
    let start = try await tmux.waitFor("the notes and the bar") {
      $0.row(containing: "Groceries") != nil && Self.customBarShows($0)
    }
    #expect(start.text(ofRow: 0).hasPrefix(" Notes"), "\(start)")
    try tmux.press("Enter")
    let note = try await tmux.waitFor(text: "Eggs, rice and green tea.")
    #expect(note.text(ofRow: 0).contains("Notes › Groceries"), "\(note)")
    #expect(!Self.customBarShows(note), "the bar stayed under a pushed page:\n\(note)")
    try tmux.press("Escape")
    try await tmux.waitFor("the root with its bar") {
      $0.row(containing: "Eggs, rice") == nil && Self.customBarShows($0)
    }
    try tmux.press("q")
    #expect(try await tmux.waitForExit().status == 0)
  }

  @Test("behind More, the custom container's pages go on the More stack, and come back")
  func customContainerBehindMore() async throws {
    let tmux = try TmuxSession(
      executable: try MinimalExampleTests.path(of: "custom-container-example"))
    defer { tmux.kill() }
    try await tmux.waitFor(text: "Groceries")
    // Recipes, a container too, is behind More: 2 chooses it from there.
    try tmux.press("2")
    let recipes = try await tmux.waitFor(text: "Pancakes")
    #expect(recipes.text(ofRow: 0).contains("‹ More"), "\(recipes)")
    #expect(Self.customBarShows(recipes), "its root keeps the bar on the More stack")
    try tmux.press("Enter")
    let recipe = try await tmux.waitFor(text: "rest the batter")
    #expect(recipe.text(ofRow: 0).contains("‹ Recipes"), "\(recipe)")
    #expect(!Self.customBarShows(recipe), "the bar stayed under a pushed page:\n\(recipe)")
    try tmux.press("Escape", "Escape")
    let list = try await tmux.waitFor("the More list") {
      $0.text(ofRow: 0).trimmingCharacters(in: .whitespaces) == "More"
    }
    #expect(list.row(containing: "Recipes") != nil && list.row(containing: "Trash") != nil)
    // Notes, in its own cell, still pushes in its container.
    try tmux.press("1", "Enter")
    let note = try await tmux.waitFor(text: "Eggs, rice and green tea.")
    #expect(note.text(ofRow: 0).contains("Notes › Groceries"), "\(note)")
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
    // The status line's count, read as it is: new lines come every half
    // second from the start, so a slow start may never show 20,000 itself.
    func following(_ screen: PaneCapture) -> Int? {
      guard let line = screen.lines.first(where: { $0.contains(" · following") }),
        let of = line.range(of: " of ")
      else { return nil }
      return Int(line[of.upperBound...].prefix { $0.isNumber || $0 == "," }.filter(\.isNumber))
    }
    let first = try await tmux.waitFor("the log's 20,000 lines", timeout: .seconds(20)) {
      (following($0) ?? 0) >= 20_000
    }
    let count = try #require(following(first))
    // Three more lines every half second, the selection on the last: the
    // screen changes every half second, so the status line of any capture
    // counts (two equal captures in a row are rare on a busy machine).
    try await tmux.waitFor("three lines more, the last selected", settled: false) {
      guard let now = following($0), now >= count + 3,
        let line = $0.lines.first(where: { $0.contains(" · following") }),
        let at = line.range(of: "line "), let of = line.range(of: " of ")
      else { return false }
      let selected = line[at.upperBound..<of.lowerBound].filter(\.isNumber)
      return Int(selected) == now
    }
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
