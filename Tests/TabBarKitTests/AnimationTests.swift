import Testing

@testable import TabBarKit

@MainActor
@Suite("Animation on an injected clock")
struct AnimationTests {
  @Test("a push slides in about 0.2 s and the bar leaves with the root page")
  func pushSlides() {
    let clock = ManualClock()
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs, clock: clock)
    let start = terminal.screen
    app.press("enter")
    clock.advance(by: .milliseconds(20))
    app.tick()
    let middle = terminal.screen
    // Under way: the root page and its bar slid left, the new page coming in.
    #expect(middle.line(23).contains("Video") && !middle.line(23).contains("News"))
    #expect(middle.line(2).contains("┃ News 1.1"), "old page's scroll bar, then the new page")
    #expect(middle != start)
    clock.advance(by: .milliseconds(180))
    app.tick()
    #expect(!terminal.screen.text.contains("Reading"))
    #expect(terminal.screen == app.renderFrame(size: Size(width: 80, height: 24)))
    // The end frame equals the same push without animation.
    let (plain, plainTerminal) = Fixtures.app(Fixtures.tabs())
    plain.press("enter")
    #expect(terminal.screen == plainTerminal.screen)
  }

  @Test("the lifecycle's did-calls come when the slide ends")
  func lifecycleWaitsForTheSlide() {
    let clock = ManualClock()
    let log = LifecycleLog()
    let nav = NavigationController(rootViewController: RecordingPage("A", log: log))
    let (app, _) = Fixtures.app(TabBarController(viewControllers: [nav]), clock: clock)
    log.entries = []
    nav.pushViewController(RecordingPage("B", log: log))
    #expect(log.entries == ["A.willDisappear", "B.willAppear"])
    clock.advance(by: .milliseconds(250))
    app.tick()
    #expect(log.entries == ["A.willDisappear", "B.willAppear", "A.didDisappear", "B.didAppear"])
  }

  @Test("a key pressed mid-animation finishes it and acts at once")
  func keyFinishesAnimation() {
    let clock = ManualClock()
    let tabs = Fixtures.tabs()
    let (app, _) = Fixtures.app(tabs, clock: clock)
    let nav = tabs.viewControllers[0] as! NavigationController
    app.press("enter")
    clock.advance(by: .milliseconds(50))
    app.tick()
    app.press("esc")  // pops at once, without waiting for the push to end
    #expect(nav.isAtRoot)
    #expect(nav.activeTransition != nil, "the pop itself slides")
    app.press("down")
    #expect(nav.activeTransition == nil)
  }

  @Test("the bar slides out from code and counts as hidden only once the slide ends")
  func barSlide() {
    let clock = ManualClock()
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs, clock: clock)
    tabs.setTabBarHidden(true, animated: true)
    clock.advance(by: .milliseconds(60))
    app.tick()
    #expect(!tabs.isTabBarHidden)
    // Two of its three rows are gone: its rule shows on the last row, the list grew.
    #expect(terminal.screen.line(23).hasPrefix("────"), "the top of the bar still shows")
    #expect(terminal.screen.line(22).contains("News 21"))
    clock.advance(by: .milliseconds(200))
    app.tick()
    #expect(tabs.isTabBarHidden)
    #expect(!terminal.screen.text.contains("Reading"))
    #expect(terminal.screen.line(23).contains("News 22"), "the content takes the full height")
  }

  @Test("quick toggles end in the last requested state; a resize never brings it back")
  func quickToggles() {
    let clock = ManualClock()
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs, clock: clock)
    tabs.setTabBarHidden(true, animated: true)
    clock.advance(by: .milliseconds(30))
    tabs.setTabBarHidden(false, animated: true)
    clock.advance(by: .milliseconds(30))
    tabs.setTabBarHidden(true, animated: true)
    clock.advance(by: .seconds(1))
    app.tick()
    #expect(tabs.isTabBarHidden)
    terminal.resize(to: Size(width: 60, height: 20))
    app.send(terminal.readEvent(timeout: nil)!)
    #expect(tabs.isTabBarHidden)
    #expect(!terminal.screen.text.contains("Reading"))
    tabs.setTabBarHidden(false, animated: false)
    #expect(!tabs.isTabBarHidden && tabs.isTabBarVisible)
  }

  @Test("an explicit show never beats a page that hides the bar")
  func showNeverBeatsPushedPage() {
    let tabs = Fixtures.tabs()
    let (app, _) = Fixtures.app(tabs)
    app.press("enter")
    tabs.setTabBarHidden(false, animated: false)
    #expect(!tabs.isTabBarVisible)
  }

  @Test("translucent content takes the whole screen and the bar draws over it")
  func translucent() {
    let tabs = Fixtures.tabs()
    let rect = Rect(x: 0, y: 0, width: 80, height: 24)
    #expect(tabs.layout(in: rect).content.height == 21)
    tabs.isTranslucent = true
    #expect(tabs.layout(in: rect).content.height == 24)
    #expect(tabs.layout(in: rect).bar?.minY == 21)
    let (app, terminal) = Fixtures.app(tabs)
    app.press("end")
    // The bar draws over the list, but the list scrolled its last row above
    // the bar (a bottom inset of the bar's height), not under it.
    #expect(terminal.screen.line(23).contains("Me"))
    #expect(terminal.screen.line(20).contains("News 25"))
  }

  @Test("timers run on the app's clock between keys")
  func timers() {
    let clock = ManualClock()
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs, clock: clock)
    app.schedule(every: .seconds(3)) {
      let me = tabs.viewControllers[4]
      if case .count(let n) = me.tabBarItem.badge {
        me.tabBarItem.badge = .count(n + 1)
      } else {
        me.tabBarItem.badge = .count(1)
      }
    }
    clock.advance(by: .seconds(2))
    app.tick()
    #expect(tabs.items[4].badge == .none)
    clock.advance(by: .seconds(1))
    app.tick()
    #expect(tabs.items[4].badge == .count(1))
    #expect(terminal.screen.line(22).contains("♡1"))
  }

  @Test("a cancelled timer never fires again, even cancelled from its own action")
  func cancelledTimers() {
    let clock = ManualClock()
    let (app, _) = Fixtures.app(Fixtures.tabs(), clock: clock)
    var fired: [String] = []
    let once = app.schedule(every: .seconds(1)) { fired.append("once") }
    var selfCancelling: Timers.Token?
    selfCancelling = app.schedule(every: .seconds(1)) {
      fired.append("self")
      selfCancelling?.cancel()
    }
    clock.advance(by: .seconds(1))
    app.tick()
    once.cancel()
    #expect(!once.isActive && selfCancelling?.isActive == false)
    for _ in 0..<5 {
      clock.advance(by: .seconds(1))
      app.tick()
    }
    #expect(fired == ["once", "self"])
  }

  @Test("a page reaches the app's timers and cancels its own when it goes away")
  func pageTimers() {
    let clock = ManualClock()
    let tabs = Fixtures.tabs()
    let (app, _) = Fixtures.app(tabs, clock: clock)
    let page = tabs.viewControllers[0]
    var ticks = 0
    let token = page.schedule(every: .milliseconds(500)) { ticks += 1 }
    #expect(token != nil, "a page in a running app can schedule")
    clock.advance(by: .seconds(1))
    app.tick()
    #expect(ticks == 1, "a timer fires once per tick, however late")
    token?.cancel()
    clock.advance(by: .seconds(1))
    app.tick()
    #expect(ticks == 1)
    #expect(ListViewController(title: "Alone", rows: []).schedule(every: .seconds(1)) {} == nil)
  }
}
