import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `o` with `BROWSER` set runs the browser in the foreground with the
/// terminal (`Application.runInForeground`), in the real binary in tmux: a
/// text browser's screen shows, it reads the keys, and the app's frame
/// comes back when it ends.
@Suite("a browser in the foreground end to end", .serialized, .timeLimit(.minutes(2)))
struct ForegroundBrowserEndToEndTests {
  typealias Folder = FeedsEndToEndTests.Folder

  static let feed = DemoBinary.packageRoot
    .appendingPathComponent("Tests/NewsFeedsTests/Fixtures/a.rss").path

  /// A browser that talks on the terminal: it prints the link, asks for a
  /// key, records the link and the answer in `record`, and exits.
  static func browserScript(in folder: Folder, record: String) throws -> String {
    let script = folder.path + "/browser.sh"
    let text = """
      #!/bin/sh
      printf 'TEXT BROWSER on %s\\n' "$1"
      printf 'Answer and press Enter: '
      read answer
      printf '%s %s\\n' "$1" "$answer" >> '\(record)'
      """
    try text.write(toFile: script, atomically: true, encoding: .utf8)
    chmod(script, 0o755)
    return script
  }

  /// The demo on the feed's first story, with `BROWSER` set to `script`.
  static func storyPage(browser script: String, folder: Folder) async throws -> (
    TmuxSession, PaneCapture
  ) {
    var environment = folder.environment
    // Read by sh rather than executed: a script written a moment ago can
    // fail to exec with "Text file busy" while a process forked meanwhile by
    // a test beside this one still holds its writing descriptor.
    environment["BROWSER"] = "/bin/sh \(script)"
    let tmux = try TmuxSession(
      arguments: ["--no-animation", "--feed", feed], environment: environment)
    try await tmux.waitFor(text: "New rail line opens to the coast")
    try tmux.press("Enter")
    let story = try await tmux.waitFor(text: "Link: https://gazette.example/rail")
    return (tmux, story)
  }

  @Test("the browser's text shows on the normal screen, reads a key, and the app's frame returns")
  func browserTakesTheTerminal() async throws {
    let folder = try Folder()
    let record = folder.path + "/opened"
    let script = try Self.browserScript(in: folder, record: record)
    let (tmux, story) = try await Self.storyPage(browser: script, folder: folder)
    defer { tmux.kill() }
    try tmux.press("o")
    let away = try await tmux.waitFor(text: "Answer and press Enter:")
    #expect(away.row(containing: "TEXT BROWSER on https://gazette.example/rail") != nil)
    #expect(away.row(containing: "Link: https://gazette.example/rail") == nil, "\(away)")
    #expect(
      try tmux.tmux(["display-message", "-p", "-t", tmux.sessionName, "#{alternate_on}"])
        .trimmingCharacters(in: .whitespacesAndNewlines) == "0",
      "the browser runs on the main screen")
    try tmux.type("yes")
    try tmux.press("Enter")
    // The toast lasts 3 s: the first capture that shows it counts. Then the
    // settled frame: every row as before, but the toast's box (its text and
    // two borders) while it shows.
    try await tmux.waitFor("the toast", settled: false) { $0.row(containing: "Opened with") != nil }
    let back = try await tmux.waitFor("the app's frame back") {
      $0.row(containing: "Link: https://gazette.example/rail") != nil
    }
    #expect(
      try String(contentsOfFile: record, encoding: .utf8) == "https://gazette.example/rail yes\n")
    #expect(back.row(containing: "TEXT BROWSER") == nil, "the app's screen is back: \(back)")
    let toast = back.row(containing: "Opened with").map { $0 - 1...$0 + 1 }
    for (row, line) in story.lines.enumerated() where toast?.contains(row) != true {
      #expect(back.lines[row] == line, "row \(row) is drawn as before the browser")
    }
    // Keys reach the app again.
    try tmux.press("Escape")
    try await tmux.waitFor(text: "Harbour Gazette & Tides")
  }

  @Test("Ctrl-C in the browser ends the browser, not the app, and a resize meanwhile is drawn")
  func interruptAndResizeWhileAway() async throws {
    let folder = try Folder()
    let record = folder.path + "/opened"
    let script = try Self.browserScript(in: folder, record: record)
    let (tmux, _) = try await Self.storyPage(browser: script, folder: folder)
    defer { tmux.kill() }
    try tmux.press("o")
    try await tmux.waitFor(text: "Answer and press Enter:")
    try tmux.resize(width: 100, height: 30)
    try tmux.press("C-c")
    let back = try await tmux.waitFor("the app's frame at 100×30") { screen in
      screen.row(containing: "Link: https://gazette.example/rail") != nil
        && screen.row(containing: "signal 2") != nil && screen.rows.count == 30
    }
    #expect(!FileManager.default.fileExists(atPath: record), "the browser did not finish")
    // The navigation bar's rule spans the new width.
    let rule = back.lines[1].trimmingCharacters(in: .whitespaces)
    #expect(rule.count == 100 && rule.hasSuffix("──"), "drawn at 100 columns: \(back)")
    try tmux.press("Escape")
    try await tmux.waitFor(text: "Harbour Gazette & Tides")
  }
}
