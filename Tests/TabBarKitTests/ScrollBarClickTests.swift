import SnapshotTesting
import Testing

@testable import TabBarKit

/// Scroll bars: the accordion's, and clicks on the track of every page's.
@MainActor
@Suite("scroll bars: the accordion's, and clicks on the track")
struct ScrollBarClickTests {
  /// The rows of the last column that draw the scroll bar: `(y, thumb?)`.
  static func bar(_ terminal: MemoryTerminal) -> [(y: Int, thumb: Bool)] {
    let x = terminal.size.width - 1
    return (0..<terminal.size.height).compactMap { y in
      let character = terminal.screen[x, y].character
      return character == "┃" ? (y, true) : character == "│" ? (y, false) : nil
    }
  }

  static func click(_ app: Application, _ terminal: MemoryTerminal, y: Int) {
    app.send(.mouse(MouseEvent(.press, at: Point(x: terminal.size.width - 1, y: y))))
  }

  @Test("a click below the list's thumb does what PageDown does, above it PageUp; no row opens")
  func listTrack() throws {
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs)
    let keyed = Fixtures.tabs()
    let (keyApp, keyTerminal) = Fixtures.app(keyed)
    let list =
      try #require((tabs.viewControllers[0] as? NavigationController)?.rootViewController)
      as! ListViewController
    let below = try #require(Self.bar(terminal).last { !$0.thumb })
    Self.click(app, terminal, y: below.y)
    keyApp.press("pagedown")
    #expect(list.listView.scrollOffset > 0, "\(terminal.screen.text)")
    #expect(terminal.screen.text == keyTerminal.screen.text, "\(terminal.screen.text)")
    #expect(list.isVisible, "no row was opened")
    Self.click(app, terminal, y: below.y)
    keyApp.press("pagedown")
    let above = try #require(Self.bar(terminal).first { !$0.thumb })
    Self.click(app, terminal, y: above.y)
    keyApp.press("pageup")
    #expect(terminal.screen.text == keyTerminal.screen.text, "\(terminal.screen.text)")
    let thumb = try #require(Self.bar(terminal).first { $0.thumb })
    let before = terminal.screen.text
    Self.click(app, terminal, y: thumb.y)
    #expect(terminal.screen.text == before && list.isVisible, "the thumb does nothing")
  }

  @Test("a click below a text page's thumb scrolls it a screen down")
  func textTrack() throws {
    let blocks = (1...40).map { TextBlock.paragraph("Paragraph \($0) of the article.") }
    let page = TextViewController(title: "Article", blocks: blocks)
    let (app, terminal) = Fixtures.app(NavigationController(rootViewController: page))
    let below = try #require(Self.bar(terminal).last { !$0.thumb })
    Self.click(app, terminal, y: below.y)
    #expect(page.textView.scrollOffset == page.textView.pageLength, "\(terminal.screen.text)")
    let above = try #require(Self.bar(terminal).first { !$0.thumb })
    Self.click(app, terminal, y: above.y)
    #expect(page.textView.scrollOffset == 0)
  }

  @Test("accordion headers that do not fit get a scroll bar; a click on it pages")
  func accordionBar() throws {
    let accordion = AccordionTests.accordion(6)
    let (app, terminal, focusIsOnScreen) = AccordionTests.tabbed(
      accordion, size: Size(width: 25, height: 8), translucent: false)
    let bar = Self.bar(terminal)
    #expect(bar.count == 3 && bar.first?.thumb == true, "\(terminal.screen.text)")
    #expect(
      terminal.screen.line(2).hasPrefix(" ▸ Section 1") && !terminal.screen.line(2).contains("│"))
    assertSnapshot(of: terminal.screen, as: .frame, named: "top")
    let below = try #require(Self.bar(terminal).last { !$0.thumb })
    Self.click(app, terminal, y: below.y)
    #expect(accordion.scrollOffset == 3, "\(terminal.screen.text)")
    #expect(terminal.screen.line(2).contains("Section 4"), "\(terminal.screen.text)")
    #expect(focusIsOnScreen() && accordion.focusedIndex == 3, "the focus came along")
    app.press("enter")
    #expect(accordion.expandedIndex == 3, "Enter opens the header the focus moved to")
    assertSnapshot(of: terminal.screen, as: .frame, named: "paged")
  }

  @Test("an accordion that fits has no scroll bar and its headers span the width")
  func accordionFits() {
    let accordion = AccordionTests.accordion(3)
    let (_, terminal, _) = AccordionTests.tabbed(
      accordion, size: Size(width: 25, height: 12), translucent: false)
    #expect(Self.bar(terminal).isEmpty, "\(terminal.screen.text)")
    #expect(terminal.screen[24, 2].style == terminal.screen[1, 2].style, "the header spans")
  }
}
