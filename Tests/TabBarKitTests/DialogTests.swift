import SnapshotTesting
import Testing

@testable import TabBarKit

/// P3: alerts and confirms presented over the page, and toasts that time out.
@MainActor
@Suite("dialogs and toasts")
struct DialogTests {
  final class Log {
    var events: [String] = []
  }

  static func confirm(_ log: Log, destructive: Bool = true) -> AlertController {
    AlertController.confirm(
      title: "Discard draft?", message: "Your draft of 120 words will be lost.",
      confirm: "Discard", destructive: destructive, onConfirm: { log.events.append("confirmed") },
      onCancel: { log.events.append("cancelled") })
  }

  @Test("a confirm draws over the page, which stays on screen; Enter confirms")
  func confirmOverThePage() {
    let log = Log()
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs)
    let page = tabs.viewControllers[0]
    tabs.present(Self.confirm(log, destructive: false))
    app.tick()
    #expect(terminal.screen.text.contains("Discard draft?"))
    #expect(terminal.screen.text.contains("[ Cancel ]  [ Discard ]"))
    #expect(terminal.screen.line(2).hasPrefix(" News 1"), "the page is still drawn under it")
    #expect(terminal.screen.line(23).contains("News"), "and so is the bar")
    #expect(page.isVisible, "the page under a dialog has not disappeared")
    app.press("2,3,+")
    #expect(tabs.selectedIndex == 0, "no key reaches the tabs behind a dialog")
    app.press("enter")
    #expect(log.events == ["confirmed"], "Enter chose the confirming button")
    #expect(tabs.presentedViewController == nil && !terminal.screen.text.contains("Discard"))
  }

  @Test("Esc cancels; Tab moves the focus; Enter chooses the focused button")
  func escCancelsTabMoves() {
    let log = Log()
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs)
    tabs.present(Self.confirm(log))
    app.press("esc")
    #expect(log.events == ["cancelled"] && tabs.presentedViewController == nil)
    #expect(tabs.viewControllers[0].isVisible, "Esc closed the dialog, not the page")
    tabs.present(Self.confirm(log, destructive: false))
    app.press("tab")
    #expect(terminal.screen.text.contains("[ Cancel ]"))
    app.press("enter")
    #expect(log.events == ["cancelled", "cancelled"], "Tab moved to Cancel")
  }

  @Test("a destructive confirm opens with Enter on Cancel; a move to the button confirms")
  func destructiveDefaultsToCancel() {
    let log = Log()
    let tabs = Fixtures.tabs()
    let (app, _) = Fixtures.app(tabs)
    let dialog = Self.confirm(log)
    tabs.present(dialog)
    #expect(dialog.actions[dialog.focusedIndex].title == "Cancel")
    app.press("enter")
    #expect(log.events == ["cancelled"] && tabs.presentedViewController == nil)
    tabs.present(Self.confirm(log))
    app.press("right,enter")
    #expect(log.events == ["cancelled", "confirmed"], "Right moved to Discard")
  }

  @Test("a dialog with a destructive button among others opens on Cancel, wherever it is")
  func destructiveAmongOthers() {
    let dialog = AlertController(title: "Discard draft?", message: "")
    dialog.addAction(AlertAction(title: "Save draft"))
    dialog.addAction(AlertAction(title: "Delete draft", style: .destructive))
    dialog.addAction(AlertAction(title: "Cancel", style: .cancel))
    #expect(dialog.focusedIndex == 2)
    let plain = AlertController(title: "Post?", message: "")
    plain.addAction(AlertAction(title: "Cancel", style: .cancel))
    plain.addAction(AlertAction(title: "Post"))
    #expect(plain.focusedIndex == 1, "without a destructive button, the first that is not Cancel")
    plain.preferredAction = 0
    #expect(plain.focusedIndex == 0, "a preferred action wins")
  }

  @Test("a click on a button chooses it; a click elsewhere does nothing")
  func mouse() throws {
    let log = Log()
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs)
    tabs.present(Self.confirm(log))
    app.tick()
    let row = try #require(
      (0..<24).first { terminal.screen.line($0).contains("[ Cancel ]") })
    let x = try #require(terminal.screen.line(row).range(of: "[ Cancel ]")).lowerBound
    let column = terminal.screen.line(row).distance(
      from: terminal.screen.line(row).startIndex, to: x)
    app.send(.mouse(MouseEvent(.press, at: Point(x: 0, y: 2))))
    #expect(log.events.isEmpty && tabs.presentedViewController != nil)
    app.send(.mouse(MouseEvent(.press, at: Point(x: column + 2, y: row))))
    #expect(log.events == ["cancelled"] && tabs.presentedViewController == nil)
  }

  @Test("a dialog over a presented page, then both dismissed in order")
  func dialogOverAPresentedPage() {
    let log = Log()
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs)
    let compose = ListViewController(title: "Compose", rows: [ListRow("Title")])
    tabs.present(compose)
    tabs.present(Self.confirm(log))
    app.tick()
    #expect(terminal.screen.line(0).contains("Compose") && terminal.screen.text.contains("Discard"))
    #expect(!terminal.screen.line(23).contains("News"), "the presented page still covers the bar")
    app.press("esc")
    #expect(tabs.presentedViewController?.children.first === compose)
    app.press("esc")
    #expect(tabs.presentedViewController == nil && terminal.screen.line(23).contains("News"))
  }

  @Test("an alert's long message wraps in the box, CJK too")
  func wrapping() {
    #expect(
      TextWrap.lines("The story could not be posted right now", width: 12)
        == ["The story", "could not be", "posted right", "now"])
    #expect(TextWrap.lines("无法连接到服务器请稍后再试", width: 8) == ["无法连接", "到服务器", "请稍后再", "试"])
  }

  @Test("a toast shows over the page above the bar and goes away after its time")
  func toastTimesOut() {
    let clock = ManualClock()
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs, clock: clock)
    tabs.viewControllers[0].showToast("Story posted", for: .seconds(2))
    app.tick()
    // One row clear of the bar's rule, one column clear of the scroll bar.
    #expect(terminal.screen.line(18).hasSuffix("│ Story posted ││"))
    #expect(terminal.screen.line(19).hasSuffix("└──────────────┘│"))
    app.press("down")
    #expect(app.toastMessage == "Story posted", "keys go on to the page")
    clock.advance(by: .seconds(2))
    app.tick()
    #expect(app.toastMessage == nil && !terminal.screen.text.contains("Story posted"))
  }

  @Test("a confirm dialog at 80×24 and 40×12", arguments: [(80, 24), (40, 12)])
  func confirmSnapshot(width: Int, height: Int) {
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs, size: Size(width: width, height: height))
    tabs.present(Self.confirm(Log()))
    app.tick()
    assertSnapshot(of: terminal.screen, as: .frame, named: "\(width)x\(height)")
  }
}
