import Testing

@testable import TabBarKit

/// The `More` stack tells its tab bar controller when it is back at its
/// list, as UIKit's `navigationController(_:didShow:animated:)` does; no key
/// or frame has to come for the tab to get its root back.
@MainActor
@Suite("the More stack tells its tab bar when it pops")
struct MoreStackNoticeTests {
  @Test("popping the More stack to its list from code gives the tab its root back at once")
  func popFromCode() {
    let tabs = Fixtures.tabs(items: OverflowTests.sevenItems)
    let (app, _) = Fixtures.app(tabs)
    let audio = OverflowTests.nav(tabs, 6)
    app.press("left,down,down,enter")  // More, then Audio
    let more = tabs.moreNavigationController
    #expect(audio.rootViewController.navigationController === more, "Audio is on More")

    more.popViewController(animated: false)

    #expect(more.isAtRoot)
    #expect(audio.rootViewController.navigationController === audio, "Audio has its root back")
    #expect(tabs.moreTab == nil)
    #expect(tabs.tabOnScreen == nil, "the More list is on screen")
  }

  @Test("a sliding pop back to the More list gives the tab its root back when the slide ends")
  func animatedPop() {
    let clock = ManualClock()
    let tabs = Fixtures.tabs(items: OverflowTests.sevenItems)
    let (app, terminal) = Fixtures.app(tabs, clock: clock)
    let audio = OverflowTests.nav(tabs, 6)
    app.press("left")
    clock.advance(by: .seconds(1))
    app.tick()
    app.press("down,down,enter")  // Audio
    clock.advance(by: .seconds(1))
    app.tick()
    let more = tabs.moreNavigationController
    #expect(more.viewControllers.count == 2)

    more.popViewController(animated: true)
    #expect(more.activeTransition != nil, "the list slides back in")
    #expect(tabs.moreTab == 6, "Audio's root stays on More while it slides out")

    clock.advance(by: .seconds(1))
    app.tick()
    #expect(more.activeTransition == nil)
    #expect(audio.rootViewController.navigationController === audio, "Audio has its root back")
    #expect(tabs.moreTab == nil)
    #expect(OverflowTests.navBar(terminal) == "More", "\(terminal.screen.text)")
  }

  @Test(
    "on the More stack the list and the root of the tab show the bar, a page pushed over it not")
  func moreStackBarRule() {
    let tabs = Fixtures.tabs(items: OverflowTests.sevenItems)
    let (app, _) = Fixtures.app(tabs)
    app.press("left")
    #expect(tabs.isTabBarVisible, "the More list shows the bar")
    app.press("down,down,enter")  // Audio
    #expect(tabs.isTabBarVisible, "Audio's root shows it, as in a cell of its own")
    app.press("enter")  // Audio 1
    #expect(!tabs.isTabBarVisible, "a page pushed from Audio hides it")
    app.press("esc,esc")
    #expect(tabs.isTabBarVisible && tabs.moreNavigationController.isAtRoot)
  }
}
