import TabBarKitTesting
import Testing

@testable import TabBarKit

@MainActor
@Suite("Mouse")
struct MouseTests {
  @Test("a click on a tab cell switches to it, like its key")
  func clickCell() {
    let tabs = Fixtures.tabs()
    let app = AppDriver(root: tabs)
    app.click(x: 40, y: 23)
    #expect(tabs.selectedIndex == 2)
    app.press(.enter)
    app.click(x: 40, y: 23)  // the bar is hidden on a pushed page: the click goes to the page
    #expect(tabs.selectedIndex == 2)
  }

  @Test("a click on a row opens it; a click on the back label pops")
  func clickRowAndBack() {
    let tabs = Fixtures.tabs()
    let app = AppDriver(root: tabs)
    let nav = tabs.viewControllers[0] as! NavigationController
    app.click(x: 10, y: 4)  // the third row
    #expect(nav.viewControllers.map(\.title) == ["News", "News 3"])
    app.click(x: 40, y: 0)  // the title is not the back label
    #expect(nav.viewControllers.count == 2)
    app.click(x: 2, y: 0)
    #expect(nav.isAtRoot)
    #expect(app.screen.lines[4].hasPrefix(" News 3"))
  }

  @Test("the wheel scrolls lists")
  func wheel() {
    let tabs = Fixtures.tabs()
    let app = AppDriver(root: tabs)
    app.scroll(x: 10, y: 10)
    #expect(app.screen.lines[2].hasPrefix(" News 4 "))
    app.scroll(down: false, x: 10, y: 10)
    #expect(app.screen.lines[2].hasPrefix(" News 1 "))
  }
}
