import Foundation
import Testing

/// `tabbar-demo --content FILE`: the examples render, the built-in demo is a
/// content file like any other, text from a file cannot reach the terminal
/// raw (R5), and a bad file is refused with one line naming the file and the
/// place, exit status 2, before the terminal is touched (R6).
///
/// Bad files are written by each test into a directory of its own, so every
/// case shows its JSON next to the message it must give.
@Suite("content files", .serialized, .timeLimit(.minutes(1)))
final class ContentFileTests {
  /// A directory for this test's files, removed afterwards.
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabbar-content-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  // MARK: R6: bad files

  @Test("a missing file names the file")
  func missingFile() async throws {
    let path = directory.appendingPathComponent("missing.json").path
    try await expectRejected(path, "\(path): cannot read the file: no such file")
  }

  @Test(
    "a FIFO with no writer (or any file that is not regular) is refused at once, not waited on")
  func fifoIsRefused() async throws {
    let fifo = directory.appendingPathComponent("fifo.json").path
    #expect(mkfifo(fifo, 0o644) == 0)
    for path in [fifo, "/dev/null"] {
      for arguments in [["--headless", "--content", path], ["--content", path]] {
        let run = try await DemoBinary.run(arguments, timeout: .seconds(15))
        #expect(run.status == 2, "\(arguments): status")
        #expect(
          run.standardError
            == "tabbar-demo: error: \(path): cannot read the file: not a regular file\n",
          "\(arguments)")
      }
    }
  }

  @Test("keys and page ids compare by Unicode scalars (RFC 8259): NFC and NFD are two ids")
  func keysCompareByScalars() async throws {
    // "café" precomposed (NFC) and decomposed (NFD): equal Swift Strings,
    // but two different keys for JSON.
    let path = try write(
      #"""
      {"tabs": [{"title": "A", "page": "caf\u00e9"}, {"title": "B", "page": "cafe\u0301"}],
       "pages": {"caf\u00e9": {"title": "Composed", "rows": ["one"]},
                 "cafe\u0301": {"title": "Decomposed", "rows": ["two"]}}}
      """#)
    let first = try await DemoBinary.run(["--headless", "--content", path])
    #expect(first.status == 0, "\(first.standardError)")
    #expect(Self.lines(first.standardOutput).first?.contains("Composed") == true)
    let second = try await DemoBinary.run(["--headless", "--content", path, "--keys", "2"])
    #expect(second.status == 0, "\(second.standardError)")
    #expect(Self.lines(second.standardOutput).first?.contains("Decomposed") == true)

    // A reference in the other form names no page.
    let other = try write(
      #"{"tabs": [{"title": "A", "page": "cafe\u0301"}], "pages": {"caf\u00e9": {"rows": []}}}"#)
    try await expectRejected(other, "\(other): tabs[0].page: no page with id \"cafe\\u0301\"")
  }

  @Test("malformed JSON names the line and column")
  func malformedJSON() async throws {
    let path = try write(
      """
      {"tabs": [
        {"title": "News", "page": "news"},
        }
      ]}
      """)
    try await expectRejected(path, "\(path): line 3, column 3: expected a value, found '}'")
  }

  @Test("invalid UTF-8 names the line, column and byte offset")
  func invalidUTF8() async throws {
    var bytes = Array(#"{"tabs": [{"title": "新"#.utf8)
    bytes += [0xE9, 0x97]  // the first two bytes of 闻, cut short
    bytes += Array(#"", "page": "news"}]}"#.utf8)
    let path = try write(bytes)
    try await expectRejected(
      path, "\(path): line 1, column 23 (byte offset 24): invalid UTF-8 (byte 0xE9)")
  }

  @Test("a file without tabs is refused")
  func noTabs() async throws {
    let path = try write(#"{"tabs": [], "pages": {}}"#)
    try await expectRejected(path, "\(path): tabs: no tabs; give at least one")
  }

  @Test("an unknown bar style lists the styles there are")
  func unknownBarStyle() async throws {
    let path = try write(
      #"{"barStyle": "huge", "tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"rows": []}}}"#
    )
    try await expectRejected(
      path,
      #"\#(path): barStyle: unknown bar style "huge"; expected "regular", "compact" or "icon""#)
  }

  @Test("an unknown badge kind is an unknown value at tabs[n].badge")
  func unknownBadge() async throws {
    let path = try write(
      """
      {"tabs": [
        {"title": "A", "page": "a"},
        {"title": "B", "page": "a"},
        {"title": "C", "page": "a", "badge": "star"}
      ], "pages": {"a": {"rows": []}}}
      """)
    try await expectRejected(
      path,
      #"\#(path): tabs[2].badge: unknown badge "star"; "#
        + #"expected "none", "dot", {"count": N} or {"text": "…"}"#)
  }

  @Test("a page reference to nothing names the file and the JSON path")
  func pageReferenceToNothing() async throws {
    let path = try write(
      """
      {"tabs": [
        {"title": "A", "page": "a"},
        {"title": "B", "page": "nope"}
      ], "pages": {"a": {"rows": []}}}
      """)
    try await expectRejected(path, #"\#(path): tabs[1].page: no page with id "nope""#)
  }

  @Test("a row's page reference to nothing names the row")
  func rowReferenceToNothing() async throws {
    let path = try write(
      """
      {"tabs": [{"title": "A", "page": "a"}],
       "pages": {"a": {"rows": ["one", "two", {"title": "three", "page": "gone"}]}}}
      """)
    try await expectRejected(path, #"\#(path): pages.a.rows[2].page: no page with id "gone""#)
  }

  @Test("a value of the wrong type names its path and what was found")
  func typeMismatch() async throws {
    let path = try write(
      #"{"tabs": [{"title": "A", "page": "a", "clearsBadgeOnSelect": "yes"}], "pages": {}}"#)
    try await expectRejected(
      path, #"\#(path): tabs[0].clearsBadgeOnSelect: expected true or false, found "yes""#)
  }

  /// A file the loader must refuse, and the message after the file name.
  struct BadFile: Sendable, CustomTestStringConvertible {
    /// The file's text.
    var json: String
    /// What the demo must say after `tabbar-demo: error: <path>: `.
    var message: String

    var testDescription: String { message }
  }

  /// More files the loader must refuse, each with the exact message.
  static let otherBadFiles: [BadFile] = [
    BadFile(
      json:
        #"{"tabs": [{"title": "A", "page": "a", "badeg": "dot"}], "pages": {"a": {"rows": []}}}"#,
      message: #"tabs[0]: unknown key "badeg"; expected one of "badge", "clearsBadgeOnSelect", "#
        + #""glyph", "page", "selectedGlyph", "title""#),
    BadFile(
      json: #"{"tabs": [{"title": "A", "page": "a"},]}"#,
      message: "line 1, column 39: unexpected ']' after ','; JSON allows no trailing comma"),
    BadFile(
      json: #"{"tabs": [], "tabs": []}"#,
      message: #"line 1, column 14: duplicate key "tabs""#),
    BadFile(
      json: "",
      message: "line 1, column 1: the file holds no JSON value"),
    BadFile(
      json: #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"rows": [1]}}}"#,
      message: #"pages.a.rows[0]: expected a string or an object with a "title", found 1"#),
    BadFile(
      json:
        #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"rows": [], "sections": []}}}"#,
      message: #"pages.a: a page has "rows" (a list) or "sections", not both"#),
    BadFile(
      json: #"{"tabs": [{"title": "A", "page": "a", "badge": {"count": 2.5}}], "pages": {}}"#,
      message: "tabs[0].badge.count: expected a whole number, found 2.5"),
    BadFile(
      json: #"{"tabs": [{"title": "A", "page": "a", "badge": {"count": 99999999999999999999}}]}"#,
      message: "tabs[0].badge.count: 99999999999999999999 is out of range; "
        + "expected -999999999…999999999"),
    BadFile(
      json: #"{"tabs": [{"title": "A", "page": "a", "badge": {"count": -1e15}}]}"#,
      message:
        "tabs[0].badge.count: -1000000000000000 is out of range; expected -999999999…999999999"),
    BadFile(
      json: #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"sections": [], "#
        + #""headerHeight": 99999999999999999999}}}"#,
      message: "pages.a.headerHeight: 99999999999999999999 is out of range; expected 1…10"),
    BadFile(
      json:
        #"{"tabs": [{"title": "A", "page": "a"}], "plusButton": {"presents": "a"}, "pages": {}}"#,
      message: "plusButton: a centred plus button needs an even number of tabs, got 1; "
        + "give the plus button an index or add a tab"),
    BadFile(
      json: #"{"tabs": [{"title": "A", "page": "a"}], "badgeTimer": {"tab": 0, "every": 3}}"#,
      message: #"badgeTimer.tab: tab 0 ("A") has no count badge to grow"#),
    BadFile(
      json: #"{"tabs": {"title": "A"}}"#, message: "tabs: expected an array, found an object"),
    BadFile(
      json: #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"my page": {"rows": [], "x": 1}}}"#,
      message:
        #"pages["my page"]: unknown key "x"; expected one of "body", "byline", "category", "#
        + #""channels", "comments", "description", "duration", "feeds", "form", "#
        + #""headerHeight", "related", "rowPage", "rows", "searchable", "sections", "time", "#
        + #""title""#),
  ]

  /// Text pages and players (issue 13) the loader must refuse.
  static let badPages: [BadFile] = [
    BadFile(
      json: #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"title": "Empty"}}}"#,
      message: #"pages.a: missing "rows" (a list), "sections" (an accordion), "#
        + #""body" (a text page), "duration" (a player) or "form" (a form)"#),
    BadFile(
      json: #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"rows": [], "body": []}}}"#,
      message: #"pages.a: a page has "rows" (a list) or "body", not both"#),
    BadFile(
      json:
        #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"body": ["x"], "duration": 9}}}"#,
      message: #"pages.a: a page has "body" (a text page) or "duration", not both"#),
    BadFile(
      json: #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"body": []}}}"#,
      message: "pages.a.body: an empty body; give at least one paragraph"),
    BadFile(
      json: #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"body": ["One.", 42]}}}"#,
      message: #"pages.a.body[1]: expected a string (a paragraph) or {"heading": "…"}, found 42"#),
    BadFile(
      json:
        #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"body": [{"title": "H"}]}}}"#,
      message: #"pages.a.body[0]: unknown key "title"; expected one of "heading""#),
    BadFile(
      json: #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"body": [{}]}}}"#,
      message: #"pages.a.body[0]: missing "heading""#),
    BadFile(
      json: #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"body": ["x"], "time": 2}}}"#,
      message: "pages.a.time: expected a string, found 2"),
    BadFile(
      json:
        #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"rows": [], "byline": "B"}}}"#,
      message: #"pages.a.byline: only a text page has "byline""#),
    BadFile(
      json: #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"body": ["x"], "#
        + #""searchable": true}}}"#,
      message: #"pages.a.searchable: only a list page has "searchable""#),
    BadFile(
      json: #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"rows": [], "#
        + #""searchable": "yes"}}}"#,
      message: #"pages.a.searchable: expected true or false, found "yes""#),
    BadFile(
      json: #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"duration": 9, "#
        + #""rowPage": "a"}}}"#,
      message: #"pages.a.rowPage: only a list or an accordion page has "rowPage""#),
    BadFile(
      json: #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"body": ["x"], "#
        + #""headerHeight": 2}}}"#,
      message: #"pages.a.headerHeight: only an accordion page has "headerHeight""#),
    BadFile(
      json: #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"duration": 2.5}}}"#,
      message: "pages.a.duration: expected a whole number, found 2.5"),
    BadFile(
      json: #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"duration": 0}}}"#,
      message: "pages.a.duration: 0 is out of range; expected 1…86400"),
    BadFile(
      json: #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"duration": "2:10"}}}"#,
      message: #"pages.a.duration: expected a whole number, found "2:10""#),
  ]

  @Test("a bad text page or player names the page and the member", arguments: badPages)
  func badPage(_ file: BadFile) async throws {
    let path = try write(file.json)
    try await expectRejected(path, "\(path): \(file.message)")
  }

  @Test(
    "other bad files (unknown keys, syntax, types, plus button, timer)",
    arguments: otherBadFiles)
  func otherBadFile(_ file: BadFile) async throws {
    let path = try write(file.json)
    try await expectRejected(path, "\(path): \(file.message)")
  }

  @Test("in a terminal, a bad file leaves it untouched: one line, status 2")
  func badFileInATerminal() async throws {
    let path = try write(#"{"tabs": []}"#)
    let tmux = try TmuxSession(arguments: ["--content", path])
    defer { tmux.kill() }

    let exit = try await tmux.waitForExit()
    #expect(exit.status == 2)
    let message = DemoEndToEndTests.linesBeforeExit(exit)
    #expect(
      message.joined() == "tabbar-demo: error: \(path): tabs: no tabs; give at least one",
      "pane: \(exit.lines)")
    DemoEndToEndTests.expectRestored(exit)
  }

  // MARK: R5: sanitising

  /// Text with an SGR sequence, BEL, a C1 CSI and a right-to-left override in
  /// every place a content file puts text on screen.
  static let hostileFile = #"""
    {
      "tabs": [
        {"title": "A\u001b[31mred", "glyph": "\u0007", "selectedGlyph": "\u009b",
         "badge": {"text": "\u202enew"}, "page": "list"},
        {"title": "B\u202eevil", "glyph": "\u001b]0;title\u0007", "page": "accordion"}
      ],
      "plusButton": {"glyph": "\u009b", "title": "\u001b[2J", "index": 1, "presents": "list"},
      "pages": {
        "list": {"rowPage": "list", "rows": [
          {"title": "row \u001b[31mred\u001b[0m", "detail": "\u0007bell \u009b1m"},
          "\u202eright to left", "\u001bc reset"
        ]},
        "accordion": {"title": "\u001b[1mbold", "sections": [
          {"title": "section \u001b[31m", "rows": [{"title": "in \u0007", "detail": "\u009b31m"}]}
        ]}
      }
    }
    """#

  @Test(
    "ESC sequences, BEL, C1 CSI and bidi overrides in a content file never reach the output",
    arguments: ["", "enter", "enter,enter", "2", "2,enter", "+"])
  func hostileTextIsSanitised(_ keys: String) async throws {
    let path = try write(Self.hostileFile)
    let run = try await DemoBinary.run([
      "--headless", "--size", "80x24", "--content", path, "--keys", keys, "--styles",
    ])
    #expect(run.status == 0, "stderr: \(run.standardError)")
    // Swift writes only well-formed UTF-8, so U+009B can only appear as the
    // bytes C2 9B, which decode to U+009B again: checking scalars is enough.
    let forbidden: [Unicode.Scalar] = ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}"]
    let found = run.standardOutput.unicodeScalars.filter { forbidden.contains($0) }
    #expect(found.isEmpty, "raw \(found.map { String($0.value, radix: 16) }) in the frame")
    // The text is still there, with visible stand-ins.
    #expect(run.standardOutput.contains("␛["), "no stand-in for ESC:\n\(run.standardOutput)")
  }

  @Test("an error message shows a hostile page id escaped, never raw")
  func hostileIdInErrorIsEscaped() async throws {
    let path = try write(
      #"{"tabs": [{"title": "A", "page": "\u001b[31m\u009b\u202e\u0007"}], "pages": {}}"#)
    try await expectRejected(
      path, #"\#(path): tabs[0].page: no page with id "\u001B[31m\u009B\u202E\u0007""#)
  }

  // MARK: Good files

  @Test("Examples/netease.json renders its Chinese titles, the long headline cut")
  func neteaseExample() async throws {
    let path = DemoBinary.packageRoot.appendingPathComponent("Examples/netease.json").path
    let run = try await DemoBinary.run(["--content", path, "--headless", "--size", "80x24"])
    #expect(run.status == 0, "stderr: \(run.standardError)")
    #expect(run.standardError.isEmpty)
    let lines = Self.lines(run.standardOutput)
    #expect(lines.count == 24)
    #expect(lines.first?.trimmingCharacters(in: .whitespaces) == "新闻")
    // The bar: five Chinese titles around the 发布 plus button.
    let titleRow = lines.last ?? ""
    let order = ["新闻", "阅读", "发布", "视频", "话题", "我的"].map { titleRow.range(of: $0) }
    #expect(order.allSatisfy { $0 != nil }, "bar: \(titleRow)")
    let starts = order.compactMap { $0?.lowerBound }
    #expect(starts == starts.sorted(), "bar titles out of order: \(titleRow)")
    // News's channel strip over the list, as NetEase's.
    #expect(lines[2].hasPrefix("  头条 │ 要闻 │ 娱乐 │ 体育 │ 财经"), "strip: \(lines[2])")
    // The first headline is wider than the screen: cut with an ellipsis.
    #expect(lines[3].hasPrefix(" 国家统计局发布前三季度国民经济运行情况"), "row: \(lines[3])")
    #expect(lines[3].contains("…"), "the long headline is not cut: \(lines[3])")
    #expect(lines[4].contains("多地迎来入冬以来首场降雪"))
  }

  @Test("Examples/news.json's first row opens its story's text, not a menu")
  func newsExampleOpensProse() async throws {
    let path = DemoBinary.packageRoot.appendingPathComponent("Examples/news.json").path
    let run = try await DemoBinary.run([
      "--content", path, "--headless", "--size", "80x24", "--keys", "enter",
    ])
    #expect(run.status == 0, "stderr: \(run.standardError)")
    let text = run.standardOutput
    #expect(text.contains("By Helen Ward · 2m · Politics"), "\(text)")
    #expect(text.contains("The climate bill passed its final vote"), "\(text)")
    #expect(!text.contains("Full story") && !text.contains("Comments"), "\(text)")
  }

  @Test("Examples/news.json renders a compact bar with a centred plus button")
  func newsExample() async throws {
    let path = DemoBinary.packageRoot.appendingPathComponent("Examples/news.json").path
    let run = try await DemoBinary.run(["--content", path, "--headless", "--size", "80x24"])
    #expect(run.status == 0, "stderr: \(run.standardError)")
    let lines = Self.lines(run.standardOutput)
    #expect(lines.first?.trimmingCharacters(in: .whitespaces) == "Top Stories")
    // Compact: glyph and title side by side on the last row, no title row below.
    let bar = lines.last ?? ""
    for title in ["◆ Top Stories", "○ World", "◉", "△ Business", "☆ Saved"] {
      #expect(bar.contains(title), "\(title) missing from the bar: \(bar)")
    }

    let live = try await DemoBinary.run([
      "--content", path, "--headless", "--size", "80x24", "--keys", "+",
    ])
    #expect(Self.lines(live.standardOutput).first?.trimmingCharacters(in: .whitespaces) == "Live")
    #expect(Self.lines(live.standardOutput).last?.contains("Top Stories") == true)
  }

  @Test("the built-in demo is a content file: loading demo.json gives the same screens")
  func builtInIsAContentFile() async throws {
    let path = DemoBinary.packageRoot
      .appendingPathComponent("Sources/tabbar-demo/Resources/demo.json").path
    for keys in ["", "2,down,down", "4,enter", "down,enter,enter,enter,enter", "+"] {
      let builtIn = try await DemoBinary.run(["--headless", "--keys", keys, "--styles"])
      let loaded = try await DemoBinary.run([
        "--headless", "--keys", keys, "--styles", "--content", path,
      ])
      #expect(builtIn.status == 0 && loaded.status == 0, "\(builtIn.standardError)")
      #expect(builtIn.standardOutput == loaded.standardOutput, "keys \(keys)")
    }
  }

  @Test("the built-in lists have 20+ rows and open shared pages four levels deep")
  func builtInDepth() async throws {
    // Not Me: without the settings that did nothing, its 18 rows fit. Not
    // Reading: six books of five long chapters each, not twenty stubs.
    for tab in ["1", "3"] {
      let run = try await DemoBinary.run(["--headless", "--keys", "\(tab),end"])
      let lines = Self.lines(run.standardOutput)
      // At the end of the list the selection shows the last row; 20+ rows
      // do not fit in the 19 rows between the bars.
      #expect(!lines[2].isEmpty && !lines[20].isEmpty, "tab \(tab):\n\(run.standardOutput)")
      let start = try await DemoBinary.run(["--headless", "--keys", tab])
      #expect(start.standardOutput != run.standardOutput, "tab \(tab) does not scroll")
    }
    let deep = try await DemoBinary.run([
      "--headless", "--keys", "5,down,down,down,down,down,enter,enter,enter",
    ])
    let lines = Self.lines(deep.standardOutput)
    // Me → Subscriptions → The Glass Garden (the book page Reading opens too)
    // → its first chapter: each page titled as the row that opened it.
    #expect(lines[0].hasPrefix(" ‹ The Glass Garden"), "nav bar: \(lines[0])")
    #expect(
      lines[0].trimmingCharacters(in: .whitespaces).hasSuffix("  1. The Glasshouse"),
      "nav bar: \(lines[0])")
    // Two pages back is Subscriptions, pushed on Me: four levels in all.
    let back = try await DemoBinary.run([
      "--headless", "--keys", "5,down,down,down,down,down,enter,enter,enter,esc,esc",
    ])
    let top = Self.lines(back.standardOutput)[0]
    #expect(top.hasPrefix(" ‹ Me") && top.hasSuffix("Subscriptions"), "nav bar: \(top)")
  }

  @Test("a text page shows its title, dateline and body; a player plays; / filters a list")
  func textPagesPlayersAndSearch() async throws {
    let path = try write(
      #"""
      {"tabs": [{"title": "News", "page": "news"}],
       "pages": {
         "news": {"searchable": true, "rows": [
           {"title": "Rain returns", "detail": "Weather · 2h", "page": "rain"},
           {"title": "Harbour at dawn", "detail": "1:30", "page": "clip"}]},
         "rain": {"title": "Rain returns to the north", "byline": "By Ana Ruiz", "time": "2h",
                  "category": "Weather",
                  "body": ["First paragraph.", {"heading": "What next"}, "Second paragraph."]},
         "clip": {"duration": 90}}}
      """#)
    let arguments = ["--headless", "--content", path, "--keys"]

    let story = Self.lines(try await DemoBinary.run(arguments + ["enter"]).standardOutput)
    #expect(story[0].hasPrefix(" ‹ News") && story[0].contains("Rain returns to the north"))
    // The title as a heading, the dateline, then the body; a blank line between blocks.
    let text = story[2...].map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    #expect(
      text == [
        "Rain returns to the north", "By Ana Ruiz · 2h · Weather", "First paragraph.",
        "What next", "Second paragraph.",
      ], "\(story)")

    // A player takes the row's title; Space pauses it.
    let player = Self.lines(try await DemoBinary.run(arguments + ["down,enter"]).standardOutput)
    #expect(player[0].hasSuffix("Harbour at dawn") || player[0].contains("Harbour at dawn"))
    #expect(player[2].trimmingCharacters(in: .whitespaces) == "▶ Playing", "\(player)")
    #expect(player[6].trimmingCharacters(in: .whitespaces) == "0:00 / 1:30", "\(player)")
    let paused = Self.lines(
      try await DemoBinary.run(arguments + ["down,enter,space"]).standardOutput)
    #expect(paused[2].trimmingCharacters(in: .whitespaces) == "‖ Paused", "\(paused)")

    // "searchable": / opens the filter; Enter keeps it, Enter opens the match.
    let filtered = Self.lines(try await DemoBinary.run(arguments + ["/,h,a,r"]).standardOutput)
    #expect(filtered[2].hasPrefix(" / har") && filtered[2].hasSuffix("1 of 2"), "\(filtered)")
    #expect(filtered[3].hasPrefix(" Harbour at dawn") && !filtered[4].contains("Rain"))
    let opened = Self.lines(
      try await DemoBinary.run(arguments + ["/,h,a,r,enter,enter"]).standardOutput)
    #expect(opened[0].contains("Harbour at dawn") && opened[2].contains("▶ Playing"))
  }

  @Test("the file's barStyle applies unless --bar-style is given")
  func barStylePrecedence() async throws {
    let path = try write(
      """
      {"barStyle": "compact", "tabs": [{"title": "Alpha", "glyph": "α", "page": "a"},
       {"title": "Beta", "glyph": "β", "page": "a"}], "pages": {"a": {"rows": ["x"]}}}
      """)
    let compact = try await DemoBinary.run(["--headless", "--content", path])
    #expect(Self.lines(compact.standardOutput).last?.contains("α Alpha") == true)
    let regular = try await DemoBinary.run([
      "--headless", "--content", path, "--bar-style", "regular",
    ])
    let lines = Self.lines(regular.standardOutput)
    #expect(lines.last?.contains("Alpha") == true && lines.last?.contains("α") == false)
    #expect(lines[lines.count - 2].contains("α"))
  }

  @Test("the example in Examples/CONTENT-FORMAT.md loads and renders")
  func documentedExampleLoads() async throws {
    let format = try String(
      contentsOf: DemoBinary.packageRoot.appendingPathComponent("Examples/CONTENT-FORMAT.md"),
      encoding: .utf8)
    let start = try #require(format.range(of: "```json\n"))
    let end = try #require(format.range(of: "```", range: start.upperBound..<format.endIndex))
    let path = try write(String(format[start.upperBound..<end.lowerBound]))

    let run = try await DemoBinary.run(["--headless", "--content", path, "--keys", "enter"])
    #expect(run.status == 0, "stderr: \(run.standardError)")
    #expect(Self.lines(run.standardOutput).first?.hasPrefix(" ‹ News") == true)
  }

  // MARK: Helpers

  /// Writes `text` to a new file in the test's directory and returns its path.
  func write(_ text: String) throws -> String {
    try write(Array(text.utf8))
  }

  /// Writes `bytes` to a new file in the test's directory and returns its path.
  private func write(_ bytes: [UInt8]) throws -> String {
    let url = directory.appendingPathComponent("content-\(UUID().uuidString.prefix(8)).json")
    try Data(bytes).write(to: url)
    return url.path
  }

  /// Runs the demo on the content file `path` headless and without
  /// `--headless` (stdin and stdout not terminals); both must print exactly
  /// `tabbar-demo: error: <message>` on stderr, nothing on stdout, and exit 2.
  /// Were the terminal set up first, the second run would complain about it
  /// instead.
  func expectRejected(
    _ path: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    for arguments in [["--headless", "--content", path], ["--content", path]] {
      let run = try await DemoBinary.run(arguments)
      #expect(run.status == 2, "\(arguments): status", sourceLocation: sourceLocation)
      #expect(
        run.standardError == "tabbar-demo: error: \(message)\n", "\(arguments)",
        sourceLocation: sourceLocation)
      #expect(
        run.standardOutput.isEmpty, "\(arguments): stdout \(run.standardOutput.debugDescription)",
        sourceLocation: sourceLocation)
    }
  }

  /// The lines of a headless frame, without the empty one after the last newline.
  private static func lines(_ output: String) -> [String] {
    var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}
