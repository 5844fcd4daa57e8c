import Testing

@testable import TabBarKit

@MainActor
@Suite("Run loop, keys and help")
struct ApplicationTests {
  @Test("A frame is drawn only when something changed, and only changed cells are sent")
  func drawsOnlyChanges() {
    let (app, terminal) = Fixtures.app(Fixtures.tabs())
    #expect(terminal.frameCount == 1)
    #expect(terminal.lastFrameCellCount == 80 * 24)
    app.press("x")  // unbound
    app.press("up")  // already at the top
    #expect(terminal.frameCount == 1)
    app.press("down")
    #expect(terminal.frameCount == 2)
    #expect(terminal.lastFrameCellCount < 160, "moving a row rewrites two rows at most")
    app.press("right")
    #expect(terminal.lastFrameCellCount < 80 * 24 - 80, "a tab switch is not a full repaint")
  }

  @Test("? shows the keys from the binding table; any key closes it; q quits")
  func helpOverlay() {
    let (app, terminal) = Fixtures.app(Fixtures.tabs())
    app.press("?")
    #expect(app.isShowingHelp)
    let text = terminal.screen.text
    for binding in KeyMap.standard.bindings + Fixtures.tabs().keyBindings {
      #expect(text.contains(binding.help), "help lists \(binding.help)")
    }
    app.press("right")
    #expect(!app.isShowingHelp)
    app.press("q")
    #expect(app.isFinished)
  }

  @Test("the tab bar binds the tab keys as priority keys; the app's table keeps quit and help")
  func tabKeysAndAppKeys() {
    let bindings = Fixtures.tabs().keyBindings
    func action(for key: Key) -> Action? { bindings.first { $0.keys.contains(key) }?.action }
    #expect(action(for: .right) == .nextTab)
    #expect(action(for: .alt("3")) == .selectTab(2))
    #expect(bindings.allSatisfy { $0.isPriority })
    let map = KeyMap.standard
    #expect(map.action(for: .ctrl("c")) == .quit)
    #expect(map.action(for: .character("?")) == .help)
    #expect(map.action(for: .right) == nil && map.action(for: .escape) == nil)
  }

  @Test("Key names parse as --keys writes them; an unknown name is an error naming it")
  func keyNames() throws {
    #expect(
      try Key.parseList("2,enter,esc,alt-3,ctrl-c,space,pgdn,中")
        == [
          .character("2"), .enter, .escape, .alt("3"), .ctrl("c"), .character(" "), .pageDown,
          .character("中"),
        ])
    #expect(throws: KeyNameError(name: "bogus", position: 2)) { try Key.parseList("1,bogus") }
    #expect(try Key.parseList("") == [], "an empty list is no key")
    #expect(try Key.parseList(" up , down ") == [.up, .down], "spaces around names are ignored")
  }

  @Test("one key name parses in any case, a single character keeps its case, other names are nil")
  func oneKeyName() {
    #expect(Key(name: "PgDn") == .pageDown && Key(name: "ESC") == .escape)
    #expect(Key(name: "Ctrl-X") == .ctrl("x") && Key(name: "alt-1") == .alt("1"))
    #expect(Key(name: "F12") == .function(12) && Key(name: "f13") == nil)
    #expect(Key(name: "Q") == .character("Q") && Key(name: "q") == .character("q"))
    #expect(Key(name: "bogus") == nil && Key(name: "") == nil)
  }

  @Test("below the minimum size the app says so and recovers when enlarged")
  func tooSmall() {
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs)
    app.press("2,down")
    for size in [
      Size(width: 1, height: 1), Size(width: 12, height: 3), Size(width: 19, height: 30),
    ] {
      terminal.resize(to: size)
      app.send(terminal.readEvent(timeout: nil)!)
      #expect(terminal.screen.size == size)
    }
    #expect(terminal.screen.text.contains("small"))
    terminal.resize(to: Size(width: 60, height: 20))
    app.send(terminal.readEvent(timeout: nil)!)
    #expect(terminal.screen.line(0).contains("Reading"))
    #expect(terminal.screen == app.renderFrame(size: Size(width: 60, height: 20)))
  }

  @Test("the status hint names only keys that work on the page, from the key table")
  func statusHint() throws {
    let tabs = Fixtures.tabs()
    try tabs.setPlusButton(
      PlusButton(index: 5, action: .present({ ListViewController(title: "Compose", rows: []) })))
    let (app, terminal) = Fixtures.app(tabs)
    #expect(
      terminal.screen.line(21).contains("←→ tabs · + plus · ↑↓ move · enter open · ? keys"),
      "the tab bar's keys first, then the page's, then the app's; no title: + plus")
    #expect(!terminal.screen.line(21).contains("esc back"), "nothing to go back to at a root")
    app.press("enter")
    #expect(terminal.screen.line(1).contains("+ plus · esc back · ↑↓ move · enter open · ? keys"))
    app.press("esc,+")
    #expect(terminal.screen.line(1).hasSuffix("─ esc back · ? keys ──"), "an empty page: no moves")
    #expect(
      StatusHint(parts: [.init("↑↓ move"), .init("esc back", importance: .high, distance: 1)])
        .text(fitting: 20) == " esc back · … ",
      "the less important parts go first when space is short, and … says so")
    // A short terminal has no hint.
    terminal.resize(to: Size(width: 80, height: 10))
    app.send(terminal.readEvent(timeout: nil)!)
    #expect(!terminal.screen.text.contains("keys"))
  }

  @Test("the plus button's title names its key in the hint and in the help")
  func plusButtonTitleNamesItsKey() throws {
    let tabs = Fixtures.tabs()
    try tabs.setPlusButton(
      PlusButton(
        title: "发布", index: 5,
        action: .present({ ListViewController(title: "Compose", rows: []) })))
    let (app, terminal) = Fixtures.app(tabs)
    #expect(terminal.screen.line(21).contains("+ 发布 · ↑↓ move · enter open · ? keys ──"))
    #expect(tabs.keyBindings.contains { $0.help == "Plus button (发布)" })
    app.press("?")
    #expect(terminal.screen.text.contains("Plus button (发布)"))
    // A title set later is picked up by the next frame, not kept from a cache.
    try tabs.setPlusButton(
      PlusButton(title: "Post", index: 5, action: .present({ ViewController() })))
    app.press("?")
    #expect(terminal.screen.line(21).contains("+ post · ↑↓ move"))
  }
}
