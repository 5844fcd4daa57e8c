import Foundation
import SnapshotTesting
import Testing

/// The Me page's settings in the real demo (issue 13): Night mode changes
/// the colours a terminal shows, live and back; the settings survive a quit
/// with `--state`; a flag on the command line wins over a saved setting;
/// the Me page shows its values.
@Suite("settings end to end", .serialized, .timeLimit(.minutes(2)))
final class SettingsEndToEndTests {
  /// A directory for this test's state file, removed afterwards.
  let directory: URL
  /// `state.json` in it, not created.
  let statePath: String

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabbar-settings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    statePath = directory.appendingPathComponent("state.json").path
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  /// The screen rows of the Me page's list at 80×24.
  static let listRows = 2..<21

  /// The screen row of the Me page's row `title`, with nothing scrolled.
  static func row(_ title: String, in screen: PaneCapture) -> String? {
    screen.row(containing: " \(title) ").map { screen.text(ofRow: $0) }
  }

  /// True when the row `title` shows `value` at its right.
  static func shows(_ title: String, _ value: String, in screen: PaneCapture) -> Bool {
    guard let text = row(title, in: screen) else { return false }
    return text.trimmingCharacters(in: CharacterSet(charactersIn: " ┃│")).hasSuffix(" \(value)")
  }

  /// Opens the Me tab and moves to its row 7, Night mode.
  static func openNightMode(_ tmux: TmuxSession) async throws -> PaneCapture {
    try await tmux.waitFor("the bar") { DemoEndToEndTests.barIsShown($0) }
    try tmux.press("5")
    try await tmux.waitFor("the Me page") {
      DemoEndToEndTests.navigationTitle($0) == "Me" && row("Night mode", in: $0) != nil
    }
    try tmux.press("Down", "Down", "Down", "Down", "Down", "Down")
    return try await tmux.waitFor("Night mode selected") {
      DemoEndToEndTests.selectedRow(of: $0, in: listRows)?.hasPrefix("Night mode") == true
    }
  }

  @Test("Night mode steps Auto, Off, On: the colours on screen switch to the dark theme and back")
  func nightModeChangesStyles() async throws {
    let tmux = try TmuxSession(arguments: ["--no-animation", "--latency", "0"])
    defer { tmux.kill() }
    // tmux does not answer the background query: Auto draws the day theme.
    let day = try await Self.openNightMode(tmux)
    let bar = day.rows.count - 1
    #expect(Self.shows("Night mode", "Auto", in: day), "\(day)")
    let dayLook = try #require(day.look(of: "Me", inRow: bar), "\(day)")
    try tmux.press("Enter")
    let off = try await tmux.waitFor("Night mode off") { Self.shows("Night mode", "Off", in: $0) }
    #expect(off.look(of: "Me", inRow: bar) == dayLook, "\(off)")

    try tmux.press("Enter")
    let night = try await tmux.waitFor("Night mode on") { Self.shows("Night mode", "On", in: $0) }
    // The dark theme's selected tab, #FFFFFF on #D70000 in 256 colours.
    let nightLook = night.look(of: "Me", inRow: bar)
    #expect(nightLook != dayLook, "\(night)")
    #expect(nightLook?.background == "48;5;160", "\(nightLook.map(\.description) ?? "none")")
    #expect(nightLook?.foreground == "38;5;231")

    try tmux.press("Enter")
    let back = try await tmux.waitFor("Night mode auto") {
      Self.shows("Night mode", "Auto", in: $0)
    }
    #expect(back.look(of: "Me", inRow: bar) == dayLook, "\(back)")
    try tmux.press("q")
    let exit = try await tmux.waitForExit()
    #expect(exit.status == 0)
    DemoEndToEndTests.expectRestored(exit)
  }

  @Test("Night mode and the bar style survive a quit with --state")
  func settingsSurviveAQuit() async throws {
    let arguments = ["--state", statePath, "--no-animation", "--latency", "0"]
    do {
      let tmux = try TmuxSession(arguments: arguments)
      defer { tmux.kill() }
      _ = try await Self.openNightMode(tmux)
      try tmux.press("Enter", "Enter")  // Auto, Off, On
      try await tmux.waitFor("Night mode on") { Self.shows("Night mode", "On", in: $0) }
      try tmux.press("Down", "Enter")
      try await tmux.waitFor("a compact bar") { Self.shows("Bar style", "Compact", in: $0) }
      try tmux.press("q")
      let exit = try await tmux.waitForExit()
      #expect(exit.status == 0)
      #expect(DemoEndToEndTests.linesBeforeExit(exit) == [], "messages: \(exit.lines)")
    }
    let saved = try String(contentsOfFile: statePath, encoding: .utf8)
    #expect(saved.contains("\"settings\""), "\(saved)")

    let tmux = try TmuxSession(arguments: arguments)
    defer { tmux.kill() }
    let restored = try await tmux.waitFor("the Me page with its settings") {
      Self.shows("Night mode", "On", in: $0) && Self.shows("Bar style", "Compact", in: $0)
    }
    let bar = restored.rows.count - 1
    // Compact: glyph and title on one row, the bar's last; the dark theme's colours.
    #expect(restored.text(ofRow: bar).contains("♥"), "\(restored)")
    #expect(restored.look(of: "Me", inRow: bar)?.background == "48;5;160", "\(restored)")
    try tmux.press("q")
    _ = try await tmux.waitForExit()
  }

  @Test("--theme and --bar-style given on the command line win over saved settings")
  func flagsWin() async throws {
    let nightAndIcon = "5,down,down,down,down,down,down,enter,enter,down,enter,enter"
    let first = try await DemoBinary.run(
      ["--headless", "--state", statePath, "--keys", nightAndIcon])
    #expect(first.status == 0, "\(first.standardError)")
    #expect(
      first.standardOutput.contains(
        "Bar style                                                                Icon"))

    let restored = try await DemoBinary.run(["--headless", "--state", statePath])
    #expect(
      restored.standardOutput.contains(
        "Night mode                                                                 On"))

    let flags = try await DemoBinary.run(
      ["--headless", "--state", statePath, "--theme", "standard", "--bar-style", "regular"])
    let lines = flags.standardOutput.split(separator: "\n").map(String.init)
    // The value ends the row (Me fits the screen: no scroll bar after it).
    func shows(_ title: String, _ value: String) -> Bool {
      lines.contains {
        $0.hasPrefix(" \(title)")
          && $0.trimmingCharacters(in: CharacterSet(charactersIn: " ┃│")).hasSuffix(" \(value)")
      }
    }
    #expect(shows("Night mode", "Off"), "\(lines)")
    #expect(shows("Bar style", "Regular"), "\(lines)")
    // The regular bar: the titles on the last row, the glyphs above them.
    #expect(lines.last?.contains("Me") == true && !(lines.last?.contains("♥") ?? true))
  }

  @Test(
    "the Me page shows each setting's value, in the file's words",
    arguments: [("demo", nil), ("netease", "Examples/netease.json")] as [(String, String?)])
  func mePage(_ name: String, _ file: String?) async throws {
    let content =
      file.map {
        ["--content", DemoBinary.packageRoot.appendingPathComponent($0).path]
      } ?? []
    let result = try await DemoBinary.run(content + ["--headless", "--styles", "--keys", "5"])
    #expect(result.status == 0, "\(result.standardError)")
    assertSnapshot(
      of: result.standardOutput, as: .lines, named: "80x24", testName: "me-\(name)")
  }
}
