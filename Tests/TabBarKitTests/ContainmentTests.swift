import Testing

@testable import TabBarKit

/// A container an app writes itself: two pages side by side, as a split view.
final class SplitViewController: ViewController {
  let primary: ViewController
  let secondary: ViewController

  init(primary: ViewController, secondary: ViewController) {
    self.primary = primary
    self.secondary = secondary
    super.init(title: "Split")
    embed(primary)
    embed(secondary)
  }

  override var visibleChildren: [ViewController] { [primary, secondary] }

  /// The left and right halves of `rect`.
  func halves(of rect: Rect) -> (left: Rect, right: Rect) {
    let left = rect.width / 2
    return (
      Rect(x: rect.minX, y: rect.minY, width: left, height: rect.height),
      Rect(x: rect.minX + left, y: rect.minY, width: rect.width - left, height: rect.height)
    )
  }

  override func viewWillLayout(in rect: Rect) {
    let (left, right) = halves(of: rect)
    primary.viewWillLayout(in: left)
    secondary.viewWillLayout(in: right)
  }

  override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let (left, right) = halves(of: rect)
    primary.render(in: left, into: &buffer)
    secondary.render(in: right, into: &buffer)
  }

  override func handle(_ action: Action) -> Bool { secondary.handle(action) }
}

/// A page that records moves between containers and its appearance calls.
final class MovingPage: ListViewController {
  let log: LifecycleLog

  init(_ title: String, log: LifecycleLog) {
    self.log = log
    super.init(title: title, rows: (1...30).map { ListRow("\(title) row \($0)") })
  }

  override func willMove(toParent parent: ViewController?) {
    log.entries.append("\(title).willMove(\(parent?.title ?? "nil"))")
  }
  override func didMove(toParent parent: ViewController?) {
    log.entries.append("\(title).didMove(\(parent?.title ?? "nil"))")
  }
  override func viewWillAppear() { log.entries.append("\(title).willAppear") }
  override func viewDidAppear() { log.entries.append("\(title).didAppear") }
  override func viewWillDisappear() { log.entries.append("\(title).willDisappear") }
  override func viewDidDisappear() { log.entries.append("\(title).didDisappear") }
}

@MainActor
@Suite("Containment")
struct ContainmentTests {
  @Test("an app's own container holds two children, in UIKit's order of calls")
  func splitView() {
    let log = LifecycleLog()
    let left = MovingPage("Left", log: log)
    let right = MovingPage("Right", log: log)
    let split = SplitViewController(primary: left, secondary: right)
    #expect(
      log.entries == [
        "Left.willMove(Split)", "Left.didMove(Split)", "Right.willMove(Split)",
        "Right.didMove(Split)",
      ])
    #expect(split.children.map(\.title) == ["Left", "Right"])
    #expect(left.parent === split && right.parent === split)

