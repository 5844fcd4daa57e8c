import Testing

@testable import TabBarKit

@MainActor
@Suite("Deep stacks")
struct MemoryTests {
  /// Weak references to pages, to see whether popping frees them.
  final class WeakBox {
    weak var page: ViewController?
    init(_ page: ViewController) { self.page = page }
  }

  @Test("pushing 10,000 pages works, and popping frees every page")
  func deepStackFreesPages() {
    let tabs = Fixtures.tabs()
    let (app, _) = Fixtures.app(tabs)
    let nav = tabs.viewControllers[0] as! NavigationController
    var boxes: [WeakBox] = []
    for i in 0..<10_000 {
      let page = ListViewController(title: "Page \(i)", rows: Fixtures.rows("P\(i)", count: 3))
      boxes.append(WeakBox(page))
      nav.pushViewController(page)
    }
    app.press("down")  // a frame with the 10,001-page stack
    #expect(nav.viewControllers.count == 10_001)
    #expect(app.lastFrame.line(0).contains("Page 9999"))
    for _ in 0..<5_000 { nav.popViewController() }
    nav.popToRootViewController()
    app.press("up")
    #expect(nav.isAtRoot)
    #expect(boxes.allSatisfy { $0.page == nil }, "no popped page is still alive")
  }

  /// A page that counts how many of its kind are alive.
  final class CountedPage: ListViewController {
    nonisolated(unsafe) static var alive = 0
    init(_ title: String) {
      super.init(title: title, rows: Fixtures.rows("P", count: 20))
      Self.alive += 1
    }
    deinit { Self.alive -= 1 }
  }

  @Test("memory stays flat across repeated push/pop cycles (no page outlives its cycle)")
  func flatMemory() {
    let tabs = Fixtures.tabs()
    let (app, _) = Fixtures.app(tabs)
    let nav = tabs.viewControllers[0] as! NavigationController
    // Pages, lists and rows are counted, not the process's RSS, which tests
    // running beside this one would move (make bench measures RSS alone).
    var peak = 0
    for _ in 0..<10 {
      for i in 0..<200 {
        nav.pushViewController(CountedPage("Page \(i)"))
        app.press("down")
      }
      peak = max(peak, CountedPage.alive)
      for _ in 0..<200 { app.press("esc") }
      #expect(CountedPage.alive == 0, "pages alive after a cycle: \(CountedPage.alive)")
    }
    #expect(peak == 200)
  }
}
