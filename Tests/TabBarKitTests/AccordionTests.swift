import Testing

@testable import TabBarKit

@MainActor
@Suite("Accordion")
struct AccordionTests {
  static func accordion(_ count: Int = 3, headerHeight: Int = 1) -> AccordionController {
    AccordionController(
      title: "Topics",
      sections: (1...count).map { i in
        AccordionController.Section(
          title: "Section \(i)",
          content: ListViewController(
            title: "S\(i)", rows: (1...5).map { ListRow("Topic \(i).\($0)") }))
      }, headerHeight: headerHeight)
  }

  @Test("nothing is open at first, or when there are no sections")
  func startsClosed() {
    #expect(Self.accordion().expandedIndex == nil)
    let empty = AccordionController(title: "Empty", sections: [])
    #expect(empty.expandedIndex == nil)
    #expect(!empty.handle(.activate))
  }

  @Test("Enter or Space toggles the focused header; opening one closes the other")
  func toggling() {
    let accordion = Self.accordion()
    let nav = NavigationController(rootViewController: accordion)
    let (app, terminal) = Fixtures.app(TabBarController(viewControllers: [nav]))
    app.press("enter")
    #expect(accordion.expandedIndex == 0)
    #expect(terminal.screen.text.contains("Topic 1.1"))
    app.press("end,space")  // End: the last header
    #expect(accordion.expandedIndex == 2)
    #expect(!terminal.screen.text.contains("Topic 1.1"))
    #expect(terminal.screen.text.contains("Topic 3.5"))
    app.press("enter")
    #expect(accordion.expandedIndex == nil)
  }

  @Test("header height is configurable; the open content fills what headers leave")
  func layout() {
    let accordion = Self.accordion(headerHeight: 3)
    accordion.toggle(2, animated: false)
    var buffer = ScreenBuffer(size: Size(width: 30, height: 14))
    accordion.viewWillLayout(in: buffer.bounds)
    accordion.render(in: buffer.bounds, into: &buffer)
    #expect(buffer.line(1).contains("▸ Section 1"))
    #expect(buffer.line(4).contains("▸ Section 2"))
    #expect(buffer.line(7).contains("▾ Section 3"))
    #expect(buffer.line(9).contains("Topic 3.1"))
    #expect(buffer.line(13).contains("Topic 3.5"))
  }

  @Test("the change is animated on the clock")
  func animated() {
    let clock = ManualClock()
    let accordion = Self.accordion()
    let (app, terminal) = Fixtures.app(accordion, size: Size(width: 30, height: 12), clock: clock)
    app.press("enter")
    clock.advance(by: .milliseconds(15))
    app.tick()
    let partly = terminal.screen.text
    #expect(partly.contains("Topic 1.1"))
    #expect(!partly.contains("Topic 1.5"), "the section is still opening")
    clock.advance(by: .milliseconds(200))
    app.tick()
    #expect(terminal.screen.text.contains("Topic 1.5"))
  }

  @Test("Down from an open header enters its rows; Enter opens one; Up comes back")
  func keyboardIntoContent() {
    let accordion = AccordionController(
      title: "Topics",
      sections: ["Science", "Sport"].map { field in
        AccordionController.Section(
          title: field,
          content: ListViewController(title: field, rows: Fixtures.rows(field, count: 3)))
      })
    let nav = NavigationController(rootViewController: accordion)
    let (app, terminal) = Fixtures.app(TabBarController(viewControllers: [nav]))
    app.press("down")  // closed: Down moves to the next header
    #expect(accordion.focusedIndex == 1 && !accordion.isFocusInContent)
    app.press("up,enter,down")
    #expect(accordion.isFocusInContent)
    #expect(terminal.screen.line(3).hasPrefix(" Science 1"))
    #expect(terminal.screen[1, 3].style == Theme.color[.selectedRow], "the row has the keys")
    #expect(terminal.screen[1, 2].style != Theme.color[.selectedRow], "the header does not")
    app.press("down,enter")
    #expect(nav.topViewController.title == "Science 2")
    app.press("esc,up,up")
    #expect(!accordion.isFocusInContent)
    #expect(terminal.screen[1, 2].style == Theme.color[.selectedRow])
    app.press("down,down,down,down")  // into the rows, past the last, to Sport
    #expect(accordion.focusedIndex == 1 && !accordion.isFocusInContent)
    app.press("up,enter")
    #expect(accordion.expandedIndex == nil)
  }

