import NcursesTerminal
import SnapshotTesting
import Testing

@testable import TabBarKit

/// What narrow screens did to the bars and dialogs: cut titles, cut
/// badges, a back label run into the title, channels that read as one,
/// dialog buttons cut by the frame, and the help's digits in ASCII.
@MainActor
@Suite("narrow drawing: bars, strips and dialogs")
struct NarrowDrawingTests {
  /// The demo's five tabs, Video with a `new` badge.
  static let items = [
    TabBarItem(title: "News", glyph: "□"),
    TabBarItem(title: "Reading", glyph: "☆"),
    TabBarItem(title: "Video", glyph: "▷", badge: .text("new")),
    TabBarItem(title: "Topics", glyph: "○"),
    TabBarItem(title: "Me", glyph: "♡", badge: .count(3)),
  ]

  /// The bar drawn `width` columns wide: its glyph row and its title row.
  func bar(width: Int, plus: Bool = true) -> (glyphs: String, titles: String) {
    var bar = TabBar(items: Self.items, selectedIndex: 0)
    if plus { bar.plusButton = (glyph: "+", title: "Post", width: 7, index: nil) }
    var buffer = ScreenBuffer(size: Size(width: width, height: 3))
    bar.render(in: Rect(x: 0, y: 0, width: width, height: 3), into: &buffer)
    return (buffer.line(1), buffer.line(2))
  }

  @Test("a text badge shows whole at every width, or as a dot, never cut")
  func badgeNeverCut() {
    for width in 20...80 {
      let (glyphs, _) = bar(width: width)
      #expect(!glyphs.contains("n…") && !glyphs.contains("ne…"), "\(width): \(glyphs)")
      // Below 31 columns Video is behind More.
      guard glyphs.contains("▷") else { continue }
      #expect(glyphs.contains("▷new") || glyphs.contains("▷●"), "\(width): \(glyphs)")
    }
    #expect(bar(width: 40).glyphs.contains("▷new"), "room for it at 40 columns")
  }

  @Test("titles that do not fit are cut to the same width")
  func titlesCutEvenly() {
    for width in 30...60 {
      let titles = bar(width: width).titles.split(separator: " ").filter { $0.hasSuffix("…") }
      let widths = Set(titles.map { TextWidth.width(of: String($0)) })
      #expect(widths.count <= 1, "\(width): \(titles)")
    }
    #expect(bar(width: 40).titles.contains("Read…") && bar(width: 40).titles.contains("Topi…"))
  }

  @Test("the bar at 40 columns")
  func barSnapshot() {
    var buffer = ScreenBuffer(size: Size(width: 40, height: 3))
    var bar = TabBar(items: Self.items, selectedIndex: 2)
    bar.plusButton = (glyph: "+", title: "Post", width: 7, index: nil)
    bar.render(in: Rect(x: 0, y: 0, width: 40, height: 3), into: &buffer)
    assertSnapshot(of: buffer, as: .frame)
  }

  @Test("the back label and the title keep three columns between them at every width")
  func backLabelGap() {
    let bar = NavigationBar(title: "New rail line opens to the coast", backTitle: "News")
    for width in 20...100 {
      var buffer = ScreenBuffer(size: Size(width: width, height: 2))
      bar.render(in: Rect(x: 0, y: 0, width: width, height: 2), into: &buffer)
      let line = buffer.line(0)
      #expect(line.hasPrefix(" ‹ News   "), "\(width): \(line)")
      #expect(line.contains("   New"), "\(width): \(line)")
    }
  }

  @Test("neighbouring channel titles are divided, so Top and News never read as one")
  func channelsDivided() {
    let channels = ["Top", "News", "Sport"].map { ViewController(title: $0) }
    let strip = ChannelStripController(title: "News", channels: channels)
    let app = Fixtures.app(strip, size: Size(width: 40, height: 8)).0
    let screen = app.renderFrame(size: Size(width: 40, height: 8))
    #expect(screen.line(0).contains("Top │ News │ Sport"), "\(screen.line(0))")
  }

  @Test("a confirm dialog's buttons show whole on a small screen")
  func dialogButtonsWhole() {
    for (width, height) in [(24, 7), (22, 7), (20, 8), (30, 7), (60, 14), (24, 9)] {
      let size = Size(width: width, height: height)
      let root = Fixtures.tabs()
      let (app, terminal) = Fixtures.app(root, size: size)
      root.present(
        AlertController.confirm(
          title: "Sign out?", message: "You can sign in again at any time.", confirm: "Sign out",
          cancel: "Cancel", destructive: true
        ) {})
      app.tick()
      let text = terminal.screen.text
      #expect(text.contains("[ Cancel ]") && text.contains("[ Sign out ]"), "\(size):\n\(text)")
    }
  }

  @Test("a dialog at 24×7")
  func dialogSnapshot() {
    let size = Size(width: 24, height: 7)
    let root = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(root, size: size)
    root.present(
      AlertController.confirm(
        title: "Sign out?", message: "You can sign in again at any time.", confirm: "Sign out",
        cancel: "Cancel", destructive: true
      ) {})
    app.tick()
    assertSnapshot(of: terminal.screen, as: .frame)
  }

  @Test("the help writes a run of digit keys as 1–9, drawn 1-9 in ASCII")
  func digitRunInASCII() {
    let digits = (1...9).map { Key.character(Character("\($0)")) }
    let label = KeyBinding.label(for: digits)
    #expect(label == "1–9")
    let ascii = String(
      String.UnicodeScalarView(label.unicodeScalars.map(NcursesTerminal.asciiStandIn(for:))))
    #expect(ascii == "1-9")
  }

  @Test("the start message for a window too wide names the limit passed")
  func tooLargeMessage() {
    let wide = NcursesTerminal.StartError.absurdSize(columns: 4100, lines: 30).description
    #expect(wide.contains("4100x30") && wide.contains("at most 4000 columns"), "\(wide)")
    #expect(!wide.contains("lines;"), "only the width is past its limit: \(wide)")
    let both = NcursesTerminal.StartError.absurdSize(columns: 40000, lines: 40000).description
    #expect(both.contains("at most 4000 columns and 1000 lines"), "\(both)")
  }

  @Test("an open section that scrolls in a stack that scrolls shows one scroll bar, not two")
  func accordionOneScrollBar() {
    let sections = ["Science", "Sport", "Culture", "Travel"].map { name in
      AccordionController.Section(
        title: name,
        content: ListViewController(
          title: name, rows: (1...6).map { ListRow("\(name) story \($0)", detail: "2h") }))
    }
    let topics = AccordionController(title: "Topics", sections: sections)
    let size = Size(width: 40, height: 7)
    let (app, terminal) = Fixtures.app(topics, size: size)
    app.send(.key(.enter))
    app.send(.key(.down))
    app.tick()
    let bars: Set<Unicode.Scalar> = ["┃", "│"]
    for y in 0..<size.height {
      let both =
        bars.contains(terminal.screen[38, y].scalar)
        && bars.contains(terminal.screen[39, y].scalar)
      #expect(!both, "two bars side by side in row \(y):\n\(terminal.screen.text)")
    }
    #expect(
      bars.contains(terminal.screen[39, 1].scalar), "the stack's bar: \(terminal.screen.text)")
    #expect(terminal.screen.text.contains("Science story"))
  }
}
