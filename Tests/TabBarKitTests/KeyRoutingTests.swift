import Testing

@testable import TabBarKit

/// One route for every key: the focused page first, then its parents, then
/// the app's table; the tab bar's keys are global bindings that give way
/// to a page that binds or types them. The hint and the help show the
/// focused chain's bindings only.
@MainActor
@Suite("keys from the focused page up")
struct KeyRoutingTests {
  /// A page that binds ←/→ (and `[`/`]`) to seek, as a player does.
  final class SeekingPage: ViewController {
    var position = 0

    init() { super.init(title: "Player") }

    override var keyBindings: [KeyBinding] {
      [
        KeyBinding([.left, .character("[")], .custom("rewind"), help: "Seek back"),
        KeyBinding(
          [.right, .character("]")], .custom("forward"), help: "Seek on", hint: "←→ seek"),
      ]
    }

    override func handle(_ action: Action) -> Bool {
      switch action {
      case .custom("rewind"): position -= 10
      case .custom("forward"): position += 10
      default: return false
      }
      return true
    }
  }

  /// The fixture tabs, each a stack with a list of rows at its root.
  static func app() -> (Application, MemoryTerminal, TabBarController, NavigationController) {
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs)
    let stack = tabs.viewControllers[0] as! NavigationController
    return (app, terminal, tabs, stack)
  }

  @Test("a page that binds ←/→ takes them; the tab stays")
  func pageClaimsArrows() {
    let (app, _, tabs, stack) = Self.app()
    let page = SeekingPage()
    stack.pushViewController(page, animated: false)
    app.press("right,right,left,]")
    #expect(page.position == 20)
    #expect(tabs.selectedIndex == 0)
    app.press("tab")
    #expect(tabs.selectedIndex == 1, "Tab, which the page does not bind, still switches tabs")
  }

  @Test("a page that does not bind ←/→ leaves them to the tab bar, even a pushed one")
  func pageLeavesArrows() {
    let (app, _, tabs, stack) = Self.app()
    app.press("right")
    #expect(tabs.selectedIndex == 1)
    app.press("left")
    stack.pushViewController(ViewController(title: "Plain"), animated: false)
    app.press("right")
    #expect(tabs.selectedIndex == 1)
  }

  @Test("digits typed into a form field stay text; Tab moves the focus; ← moves the cursor")
  func formKeepsPriorityKeys() {
    let (app, _, tabs, stack) = Self.app()
    let field = FormField("Code")
    let other = FormField("Note")
    let form = FormViewController(title: "Form", fields: [field, other])
    stack.pushViewController(form, animated: false)
    app.press("1,2,+,3,left,left,9")
    #expect(field.text == "129+3")
    #expect(tabs.selectedIndex == 0 && tabs.presentedViewController == nil)
    app.press("tab")
    #expect(form.focusedField === other, "Tab is the form's, not the tab bar's")
    app.press("alt-2")
    #expect(tabs.selectedIndex == 1, "Alt-2 types nothing: the tab bar keeps it")
  }

  @Test("? on a page lists its own keys and its containers', not another page's")
  func helpPerPage() {
    let (app, terminal, _, stack) = Self.app()
    app.press("?")
    var help = terminal.screen.text
    #expect(help.contains("This page") && help.contains("Tab bar") && help.contains("App"))
    #expect(help.contains("Move down") && help.contains("Open"))
    #expect(help.contains("Next tab") && help.contains("Quit"))
    #expect(!help.contains("Seek") && !help.contains("Back"), "nothing to go back to at a root")
    app.press("esc")
    stack.pushViewController(SeekingPage(), animated: false)
    app.press("?")
    help = terminal.screen.text
    #expect(help.contains("Seek back") && help.contains("Seek on") && help.contains("Back"))
    #expect(!help.contains("Move down") && !help.contains("Filter"), "no list keys")
    #expect(!help.contains("right tab"), "→ is the page's here: the bar's line keeps Tab only")
  }

  @Test("the hint shows the focused chain's keys: the player's seeking, not the list's moving")
  func hintPerPage() {
    let (app, terminal, _, stack) = Self.app()
    #expect(terminal.screen.line(21).contains("←→ tabs · ↑↓ move · enter open · ? keys"))
    stack.pushViewController(SeekingPage(), animated: false)
    app.tick()
    let hint = terminal.screen.line(1)
    #expect(hint.contains("esc back · ←→ seek · ? keys"), "\(hint)")
    #expect(!hint.contains("←→ tabs") && !hint.contains("↑↓ move"))
  }

  @Test("? over a dialog lists the dialog's keys under its title, and the app's")
  func helpOverDialog() {
    let (app, terminal, tabs, _) = Self.app()
    tabs.present(AlertController.confirm(title: "Delete draft?", message: "It goes.") {})
    app.press("?")
    let help = terminal.screen.text
    #expect(help.contains("Delete draft?") && help.contains("Choose the button"))
    #expect(help.contains("Cancel") && help.contains("Next button") && help.contains("Quit"))
    #expect(!help.contains("Next tab") && !help.contains("Move down") && !help.contains("Tab bar"))
    app.press("esc,right")
    #expect(tabs.selectedIndex == 0, "→ moves between the dialog's buttons, not the tabs")
    #expect(tabs.presentedViewController != nil)
    app.press("esc")
    #expect(tabs.presentedViewController == nil)
  }

  @Test("Ctrl-C quits even from a page that binds or takes every key")
  func controlCQuits() {
    let (app, _, _, stack) = Self.app()
    let form = FormViewController(title: "Form", fields: [FormField("Name")])
    stack.pushViewController(form, animated: false)
    app.press("q")
    #expect(!app.isFinished, "q is text in the form")
    app.press("ctrl-c")
    #expect(app.isFinished)
  }
}