  /// An accordion in a tab with a navigation bar, and a check that the focused
  /// header or row (drawn in the selected-row style) is on screen, between the
  /// navigation bar and the top of the tab bar.
  static func tabbed(
    _ accordion: AccordionController, size: Size, translucent: Bool
  ) -> (Application, MemoryTerminal, focusIsOnScreen: () -> Bool) {
    let tabs = TabBarController(viewControllers: [
      NavigationController(rootViewController: accordion)
    ])
    tabs.isTranslucent = translucent
    let (app, terminal) = Fixtures.app(tabs, size: size)
    let barTop = size.height - tabs.barStyle.height
    let focusIsOnScreen = {
      (NavigationBar.height..<barTop).contains {
        terminal.screen[1, $0].style == tabs.theme[.selectedRow]
      }
    }
    return (app, terminal, focusIsOnScreen)
  }

  @Test("under a translucent bar focus never moves onto a header hidden by the bar")
  func translucentBar() {
    let accordion = Self.accordion(4)
    let (app, terminal, focusIsOnScreen) = Self.tabbed(
      accordion, size: Size(width: 40, height: 16), translucent: true)
    app.press("enter")
    #expect(accordion.expandedIndex == 0)
    for key in ["down"] + Array(repeating: "down", count: 8) + ["end", "home", "end"] {
      app.press(key)
      #expect(focusIsOnScreen(), "after \(key): focus is under the bar\n\(terminal.screen.text)")
    }
    #expect(accordion.focusedIndex == 3)
    app.press("enter")
    #expect(accordion.expandedIndex == 3)
    #expect(focusIsOnScreen())
    // The open section's last row is above the bar too.
    app.press("down,end")
    #expect((0..<13).contains { terminal.screen.line($0).hasPrefix(" Topic 4.5") })
    #expect(focusIsOnScreen())
  }

  @Test("in a short terminal the sections scroll; focus never moves off screen")
  func shortTerminal() {
    let accordion = Self.accordion(6)
    let (app, terminal, focusIsOnScreen) = Self.tabbed(
      accordion, size: Size(width: 25, height: 8), translucent: false)
    #expect(focusIsOnScreen())
    app.press("end")
    #expect(accordion.focusedIndex == 5)
    #expect(terminal.screen.text.contains("Section 6"))
    #expect(focusIsOnScreen(), "\(terminal.screen.text)")
    app.press("enter")
    #expect(accordion.expandedIndex == 5)
    #expect(terminal.screen.text.contains("▾ Section 6"))
    for key in ["down", "down", "end", "up", "up", "up", "up", "up", "up", "home", "enter", "down"]
    {
      app.press(key)
      #expect(focusIsOnScreen(), "after \(key):\n\(terminal.screen.text)")
    }
    #expect(accordion.expandedIndex == 0 && accordion.isFocusInContent)
    #expect(terminal.screen.text.contains("Topic 1.1"))
  }

  @Test("a click on a scrolled accordion hits the header drawn under it")
  func clickWhenScrolled() {
    let accordion = Self.accordion(6)
    let (app, terminal, _) = Self.tabbed(
      accordion, size: Size(width: 25, height: 8), translucent: false)
    app.press("end")
    let y = (0..<8).first { terminal.screen.line($0).contains("Section 5") }
    #expect(y != nil)
    app.send(.mouse(MouseEvent(.press, at: Point(x: 3, y: y ?? 0))))
    #expect(accordion.expandedIndex == 4)
    #expect(terminal.screen.text.contains("▾ Section 5"))
  }
}
