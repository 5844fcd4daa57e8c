import Testing

@testable import TabBarKit

/// The library's own words (`InterfaceStrings`), set on the root so that an
/// app in another language shows none of the library's English.
@MainActor
@Suite("the library's words in another language")
struct InterfaceStringsTests {
  /// Seven tabs (two behind More) in Chinese, the key table relabeled.
  static func chineseApp(size: Size = Size(width: 80, height: 24)) -> (
    Application, MemoryTerminal, TabBarController
  ) {
    let items = (1...7).map { TabBarItem(title: "标签\($0)", glyph: "•") }
    let tabs = Fixtures.tabs(items: items)
    tabs.interfaceStrings = .simplifiedChinese
    let keyMap = KeyMap.standard.relabeled { binding in
      binding.action == .activate ? ("打开", "enter 打开") : (binding.help, binding.hint)
    }
    let terminal = MemoryTerminal(size: size)
    let app = Application(root: tabs, terminal: terminal, keyMap: keyMap, animated: false)
    app.start()
    return (app, terminal, tabs)
  }

  @Test("More, the key help and the hint in the words set on the root")
  func moreHelpAndHint() {
    let (app, terminal, _) = Self.chineseApp()
    let bar = terminal.screen.line(23)
    #expect(bar.contains("更多") && !bar.contains("More"), "the More cell: \(bar)")
    #expect(terminal.screen.line(21).contains("enter 打开"), "relabeled hint")
    app.press("?")
    #expect(terminal.screen.text.contains(" 按键 "), "the help's title")
    #expect(terminal.screen.text.contains("任意键关闭 · q 退出"), "the help's footer")
    #expect(terminal.screen.text.contains("打开"), "the relabeled help line")
    #expect(!terminal.screen.text.contains("Keys") && !terminal.screen.text.contains("quits"))
    app.press("esc")
    // A tab behind More is pushed on the More list, whose title is the back
    // button's; then the list itself.
    app.press("5")
    #expect(terminal.screen.line(0).hasPrefix(" ‹ 更多 "), "\(terminal.screen.line(0))")
    app.press("esc")
    #expect(terminal.screen.line(0).contains(" 更多 "), "the More list's title")
  }

  @Test("the keys of the help keep working after relabeling")
  func relabelingKeepsKeys() {
    let map = KeyMap.standard.relabeled { ("x", $0.hint == nil ? nil : "y") }
    #expect(map.action(for: .enter) == .activate)
    #expect(map.action(for: .character("q")) == .quit)
    #expect(map.bindings.allSatisfy { $0.help == "x" })
    #expect(map.bindings.map(\.keys) == KeyMap.standard.bindings.map(\.keys))
  }

  @Test("a dialog's and a filter's words, and the too-small message")
  func dialogFilterTooSmall() {
    let (app, terminal, tabs) = Self.chineseApp()
    tabs.present(
      AlertController.confirm(title: "删除草稿？", message: "草稿将丢失。", confirm: "删除") {})
    app.tick()
    #expect(terminal.screen.text.contains("enter 选择"), "the dialog's hint")
    #expect(terminal.screen.text.contains("esc 取消"))
    app.press("esc")
    let list = (tabs.viewControllers[0] as? NavigationController)?.topViewController
    (list as? ListViewController)?.isSearchable = true
    app.press("/,9")
    #expect(terminal.screen.line(2).hasSuffix(" 2/25 "), "the count: \(terminal.screen.line(2))")
    terminal.resize(to: Size(width: 30, height: 4))
    app.send(terminal.readEvent(timeout: nil)!)
    #expect(terminal.screen.text.contains("终端太小"), "\(terminal.screen.text)")
    #expect(terminal.screen.text.contains("20×7"))
  }

  @Test("a form's hint names Tab and Esc in the words set on the root")
  func formHint() {
    let (app, terminal, tabs) = Self.chineseApp()
    let form = FormViewController(
      title: "发布", fields: [FormField("标题")],
      buttons: [FormButton(title: "发布", submits: true) { _ in }])
    (tabs.viewControllers[0] as? NavigationController)?.pushViewController(form, animated: false)
    app.tick()
    #expect(terminal.screen.text.contains("tab 下一项"), "\(terminal.screen.text)")
    #expect(terminal.screen.text.contains("esc 返回"))
  }
}
