import Testing

@testable import TabBarKit

@MainActor
@Suite("List page")
struct ListViewTests {
  func list(count: Int, height: Int) -> ListView {
    var list = ListView(rows: (1...count).map { ListRow("Row \($0)") })
    list.layout(height: height)
    return list
  }

  @Test("Up and Down move the selection and stop at the ends")
  func upDown() {
    var list = list(count: 5, height: 10)
    var moved = list.handle(.moveUp)
    #expect(!moved)
    moved = list.handle(.moveDown)
    #expect(moved)
    #expect(list.selectedIndex == 1)
    moved = list.handle(.moveToBottom)
    #expect(moved)
    #expect(list.selectedIndex == 4)
    moved = list.handle(.moveDown)
    #expect(!moved)
  }

  @Test("The list scrolls so the selection stays visible; PageUp/PageDown move a screen")
  func scrolling() {
    var list = list(count: 50, height: 10)
    for _ in 0..<12 { _ = list.handle(.moveDown) }
    #expect(list.selectedIndex == 12)
    #expect(list.scrollOffset == 3)
    _ = list.handle(.pageDown)
    #expect(list.selectedIndex == 22)
    #expect(list.scrollOffset == 13)
    _ = list.handle(.pageUp)
    _ = list.handle(.pageUp)
    #expect(list.selectedIndex == 2)
    #expect(list.scrollOffset == 2)
    _ = list.handle(.moveToBottom)
    #expect(list.scrollOffset == 40)
    // A taller screen never leaves blank rows under the last one.
    list.layout(height: 20)
    #expect(list.scrollOffset == 30)
  }

  @Test("a terminal made small and large again shows the list as it was")
  func shrinkAndGrow() {
    var list = list(count: 50, height: 20)
    for _ in 0..<4 { _ = list.handle(.moveDown) }
    #expect(list.scrollOffset == 0)
    // Two rows high, the fifth row is shown by scrolling...
    list.layout(height: 2)
    #expect(list.scrollOffset == 3)
    // ...and only while the terminal is that small: a resize is not a move.
    list.layout(height: 20)
    #expect(list.scrollOffset == 0)
    // A move made while small is kept.
    list.layout(height: 2)
    _ = list.handle(.moveDown)
    #expect(list.scrollOffset == 4)
    list.layout(height: 20)
    #expect(list.scrollOffset == 4)
    #expect(list.selectedIndex == 5)
  }

  @Test("Rows draw their title, detail and chevron inside the list's rectangle")
  func rendering() {
    var list = ListView(rows: [
      ListRow("Headline", detail: "2h") { ViewController() }, ListRow("新闻标题很长很长很长很长很长"),
    ])
    list.layout(height: 3)
    var buffer = ScreenBuffer(size: Size(width: 24, height: 3))
    list.render(in: buffer.bounds, theme: .monochrome, into: &buffer)
    #expect(buffer.line(0) == " Headline         2h ›  ")
    #expect(buffer.line(1) == " 新闻标题很长很长很长…  ")
    #expect(buffer[0, 0].style.attributes.contains(.reverse))
    #expect(buffer[0, 1].style == .plain)
  }

  @Test("a click far outside a scrolled list or accordion is ignored, never a crash")
  func extremeClicks() {
    let page = ListViewController(
      title: "L", rows: (1...50).map { ListRow("Row \($0)", destination: { ViewController() }) })
    var buffer = ScreenBuffer(size: Size(width: 20, height: 10))
    page.viewWillLayout(in: buffer.bounds)
    _ = page.handle(.moveToBottom)
    page.viewWillLayout(in: buffer.bounds)
    page.render(in: buffer.bounds, into: &buffer)
    #expect(page.listView.scrollOffset > 0)
    let accordion = AccordionTests.accordion(30)
    accordion.toggle(29, animated: false)
    accordion.viewWillLayout(in: buffer.bounds)
    accordion.render(in: buffer.bounds, into: &buffer)
    for x in [Int.max, Int.min, 0, 5] {
      for y in [Int.max, Int.min, Int.max - 1, Int.min + 1, -1, 10] {
        let event = MouseEvent(.press, at: Point(x: x, y: y))
        #expect(!page.handleMouse(event, in: buffer.bounds))
        #expect(page.listView.rowIndex(at: y, in: buffer.bounds) == nil)
        #expect(!accordion.handleMouse(event, in: buffer.bounds))
      }
    }
    #expect(page.listView.selectedIndex == 49)
    #expect(accordion.expandedIndex == 29)
  }

  @Test("under a translucent bar the selection and the last row scroll above the bar")
  func translucentInset() {
    for inNavigation in [true, false] {
      let page = ListViewController(title: "L", rows: (1...50).map { ListRow("Row \($0)") })
      let root = inNavigation ? NavigationController(rootViewController: page) : page
      let tabs = TabBarController(viewControllers: [root])
      tabs.isTranslucent = true
      let (app, terminal) = Fixtures.app(tabs, size: Size(width: 40, height: 16))
      let barTop = 16 - tabs.barStyle.height
      func rowLine(_ title: String) -> Int? {
        (0..<16).first { terminal.screen.line($0).hasPrefix(" \(title) ") }
      }
      app.press("end")
      let last = rowLine("Row 50")
      #expect(last.map { $0 < barTop } == true, "Row 50 is under the bar")
      #expect(last.map { terminal.screen[1, $0].style == tabs.theme[.selectedRow] } == true)
      app.press("up,up")
      #expect(rowLine("Row 48").map { $0 < barTop } == true)
      // The content still runs under the bar (T13): the page is as tall as the screen.
      app.press("home")
      #expect(rowLine("Row 1") == (inNavigation ? NavigationBar.height : 0))
      #expect(page.listView.visibleRowCount == barTop - (inNavigation ? NavigationBar.height : 0))
      // The wheel scrolls the last row above the bar too.
      for _ in 0..<20 { app.send(.mouse(MouseEvent(.wheelDown, at: Point(x: 5, y: 5)))) }
      #expect(rowLine("Row 50").map { $0 < barTop } == true)
    }
  }
}
