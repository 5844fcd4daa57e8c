import TabBarKit
import TabBarKitTesting
import Testing

/// Calls that used to compile and do nothing: a toast from a page that has
/// just left the screen, a badge set on a tab's root page.
@MainActor
@Suite("calls that must not do nothing")
struct NoSilentNoOpTests {
  /// Two tabs of navigation stacks, the first with a page pushed on it.
  func tabs() throws -> (TabBarController, NavigationController, ViewController) {
    let news = NavigationController(
      rootViewController: ListViewController(title: "News", rows: [ListRow("Story")]))
    let me = NavigationController(rootViewController: ListViewController(title: "Me"))
    let tabs = try TabBarController(
      viewControllers: [news, me],
      items: [TabBarItem(title: "News", glyph: "N"), TabBarItem(title: "Me", glyph: "M")])
    return (tabs, news, ViewController(title: "Compose"))
  }

  @Test(
    "a toast from a page right after it popped itself shows on its app",
    arguments: [false, true])
  func toastAfterPop(animated: Bool) throws {
    let (tabs, news, compose) = try tabs()
    let app = AppDriver(root: tabs, size: Size(width: 60, height: 16), animated: animated)
    news.pushViewController(compose, animated: false)
    app.tick()

    news.popViewController()
    compose.showToast("Story posted")
    app.advance(by: .seconds(1))
    #expect(app.application.toastMessage == "Story posted")
    #expect(app.screen.text.contains("Story posted"))
    app.advance(by: .seconds(3))
    #expect(!app.screen.text.contains("Story posted"), "and goes away as toasts do")
  }

  @Test("a badge set on a tab's root page shows in the bar, and clearing it there clears it")
  func badgeOnTheRootPage() throws {
    let (tabs, news, _) = try tabs()
    let app = AppDriver(root: tabs, size: Size(width: 40, height: 12))
    try app.press("2")
    let barGlyphs = { app.screen.lines[10] }
    #expect(!barGlyphs().contains("3"))

    news.rootViewController.tabBarItem.badge = .count(3)
    app.tick()
    #expect(barGlyphs().contains("N3"), "\(app.screen.text)")
    #expect(tabs.items[0].badge == .count(3))

    news.rootViewController.tabBarItem.badge = .none
    app.tick()
    #expect(!barGlyphs().contains("3"))
  }

  @Test("the tab's item and its root page's are one: a badge set on the stack shows on the root")
  func badgeOnTheStack() throws {
    let (tabs, news, _) = try tabs()
    _ = AppDriver(root: tabs, size: Size(width: 40, height: 12))
    news.tabBarItem.badge = .text("new")
    #expect(news.rootViewController.tabBarItem.badge == .text("new"))
    #expect(news.rootViewController.tabBarItem.title == "News")
  }
}
