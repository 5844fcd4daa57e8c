import Glibc
import Testing

@testable import TabBarKit

@Suite("Deep stacks (N6)")
struct MemoryTests {
  /// Weak references to pages, to see whether popping frees them.
  final class WeakBox {
    weak var page: ViewController?
    init(_ page: ViewController) { self.page = page }
  }

  @Test("N6: 10,000 pushes work, and popping frees every page")
  func deepStackFreesPages() {
    let tabs = Fixtures.tabs()
    let (app, _) = Fixtures.app(tabs)
    let nav = tabs.viewControllers[0] as! NavigationController
    var boxes: [WeakBox] = []
    for i in 0..<10_000 {
      let page = ListViewController(title: "Page \(i)", rows: Fixtures.rows("P\(i)", count: 3))
      boxes.append(WeakBox(page))
      nav.push(page)
    }
    app.press("down")  // a frame with the 10,001-page stack
    #expect(nav.viewControllers.count == 10_001)
    #expect(app.lastFrame.line(0).contains("Page 9999"))
    for _ in 0..<5_000 { nav.pop() }
    nav.popToRoot()
    app.press("up")
    #expect(nav.isAtRoot)
    #expect(boxes.allSatisfy { $0.page == nil }, "no popped page is still alive")
  }

  @Test("N6: memory stays flat across repeated push/pop cycles")
  func flatMemory() {
    let tabs = Fixtures.tabs()
    let (app, _) = Fixtures.app(tabs)
    let nav = tabs.viewControllers[0] as! NavigationController
    func cycle() {
      for i in 0..<200 {
        nav.push(ListViewController(title: "Page \(i)", rows: Fixtures.rows("P", count: 20)))
        app.press("down")
      }
      for _ in 0..<200 { app.press("esc") }
    }
    cycle()  // warm up allocator pools
    let before = residentKiB()
    for _ in 0..<5 { cycle() }
    let growth = residentKiB() - before
    #expect(growth < 2048, "resident memory grew \(growth) KiB over 2,000 push/pop cycles")
  }

  /// VmRSS from /proc/self/status, in KiB.
  func residentKiB() -> Int {
    guard let file = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, 256, file) != nil {
      let text = String(cString: line)
      if text.hasPrefix("VmRSS:") {
        return Int(text.split(separator: " ").dropFirst().first ?? "0") ?? 0
      }
    }
    return 0
  }
}
