import TabBarKit
import TabBarKitTesting
import Testing

/// The code of the DocC article "Keys: from the focused page up"
/// (KeysFromTheFocusedPageUp.md), as the article shows it, so that its
/// samples compile and do what it says. Only the namespace is added.
@MainActor
enum KeysArticle {
  // MARK: The article's code

  final class VolumePage: ViewController {
    private(set) var volume = 5

    init() { super.init(title: "Volume") }

    override var keyBindings: [KeyBinding] {
      [
        KeyBinding([.left, .character("-")], .lower, help: "Quieter", hint: "←→ volume"),
        KeyBinding([.right, .character("+")], .raise, help: "Louder"),
      ]
    }

    override func handle(_ action: Action) -> Bool {
      switch action {
      case .lower where volume > 0: volume -= 1
      case .raise where volume < 10: volume += 1
      default: return false
      }
      return true
    }

    override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
      let bar =
        String(repeating: "█", count: volume) + String(repeating: "░", count: 10 - volume)
      buffer.write("Volume \(bar)", at: Point(x: rect.minX + 2, y: rect.minY + 1))
    }
  }

  static let keys = KeyMap.standard.adding([
    KeyBinding([.ctrl("r")], .sync, help: "Sync everything")
  ])

  // MARK: What the tests add

  /// Two tabs: the volume page, and a list of `rows` rows that counts syncs.
  static func tabs(rows: Int = 3) -> (TabBarController, VolumePage, SyncingList) {
    let volume = VolumePage()
    let list = SyncingList(
      title: "B", rows: (1...rows).map { ListRow("Row \($0)") { [] } })
    let tabs = TabBarController(viewControllers: [
      NavigationController(rootViewController: volume),
      NavigationController(rootViewController: list),
    ])
    return (tabs, volume, list)
  }

  /// A list that answers the app's sync action.
  final class SyncingList: ListViewController {
    var syncs = 0

    override func handle(_ action: Action) -> Bool {
      guard action == .sync else { return super.handle(action) }
      syncs += 1
      return true
    }
  }
}

extension Action {
  static let lower = Action.custom("lower")
  static let raise = Action.custom("raise")
  static let sync = Action.custom("sync")
}

@MainActor
@Suite("the Keys: from the focused page up article")
struct KeysArticleTests {
  @Test("the article's test sample, as printed: the slider takes the arrows, the list does not")
  func theSliderTakesTheArrows() throws {
    typealias VolumePage = KeysArticle.VolumePage
    let volume = VolumePage()
    let tabs = TabBarController(viewControllers: [
      NavigationController(rootViewController: volume),
      NavigationController(rootViewController: ListViewController(title: "B", rows: [])),
    ])
    let app = AppDriver(root: tabs)
    try app.press("right,right")
    #expect(volume.volume == 7 && tabs.selectedIndex == 0)
    try app.press("?")
    #expect(app.screen.text.contains("Louder"))
    try app.press("esc,2,left")  // Esc closes the help; on tab B ← is the bar's
    #expect(tabs.selectedIndex == 0)
  }

  @Test("a key the page binds but does not use goes on up: → at full volume switches tabs")
  func unusedActionGoesUp() throws {
    let (tabs, volume, _) = KeysArticle.tabs()
    let app = AppDriver(root: tabs)
    try app.press("right,right,right,right,right")
    #expect(volume.volume == 10 && tabs.selectedIndex == 0)
    try app.press("right")
    #expect(tabs.selectedIndex == 1, "the page left →, and the tab bar took it")
  }

  @Test("the page's + is its own: the plus button's + gives way on it")
  func plusGivesWay() throws {
    let (tabs, volume, _) = KeysArticle.tabs()
    try tabs.setPlusButton(
      PlusButton(title: "Post", action: .present { ViewController(title: "Post") }))
    let app = AppDriver(root: tabs)
    try app.press("-,-,+")
    #expect(volume.volume == 4 && tabs.presentedViewController == nil)
    #expect(!app.screen.text.contains("+ post"), "the hint does not name a key that went")
    try app.press("2,+")
    #expect(tabs.presentedViewController != nil, "on the list, + is the plus button's")
  }

  @Test("other words on the root relabel the library's keys at once")
  func languageSwitch() throws {
    let (tabs, _, _) = KeysArticle.tabs()
    let app = AppDriver(root: tabs)
    try app.press("2")
    #expect(app.screen.text.contains("enter open"))
    tabs.interfaceStrings = .simplifiedChinese  // enter 打开, ←→ 标签, 退出 …
    app.application.tick()
    #expect(app.screen.text.contains("enter 打开") && app.screen.text.contains("←→ 标签"))
    try app.press("?")
    #expect(app.screen.text.contains("退出") && !app.screen.text.contains("Quit"))
  }

  @Test("an app-wide key is in the help on every page and reaches the page that answers it")
  func appWideKey() throws {
    let (tabs, _, list) = KeysArticle.tabs()
    let app = AppDriver(root: tabs, keyMap: KeysArticle.keys)
    try app.press("ctrl-r")
    #expect(list.syncs == 0, "the volume page does not answer it, nor does anything above")
    try app.press("?")
    #expect(app.screen.text.contains("Sync everything"))
    try app.press("esc,2,ctrl-r")
    #expect(list.syncs == 1)
  }
}
