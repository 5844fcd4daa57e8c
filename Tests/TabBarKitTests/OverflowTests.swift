import Testing

@testable import TabBarKit

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
}
