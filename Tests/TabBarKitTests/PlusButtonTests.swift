import Testing

@testable import TabBarKit

@MainActor
@Suite("Plus button")
struct PlusButtonTests {
  static func compose() -> ViewController { ListViewController(title: "Compose", rows: []) }

  @Test("a centred plus button with an odd item count is a configuration error that says so")
  func oddCountNeedsIndex() {
    let tabs = Fixtures.tabs()
    #expect(throws: TabBarConfigurationError.plusButtonNeedsEvenItemCount(5)) {
      try tabs.setPlusButton(PlusButton(action: .present(Self.compose)))
    }
    #expect(
      TabBarConfigurationError.plusButtonNeedsEvenItemCount(5).description.contains("even"))
    #expect(throws: TabBarConfigurationError.plusButtonIndexOutOfRange(index: 6, itemCount: 5)) {
      try tabs.setPlusButton(PlusButton(index: 6, action: .present(Self.compose)))
    }
    #expect(tabs.plusButton == nil)
    #expect(throws: Never.self) {
      try tabs.setPlusButton(PlusButton(index: 2, action: .present(Self.compose)))
    }
  }

  @Test("the plus button keeps its width; the tabs share the rest equally")
  func widths() throws {
    let tabs = Fixtures.tabs(items: Array(Fixtures.items.prefix(4)))
    try tabs.setPlusButton(PlusButton(width: 9, action: .present(Self.compose)))
    let frames = tabs.tabBar.slotFrames(in: Rect(x: 0, y: 21, width: 81, height: 3))
    #expect(frames.map(\.slot) == [.item(0), .item(1), .plus, .item(2), .item(3)])
    // itemWidth = (81 − 9) / 4 = 18.
    #expect(frames.map(\.frame.width) == [18, 18, 9, 18, 18])
    #expect(frames.last?.frame.maxX == 81)
  }

  @Test("the plus button stands one row above the bar, and a click there hits it")
  func raisedPartIsClickable() throws {
    let tabs = Fixtures.tabs(items: Array(Fixtures.items.prefix(4)))
    try tabs.setPlusButton(PlusButton(action: .present(Self.compose)))
    let (app, terminal) = Fixtures.app(tabs)
    #expect(terminal.screen.line(21).contains("╭─────╮"))
    let x = terminal.screen.line(21).unicodeScalars.map { $0 }.firstIndex(of: "╭")! + 3
    app.send(.mouse(MouseEvent(.press, at: Point(x: x, y: 21))))
    #expect(tabs.presentedViewController != nil)
    #expect(terminal.screen.line(0).contains("Compose"))
    #expect(!terminal.screen.text.contains("Reading"), "a modal page covers the bar")
    app.press("esc")
    #expect(tabs.presentedViewController == nil)
    #expect(terminal.screen.line(23).contains("Reading"))
  }

  @Test("the + key presses the plus button; tab keys wait until the modal closes")
  func keyboardAccess() throws {
    let tabs = Fixtures.tabs()
    try tabs.setPlusButton(PlusButton(index: 0, action: .present(Self.compose)))
    let (app, _) = Fixtures.app(tabs)
    app.press("+,3")
    #expect(tabs.presentedViewController != nil)
    #expect(tabs.selectedIndex == 0)
    app.press("esc,3")
    #expect(tabs.selectedIndex == 2)
  }

  @Test("a plus button that selects a controller follows every selection, from code too")
  func selectModeFollowsSelection() throws {
    let own = NavigationController(rootViewController: ListViewController(title: "Post", rows: []))
    let tabs = Fixtures.tabs(items: Array(Fixtures.items.prefix(2)))
    try tabs.setPlusButton(PlusButton(action: .select(own)))
    let (app, terminal) = Fixtures.app(tabs)
    app.press("+")
    #expect(tabs.selectedViewController === own)
    #expect(tabs.tabBar.selectedSlot(width: 80) == .plus)
    #expect(terminal.screen.line(0).contains("Post"))
    tabs.selectedIndex = 1
    #expect(tabs.tabBar.selectedSlot(width: 80) == .item(1))
    #expect(tabs.selectedViewController === tabs.viewControllers[1])
  }
}
