import SnapshotTesting
import Testing

@testable import TabBarKit

@MainActor
@Suite("Overflow")
struct OverflowTests {
  static let sevenItems =
    Fixtures.items + [
      TabBarItem(title: "Live", glyph: "◎"), TabBarItem(title: "Audio", glyph: "♪"),
    ]

  @Test("more items than the maximum turn the last cell into More")
  func moreCell() {
    let bar = TabBar(items: Self.sevenItems, selectedIndex: 0)
    #expect(bar.visibleItemCount(width: 80) == 4)
    #expect(bar.slots(width: 80) == [.item(0), .item(1), .item(2), .item(3), .more])
    let five = TabBar(items: Fixtures.items, selectedIndex: 0)
    #expect(five.slots(width: 80).count == 5 && !five.slots(width: 80).contains(.more))
  }

  @Test("more items than fit at the minimum cell width also overflow")
  func narrowOverflow() {
    let bar = TabBar(items: Fixtures.items, selectedIndex: 0)
    #expect(bar.visibleItemCount(width: 24) == 3)
    #expect(bar.slots(width: 24).last == .more)
  }

  @Test("More pushes a list of the remaining tabs; choosing one selects it")
  func chooseFromMore() {
    let tabs = Fixtures.tabs(items: Self.sevenItems)
    let (app, terminal) = Fixtures.app(tabs)
    app.press("left")  // from News, Left wraps to the last cell: More
    #expect(terminal.screen.line(0).contains("More"))
    #expect(terminal.screen.line(2).contains("Me"))
    #expect(terminal.screen.line(4).contains("Audio"))
    app.press("down,down,enter")
    #expect(tabs.selectedIndex == 6)
    #expect(terminal.screen.line(0).contains("Audio"))
    // The selected tab lives behind More, so More stays highlighted.
    #expect(tabs.tabBar.selectedSlot(width: 80) == .more)
    app.press("1")
    #expect(tabs.selectedIndex == 0)
  }

