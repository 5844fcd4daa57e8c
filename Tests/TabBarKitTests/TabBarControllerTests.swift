import Testing

@testable import TabBarKit

@MainActor
@Suite("Tab bar controller")
struct TabBarControllerTests {
  @Test("the first item is selected at start")
  func firstSelected() {
    let (_, terminal) = Fixtures.app(Fixtures.tabs())
    #expect(terminal.screen.line(0).contains("News"))
    #expect(terminal.screen[8, 23].style.background == .red)
  }

  @Test("left and right switch tabs and wrap around")
  func arrowsWrap() {
    let tabs = Fixtures.tabs()
    let (app, _) = Fixtures.app(tabs)
    app.press("left")
    #expect(tabs.selectedIndex == 4)
    app.press("right")
    #expect(tabs.selectedIndex == 0)
    app.press("right,right")
    #expect(tabs.selectedIndex == 2)
    app.press("tab,backtab,backtab")
    #expect(tabs.selectedIndex == 1)
  }

  @Test("number keys and Alt+number select; an index past the last is ignored")
  func numberKeys() {
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs)
    app.press("3")
    #expect(tabs.selectedIndex == 2)
    app.press("alt-5")
    #expect(tabs.selectedIndex == 4)
    let frames = terminal.frameCount
    app.press("9,alt-6")
    #expect(tabs.selectedIndex == 4)
    #expect(terminal.frameCount == frames, "an ignored key draws no frame")
  }

  @Test("switching works from a pushed page, whatever has focus")
  func switchFromPushedPage() {
    let tabs = Fixtures.tabs()
    let (app, _) = Fixtures.app(tabs)
    app.press("enter,enter")
    #expect((tabs.viewControllers[0] as! NavigationController).viewControllers.count == 3)
    app.press("2")
    #expect(tabs.selectedIndex == 1)
  }

  @Test("choosing the selected tab pops its stack to the root")
  func reselectPopsToRoot() {
    let tabs = Fixtures.tabs()
    let (app, _) = Fixtures.app(tabs)
    let nav = tabs.viewControllers[0] as! NavigationController
    app.press("enter,enter,enter")
    #expect(nav.viewControllers.count == 4)
    app.press("1")
    #expect(nav.viewControllers.count == 1)
    #expect(tabs.selectedIndex == 0)
  }

  @Test("shouldSelect may veto; a veto leaves highlight and content untouched")
  func delegateVeto() {
    let tabs = Fixtures.tabs()
    let delegate = RecordingDelegate()
    delegate.vetoed = [2]
    tabs.delegate = delegate
    let (app, terminal) = Fixtures.app(tabs)
    let before = terminal.screen
    app.press("3")
    #expect(tabs.selectedIndex == 0)
    #expect(terminal.screen == before)
    app.press("2")
    #expect(delegate.calls == ["shouldSelect 2", "shouldSelect 1", "didSelect 0->1"])
  }

  @Test("didReselect runs when the selected tab is chosen again")
  func delegateReselect() {
    let tabs = Fixtures.tabs()
    let delegate = RecordingDelegate()
    tabs.delegate = delegate
    let (app, _) = Fixtures.app(tabs)
    app.press("1")
    #expect(delegate.calls == ["shouldSelect 0", "didReselect 0"])
  }

  @Test("a veto of the selected tab keeps its stack from popping to the root, as UIKit")
  func delegateVetoesReselect() {
    let tabs = Fixtures.tabs()
    let delegate = RecordingDelegate()
    tabs.delegate = delegate
    let (app, terminal) = Fixtures.app(tabs)
    app.press("enter")
    delegate.vetoed = [0]
    app.press("1")
    #expect(delegate.calls == ["shouldSelect 0"])
    #expect(terminal.screen.line(0).contains("‹ News"), "the pushed page stays")
    delegate.vetoed = []
    app.press("1")
    #expect(!terminal.screen.line(0).contains("‹ News"), "popped once allowed")
  }

  @Test("choosing More asks the delegate, which may veto it, and tells it after")
  func delegateMore() {
    let tabs = Fixtures.tabs(items: OverflowTests.sevenItems)
    let delegate = RecordingDelegate()
    tabs.delegate = delegate
    let (app, terminal) = Fixtures.app(tabs)
    delegate.vetoesMore = true
    app.press("left")
    #expect(delegate.calls == ["shouldShowMore"])
    #expect(!terminal.screen.line(0).contains("More"))
    delegate.vetoesMore = false
    delegate.calls = []
    app.press("left")
    #expect(delegate.calls == ["shouldShowMore", "didShowMore"])
    #expect(terminal.screen.line(0).contains("More"))
  }

  @Test("the plus button asks the delegate and tells it after (CYL's didSelectControl)")
  func delegatePlusButton() throws {
    let tabs = Fixtures.tabs(items: Array(Fixtures.items.prefix(4)))
    try tabs.setPlusButton(PlusButton(action: .present(PlusButtonTests.compose)))
    let delegate = RecordingDelegate()
    tabs.delegate = delegate
    let (app, _) = Fixtures.app(tabs)
    delegate.vetoesPlus = true
    app.press("+")
    #expect(delegate.calls == ["shouldPressPlus"])
    #expect(tabs.presentedViewController == nil)
    delegate.vetoesPlus = false
    delegate.calls = []
    app.press("+")
    #expect(delegate.calls == ["shouldPressPlus", "didPressPlus"])
    #expect(tabs.presentedViewController != nil)
  }

  @Test("controllers and items of different counts are a configuration error (CYL asserts)")
  func itemCountMismatch() {
    let pages = [
      ListViewController(title: "A", rows: []), ListViewController(title: "B", rows: []),
    ]
    #expect(throws: TabBarConfigurationError.itemCountMismatch(controllers: 2, items: 3)) {
      try TabBarController(viewControllers: pages, items: Array(Fixtures.items.prefix(3)))
    }
    #expect(
      TabBarConfigurationError.itemCountMismatch(controllers: 2, items: 3).description
        == "2 tab controllers but 3 items; give one item per controller")
  }

  @Test("a change from code calls no delegate method; out of range is ignored")
  func codeChangesAreSilent() {
    let tabs = Fixtures.tabs()
    let delegate = RecordingDelegate()
    tabs.delegate = delegate
    tabs.selectedIndex = 3
    #expect(tabs.selectedIndex == 3)
    tabs.selectedIndex = 7
    tabs.selectedIndex = -1
    #expect(tabs.selectedIndex == 3)
    #expect(delegate.calls.isEmpty)
  }

  @Test("replacing the tabs with a shorter list clamps the selection")
  func shorterListClamps() {
    let tabs = Fixtures.tabs()
    tabs.selectedIndex = 4
    tabs.viewControllers = Array(tabs.viewControllers.prefix(2))
    #expect(tabs.selectedIndex == 1)
    #expect(tabs.selectedViewController === tabs.viewControllers[1])
  }

  @Test("the bar shows only at the root; hidden, the content uses the full height")
  func barOnlyAtRoot() {
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs)
    #expect(tabs.isTabBarVisible)
    #expect(terminal.screen.line(23).contains("Reading"))
    app.press("enter")
    #expect(!tabs.isTabBarVisible)
    #expect(tabs.layout(in: Rect(x: 0, y: 0, width: 80, height: 24)).content.height == 24)
    #expect(!terminal.screen.lines.joined().contains("Reading"))
    // The pushed list fills the rows the bar had: its 20 rows reach row 21.
    #expect(terminal.screen.line(21).contains("News 1.20"))
    app.press("esc")
    #expect(tabs.isTabBarVisible)
    #expect(terminal.screen.line(23).contains("Reading"))
  }

  @Test("a pushed page may keep the bar with hidesBottomBarWhenPushed = false")
  func optOut() {
    let nav = NavigationController(rootViewController: ViewController(title: "Root"))
    let tabs = TabBarController(viewControllers: [nav])
    let keeps = ViewController(title: "Keeps")
    keeps.hidesBottomBarWhenPushed = false
    nav.pushViewController(keeps)
    #expect(tabs.isTabBarVisible)
    nav.pushViewController(ViewController(title: "Hides"))
    #expect(!tabs.isTabBarVisible)
    let above = ViewController(title: "Above")
    above.hidesBottomBarWhenPushed = false
    nav.pushViewController(above)
    #expect(!tabs.isTabBarVisible, "the first page that hides hides every page above it")
  }
}
