import Testing

@testable import TabBarKit

@MainActor
@Suite("Overflow (T10)")
struct OverflowTests {
  static let sevenItems =
    Fixtures.items + [
      TabBarItem(title: "Live", glyph: "◎"), TabBarItem(title: "Audio", glyph: "♪"),
    ]

  @Test("T10: more items than the maximum turn the last cell into More")
  func moreCell() {
    let bar = TabBar(items: Self.sevenItems, selectedIndex: 0)
    #expect(bar.visibleItemCount(width: 80) == 4)
    #expect(bar.slots(width: 80) == [.item(0), .item(1), .item(2), .item(3), .more])
    let five = TabBar(items: Fixtures.items, selectedIndex: 0)
    #expect(five.slots(width: 80).count == 5 && !five.slots(width: 80).contains(.more))
  }

  @Test("T10: more items than fit at the minimum cell width also overflow")
  func narrowOverflow() {
    let bar = TabBar(items: Fixtures.items, selectedIndex: 0)
    #expect(bar.visibleItemCount(width: 24) == 3)
    #expect(bar.slots(width: 24).last == .more)
  }

  @Test("T10: More pushes a list of the remaining tabs; choosing one selects it")
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

  @Test("T10: when a resize makes room for every tab, More goes and the selected tab shows")
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

  @Test("T10: the More list of 3,000 tabs reads each tab's item a few times, not once per row")
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
}
