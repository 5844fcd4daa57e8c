import TabBarKitTesting
import Testing

@testable import TabBarKit

/// A form at a tab's root never traps the keyboard: on a button or a choice
/// field the tab keys and `q` act as on any page; in a text field they are
/// text, and the hint names the keys that still get out.
@MainActor
@Suite("a form at a tab's root")
struct FormAtATabRootTests {
  /// A form of a text field, a choice and `buttons`, at the root of the
  /// first of two tabs.
  static func app(
    buttons: [String] = ["Send"], pressed: @escaping (String) -> Void = { _ in }
  ) -> (AppDriver, FormViewController, TabBarController) {
    let form = FormViewController(
      title: "Compose",
      fields: [
        FormField("Subject", placeholder: "Say what it is about"),
        FormField("Folder", choices: ["Inbox", "Work", "Later"]),
      ],
      buttons: buttons.map { title in FormButton(title: title) { _ in pressed(title) } })
    let tabs = TabBarController(viewControllers: [
      NavigationController(rootViewController: form),
      NavigationController(rootViewController: ListViewController(title: "Inbox")),
    ])
    return (AppDriver(root: tabs, size: Size(width: 80, height: 24)), form, tabs)
  }

  /// The rule over the bar, where the hint is.
  static func hint(_ app: AppDriver) -> String { app.screen.lines[21] }

  @Test("on a button, 2 switches tabs, ? opens the help and q quits")
  func buttonLetsTheKeysThrough() throws {
    let (app, _, tabs) = Self.app()
    try app.press("tab,tab")
    #expect(Self.hint(app).contains("enter send"))
    try app.press("2")
    #expect(tabs.selectedIndex == 1)
    try app.press("1,?")
    #expect(app.screen.text.contains("Press the button"), "the help over the form")
    try app.press("esc,q")
    #expect(app.isFinished)
  }

  @Test("in a text field, digits and q are typed and the hint names the way out")
  func fieldTypesTheKeys() throws {
    let (app, form, tabs) = Self.app()
    app.type("2q?")
    #expect(form.fields[0].text == "2q?")
    #expect(tabs.selectedIndex == 0 && !app.isFinished)
    let hint = Self.hint(app)
    #expect(hint.contains("tab next"), "\(hint)")
    #expect(hint.contains("alt-1–9 tabs"), "\(hint)")
    #expect(hint.contains("ctrl-c quit"), "\(hint)")
    #expect(!hint.contains("? keys"), "? is typed here: \(hint)")
    try app.press("alt-2")
    #expect(tabs.selectedIndex == 1, "Alt and a digit still switch tabs")
  }

  @Test("on a choice field, ← and → choose the option and the digits switch tabs")
  func choiceLetsTheDigitsThrough() throws {
    let (app, form, tabs) = Self.app()
    try app.press("tab,right,right,left")
    #expect(form.fields[1].selectedIndex == 1)
    #expect(tabs.selectedIndex == 0, "the arrows stay with the choice")
    try app.press("space")
    #expect(form.fields[1].selectedIndex == 2)
    #expect(!Self.hint(app).contains("alt-1–9"), "nothing is typed: no way out to name")
    try app.press("2")
    #expect(tabs.selectedIndex == 1)
  }

  @Test("Space presses a button; with one button ← and → switch tabs, with two they move")
  func buttonsAndArrows() throws {
    var pressed: [String] = []
    let (one, _, oneTabs) = Self.app { pressed.append($0) }
    try one.press("tab,tab,space")
    #expect(pressed == ["Send"])
    try one.press("right")
    #expect(oneTabs.selectedIndex == 1)

    let (two, form, twoTabs) = Self.app(buttons: ["Send", "Save"]) { pressed.append($0) }
    try two.press("tab,tab,right,enter")
    #expect(pressed == ["Send", "Save"])
    try two.press("left,space")
    #expect(pressed == ["Send", "Save", "Send"])
    #expect(twoTabs.selectedIndex == 0 && form.buttons.count == 2)
  }

  @Test("a paste on a button is dropped, not pressed")
  func pasteOnAButton() throws {
    var pressed = 0
    let (app, form, _) = Self.app { _ in pressed += 1 }
    try app.press("tab,tab")
    app.paste(" 2q")
    #expect(pressed == 0 && form.fields[0].text.isEmpty && !app.isFinished)
  }
}
