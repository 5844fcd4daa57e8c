import Foundation
import Testing

/// The demo on the terminals people have: the same layout whatever `TERM`
/// says, and a selected tab that stays visible without colours (T3), on
/// `vt100` and with `NO_COLOR`.
///
/// Each `TERM` must have a terminfo entry on the machine; a missing one fails
/// the test with the name of the Debian package to install (all five are in
/// `ncurses-base`, which every Debian system has; `ncurses-term` holds the
/// rarer ones).
@Suite("terminal matrix", .serialized, .timeLimit(.minutes(2)))
struct TerminalMatrixTests {
  /// The terminals of issue 6, the reference first.
  static let terms = ["xterm-256color", "tmux-256color", "screen", "linux", "vt100"]

  /// What a run shows: the start, Reading selected, and a pushed page.
  struct Screens {
    /// The three screens, in that order.
    var captures: [PaneCapture]

    /// Their text, with the Me badge's count masked: it grows every 3 s (I3),
    /// so two runs may catch different counts.
    var layout: [[String]] {
      captures.map { screen in
        screen.lines.enumerated().map { row, line in
          row == screen.rows.count - 2 ? Self.maskingDigits(line) : line
        }
      }
    }

    private static func maskingDigits(_ line: String) -> String {
      String(line.map { $0.isASCII && $0.isNumber ? "#" : $0 })
    }
  }

  /// The reference screens, from `xterm-256color`, taken once for every test.
  static let reference = Task { try await screens(term: "xterm-256color") }

  @Test("the layout text is the same as xterm-256color's with TERM=", arguments: terms)
  func sameLayout(_ term: String) async throws {
    let screens = try await Self.screens(term: term)
    let reference = try await Self.reference.value
    for index in reference.captures.indices {
      let got = screens.captures[index]
      let wanted = reference.captures[index]
      #expect(
        screens.layout[index] == reference.layout[index],
        "screen \(index) with TERM=\(term):\n\(got)\nwith xterm-256color:\n\(wanted)")
    }
  }

  @Test("on vt100 (no colours) the selected tab is marked in reverse video")
  func vt100MarksSelectionInReverse() async throws {
    let screens = try await Self.screens(term: "vt100")
    for (screen, title) in zip(screens.captures.prefix(2), ["News", "Reading"]) {
      Self.expectMonochrome(screen, selected: title)
    }
  }

  @Test("NO_COLOR=1 looks like vt100: no colour, the selected tab in reverse video")
  func noColorLooksLikeVT100() async throws {
    let noColor = try await Self.screens(term: "xterm-256color", environment: ["NO_COLOR": "1"])
    let vt100 = try await Self.screens(term: "vt100")
    let reference = try await Self.reference.value
    #expect(noColor.layout == reference.layout, "NO_COLOR changed the layout")
    for (index, (mine, theirs)) in zip(noColor.captures, vt100.captures).enumerated() {
      if index < 2 { Self.expectMonochrome(mine, selected: ["News", "Reading"][index]) }
      // Cell by cell the same reverse video and bold. Dim is left out: vt100
      // has no `dim` capability, so ncurses draws dim text plain there.
      let looks = { (screen: PaneCapture) in
        screen.rows.map { $0.map { [$0.look.reverse, $0.look.bold] } }
      }
      #expect(looks(mine) == looks(theirs), "screen \(index):\n\(mine)")
    }
  }

  // MARK: Helpers

  /// Checks that no cell has a colour and that `selected` alone is in
  /// reverse video on the bar's title row.
  static func expectMonochrome(
    _ screen: PaneCapture, selected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let coloured = screen.rows.joined().filter {
      $0.look.foreground != nil || $0.look.background != nil
    }
    #expect(
      coloured.isEmpty, "\(coloured.count) cells have a colour: \(coloured.prefix(3))",
      sourceLocation: sourceLocation)
    let titleRow = screen.rows.count - 1
    for title in DemoEndToEndTests.titles {
      let look = screen.look(of: title, inRow: titleRow)
      #expect(
        look?.reverse == (title == selected), "\(title): \(look.map(\.description) ?? "missing")",
        sourceLocation: sourceLocation)
    }
  }

  /// Runs the demo with `TERM=term` in tmux and takes its three screens,
  /// then quits with `q` and checks the exit.
  ///
  /// - Throws: a `TmuxSession.Failure` when the machine has no terminfo
  ///   entry for `term`, or a screen does not come.
  static func screens(term: String, environment: [String: String] = [:]) async throws -> Screens {
    try requireTerminfo(term)
    // No slides: the layouts are compared, not the frames between them.
    let tmux = try TmuxSession(arguments: ["--no-animation"], term: term, environment: environment)
    defer { tmux.kill() }
    var captures: [PaneCapture] = []
    captures.append(
      try await tmux.waitFor("the bar with TERM=\(term)") {
        DemoEndToEndTests.isRoot($0) && DemoEndToEndTests.markedTitle($0) == "News"
      })
    try tmux.press("2")
    captures.append(
      try await tmux.waitFor("Reading with TERM=\(term)") {
        DemoEndToEndTests.navigationTitle($0) == "Reading"
          && DemoEndToEndTests.markedTitle($0) == "Reading" && DemoEndToEndTests.barIsShown($0)
      })
    // The first book, under Continue reading.
    try tmux.press("Down", "Enter")
    captures.append(
      try await tmux.waitFor("the pushed page with TERM=\(term)") {
        DemoEndToEndTests.isPushedPage($0)
      })
    try tmux.press("q")
    let exit = try await tmux.waitForExit()
    #expect(exit.status == 0, "TERM=\(term): status \(exit.status)")
    DemoEndToEndTests.expectRestored(exit)
    return Screens(captures: captures)
  }

  /// Fails with the package to install when terminfo has no entry for `term`.
  static func requireTerminfo(_ term: String) throws {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let infocmp = (path.split(separator: ":").map(String.init) + ["/usr/bin"])
      .map { "\($0)/infocmp" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let infocmp else {
      throw TmuxSession.Failure(
        description: "infocmp not found on PATH (\(path)); install ncurses-bin")
    }
    let result = try Subprocess.run(
      infocmp, [term], environment: ProcessInfo.processInfo.environment)
    guard result.status == 0 else {
      throw TmuxSession.Failure(
        description: """
          TERM=\(term): this machine's terminfo has no entry for it (`infocmp \(term)`: \
          \(result.standardError.trimmingCharacters(in: .whitespacesAndNewlines))). \
          Install it: `apt-get install ncurses-base` (xterm-256color, tmux-256color, screen, \
          linux, vt100) or `apt-get install ncurses-term` (most other terminals).
          """)
    }
  }
}
