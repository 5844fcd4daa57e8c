import SnapshotTesting
import Testing

@testable import TabBarKit

@MainActor
@Suite("Seed parity snapshots")
struct SeedParitySnapshotTests {
  static let size = Size(width: 80, height: 24)

  func frame(
    _ root: ViewController, keys: String = "", size: Size = size, clock: ManualClock? = nil
  ) -> ScreenBuffer {
    let (app, terminal) = Fixtures.app(root, size: size, clock: clock)
    app.press(keys)
    return terminal.screen
  }

  static func compose() -> ViewController { ListViewController(title: "Compose", rows: []) }

  @Test("every badge kind, with 99+ over the maximum and the selected cell")
  func badges() {
    var items = Fixtures.items + [TabBarItem(title: "Live", glyph: "◎")]
    items[0].badge = .count(3)
    items[1].badge = .dot
    items[2].badge = .count(100)
    items[3].badge = .text("new")
    items[4].badge = .none
    items[5].badge = .count(0)
    let tabs = Fixtures.tabs(items: items)
    tabs.maximumVisibleItems = 6
    assertSnapshot(of: frame(tabs, size: Size(width: 72, height: 8)), as: .frame)
  }

  @Test("the plus button in the middle of four tabs")
  func plusCentre() throws {
    let tabs = Fixtures.tabs(items: Array(Fixtures.items.prefix(4)))
    try tabs.setPlusButton(PlusButton(title: "Post", action: .present(Self.compose)))
    assertSnapshot(of: frame(tabs, keys: "2", size: Size(width: 60, height: 8)), as: .frame)
  }

  @Test("the plus button at index 0, compact style")
  func plusAtIndex() throws {
    let tabs = Fixtures.tabs(style: .compact)
    try tabs.setPlusButton(PlusButton(index: 0, action: .present(Self.compose)))
    assertSnapshot(of: frame(tabs, size: Size(width: 70, height: 8)), as: .frame)
  }

  @Test("the icon style omits titles and centres glyphs")
  func iconStyle() {
    var items = Fixtures.items
    items[4].badge = .count(12)
    assertSnapshot(
      of: frame(
        Fixtures.tabs(items: items, style: .icon), keys: "3", size: Size(width: 50, height: 8)),
      as: .frame)
  }

  @Test("a More cell for the tabs that do not fit, and its list")
  func more() {
    let items =
      Fixtures.items + [
        TabBarItem(title: "Live", glyph: "◎"), TabBarItem(title: "Audio", glyph: "♪"),
      ]
    assertSnapshot(of: frame(Fixtures.tabs(items: items)), as: .frame, named: "bar")
    assertSnapshot(
      of: frame(Fixtures.tabs(items: items), keys: "left", size: Size(width: 60, height: 10)),
      as: .frame, named: "list")
  }

  @Test("a frame half-way through a push (manual clock)")
  func halfWayPush() {
    let clock = ManualClock()
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs, size: Size(width: 60, height: 12), clock: clock)
    app.press("enter")
    clock.advance(by: .milliseconds(40))  // ease-out: about half the width at a fifth of the time
    app.tick()
    assertSnapshot(of: terminal.screen, as: .frame)
  }

  @Test("the accordion with one section open")
  func accordion() {
    let accordion = AccordionTests.accordion(4)
    let nav = NavigationController(rootViewController: accordion)
    let tabs = try! TabBarController(viewControllers: [nav], items: [Fixtures.items[3]])
    assertSnapshot(
      of: frame(tabs, keys: "down,enter", size: Size(width: 40, height: 16)), as: .frame)
  }
}
