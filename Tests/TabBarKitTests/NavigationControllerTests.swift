import Testing

@testable import TabBarKit

@MainActor
@Suite("Navigation")
struct NavigationControllerTests {
  @Test("each tab keeps its own stack across switches")
  func stacksAreIndependent() {
    let tabs = Fixtures.tabs()
    let (app, _) = Fixtures.app(tabs)
    app.press("enter,down,enter")  // News: root → News 1 → News 1.2
    app.press("2,down,down,enter")  // Reading: root → Reading 3
    let news = tabs.viewControllers[0] as! NavigationController
    let reading = tabs.viewControllers[1] as! NavigationController
    #expect(news.viewControllers.map(\.title) == ["News", "News 1", "News 1.2"])
    #expect(reading.viewControllers.map(\.title) == ["Reading", "Reading 3"])
    app.press("alt-1")
    #expect(news.viewControllers.count == 3)
    #expect(tabs.treeDescription.contains("ListViewController(\"News 1.2\")"))
  }

  @Test("Enter pushes the row's page; Esc and Backspace pop; Esc at the root does nothing")
  func pushAndPop() {
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs)
    let nav = tabs.viewControllers[0] as! NavigationController
    app.press("enter,enter")
    #expect(nav.viewControllers.count == 3)
    app.press("backspace")
    #expect(nav.viewControllers.count == 2)
    app.press("esc,esc,esc")
    #expect(nav.isAtRoot)
    #expect(!app.isFinished, "Esc never quits")
    #expect(terminal.screen.line(0).contains("News"))
  }

  @Test("popping back restores the list where it was")
  func listPositionSurvivesPush() {
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs)
    // 19 rows fit between the navigation bar and the tab bar at 80x24.
    app.press("pgdn,down,enter,esc")
    let list =
      (tabs.viewControllers[0] as! NavigationController).rootViewController
      as! ListViewController
    #expect(list.listView.selectedIndex == 20)
    #expect(list.listView.scrollOffset == 2)
    #expect(terminal.screen.line(2).hasPrefix(" News 3 "))
    #expect(terminal.screen[1, 20].style == Theme.color[.selectedRow])
  }

  @Test("the navigation bar shows the title and, below the root, the back label")
  func navigationBar() {
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs)
    #expect(terminal.screen.line(0).trimmingSpaces == "News")
    #expect(!terminal.screen.line(0).contains("‹"))
    app.press("enter")
    #expect(terminal.screen.line(0).hasPrefix(" ‹ News "))
    #expect(terminal.screen.line(0).contains("News 1"))
    app.press("enter")
    #expect(terminal.screen.line(0).hasPrefix(" ‹ News 1 "))
    #expect(terminal.screen.line(0).contains("News 1.1"))
  }

  @Test("push and pop call the lifecycle in UIKit's order")
  func lifecycleOnPushAndPop() {
    let log = LifecycleLog()
    let root = RecordingPage("A", log: log)
    let nav = NavigationController(rootViewController: root)
    let tabs = TabBarController(viewControllers: [nav])
    _ = Fixtures.app(tabs)
    #expect(log.entries == ["A.willAppear", "A.didAppear"])
    log.entries = []
    nav.pushViewController(RecordingPage("B", log: log))
    #expect(log.entries == ["A.willDisappear", "B.willAppear", "A.didDisappear", "B.didAppear"])
    log.entries = []
    nav.popViewController()
    #expect(log.entries == ["B.willDisappear", "A.willAppear", "B.didDisappear", "A.didAppear"])
  }

  @Test("setViewControllers replaces the stack: a new top slides in, a kept one back")
  func setViewControllers() {
    let log = LifecycleLog()
    let root = RecordingPage("Root", log: log)
    let a = RecordingPage("A", log: log)
    let b = RecordingPage("B", log: log)
    let nav = NavigationController(rootViewController: root)
    let (app, terminal) = Fixtures.app(nav)
    log.entries = []
    nav.setViewControllers([root, a, b], animated: false)
    app.tick()
    #expect(
      log.entries == ["Root.willDisappear", "B.willAppear", "Root.didDisappear", "B.didAppear"])
    #expect(terminal.screen.line(0).hasPrefix(" ‹ A"))
    #expect(a.parent === nav && b.parent === nav && !a.isVisible)
    log.entries = []
    nav.setViewControllers([root, a], animated: false)  // a pop: B leaves the stack
    #expect(log.entries == ["B.willDisappear", "A.willAppear", "B.didDisappear", "A.didAppear"])
    #expect(b.parent == nil)
    nav.setViewControllers([], animated: false)
    #expect(nav.viewControllers.count == 2, "never empty")
    nav.setViewControllers([b], animated: false)
    #expect(nav.viewControllers.map(\.title) == ["B"] && root.parent == nil && a.parent == nil)
  }

  @Test("a tab switch calls the lifecycle of the pages on top of each stack")
  func lifecycleOnTabSwitch() {
    let log = LifecycleLog()
    let first = NavigationController(rootViewController: RecordingPage("A", log: log))
    let second = NavigationController(rootViewController: RecordingPage("B", log: log))
    let tabs = TabBarController(viewControllers: [first, second])
    let (app, _) = Fixtures.app(tabs)
    first.pushViewController(RecordingPage("A2", log: log))
    log.entries = []
    app.press("2")
    #expect(log.entries == ["A2.willDisappear", "B.willAppear", "A2.didDisappear", "B.didAppear"])
    log.entries = []
    // A push onto a stack that is not on screen calls nothing.
    first.pushViewController(RecordingPage("A3", log: log))
    #expect(log.entries.isEmpty)
    app.press("1")
    #expect(log.entries == ["B.willDisappear", "A3.willAppear", "B.didDisappear", "A3.didAppear"])
  }

  @Test("every controller reaches its navigation and tab bar controller")
  func parents() {
    let page = ViewController(title: "Page")
    let nav = NavigationController(rootViewController: ViewController(title: "Root"))
    let tabs = TabBarController(viewControllers: [nav])
    nav.pushViewController(page)
    #expect(page.navigationController === nav)
    #expect(page.tabBarController === tabs)
    #expect(nav.tabBarController === tabs)
    nav.popViewController()
    #expect(page.navigationController == nil)
  }
}

extension String {
  var trimmingSpaces: String {
    var s = Substring(self)
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}
