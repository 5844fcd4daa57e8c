import Foundation
import TabBarKit
import Testing

@testable import tabbar_demo

/// The content file's words (issue 13): `language` picks every word that is
/// not content, `strings` and `keys` replace single ones, so the Chinese
/// example shows no English of the library, the key table or the demo.
@MainActor
@Suite("content file: the words of the interface")
struct WordsTests {
  /// `json` as a content file.
  static func content(_ json: String) throws -> ContentFile {
    try ContentFile(bytes: Array(json.utf8), file: "test.json")
  }

  /// A small file with `extra` top-level members.
  static func file(_ extra: String) -> String {
    """
    {\(extra)
      "tabs": [{"title": "新闻", "page": "news"}, {"title": "视频", "page": "video"}],
      "pages": {
        "news": {"searchable": true, "rows": [{"title": "头条", "page": "story"}]},
        "story": {"body": ["正文。"]},
        "video": {"rows": [{"title": "短片", "page": "clip"}]},
        "clip": {"duration": 90}
      }
    }
    """
  }

  /// The file's app on an 80×24 memory terminal, its lists loaded at once.
  static func app(_ content: ContentFile) throws -> (Application, MemoryTerminal) {
    let network = SimulatedNetwork(latency: .zero, failsLoads: false)
    let model = DemoModel(content: content, network: network)
    let root = try model.makeRoot(barStyle: nil)
    let terminal = MemoryTerminal(size: Size(width: 80, height: 24))
    let app = Application(root: root, terminal: terminal, animated: false)
    app.start()
    return (app, terminal)
  }

  static func press(_ names: String, _ app: Application) {
    for key in try! Key.parseList(names) { app.send(.key(key)) }
  }

  @Test("Examples/netease.json is Chinese throughout: hint, key help, More")
  func neteaseIsChinese() throws {
    let path = ContentWalkTests.packageRoot.appendingPathComponent("Examples/netease.json").path
    let content = try ContentFile.load(path: path)
    #expect(content.words == Words(.simplifiedChinese))
    let (app, terminal) = try Self.app(content)
    #expect(terminal.screen.text.contains("enter 打开"), "\(terminal.screen.text)")
    Self.press("?", app)
    let help = terminal.screen.text
    #expect(help.contains(" 按键 ") && help.contains("任意键关闭 · q 退出"))
    // Every help line is in Chinese: no English word of any key is left.
    let english = Words(.english)
    for (name, keyPath) in Words.keyNames {
      let words = english[keyPath: keyPath]
      #expect(!help.contains(words.help), "English help of \(name) left: \(words.help)")
    }
    #expect(help.contains("本页") && help.contains("标签栏") && help.contains("应用"))
  }

  @Test("the player and a failed load speak the file's language")
  func demoPagesInChinese() throws {
    let content = try Self.content(Self.file(#""language": "zh-Hans","#))
    let network = SimulatedNetwork(latency: .zero, failsLoads: true)
    let model = DemoModel(content: content, network: network)
    let root = try model.makeRoot(barStyle: nil)
    let terminal = MemoryTerminal(size: Size(width: 80, height: 24))
    let app = Application(root: root, terminal: terminal, animated: false)
    app.start()
    #expect(terminal.screen.line(2).hasPrefix(" 无法加载新闻：网络不可用。"), "\(terminal.screen.text)")
    #expect(terminal.screen.text.contains("按 r 重试。") && terminal.screen.text.contains("↻ 重试"))
    #expect(terminal.screen.text.contains("r 刷新"), "the reload key's hint")
    let player = model.page("clip", openedAs: "短片") as? PlayerPage
    #expect(player?.keyBindings.first?.hint == "enter 暂停")
    #expect(player?.keyBindings.contains { $0.help == "快进 10 秒" } == true)
  }

  @Test("strings and keys replace single words over the language's")
  func overrides() throws {
    let content = try Self.content(
      Self.file(
        #"""
        "language": "zh-Hans",
        "strings": {"more": "其他", "loading": "稍等…"},
        "keys": {"activate": {"hint": "enter 进入"}, "back": {"help": "后退", "hint": "esc 后退"}},
        """#))
    #expect(content.words.interface[.more] == "其他")
    #expect(content.words.interface[.keysTitle] == "按键", "the rest stays the language's")
    #expect(content.words.demo.loading == "稍等…")
    #expect(content.words.interface[.activate] == InterfaceStrings.KeyWords("打开", hint: "enter 进入"))
    #expect(content.words.interface[.back] == InterfaceStrings.KeyWords("后退", hint: "esc 后退"))
    // English is the default, and `keys` works over it too.
    let english = try Self.content(Self.file(#""keys": {"refresh": {"hint": "r fetch"}},"#))
    #expect(english.words.interface == .english)
    #expect(english.words.demo.refresh == .init("Reload", hint: "r fetch"))
  }

  @Test(
    "an unknown language, word or action is an error at its path",
    arguments: [
      (
        #""language": "fr","#,
        #"test.json: language: unknown language "fr"; expected "en" or "zh-Hans""#
      ),
      (#""strings": {"mroe": "x"},"#, #"test.json: strings: unknown key "mroe""#),
      (#""strings": {"more": 3},"#, "test.json: strings.more: expected a string"),
      (#""keys": {"open": {"hint": "x"}},"#, #"test.json: keys: unknown key "open""#),
      (
        #""keys": {"back": {"hint": "x", "label": "y"}},"#,
        #"test.json: keys.back: unknown key "label""#
      ),
    ])
  func errors(extra: String, message: String) throws {
    do {
      _ = try Self.content(Self.file(extra))
      Issue.record("no error for \(extra)")
    } catch {
      #expect("\(error)".contains(message), "\(error)")
    }
  }

  @Test("on a setting row of Me the hint says Enter changes it, in the file's words")
  func settingRowHint() throws {
    let path = ContentWalkTests.packageRoot.appendingPathComponent("Examples/netease.json").path
    let (app, terminal) = try Self.app(try ContentFile.load(path: path))
    Self.press("5", app)
    #expect(terminal.screen.text.contains("enter 打开"), "on 我的资料: \(terminal.screen.text)")
    Self.press("down,down,down,down,down,down", app)  // 夜间模式
    #expect(terminal.screen.text.contains("enter 更改"), "\(terminal.screen.text)")
    #expect(!terminal.screen.text.contains("enter 打开"))
  }
}