  @Test("when a resize makes room for every tab, More goes and the selected tab shows")
  func moreGoesAwayOnResize() {
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs, size: Size(width: 24, height: 10))
    app.press("left")  // More, the last of four cells
    #expect(terminal.screen.line(0).contains("More"))
    terminal.resize(to: Size(width: 80, height: 24))
    app.send(.resize(terminal.size))
    #expect(!tabs.tabBar.slots(width: 80).contains(.more))
    #expect(tabs.selectedViewController === tabs.viewControllers[0])
    #expect(terminal.screen.line(0).trimmingCharacters(in: .whitespaces) == "News")
    #expect(tabs.tabBar.selectedSlot(width: 80) == .item(0), "the News cell is marked")
  }

  /// A shared count of how often the tabs' items are read.
  final class ReadCount { var value = 0 }

  /// A page that counts the reads of its item.
  final class CountingPage: ListViewController {
    let reads: ReadCount
    init(_ title: String, reads: ReadCount) {
      self.reads = reads
      super.init(title: title, rows: [])
    }
    override var tabBarItem: TabBarItem {
      get {
        reads.value += 1
        return super.tabBarItem
      }
      set { super.tabBarItem = newValue }
    }
  }

  @Test("the More list of 3,000 tabs reads each tab's item a few times, not once per row")
  func moreListIsLinear() {
    let count = 3000
    let reads = ReadCount()
    let pages = (0..<count).map { CountingPage("Tab \($0)", reads: reads) }
    let tabs = TabBarController(viewControllers: pages)
    let (app, _) = Fixtures.app(tabs)
    reads.value = 0
    app.press("left")  // More
    #expect(tabs.moreNavigationController.isVisible)
    #expect(reads.value < 10 * count, "\(reads.value) reads for \(count) tabs")
  }

  // MARK: More as UIKit does it

  /// The navigation stack of tab `index`.
  static func nav(_ tabs: TabBarController, _ index: Int) -> NavigationController {
    tabs.viewControllers[index] as! NavigationController
  }

  /// The first line, spaces trimmed: the navigation bar's back label and title.
  static func navBar(_ terminal: MemoryTerminal) -> String {
    terminal.screen.line(0).trimmingCharacters(in: .whitespaces)
  }

  @Test(
    "a tab chosen from More is pushed on the More stack with ‹ More; Esc returns to the list")
  func chosenTabIsPushed() {
    let tabs = Fixtures.tabs(items: Self.sevenItems)
    let (app, terminal) = Fixtures.app(tabs)
    let audio = Self.nav(tabs, 6).rootViewController
    app.press("left,down,down,enter")  // More, then Audio
    let more = tabs.moreNavigationController
    #expect(more.viewControllers.count == 2 && more.topViewController === audio)
    #expect(audio.navigationController === more)
    #expect(Self.navBar(terminal).hasPrefix("‹ More"), "\(terminal.screen.text)")
    #expect(Self.navBar(terminal).hasSuffix("Audio"))
    #expect(terminal.screen.line(2).contains("Audio 1"), "Audio's rows show")
    #expect(tabs.selectedIndex == 6 && tabs.isTabBarVisible, "its root keeps the bar")
    #expect(tabs.tabBar.selectedSlot(width: 80) == .more)

    app.press("esc")
    #expect(Self.navBar(terminal) == "More")
    #expect(terminal.screen.line(4).contains("Audio"))
    #expect(more.isAtRoot)
    #expect(audio.navigationController === Self.nav(tabs, 6), "Audio has its root back")
  }

  @Test("pages pushed from a tab on More go on the More stack, which keeps them")
  func pushesGoOnTheMoreStack() {
    let tabs = Fixtures.tabs(items: Self.sevenItems)
    let (app, terminal) = Fixtures.app(tabs)
    app.press("left,down,down,enter,down,enter")  // Audio, then its row Audio 2
    let more = tabs.moreNavigationController
    #expect(more.viewControllers.map(\.title) == ["More", "Audio", "Audio 2"])
    #expect(Self.navBar(terminal).hasPrefix("‹ Audio"), "\(terminal.screen.text)")
    #expect(!tabs.isTabBarVisible, "a pushed page hides the bar there too")
    let state = RestorationCoder(encoding: tabs)
    #expect(
      DeepLinkAndStateTests.pages(state, tab: 6).count == 2, "the state has Audio's two pages")
    #expect(state.decodeInt(forKey: "selectedTab") == 7)

    // Another tab, then More: the More stack is as it was left (UIKit).
    app.press("1")
    #expect(Self.navBar(terminal) == "News")
    app.press("left")
    #expect(Self.navBar(terminal).hasSuffix("Audio 2"))
    #expect(tabs.selectedIndex == 6)
    app.press("7")  // Audio's key: reselecting pops it to its root, not to the list
    #expect(Self.navBar(terminal).hasPrefix("‹ More") && Self.navBar(terminal).hasSuffix("Audio"))
    app.press("7")
    #expect(more.viewControllers.count == 2, "at its root, reselecting leaves it there")
    // More on screen: More again goes back to the list.
    #expect(tabs.userSelectMore())
    app.tick()
    #expect(Self.navBar(terminal) == "More")
  }

  @Test("growing the terminal so that More goes shows the tab chosen from it, with its stack")
  func growingShowsTheChosenTab() {
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs, size: Size(width: 24, height: 12))
    app.press("left,down,enter")  // More (Topics, Me), then Me
    #expect(tabs.selectedIndex == 4)
    #expect(Self.navBar(terminal).hasPrefix("‹ More"), "\(terminal.screen.text)")
    app.press("enter")  // Me 1
    terminal.resize(to: Size(width: 80, height: 24))
    app.send(.resize(terminal.size))
    #expect(tabs.selectedViewController === tabs.viewControllers[4])
    #expect(Self.nav(tabs, 4).viewControllers.map(\.title) == ["Me", "Me 1"], "Me keeps its stack")
    #expect(Self.navBar(terminal).hasPrefix("‹ Me") && Self.navBar(terminal).hasSuffix("Me 1"))
    #expect(tabs.moreNavigationController.isAtRoot)
    app.press("esc")
    #expect(Self.navBar(terminal) == "Me")
    #expect(tabs.tabBar.selectedSlot(width: 80) == .item(4), "the Me cell is marked")
  }

  @Test("a tab that loses its cell to a shrink goes on the More stack, and back when it grows")
  func shrinkingPutsTheTabOnMore() {
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs, size: Size(width: 80, height: 12))
    app.press("5,enter")  // Me, then Me 1
    terminal.resize(to: Size(width: 24, height: 12))
    app.send(.resize(terminal.size))
    let more = tabs.moreNavigationController
    #expect(more.viewControllers.map(\.title) == ["More", "Me", "Me 1"])
    #expect(tabs.selectedIndex == 4)
    app.press("esc")
    #expect(Self.navBar(terminal).hasPrefix("‹ More"), "\(terminal.screen.text)")
    terminal.resize(to: Size(width: 80, height: 12))
    app.send(.resize(terminal.size))
    #expect(Self.navBar(terminal) == "Me")
    #expect(tabs.selectedViewController === tabs.viewControllers[4] && more.isAtRoot)
  }

  @Test("a number key for a tab behind More pushes it on the More stack")
  func numberKeyForAHiddenTab() {
    let tabs = Fixtures.tabs()
    let delegate = RecordingDelegate()
    tabs.delegate = delegate
    let (app, terminal) = Fixtures.app(tabs, size: Size(width: 24, height: 12))
    app.press("5")
    #expect(Self.navBar(terminal).hasPrefix("‹ More") && Self.navBar(terminal).hasSuffix("Me"))
    #expect(delegate.calls == ["shouldSelect 4", "didSelect 0->4"])
    app.press("4")  // another hidden tab takes its place on the More stack
    #expect(tabs.moreNavigationController.viewControllers.map(\.title) == ["More", "Topics"])
    #expect(Self.nav(tabs, 4).rootViewController.navigationController === Self.nav(tabs, 4))
    app.press("1")
    #expect(Self.navBar(terminal) == "News")
  }

  @Test("a tab on the More stack selected from code stays there with its pages, at once")
  func selectingFromCode() {
    let tabs = Fixtures.tabs(items: Self.sevenItems)
    let (app, terminal) = Fixtures.app(tabs)
    app.press("left,down,down,enter,enter")  // Audio, Audio 1
    app.press("1")
    // It has no cell: selected from code, it is on the More stack before
    // any layout, with the pages it had.
    tabs.selectedIndex = 6
    #expect(tabs.selectedViewController === tabs.moreNavigationController)
    #expect(
      tabs.moreNavigationController.viewControllers.map(\.title) == ["More", "Audio", "Audio 1"])
    #expect(
      Self.nav(tabs, 6).topViewController.navigationController === tabs.moreNavigationController)
    app.tick()
    #expect(Self.navBar(terminal).hasSuffix("Audio 1"))
  }

  @Test("a tab moving onto the More stack and back disappears and appears once each")
  func lifecycleOfTheMove() {
    let log = LifecycleLog()
    let pages = Self.sevenItems.map { RecordingPage($0.title, log: log) }
    let tabs = try! TabBarController(
      viewControllers: pages.map { NavigationController(rootViewController: $0) },
      items: Self.sevenItems)
    let (app, _) = Fixtures.app(tabs)
    app.press("left")
    log.entries = []
    app.press("down,down,enter")
    #expect(log.entries == ["Audio.willAppear", "Audio.didAppear"])
    log.entries = []
    tabs.maximumVisibleItems = 7  // Audio gets its cell
    app.tick()
    #expect(
      log.entries == [
        "Audio.willDisappear", "Audio.didDisappear", "Audio.willAppear", "Audio.didAppear",
      ])
    #expect(tabs.selectedViewController === tabs.viewControllers[6])
    #expect(pages[6].isVisible)
  }

  @Test("a saved state of a tab on the More stack restores there")
  func stateOfATabOnMore() {
    let tabs = Fixtures.tabs(items: Self.sevenItems)
    let (app, terminal) = Fixtures.app(tabs)
    app.press("left,down,down,enter,down,down,enter")  // Audio, Audio 3
    let state = RestorationCoder(encoding: tabs)
    let pages = DeepLinkAndStateTests.pages(state, tab: 6)
    #expect(pages.map { $0.decodeCoder(forKey: "state")?.decodeInt(forKey: "row") } == [3, 1])

    let again = Fixtures.tabs(items: Self.sevenItems)
    #expect(state.restore(again) == [])
    let (_, restored) = Fixtures.app(again)
    #expect(
      again.moreNavigationController.viewControllers.map(\.title) == ["More", "Audio", "Audio 3"])
    #expect(restored.screen.line(0) == terminal.screen.line(0))
  }

  @Test("the More cell shows a dot when a tab behind it has a badge")
  func badgeBehindMore() {
    var items = Self.sevenItems
    var bar = TabBar(items: items, selectedIndex: 0)
    #expect(bar.moreCellItem(width: 80).badge == .none)
    items[5].badge = .count(0)  // shows nothing
    items[3].badge = .count(4)  // has a cell of its own
    bar.items = items
    #expect(bar.moreCellItem(width: 80).badge == .none)
    items[6].badge = .count(3)
    bar.items = items
    #expect(bar.moreCellItem(width: 80).badge == .dot)
    #expect(bar.moreCellItem(width: 200).badge == .dot, "at most five cells: still behind More")
    let tabs = Fixtures.tabs(items: items)
    tabs.maximumVisibleItems = 7
    #expect(!tabs.tabBar.slots(width: 80).contains(.more), "no More cell, no More badge")
  }

  @Test("snapshots of the More cell's dot and of a tab pushed over the More list")
  func moreSnapshots() {
    var items = Self.sevenItems
    items[6].badge = .text("new")
    let tabs = Fixtures.tabs(items: items)
    let (app, terminal) = Fixtures.app(tabs, size: Size(width: 60, height: 10))
    assertSnapshot(of: terminal.screen, as: .frame, named: "dot")
    app.press("left,down,down,enter")
    assertSnapshot(of: terminal.screen, as: .frame, named: "pushed")
    #expect(terminal.screen == app.renderFrame(size: terminal.size))
  }
}
