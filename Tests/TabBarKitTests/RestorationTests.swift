import Foundation
import Testing

@testable import TabBarKit

/// A page of an app's own with a state of its own: a counter.
final class CounterPage: ViewController {
  var count = 0

  init() {
    super.init(title: "Counter")
    restorationIdentifier = "counter"
  }

  override func encodeRestorableState(with coder: inout RestorationCoder) {
    coder.encode(count, forKey: "count")
  }

  override func decodeRestorableState(with coder: RestorationCoder) {
    count = coder.decodeInt(forKey: "count", clampedTo: 0...1_000) ?? 0
  }
}

/// A tab bar controller that records its layout and drawing passes in the
/// log its pages write their appearance calls to.
final class RecordingTabBarController: TabBarController {
  var log: LifecycleLog?

  override func viewWillLayout(in rect: Rect) {
    log?.entries.append("layout")
    super.viewWillLayout(in: rect)
  }

  override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    log?.entries.append("render")
    super.render(in: rect, into: &buffer)
  }
}

@MainActor
@Suite("Saving and restoring pages")
struct RestorationTests {
  @Test("the coder keeps integers, strings, booleans and children through JSON")
  func codableRoundTrip() throws {
    var child = RestorationCoder()
    child.encode("Reading", forKey: "title")
    var coder = RestorationCoder()
    coder.encode(Int.max, forKey: "large")
    coder.encode(-3, forKey: "negative")
    coder.encode(true, forKey: "flag")
    coder.encode(child, forKey: "child")
    coder.encode([child, RestorationCoder()], forKey: "children")
    let data = try JSONEncoder().encode(coder)
    let decoded = try JSONDecoder().decode(RestorationCoder.self, from: data)
    #expect(decoded == coder)
    #expect(decoded.decodeInt(forKey: "large") == Int.max)
    #expect(decoded.decodeBool(forKey: "flag") == true)
    #expect(decoded.decodeCoder(forKey: "child")?.decodeString(forKey: "title") == "Reading")
    #expect(decoded.decodeCoders(forKey: "children").count == 2)
    // A value of another kind reads as nothing, never as a wrong value.
    #expect(decoded.decodeInt(forKey: "flag") == nil)
    #expect(decoded.decodeString(forKey: "large") == nil)
    #expect(decoded.decodeCoders(forKey: "child").isEmpty)
  }

  @Test("a value the coder does not hold (a fraction, null) is left out, not an error")
  func unknownValues() throws {
    let json = #"{"row": 2.5, "gone": null, "kept": 4}"#
    let decoded = try JSONDecoder().decode(RestorationCoder.self, from: Data(json.utf8))
    #expect(decoded.decodeInt(forKey: "kept") == 4)
    #expect(decoded.decodeInt(forKey: "gone") == nil)
  }

  @Test("a clamped read keeps Int.max and negative numbers inside the range")
  func clampedReads() {
    var coder = RestorationCoder()
    coder.encode(Int.max, forKey: "large")
    coder.encode(Int.min, forKey: "small")
    coder.encode(-1, forKey: "negative")
    #expect(coder.decodeInt(forKey: "large", clampedTo: 0...10) == 10)
    #expect(coder.decodeInt(forKey: "small", clampedTo: 0...10) == 0)
    #expect(coder.decodeInt(forKey: "negative", clampedTo: 1...10) == 1)
    #expect(coder.decodeInt(forKey: "missing", clampedTo: 1...10) == nil)
  }

