import Foundation
import Testing

/// `tabbar-demo --open TAB/ROW/ROW…`: a deep link starts the demo on a tab
/// with pages already pushed (T2: the first item is selected at start unless a
/// deep link says otherwise); a link that cannot be followed is an error that
/// names its first bad step, exit status 2, before the terminal is touched.
@Suite("deep links (--open)", .serialized, .timeLimit(.minutes(1)))
struct DeepLinkTests {
  // MARK: Good links

  @Test("--open 2/6/1 starts on tab 2 with rows 6 then 1 pushed, as the keys would")
  func openPushesRows() async throws {
    let linked = try await DemoBinary.run(["--headless", "--styles", "--open", "2/6/1"])
    #expect(linked.status == 0, "stderr: \(linked.standardError)")
    #expect(linked.standardError.isEmpty, "stderr: \(linked.standardError)")
    // The same place reached by hand: tab 2, five rows down (under Continue reading), Enter, Enter.
    let typed = try await DemoBinary.run([
      "--headless", "--styles", "--keys", "2,down,down,down,down,down,enter,enter",
    ])
    #expect(linked.standardOutput == typed.standardOutput)

    // Row 6 of Reading is "Rivers of the North"; its row 1 opens its first chapter.
    let lines = Self.lines(linked.standardOutput)
    #expect(lines[0].hasPrefix(" ‹ Rivers of the North"), "nav bar: \(lines[0])")
    #expect(lines[0].hasSuffix("1. The Source"), "nav bar: \(lines[0])")
    // Back twice lands on Reading's root, its sixth row selected.
    let back = try await DemoBinary.run([
      "--headless", "--open", "2/6/1", "--keys", "esc,esc",
    ])
    let root = Self.lines(back.standardOutput)
    #expect(root[0].trimmingCharacters(in: .whitespaces) == "Reading")
    #expect(DemoEndToEndTests.titlesInOrder(root.last ?? ""), "no bar:\n\(back.standardOutput)")
  }

  @Test("a step into an accordion opens that section")
  func openAccordionSection() async throws {
    let linked = try await DemoBinary.run(["--headless", "--styles", "--open", "4/2"])
    let typed = try await DemoBinary.run(["--headless", "--styles", "--keys", "4,down,enter"])
    #expect(linked.status == 0, "stderr: \(linked.standardError)")
    #expect(linked.standardOutput == typed.standardOutput)
    #expect(Self.lines(linked.standardOutput).contains(" ▾ Sport (4)"))
  }

