import Testing

@testable import TabBarKit

/// The library's own words (`InterfaceStrings`), set on the root so that an
/// app in another language shows none of the library's English.
@MainActor
@Suite("the library's words in another language")
struct InterfaceStringsTests {
  /// Seven tabs (two behind More) in Chinese.
  static func chineseApp(size: Size = Size(width: 80, height: 24)) -> (
    Application, MemoryTerminal, TabBarController
  ) {
    let items = (1...7).map { TabBarItem(title: "标签\($0)", glyph: "•") }
    let tabs = Fixtures.tabs(items: items)
    tabs.interfaceStrings = .simplifiedChinese
    let terminal = MemoryTerminal(size: size)
    let app = Application(root: tabs, terminal: terminal, animated: false)
    app.start()
    return (app, terminal, tabs)
  }

  @Test("More, the key help and the hint in the words set on the root")
  func moreHelpAndHint() {
    let (app, terminal, _) = Self.chineseApp()
    let bar = terminal.screen.line(23)
    #expect(bar.contains("更多") && !bar.contains("More"), "the More cell: \(bar)")
    #expect(terminal.screen.line(21).contains("enter 打开"), "the list's hint")
    app.press("?")
    #expect(terminal.screen.text.contains(" 按键 "), "the help's title")
    #expect(terminal.screen.text.contains("任意键关闭 · q 退出"), "the help's footer")
    #expect(terminal.screen.text.contains("打开"), "the list's help line")
    #expect(terminal.screen.text.contains("退出"), "the app's help line")
    #expect(!terminal.screen.text.contains("Keys") && !terminal.screen.text.contains("quits"))
    app.press("esc")
    // A tab behind More is pushed on the More list, whose title is the back
    // button's; then the list itself.
    app.press("5")
    #expect(terminal.screen.line(0).hasPrefix(" ‹ 更多 "), "\(terminal.screen.line(0))")
    app.press("esc")
    #expect(terminal.screen.line(0).contains(" 更多 "), "the More list's title")
  }

  @Test("other words on the root relabel the hint and the key help at once, keys unchanged")
  func languageSwitchWhileRunning() {
    let items = (1...3).map { TabBarItem(title: "Tab \($0)", glyph: "•") }
    let tabs = Fixtures.tabs(items: items)
    let terminal = MemoryTerminal(size: Size(width: 80, height: 24))
    let app = Application(root: tabs, terminal: terminal, animated: false)
    app.start()
    #expect(terminal.screen.line(21).contains("enter open"))
    tabs.interfaceStrings = .simplifiedChinese
    app.tick()
    #expect(terminal.screen.line(21).contains("enter 打开"), "\(terminal.screen.line(21))")
    #expect(!terminal.screen.line(21).contains("enter open"))
    app.press("?")
    let help = terminal.screen.text
    #expect(help.contains("本页") && help.contains("标签栏") && help.contains("应用"), "\(help)")
    #expect(help.contains("下一个标签") && help.contains("退出"))
    #expect(!help.contains("Next tab") && !help.contains("Quit"))
    app.press("esc,down")
    app.press("right")
    #expect(tabs.selectedIndex == 1, "the keys stay bound as they were")
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

  @Test("the Chinese words leave no text and no key of the library in English")
  func chineseCoversEveryWord() {
    let english = InterfaceStrings.english
    let chinese = InterfaceStrings.simplifiedChinese
    for text in InterfaceStrings.Text.allCases {
      #expect(!english[text].isEmpty, "no English for \(text)")
      #expect(chinese[text] != english[text], "\(text) is still \(english[text])")
    }
    for key in InterfaceStrings.LibraryKey.allCases {
      #expect(!english[key].help.isEmpty, "no English help for \(key)")
      #expect(chinese[key].help != english[key].help, "\(key) is still \(english[key].help)")
      #expect((chinese[key].hint == nil) == (english[key].hint == nil), "\(key)'s hint")
    }
    #expect(chinese.actionsWithWords == english.actionsWithWords)
    for action in english.actionsWithWords {
      #expect(!english[action].help.isEmpty, "no English help for \(action)")
      #expect(chinese[action].help != english[action].help, "\(action) is still English")
      #expect((chinese[action].hint == nil) == (english[action].hint == nil), "\(action)'s hint")
    }
  }

  @Test("every action the library's controllers and the app's table bind has its words")
  func everyLibraryActionHasWords() {
    let english = InterfaceStrings.english
    let tabs = Fixtures.tabs(items: (1...3).map { TabBarItem(title: "Tab \($0)", glyph: "•") })
    let list = ListViewController(title: "List", rows: [ListRow("Row")])
    list.isSearchable = true
    let text = TextViewController(title: "Text", blocks: [.paragraph("Body")])
    let bound =
      ([tabs, list, text] as [ViewController]).flatMap(\.keyBindings)
      + KeyMap.standard.bindings
    for binding in bound where english.actionsWithWords.contains(binding.action) {
      #expect(binding.help == english[binding.action].help, "\(binding.action)")
    }
    #expect(bound.count(where: { english.actionsWithWords.contains($0.action) }) >= 12)
  }

  @Test("a word set by name shows in the bar, the hint and the key help")
  func wordSetByName() {
    var german = InterfaceStrings.english
    german[.more] = "Mehr"
    german[.activate] = InterfaceStrings.KeyWords("Öffnen", hint: "enter öffnen")
    let items = (1...7).map { TabBarItem(title: "Tab \($0)", glyph: "•") }
    let tabs = Fixtures.tabs(items: items)
    tabs.interfaceStrings = german
    let terminal = MemoryTerminal(size: Size(width: 80, height: 24))
    let app = Application(root: tabs, terminal: terminal, animated: false)
    app.start()
    #expect(terminal.screen.line(23).contains("Mehr"), "\(terminal.screen.line(23))")
    #expect(terminal.screen.line(21).contains("enter öffnen"), "\(terminal.screen.line(21))")
    app.press("?")
    #expect(terminal.screen.text.contains("Öffnen"))
    #expect(terminal.screen.text.contains("Next tab"), "the words not set stay English")
  }
}