    log.entries = []
    let tabs = TabBarController(viewControllers: [
      split, ListViewController(title: "Other", rows: []),
    ])
    let (app, terminal) = Fixtures.app(tabs)
    #expect(
      log.entries == ["Left.willAppear", "Right.willAppear", "Left.didAppear", "Right.didAppear"])
    // Both children drawn, each in its half; keys reach the container.
    #expect(terminal.screen.line(0).hasPrefix(" Left row 1"))
    #expect(terminal.screen.line(0).dropFirst(40).hasPrefix(" Right row 1"))
    // Children reach the tab bar controller and inherit its theme.
    #expect(right.tabBarController === tabs)
    tabs.theme = Theme.monochrome
    #expect(left.theme == Theme.monochrome)

    log.entries = []
    app.press("2")
    #expect(
      log.entries == [
        "Left.willDisappear", "Right.willDisappear", "Left.didDisappear", "Right.didDisappear",
      ])
  }

  @Test("removeFromParent tells the child and forgets it; addChild moves it between containers")
  func moving() {
    let log = LifecycleLog()
    let page = MovingPage("Page", log: log)
    let first = SplitViewController(
      primary: page, secondary: ListViewController(title: "B", rows: []))
    log.entries = []
    first.unembed(page)
    #expect(log.entries == ["Page.willMove(nil)", "Page.didMove(nil)"])
    #expect(page.parent == nil && first.children.map(\.title) == ["B"])

    let other = ViewController(title: "Other")
    let third = ViewController(title: "Third")
    other.addChild(page)
    third.addChild(page)  // leaves Other first
    #expect(other.children.isEmpty && third.children.count == 1 && page.parent === third)
  }

  @Test("a navigation stack's children are its pages; a pop removes the page")
  func navigationChildren() {
    let nav = NavigationController(rootViewController: ListViewController(title: "Root", rows: []))
    let pushed = ListViewController(title: "Pushed", rows: [])
    nav.pushViewController(pushed, animated: false)
    #expect(nav.children.map(\.title) == ["Root", "Pushed"])
    nav.popViewController(animated: false)
    #expect(nav.children.map(\.title) == ["Root"])
    #expect(pushed.parent == nil)
  }

  @Test("any page presents over the app, and a presented page dismisses itself")
  func presentFromAnyPage() {
    let page = ListViewController(title: "Page", rows: [])
    let tabs = TabBarController(viewControllers: [NavigationController(rootViewController: page)])
    let (app, terminal) = Fixtures.app(tabs)
    let sheet = ListViewController(title: "Sheet", rows: [])
    page.present(sheet)
    app.tick()
    #expect(terminal.screen.line(0).trimmingCharacters(in: .whitespaces) == "Sheet")
    #expect(tabs.presentedViewController?.children.first === sheet)
    sheet.dismiss()
    app.tick()
    #expect(tabs.presentedViewController == nil)
    #expect(terminal.screen.line(0).trimmingCharacters(in: .whitespaces) == "Page")
  }

  @Test("each frame lays out before it renders; the page gets the rect it is drawn in")
  func layoutThenRender() {
    let page = LayoutLoggingPage(title: "Page")
    let tabs = TabBarController(viewControllers: [page, ViewController(title: "Other")])
    var widths: [Int] = []
    tabs.onItemWidthChange = { widths.append($0) }
    let (app, terminal) = Fixtures.app(tabs)
    #expect(page.log == ["layout 80x21", "render 80x21"])
    #expect(widths == [40])
    terminal.resize(to: Size(width: 60, height: 20))
    app.send(.resize(terminal.size))
    #expect(page.log.suffix(2) == ["layout 60x17", "render 60x17"])
    #expect(widths == [40, 30], "the width change is told in the layout pass")
  }

  @Test(
    "theme, clock, animations and hint are one trait value looked up through the parents")
  func traits() {
    let page = ListViewController(title: "Page", rows: [])
    let nav = NavigationController(rootViewController: page)
    let tabs = TabBarController(viewControllers: [nav])
    #expect(page.theme == Theme.color && page.animationsEnabled && page.statusHint == nil)
    let clock = ManualClock()
    tabs.ownTraits.theme = .monochrome
    tabs.ownTraits.clock = clock
    tabs.animationsEnabled = false
    #expect(page.theme == Theme.monochrome && !page.animationsEnabled)
    #expect(page.clock as? ManualClock === clock)
    nav.theme = .color  // the nearest setting wins
    #expect(page.theme == Theme.color && tabs.theme == Theme.monochrome)
    #expect(page.ownTraits.theme == nil, "the page set nothing itself")
    nav.unembed(page)
    #expect(page.theme == Theme.color && page.animationsEnabled, "out of the tree: the defaults")
  }

  @Test("the tab bar keeps its rows from its own stacks only; a stack deeper down gets none")
  func barSpaceOnlyForDirectStacks() {
    let direct = LayoutLoggingPage(title: "Direct")
    let nested = LayoutLoggingPage(title: "Nested")
    let split = SplitViewController(
      primary: NavigationController(rootViewController: nested),
      secondary: ListViewController(title: "Side", rows: []))
    let tabs = TabBarController(viewControllers: [
      NavigationController(rootViewController: direct), split,
    ])
    let (app, _) = Fixtures.app(tabs)
    app.press("2")
    // 24 rows less the bar (3) less the navigation bar (2), both ways: the
    // split view's stack is already above the bar and keeps no rows for it.
    #expect(direct.log.first == "layout 80x19")
    #expect(nested.log.first == "layout 40x19")
  }

  struct TerminalGone: Error, Equatable {}

  @Test("a terminal that can no longer be drawn on ends run() with its error")
  func deadTerminal() {
    let terminal = MemoryTerminal(
      size: Size(width: 80, height: 24), events: [.key(.right), .key(.right), .key(.right)])
    let app = Application(root: Fixtures.tabs(), terminal: terminal, clock: ManualClock())
    app.start()
    terminal.failure = TerminalGone()
    #expect(throws: TerminalGone()) { try app.run() }
    #expect(app.isFinished)
    #expect(terminal.pendingEvents.count == 2, "the loop stopped at the first failed frame")
  }

  @Test("quit() ends run() from code, as q does")
  func quitFromCode() throws {
    let terminal = MemoryTerminal(
      size: Size(width: 80, height: 24), events: [.key(.right), .key(.right)])
    let tabs = Fixtures.tabs()
    let app = Application(root: tabs, terminal: terminal, clock: ManualClock())
    let delegate = QuittingDelegate(app: app)
    tabs.delegate = delegate
    try app.run()
    #expect(tabs.selectedIndex == 1 && terminal.pendingEvents.count == 1)
  }
}

/// A page that logs its layout and render passes.
final class LayoutLoggingPage: ViewController {
  var log: [String] = []
  override func viewWillLayout(in rect: Rect) { log.append("layout \(rect.width)x\(rect.height)") }
  override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    log.append("render \(rect.width)x\(rect.height)")
  }
}

/// Quits the app after the first switch.
final class QuittingDelegate: TabBarControllerDelegate {
  weak var app: Application?
  init(app: Application) { self.app = app }
  func tabBarController(_ controller: TabBarController, didSelect index: Int, from previous: Int) {
    app?.quit()
  }
}
