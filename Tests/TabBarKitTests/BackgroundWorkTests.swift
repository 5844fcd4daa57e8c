import Dispatch
import TabBarKit
import Testing

/// C1 in the library: a page's tasks live while it is on screen, and work
/// posted from another thread runs on the main actor and is drawn. (The
/// end-to-end tests show both drawn while `run()` waits for keys.)
@MainActor
@Suite("tasks and posted work")
struct BackgroundWorkTests {
  /// Loads in a task started when it appears; the load waits until it is
  /// cancelled or `finishLoad()` is called.
  final class LoadingPage: ViewController {
    var status = "Loading…"
    var starts = 0
    var cancellations = 0
    var task: Task<Void, Never>?
    private var release: CheckedContinuation<Void, Never>?

    init() { super.init(title: "Feed") }

    override func viewDidAppear() {
      starts += 1
      task = startTask { [weak self] in
        do {
          // A slow load: only finishLoad() or the cancellation ends it.
          try await Task.sleep(for: .seconds(3600))
        } catch {
          self?.cancellations += 1
          return
        }
        self?.status = "Loaded"
        self?.setNeedsDisplay()
      }
    }

    override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
      buffer.write(status, at: rect.origin)
    }
  }

  /// Waits (at most 2 s of real time) until `condition` holds, letting
  /// main-actor work run meanwhile.
  func eventually(_ condition: () -> Bool) async {
    for _ in 0..<2000 where !condition() {
      try? await Task.sleep(for: .milliseconds(1))
    }
  }

  static func stack() -> (NavigationController, ListViewController) {
    let list = ListViewController(title: "News", rows: [ListRow("Story")])
    return (NavigationController(rootViewController: list), list)
  }

  @Test("a page's task starts when it appears and is cancelled when the page is popped")
  func taskCancelledOnPop() async throws {
    let (nav, _) = Self.stack()
    let (app, terminal) = Fixtures.app(nav)
    let page = LoadingPage()
    nav.pushViewController(page, animated: false)
    app.tick()
    #expect(page.starts == 1)
    #expect(terminal.screen.line(2).hasPrefix("Loading…"))
    let task = try #require(page.task)
    app.press("esc")
    await task.value
    #expect(page.cancellations == 1, "the pop cancelled the load")
    #expect(page.status == "Loading…", "a cancelled load changes nothing")
  }

  @Test("a page's task is cancelled when another tab is chosen, and starts again on return")
  func taskCancelledOnTabSwitch() async throws {
    let page = LoadingPage()
    let tabs = TabBarController(viewControllers: [
      NavigationController(rootViewController: page), Self.stack().0,
    ])
    let (app, _) = Fixtures.app(tabs)
    let first = try #require(page.task)
    app.press("2")
    await first.value
    #expect(page.cancellations == 1)
    app.press("1")
    #expect(page.starts == 2)
    let second = try #require(page.task)
    app.press("2")
    await second.value
    #expect(page.cancellations == 2)
  }

  @Test("a task's result is drawn once it asks for display")
  func taskResultDrawn() async throws {
    let (nav, _) = Self.stack()
    let (app, terminal) = Fixtures.app(nav)
    let page = FinishingPage()
    nav.pushViewController(page, animated: false)
    app.tick()
    #expect(terminal.screen.line(2).hasPrefix("Loading…"))
    await page.task?.value
    app.tick()
    #expect(terminal.screen.line(2).hasPrefix("Loaded 3 stories"))
  }

  /// Loads at once (after one suspension) and shows the result.
  final class FinishingPage: ViewController {
    var status = "Loading…"
    var task: Task<Void, Never>?
    init() { super.init(title: "Feed") }
    override func viewDidAppear() {
      task = startTask { [weak self] in
        await Task.yield()
        self?.status = "Loaded 3 stories"
        self?.setNeedsDisplay()
      }
    }
    override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
      buffer.write(status, at: rect.origin)
    }
  }

  @Test("work posted from another thread runs on the main actor, in order, and is drawn")
  func postedWorkRunsInOrder() async {
    let (nav, list) = Self.stack()
    let (app, terminal) = Fixtures.app(nav)
    list.listView.rows = []
    DispatchQueue.global().async {
      for number in 1...50 {
        app.post { list.listView.rows.append(ListRow("Story \(number)")) }
      }
    }
    await eventually { list.listView.rows.count == 50 }
    #expect(list.listView.rows.map(\.title) == (1...50).map { "Story \($0)" })
    app.tick()
    #expect(terminal.screen.line(2).hasPrefix(" Story 1 "))
  }

  @Test("a page's timer stops when the page is popped; the app's timers go on")
  func pageTimerEndsWithThePage() {
    let clock = ManualClock()
    let (nav, _) = Self.stack()
    let (app, _) = Fixtures.app(nav, clock: clock)
    let page = LoadingPage()
    nav.pushViewController(page, animated: false)
    var pageTicks = 0
    var appTicks = 0
    let token = page.schedule(every: .seconds(1)) { pageTicks += 1 }
    app.schedule(every: .seconds(1)) { appTicks += 1 }
    clock.advance(by: .seconds(1))
    app.tick()
    #expect(pageTicks == 1 && appTicks == 1)
    nav.popViewController(animated: false)
    #expect(token?.isActive == false, "leaving the screen cancelled it")
    clock.advance(by: .seconds(1))
    app.tick()
    #expect(pageTicks == 1 && appTicks == 2)
  }

  @Test("a page reaches its app, to quit or to post")
  func pageReachesItsApp() {
    let (nav, list) = Self.stack()
    #expect(list.application == nil, "not in an app yet")
    let (app, _) = Fixtures.app(nav)
    #expect(list.application === app)
    list.application?.quit()
    #expect(app.isFinished)
  }
}
