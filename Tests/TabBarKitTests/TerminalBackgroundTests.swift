import Testing

@testable import NcursesTerminal
@testable import TabBarKit

/// Knowing the terminal's background: its answer to OSC 11, `COLORFGBG`,
/// and what the app does when it becomes known.
@MainActor
@Suite("the terminal's background")
struct TerminalBackgroundTests {
  @Test("an OSC 11 answer, ended by ST or BEL, in 2 or 4 hex digits, gives the colour")
  func decodesTheAnswer() {
    var reader = InputReader(escapeDelay: .zero)
    reader.expectReplies()
    let events = reader.read("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\")
    #expect(events.isEmpty, "an answer is never a key")
    #expect(reader.replies.backgroundColor == .rgb(255, 255, 255))
    var bel = InputReader(escapeDelay: .zero)
    bel.expectReplies()
    _ = bel.read("\u{1B}]11;rgb:1c/1c/1c\u{07}")
    #expect(bel.replies.backgroundColor == .rgb(0x1C, 0x1C, 0x1C))
    var c1 = InputReader(escapeDelay: .zero)
    c1.expectReplies()
    c1.received([0x9D] + Array("11;rgb:ff/ff/ff".utf8) + [0x9C])
    #expect(c1.takeEvent() == nil, "8-bit OSC and ST")
    #expect(c1.replies.backgroundColor == .rgb(255, 255, 255))
    let color = { (text: String) in TerminalReplies.backgroundColor(inAnswer: Array(text.utf8)) }
    #expect(color("11;rgb:8080/0/ffff") == .rgb(128, 0, 255))
    #expect(color("11;rgb:-1/00/00") == nil)
    #expect(color("10;rgb:00/00/00") == nil)
    #expect(color("11;rgb:00000/00/00") == nil)
  }

  @Test("an answer split across reads still decodes, and keys after it are keys")
  func splitAnswer() {
    var reader = InputReader(escapeDelay: .zero)
    reader.expectReplies()
    var events = reader.read("\u{1B}]11;rgb:00")
    events += reader.read("00/0000/0000\u{1B}\\q")
    #expect(reader.replies.backgroundColor == .rgb(0, 0, 0))
    #expect(events == [.key(.character("q"))])
  }

  @Test("an answer nobody asked for, or after the device attributes, is dropped unread")
  func unaskedAnswer() {
    var unasked = InputReader(escapeDelay: .zero)
    #expect(unasked.read("\u{1B}]11;rgb:ff/ff/ff\u{07}").isEmpty)
    #expect(unasked.replies.backgroundColor == nil)
    var late = InputReader(escapeDelay: .zero)
    late.expectReplies()
    _ = late.read("\u{1B}[?62;22c")
    #expect(late.read("\u{1B}]11;rgb:ff/ff/ff\u{07}x") == [.key(.character("x"))])
    #expect(late.replies.backgroundColor == nil)
  }

  @Test("light or dark by luminance; COLORFGBG's last field; unknown otherwise")
  func kinds() {
    #expect(TerminalBackground(color: .rgb(255, 255, 255)) == .light)
    #expect(TerminalBackground(color: .rgb(0xFD, 0xF6, 0xE3)) == .light, "Solarized light")
    #expect(TerminalBackground(color: .rgb(0, 0x2B, 0x36)) == .dark, "Solarized dark")
    #expect(TerminalBackground(color: .rgb(0x1C, 0x1C, 0x1C)) == .dark)
    #expect(TerminalBackground(color: nil) == .unknown)
    #expect(TerminalBackground(colorFGBG: "15;0") == .dark)
    #expect(TerminalBackground(colorFGBG: "0;15") == .light)
    #expect(TerminalBackground(colorFGBG: "0;default;7") == .light)
    #expect(TerminalBackground(colorFGBG: "7;8") == .dark, "grey is dark")
    #expect(TerminalBackground(colorFGBG: "default;default") == .unknown)
    #expect(TerminalBackground(colorFGBG: nil) == .unknown)
    #expect(Theme.automatic(for: .dark) == .dark && Theme.automatic(for: .light) == .light)
    #expect(Theme.automatic(for: .unknown) == .standard)
  }

  /// A page that follows the terminal's background as an app would.
  final class FollowingPage: ViewController {
    var calls = 0
    override func terminalBackgroundDidChange() {
      calls += 1
      theme = .automatic(for: terminalBackground)
    }
  }

  @Test("the app tells the controllers before the first frame and when the answer comes")
  func appTellsControllers() {
    let page = FollowingPage(title: "Page")
    let terminal = MemoryTerminal(size: Size(width: 20, height: 8))
    terminal.background = .dark
    let app = Application(root: page, terminal: terminal, clock: ManualClock(), animated: false)
    app.start()
    #expect(page.calls == 1 && page.terminalBackground == .dark)
    #expect(terminal.screen[0, 0].style.background == Theme.dark[.background].background)
    app.tick()
    #expect(page.calls == 1, "told once, not every frame")
    terminal.background = .light
    app.tick()
    #expect(page.calls == 2 && page.theme == .light)
    #expect(terminal.screen[0, 0].style.background == Theme.light[.background].background)
  }
}
