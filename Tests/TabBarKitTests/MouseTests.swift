import Testing

@testable import TabBarKit

@MainActor
@Suite("Mouse (I2)")
struct MouseTests {
  func click(_ app: Application, _ x: Int, _ y: Int) {
    app.send(.mouse(MouseEvent(.press, at: Point(x: x, y: y))))
  }

  @Test("I2, T7: a click on a tab cell switches to it, like its key")
  func clickCell() {
    let tabs = Fixtures.tabs()
    let (app, _) = Fixtures.app(tabs)
    click(app, 40, 23)
    #expect(tabs.selectedIndex == 2)
    app.press("enter")
    click(app, 40, 23)  // the bar is hidden on a pushed page: the click goes to the page
    #expect(tabs.selectedIndex == 2)
  }

  @Test("I2: a click on a row opens it; a click on the back label pops")
  func clickRowAndBack() {
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs)
    let nav = tabs.viewControllers[0] as! NavigationController
    click(app, 10, 4)  // the third row
    #expect(nav.viewControllers.map(\.title) == ["News", "News 3"])
    click(app, 40, 0)  // the title is not the back label
    #expect(nav.viewControllers.count == 2)
    click(app, 2, 0)
    #expect(nav.isAtRoot)
    #expect(terminal.screen.line(4).hasPrefix(" News 3"))
  }

  @Test("I2: the wheel scrolls lists")
  func wheel() {
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs)
    app.send(.mouse(MouseEvent(.wheelDown, at: Point(x: 10, y: 10))))
    #expect(terminal.screen.line(2).hasPrefix(" News 4 "))
    app.send(.mouse(MouseEvent(.wheelUp, at: Point(x: 10, y: 10))))
    #expect(terminal.screen.line(2).hasPrefix(" News 1 "))
  }
}
