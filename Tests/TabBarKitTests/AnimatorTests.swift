import Testing

@testable import TabBarKit

@MainActor
@Suite("Animator")
struct AnimatorTests {
  @Test("one animator runs every animation; completions run when each ends")
  func completions() {
    let animator = Animator()
    var ended: [String] = []
    animator.run(Animation(start: .zero, duration: .milliseconds(200))) { ended.append("push") }
    animator.run(Animation(start: .zero, duration: .milliseconds(100))) { ended.append("bar") }
    let replaced = animator.run(Animation(start: .zero, duration: .milliseconds(50))) {
      ended.append("replaced")
    }
    animator.cancel(replaced)
    #expect(animator.step(at: .milliseconds(150), finishingAll: false))
    #expect(ended == ["bar"])
    #expect(!animator.step(at: .milliseconds(150), finishingAll: true))
    #expect(ended == ["bar", "push"], "a cancelled animation never completes")
  }

  @Test("a push and the bar's slide run on the application's animator; a key ends both")
  func appAnimator() {
    let clock = ManualClock()
    let tabs = Fixtures.tabs()
    let (app, _) = Fixtures.app(tabs, clock: clock)
    tabs.setTabBarHidden(true, animated: true)
    (tabs.selectedViewController as? NavigationController)?.pushViewController(
      ListViewController(title: "Pushed", rows: []))
    #expect(app.animator.isRunning)
    #expect(tabs.animator === app.animator)
    app.press("x")  // any key finishes what runs
    #expect(!app.animator.isRunning && tabs.isTabBarHidden)
    #expect((tabs.selectedViewController as? NavigationController)?.activeTransition == nil)
  }
}