  @Test("a step after an accordion section opens that section's row, pushing its page")
  func openAccordionRow() async throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabbar-open-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(
      #"""
      {"tabs": [{"title": "Topics", "page": "topics"}],
       "pages": {
         "topics": {"sections": [{"title": "One", "rows": ["a", "b"]},
                                 {"title": "Two", "rows": ["c", "d", "e"]}], "rowPage": "detail"},
         "detail": {"rows": ["x", "y"], "rowPage": "detail"}}}
      """#.utf8
    ).write(to: file)
    let content = ["--headless", "--content", file.path]
    let linked = try await DemoBinary.run(content + ["--open", "1/2/3/2"])
    #expect(linked.status == 0, "\(linked.standardError)")
    // Section 2, its row 3 ("e") pushed, then that page's row 2 ("y").
    let top = Self.lines(linked.standardOutput).first ?? ""
    #expect(top.hasPrefix(" ‹ e") && top.hasSuffix("y"), "nav bar: \(top)")
    // Back twice: the accordion, section Two open.
    let back = try await DemoBinary.run(content + ["--open", "1/2/3/2", "--keys", "esc,esc"])
    #expect(Self.lines(back.standardOutput).contains { $0.hasPrefix(" ▾ Two") })

    let bad = try await DemoBinary.run(content + ["--open", "1/2/4"])
    #expect(bad.status == 2)
    #expect(
      bad.standardError
        == "tabbar-demo: error: --open 1/2/4: step 3: “Two” has no row 4 (it has 3)\n")
  }

  @Test("in a terminal, --open 2/6/1 shows the linked page at once, as --headless does")
  func openInTerminal() async throws {
    let headless = try await DemoBinary.run(["--headless", "--open", "2/6/1"])
    let expected = Self.lines(headless.standardOutput).map(Self.trimmingTrailingBlanks)

    let tmux = try TmuxSession(arguments: ["--open", "2/6/1"])
    defer { tmux.kill() }
    // Polled until whole: a capture can land while the first frame is written.
    let screen = try await tmux.waitFor("the linked page, as --headless draws it") {
      $0.text(ofRow: 0).hasPrefix(" ‹ Rivers of the North") && $0.lines == expected
    }
    #expect(screen.lines == expected, "tmux:\n\(screen)\nheadless:\n\(headless.standardOutput)")
    // The bar comes back on the way to the root, on the Reading tab.
    try tmux.press("Escape", "Escape")
    let root = try await tmux.waitFor("Reading's root with the bar") {
      DemoEndToEndTests.navigationTitle($0) == "Reading" && DemoEndToEndTests.barIsShown($0)
    }
    #expect(DemoEndToEndTests.markedTitle(root) == "Reading", "screen:\n\(root)")
    try tmux.press("q")
    #expect(try await tmux.waitForExit().status == 0)
  }

  // MARK: Bad links

  /// A link that cannot be followed, and the message after `tabbar-demo: error: `.
  struct BadLink: Sendable, CustomTestStringConvertible {
    /// The value of `--open`.
    var path: String
    /// The whole message.
    var message: String

    var testDescription: String { "--open \(path.debugDescription)" }
  }

  static let badLinks: [BadLink] = [
    BadLink(path: "9", message: "--open 9: step 1: no tab 9 (there are 5)"),
    BadLink(path: "0", message: "--open 0: step 1: no tab 0 (there are 5)"),
    BadLink(
      path: "2/6/99",
      message: "--open 2/6/99: step 3: “Rivers of the North” has no row 99 (it has 5)"),
    BadLink(
      path: "4/9", message: "--open 4/9: step 2: “Topics” has no section 9 (it has 5)"),
    // Me's settings (row 7, Night mode) open no page yet.
    BadLink(path: "5/7", message: "--open 5/7: step 2: row 7 of “Me” opens no page"),
    BadLink(
      path: "5/7/1/3/5/2", message: "--open 5/7/1/3/5/2: step 2: row 7 of “Me” opens no page"),
    // A story is a text page: it has no rows, and opens its comments at 1.
    BadLink(
      path: "1/1/2",
      message:
        "--open 1/1/2: step 3: “Markets rally as tech shares climb” opens its comments at 1, "
        + "not at 2"),
    // After a section, a step is a row of that section.
    BadLink(
      path: "4/2/9", message: "--open 4/2/9: step 3: “Sport (4)” has no row 9 (it has 4)"),
    BadLink(path: "2/x/1", message: #"--open 2/x/1: step 2: "x" is not a number"#),
    BadLink(path: "news", message: #"--open news: step 1: "news" is not a number"#),
    BadLink(path: "2/-1", message: #"--open 2/-1: step 2: "-1" is not a number"#),
    BadLink(path: "2//1", message: "--open 2//1: step 2: empty; expected a number"),
    BadLink(path: "2/5/", message: "--open 2/5/: step 3: empty; expected a number"),
    BadLink(path: "", message: #"--open "": step 1: empty; expected a number"#),
    BadLink(
      path: "2/99999999999999999999",
      message: "--open 2/99999999999999999999: step 2: 99999999999999999999 is too large"),
    // Text that would act on a terminal is escaped in the message (R5).
    BadLink(
      path: "1/\u{1B}[31m", message: #"--open 1/\u001B[31m: step 2: "\u001B[31m" is not a number"#),
  ]

  @Test(
    "an impossible or malformed link names its first bad step; status 2",
    arguments: badLinks)
  func badLink(_ link: BadLink) async throws {
    // Headless, and without --headless where stdin and stdout are not
    // terminals: had the demo set the terminal up first, the second run
    // would complain about that instead.
    for arguments in [["--headless", "--open", link.path], ["--open", link.path]] {
      let run = try await DemoBinary.run(arguments)
      #expect(run.status == 2, "\(arguments): status")
      #expect(run.standardError == "tabbar-demo: error: \(link.message)\n", "\(arguments)")
      #expect(run.standardOutput.isEmpty, "\(arguments): stdout \(run.standardOutput)")
    }
  }

  @Test("page titles in a bad-link message are escaped, never raw")
  func hostileTitleEscaped() async throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabbar-open-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(
      #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"title": "\u001b[31mRed", "rows": ["x"]}}}"#
        .utf8
    ).write(to: file)
    let run = try await DemoBinary.run(["--headless", "--content", file.path, "--open", "1/2"])
    #expect(run.status == 2)
    #expect(
      run.standardError
        == #"tabbar-demo: error: --open 1/2: step 2: “\u001B[31mRed” has no row 2 (it has 1)"#
        + "\n")
  }

  @Test("in a terminal, a bad link leaves it untouched: one line, status 2")
  func badLinkInTerminal() async throws {
    let tmux = try TmuxSession(arguments: ["--open", "2/6/99"])
    defer { tmux.kill() }
    let exit = try await tmux.waitForExit()
    #expect(exit.status == 2)
    let message = DemoEndToEndTests.linesBeforeExit(exit)
    #expect(
      message == [
        "tabbar-demo: error: --open 2/6/99: step 3: “Rivers of the North” has no row 99 (it has 5)"
      ], "pane: \(exit.lines)")
    DemoEndToEndTests.expectRestored(exit)
  }

  @Test("--help explains --open and --state, and that the link wins over the saved tab")
  func helpExplainsTheFlags() async throws {
    let help = try await DemoBinary.run(["--help"])
    #expect(help.status == 0)
    let text = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(text.contains("--open <path> Start at a deep link"), "\(help.standardOutput)")
    #expect(text.contains("--state <file> Restore where you were"), "\(help.standardOutput)")
    #expect(text.contains("With --state, the link wins"), "\(help.standardOutput)")
  }

  // MARK: Helpers

  /// The lines of a headless frame, without the empty one after the last newline.
  static func lines(_ output: String) -> [String] {
    var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// `line` without its trailing blanks, as `capture-pane -p` gives it.
  static func trimmingTrailingBlanks(_ line: String) -> String {
    String(line.reversed().drop { $0 == " " }.reversed())
  }
}
