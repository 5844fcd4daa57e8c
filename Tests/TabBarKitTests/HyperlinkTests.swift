import Testing

@testable import NcursesTerminal
@testable import TabBarKit

/// Text marked as a link (``Style/link``): carried by the cells, seen by the
/// diff, sanitised, and written as OSC 8 only where the terminal is believed
/// to show it.
@Suite("hyperlinks")
struct HyperlinkTests {
  @Test("a style keeps its link, and the cells of text written in it carry it")
  func cellsCarryTheLink() {
    let style = Style(foreground: .ansi(4)).linked(to: "https://example.com/a")
    #expect(style.link == "https://example.com/a")
    #expect(style.foreground == .ansi(4), "the colours stay")
    var buffer = ScreenBuffer(size: Size(width: 12, height: 1))
    buffer.write("see ", at: .zero)
    buffer.write("here", at: Point(x: 4, y: 0), style: style)
    #expect(buffer[3, 0].style.link == nil)
    #expect((4..<8).allSatisfy { buffer[$0, 0].style.link == "https://example.com/a" })
    #expect(buffer[8, 0].style.link == nil)
    #expect(buffer.styleLine(0) == "....LLLL....", "the style layer shows the link")
    #expect(style.linked(to: nil).link == nil && style.linked(to: nil).foreground == .ansi(4))
  }

  @Test("the diff redraws a cell whose link changed, and only that")
  func diffSeesALinkChange() {
    var before = ScreenBuffer(size: Size(width: 8, height: 2))
    before.write("abc", at: .zero, style: Style().linked(to: "https://a.example/"))
    var after = before
    #expect(after.diff(from: before).isEmpty)
    after.write("b", at: Point(x: 1, y: 0), style: Style().linked(to: "https://b.example/"))
    let changes = after.diff(from: before)
    #expect(changes.map { Point(x: $0.x, y: $0.y) } == [Point(x: 1, y: 0)])
    #expect(changes.first?.cell.style.link == "https://b.example/")
    var unlinked = before
    unlinked.write("abc", at: .zero)
    #expect(unlinked.diff(from: before).count == 3, "the same text without its link differs")
  }

  @Test("equal URLs give equal styles, so cells linking the same place compare equal")
  func equalLinksCompareEqual() {
    let a = Style().bold.linked(to: "https://example.com/same")
    let b = Style().bold.linked(to: "https://example.com/" + "same")
    #expect(a == b)
    #expect(a != Style().bold.linked(to: "https://example.com/other"))
    #expect(a != Style().bold)
  }

  @Test("a URL's controls, escapes, spaces and non-ASCII are percent-encoded")
  func urlsAreSanitised() {
    let hostile = "https://evil.example/\u{1B}]8;;x\u{1B}\\\u{7}\u{9B}31m a\u{7F}"
    let link = Style().linked(to: hostile).link
    #expect(link == "https://evil.example/%1B]8;;x%1B\\%07%C2%9B31m%20a%7F")
    #expect(link?.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F } == true)
    #expect(Style().linked(to: "https://例え.jp/").link == "https://%E4%BE%8B%E3%81%88.jp/")
    #expect(Style().linked(to: "").link == nil, "an empty URL is no link")
    let long = "https://example.com/" + String(repeating: "a", count: 3000)
    #expect(Style().linked(to: long).link == nil, "a URL past 2,048 bytes is not kept")
  }

  @Test("a monochrome or degraded style keeps its link")
  func linksSurviveColourLoss() {
    let style = Style(foreground: .rgb(10, 200, 30)).adding(.underline).linked(
      to: "https://x.example")
    #expect(style.monochrome.link == "https://x.example")
    #expect(style.degraded(to: .ansi8).link == "https://x.example")
  }

  @Test("a text page draws a link block's every line linked, the other blocks not")
  func textPageLinkBlock() {
    let url = "https://news.example/a/very/long/path/that/wraps"
    var view = TextView(blocks: [.paragraph("Body."), .link("Link: " + url, url: url)])
    view.layout(width: 24, height: 8, bottomInset: 0)
    var buffer = ScreenBuffer(size: Size(width: 24, height: 8))
    view.render(in: Rect(x: 0, y: 0, width: 24, height: 8), theme: .standard, into: &buffer)
    let rows = (0..<8).filter { y in (0..<24).contains { buffer[$0, y].style.link == url } }
    #expect(rows.count >= 2, "the wrapped link is linked on each of its lines:\n\(buffer.text)")
    #expect(!(0..<24).contains { buffer[$0, 0].style.link != nil }, "the paragraph is not")
    for y in rows {
      let text = (0..<24).filter { buffer[$0, y].style.link == url }.map { buffer[$0, y].character }
      #expect(!String(text).trimmingCharacters(in: " ").isEmpty)
    }
  }

  @Test("hyperlinks are on only for terminals on the allow-list, or when forced")
  func detection() {
    func supported(_ variables: [String: String]) -> Bool {
      NcursesTerminal.hyperlinksSupported { variables[$0] }
    }
    #expect(!supported(["TERM": "xterm-256color"]), "an unknown xterm-like terminal: off")
    #expect(!supported(["TERM": "linux"]))
    #expect(supported(["TERM": "xterm-kitty"]))
    #expect(supported(["TERM": "foot"]))
    #expect(supported(["TERM": "xterm-256color", "VTE_VERSION": "7200"]))
    #expect(!supported(["TERM": "xterm-256color", "VTE_VERSION": "5000"]), "VTE 0.50.0 crashed")
    #expect(supported(["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"]))
    #expect(supported(["TERM_PROGRAM": "iTerm.app", "TERM_PROGRAM_VERSION": "3.5.0"]))
    #expect(!supported(["TERM_PROGRAM": "iTerm.app", "TERM_PROGRAM_VERSION": "3.0.15"]))
    #expect(supported(["TERM": "xterm-256color", "WT_SESSION": "abc"]))
    #expect(
      !supported([
        "TERM": "tmux-256color", "TMUX": "/tmp/t", "TERM_PROGRAM": "tmux",
        "TERM_PROGRAM_VERSION": "3.3a", "VTE_VERSION": "7200",
      ]),
      "tmux 3.3 drops links, whatever the terminal outside")
    #expect(
      supported([
        "TERM": "tmux-256color", "TMUX": "/tmp/t", "TERM_PROGRAM": "tmux",
        "TERM_PROGRAM_VERSION": "3.4",
      ]))
    #expect(!supported(["TERM": "screen", "STY": "1.pts"]))
    #expect(supported(["TERM": "xterm-256color", "FORCE_HYPERLINK": "1"]))
    #expect(!supported(["TERM": "xterm-kitty", "FORCE_HYPERLINK": "0"]))
    #expect(supported(["TERM": "xterm-kitty", "FORCE_HYPERLINK": ""]), "empty counts as unset")
  }
}

extension String {
  fileprivate func trimmingCharacters(in characters: String) -> String {
    String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
  }
}