  @Test(
    "numbers at the ends of Int in a saved state are reported as gone, never trap",
    arguments: [Int.max, Int.min, -1, 0])
  func extremeNumbers(_ number: Int) {
    let tabs = DeepLinkAndStateTests.tabsWithAccordion()
    let state = DeepLinkAndStateTests.state(
      selectedTab: number,
      stacks: [
        [DeepLinkAndStateTests.list(row: number, scroll: number, opens: [number])],
        [DeepLinkAndStateTests.accordion(section: number)],
      ])
    let mismatches = state.restore(tabs).map(\.description)
    #expect(
      mismatches == [
        "tab 1: row \(number) of “News” is gone",
        "tab 2: section \(number) of “Topics” is gone",
        "its tab \(number) is gone",
      ])
    #expect(tabs.selectedIndex == 0)
    #expect(
      RestorationCoder(encoding: tabs).restore(DeepLinkAndStateTests.tabsWithAccordion()) == [])
  }

  @Test("halving a saved state cuts its longest list of pages to the first half, as often as asked")
  func halvingTheLongestList() {
    let pages = (1...8).map { DeepLinkAndStateTests.list(row: $0) }
    var state = DeepLinkAndStateTests.state(
      selectedTab: 1, stacks: [Array(pages.prefix(3)), pages])
    let halved = state.halveLongestList()
    #expect(halved)
    #expect(DeepLinkAndStateTests.pages(state, tab: 1) == Array(pages.prefix(4)), "the deepest")
    #expect(DeepLinkAndStateTests.pages(state, tab: 0).count == 3, "the other stack is kept")
    while state.halveLongestList() {}
    // Every list is down to one: the stacks to their roots, then the tabs.
    #expect(state.decodeCoders(forKey: "tabs").count == 1)
    #expect(DeepLinkAndStateTests.pages(state, tab: 0) == [pages[0]])
    #expect(state.decodeInt(forKey: "selectedTab") == 1, "values other than lists stay")
  }

  @Test("an empty saved state changes no page and says what it lacks")
  func emptyState() {
    let tabs = DeepLinkAndStateTests.tabsWithAccordion()
    tabs.selectedIndex = 1
    var empty = RestorationCoder()
    #expect(empty.restore(tabs).map(\.description) == ["it has 0 tabs, the app 2"])
    #expect(tabs.selectedIndex == 1, "the selection is left as it was")
    let halved = empty.halveLongestList()
    #expect(!halved, "nothing to halve")
  }

  @Test("a position of Int.max or below 1 in a deep link is an error, never a trap")
  func extremeDeepLinks() {
    for position in [Int.max, Int.min, 0, -1] {
      #expect(throws: DeepLinkError.self) { try Fixtures.tabs().open(path: [position]) }
      #expect(throws: DeepLinkError.self) { try Fixtures.tabs().open(path: [1, position]) }
      let tabs = DeepLinkAndStateTests.tabsWithAccordion()
      #expect(throws: DeepLinkError.self) { try tabs.open(path: [2, position]) }
    }
  }

  @Test("a page of the app's own pushed on a stack saves and restores its own state")
  func customPage() throws {
    func make() -> TabBarController {
      let list = ListViewController(
        title: "Home", rows: [ListRow("Counter") { CounterPage() }])
      return TabBarController(viewControllers: [NavigationController(rootViewController: list)])
    }
    let tabs = make()
    try tabs.open(path: [1, 1])
    let nav = try #require(tabs.selectedViewController as? NavigationController)
    let counter = try #require(nav.topViewController as? CounterPage)
    counter.count = 7
    let data = try JSONEncoder().encode(RestorationCoder(encoding: tabs))

    let again = make()
    let saved = try JSONDecoder().decode(RestorationCoder.self, from: data)
    #expect(saved.restore(again) == [])
    let restoredNav = try #require(again.selectedViewController as? NavigationController)
    #expect((restoredNav.topViewController as? CounterPage)?.count == 7)
  }

  @Test("a saved state goes only to a page with the same restoration identifier")
  func identifierMismatch() throws {
    let tabs = TabBarController(viewControllers: [CounterPage()])
    (tabs.viewControllers[0] as? CounterPage)?.count = 5
    let state = RestorationCoder(encoding: tabs)
    let other = CounterPage()
    other.restorationIdentifier = "stopwatch"
    let again = TabBarController(viewControllers: [other])
    #expect(
      state.restore(again).map(\.description) == ["tab 1: “Counter” is not the page saved there"])
    #expect(other.count == 0)
  }

  @Test(
    "a resize that moves the selected tab onto More calls no appearance method between layout and drawing"
  )
  func layoutNeverNavigates() {
    let log = LifecycleLog()
    let stacks = OverflowTests.sevenItems.map { item in
      NavigationController(rootViewController: RecordingPage(item.title, log: log))
    }
    let tabs = RecordingTabBarController(viewControllers: stacks)
    for (stack, item) in zip(stacks, OverflowTests.sevenItems) { stack.tabBarItem = item }
    tabs.log = log
    let (app, terminal) = Fixtures.app(tabs)
    app.press("4")  // Topics, which has a cell at 80 columns
    log.entries = []
    terminal.resize(to: Size(width: 20, height: 12))
    app.sendAllButQuit([], then: terminal)
    #expect(tabs.moreNavigationController.viewControllers.map(\.title) == ["More", "Topics"])
    // Topics left its cell for the More stack: it disappeared and came back.
    #expect(log.entries.contains("Topics.willDisappear"))
    #expect(log.entries.contains("Topics.didAppear"))
    let layout = try? #require(log.entries.firstIndex(of: "layout"))
    let drawn = log.entries[(layout ?? 0)...].prefix { $0 != "render" }
    #expect(
      drawn.allSatisfy { !$0.contains("Appear") && !$0.contains("Disappear") }, "\(log.entries)")

    // And back: the wider terminal gives Topics its cell back, before layout too.
    log.entries = []
    terminal.resize(to: Size(width: 80, height: 24))
    app.sendAllButQuit([], then: terminal)
    #expect(tabs.moreNavigationController.isAtRoot)
    #expect(log.entries.first { $0.contains("Appear") } != nil)
    #expect(
      log.entries.firstIndex(of: "layout").map {
        log.entries[$0...].allSatisfy { !$0.contains("Appear") }
      } == true, "\(log.entries)")
  }
}
