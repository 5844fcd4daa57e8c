import Foundation
import Testing

/// `--theme` on real terminals (P5): the colours the pane shows are the
/// theme's, brought down to what `TERM` and `COLORTERM` say the terminal
/// has; without colours the selection is still reverse video.
@Suite("themes end to end", .serialized, .timeLimit(.minutes(2)))
struct ThemeEndToEndTests {
  /// The dark theme's selected tab, #FFFFFF on #D70000, as each terminal
  /// shows it: the background's SGR parameters.
  @Test(
    "--theme dark shows 256 colours on xterm-256color, RGB with COLORTERM=truecolor, ANSI on xterm",
    arguments: [
      ("xterm-256color", "", "48;5;160", "38;5;231"),
      ("xterm-256color", "truecolor", "48;2;215;0;0", "38;2;255;255;255"),
      ("tmux-256color", "24bit", "48;2;215;0;0", "38;2;255;255;255"),
      ("xterm", "", "41", "37"),
    ])
  func darkThemeColours(
    _ term: String, _ colorTerm: String, _ background: String, _ foreground: String
  ) async throws {
    try TerminalMatrixTests.requireTerminfo(term)
    if !colorTerm.isEmpty {
      // Truecolor is drawn through the entry's direct-colour sibling.
      try Self.requireTerminfo(term.hasPrefix("tmux") ? "tmux-direct" : "xterm-direct")
    }
    let tmux = try TmuxSession(
      arguments: ["--no-animation", "--theme", "dark"], term: term,
      environment: ["COLORTERM": colorTerm])
    defer { tmux.kill() }
    let screen = try await tmux.waitFor("the dark bar with TERM=\(term) COLORTERM=\(colorTerm)") {
      DemoEndToEndTests.isRoot($0) && DemoEndToEndTests.markedTitle($0) == "News"
    }
    let look = screen.look(of: "News", inRow: screen.rows.count - 1)
    #expect(look?.background == background, "\(look.map(\.description) ?? "none")\n\(screen)")
    #expect(look?.foreground == foreground, "\(look.map(\.description) ?? "none")")
    #expect(look?.bold == true)
    // The selected row has the theme's blue, in the same kind of colour.
    let row = DemoEndToEndTests.selectedRow(of: screen, in: 2..<12)
    #expect(row != nil, "no selected row:\n\(screen)")
    try tmux.press("q")
    let exit = try await tmux.waitForExit()
    #expect(exit.status == 0)
    DemoEndToEndTests.expectRestored(exit)
  }

  @Test("--theme light with NO_COLOR is monochrome: no colour, the selected tab reversed")
  func lightThemeWithoutColours() async throws {
    let tmux = try TmuxSession(
      arguments: ["--no-animation", "--theme", "light"], environment: ["NO_COLOR": "1"])
    defer { tmux.kill() }
    let screen = try await tmux.waitFor("the bar without colours") {
      DemoEndToEndTests.isRoot($0) && DemoEndToEndTests.markedTitle($0) == "News"
    }
    TerminalMatrixTests.expectMonochrome(screen, selected: "News")
    try tmux.press("q")
    _ = try await tmux.waitForExit()
  }

  @Test("--theme takes standard, dark or light; anything else is a usage error")
  func themeValues() async throws {
    for theme in ["standard", "dark", "light"] {
      let run = try await DemoBinary.run(["--headless", "--theme", theme, "--keys", "2"])
      #expect(run.status == 0 && run.standardError.isEmpty, "\(theme): \(run.standardError)")
      #expect(run.standardOutput.contains("Reading"))
    }
    for theme in ["solarized", "", "Dark", CommandLineTests.retitle] {
      let run = try await DemoBinary.run(["--headless", "--theme", theme])
      let line = CommandLineTests.expectUsageError(run, "--theme \(theme.debugDescription)")
      #expect(line.contains("'standard', 'dark' or 'light'"), "\(line)")
    }
  }

  /// Fails with the package to install when terminfo has no entry `name`.
  static func requireTerminfo(_ name: String) throws {
    do {
      try TerminalMatrixTests.requireTerminfo(name)
    } catch {
      throw TmuxSession.Failure(
        description: "\(name) is needed to draw truecolor: `apt-get install ncurses-term` "
          + "(make test-deps installs it). \(error)")
    }
  }
}
