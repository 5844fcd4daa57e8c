import Testing

@testable import TabBarKit

extension Action {
  /// The test app's own action.
  static let refresh = Action.custom("refresh")
}

/// A feed page with an action of its own (`r`) and a key the table does not
/// bind (`x`).
final class FeedPage: ListViewController {
  var refreshes = 0
  var keys: [Key] = []

  init() { super.init(title: "Feed", rows: (1...5).map { ListRow("Story \($0)") }) }

  override var keyBindings: [KeyBinding] {
    super.keyBindings + [
      KeyBinding([.character("r")], .refresh, help: "Refresh the feed", hint: "r refresh")
    ]
  }
  override func handle(_ action: Action) -> Bool {
    if action == .refresh {
      refreshes += 1
      return true
    }
    return super.handle(action)
  }
  override func handle(_ key: Key) -> Bool {
    guard key == .character("x") else { return false }
    keys.append(key)
    return true
  }
}

/// A page that takes text: a one-line note.
final class NotePage: ViewController {
  var text = ""
  var refused: [Key] = []

  init() { super.init(title: "Note") }

  override var acceptsText: Bool { true }
  override func insertText(_ text: String) { self.text += text }
  override func handle(_ key: Key) -> Bool {
    guard key == .backspace, !text.isEmpty else {
      refused.append(key)
      return false
    }
    text.removeLast()
    return true
  }
  override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    buffer.write("> " + text, at: rect.origin)
  }
}

/// A container that takes the keys its page leaves.
final class KeyCatchingStack: NavigationController {
  var caught: [Key] = []
  override func handle(_ key: Key) -> Bool {
    caught.append(key)
    return true
  }
}

@MainActor
@Suite("Open input")
struct OpenInputTests {
  static let keyMap = KeyMap.standard

  static func app(
    _ tabs: TabBarController, height: Int = 24
  ) -> (Application, MemoryTerminal) {
    let terminal = MemoryTerminal(size: Size(width: 80, height: height))
    let app = Application(
      root: tabs, terminal: terminal, keyMap: keyMap, clock: ManualClock(), animated: false)
    app.start()
    return (app, terminal)
  }

  @Test("an app's own action has a key, a hint in the bar's rule and a line in the help")
  func customAction() {
    let feed = FeedPage()
    let tabs = TabBarController(viewControllers: [NavigationController(rootViewController: feed)])
    let (app, terminal) = Self.app(tabs)
    #expect(terminal.screen.text.contains("r refresh"), "\(terminal.screen)")
    app.press("r")
    #expect(feed.refreshes == 1)
    app.press("?")
    #expect(terminal.screen.text.contains("Refresh the feed"))
    app.press("esc,r")
    #expect(feed.refreshes == 2)
  }

  @Test("a key the table does not bind goes to the page, then up its parents")
  func unboundKey() {
    let feed = FeedPage()
    let stack = KeyCatchingStack(rootViewController: feed)
    let tabs = TabBarController(viewControllers: [stack])
    let (app, _) = Self.app(tabs)
    app.press("x")
    #expect(feed.keys == [.character("x")] && stack.caught.isEmpty)
    app.press("z")
    #expect(stack.caught == [.character("z")], "the page left z to its container")
  }

  @Test("a page that takes text gets q, digits, j, + and ? as text; Esc and Ctrl-C still act")
  func textPage() {
    let note = NotePage()
    let feed = FeedPage()
    let stack = NavigationController(rootViewController: feed)
    let tabs = TabBarController(viewControllers: [stack, ListViewController(title: "B", rows: [])])
    let (app, terminal) = Self.app(tabs)
    stack.pushViewController(note, animated: false)
    app.press("q,1,j,+,?,space,r")
    #expect(note.text == "q1j+? r")
    #expect(!app.isFinished && !app.isShowingHelp && tabs.selectedIndex == 0)
    #expect(feed.refreshes == 0, "r is text here, not the app's action")
    #expect(terminal.screen.text.contains("> q1j+? r"))
    app.press("backspace")
    #expect(note.text == "q1j+? ", "the page used Backspace itself")
    app.send(.paste("Hello 世界"))
    #expect(note.text == "q1j+? Hello 世界")
    app.press("esc")
    #expect(stack.topViewController === feed, "Esc still goes back")
    app.send(.paste("2q"))
    #expect(tabs.selectedIndex == 0 && !app.isFinished, "a list page drops a paste whole")
    stack.pushViewController(note, animated: false)
    app.press("ctrl-c")
    #expect(app.isFinished, "Ctrl-C still quits from a page that takes text")
  }

  @Test("the decoder turns a bracketed paste into one event for the page that takes text")
  func pasteFromTheTerminal() {
    var decoder = KeyDecoder()
    let events = decoder.feed(Array("\u{1b}[200~Hello 世界\u{1b}[201~".utf8))
    #expect(events == [.paste("Hello 世界")])
  }
}
