import Foundation
import TabBarKit
import Testing

@testable import tabbar_demo

/// Language → 中文 turns every word the demo itself shows Chinese, live:
/// walking every tab and the pages under them afterwards shows English only
/// in the content (the stories, books, clips and messages of the file) and
/// in the names of keys.
@MainActor
@Suite("demo content: 中文 reaches every word the demo shows")
struct ChineseEverywhereTests {
  /// Every text of the built-in file that is content: each page's strings,
  /// but for the app's own words (Me, its Blocked topics, the Post form,
  /// the tabs, News's channels and Topics' section titles).
  static func contentText() throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/tabbar-demo/Resources/demo.json")
    let file = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    var pages = try #require(file["pages"] as? [String: Any])
    for own in ["me", "me-blocked", "compose"] { pages[own] = nil }
    if var news = pages["news"] as? [String: Any] {
      news["channels"] = nil
      pages["news"] = news
    }
    if var topics = pages["topics"] as? [String: Any],
      let sections = topics["sections"] as? [[String: Any]]
    {
      topics["sections"] = sections.map { $0.filter { $0.key != "title" } }
      pages["topics"] = topics
    }
    var texts: [String] = []
    func collect(_ value: Any) {
      if let text = value as? String {
        texts.append(text)
      } else if let array = value as? [Any] {
        array.forEach(collect)
      } else if let object = value as? [String: Any] {
        object.values.forEach(collect)
      }
    }
    collect(pages)
    return texts.joined(separator: "\n")
  }

  /// Key names and units, which stay as they are in any language.
  static let keyWords: Set<String> = [
    "enter", "esc", "tab", "shift", "ctrl", "alt", "space", "backspace", "pgup", "pgdn",
    "home", "end", "PgUp", "PgDn", "Home", "End", "Enter", "Esc", "Tab", "Space", "Shift",
    "Ctrl", "Alt", "Backspace", "MB", "down", "up", "left", "right", "backtab",
  ]

  /// The parts of `screen` with a Latin letter that are neither content
  /// nor key names: a line is cut into parts at runs of spaces, `·` and
  /// frame lines; a part is content when the file has it (a cut title less
  /// its `…`); a word of one or two letters is a key (`n/p`) or a unit.
  static func englishOutsideContent(_ screen: String, content: String) -> [String] {
    var found: [String] = []
    for line in screen.split(separator: "\n") {
      let cleaned = line.map { "│┃║╭╮╰╯─‹›…▸：".contains($0) ? "  " : String($0) }.joined()
      let parts = cleaned.replacing(" · ", with: "  ").components(separatedBy: "  ")
      for part in parts.map({ $0.trimmingCharacters(in: .whitespaces) }) {
        let words = part.split { !($0.isASCII && $0.isLetter) }.map(String.init)
        guard words.contains(where: { $0.count > 2 && !keyWords.contains($0) }) else { continue }
        if content.contains(part) { continue }
        found.append(part)
      }
    }
    return found
  }

  @Test("after Language → 中文, every tab and the pages under them show no English of the app's")
  func walkEveryTab() throws {
    let (app, terminal, root) = try ReadingFlowTests.app()
    let content = try Self.contentText()
    let me = try #require(
      root.model.content.pages[JSONKey("me")].flatMap { page -> [ContentFile.Row]? in
        if case .list(let rows, _) = page.kind { Array(rows) } else { nil }
      })
    let language = try #require(me.firstIndex { $0.setting?.kind == .app(.language) })
    try ReadingFlowTests.press("5" + String(repeating: ",down", count: language) + ",enter", app)
    #expect(root.model.settings.chinese)
    // The screens walked, each after the keys that reach it from News.
    var screens: [(name: String, keys: String)] = [
      ("News, Top", "1"), ("News, the filter", "1,/"), ("a story", "1,enter"),
      ("its comments", "1,enter,c"), ("the comment form", "1,enter,c,w"),
      ("Reading", "2"), ("a book", "2,down,enter"), ("a chapter", "2,down,enter,enter"),
      ("Video", "3"), ("the player", "3,enter"), ("Topics", "4"),
      ("Topics, a section open", "4,enter"), ("Me", "5"), ("the Post form", "+"),
      ("the keys", "?"),
    ]
    for channel in 1..<6 {
      screens.append(
        ("News, channel \(channel + 1)", "1" + String(repeating: ",]", count: channel)))
    }
    // Every row of Me but Language: its page, or its dialog.
    for (index, row) in me.enumerated() where index != language {
      if case .app(let setting)? = row.setting?.kind,
        setting != .signOut && setting != .clearCache
      {
        continue
      }
      screens.append(
        ("Me, \(row.title)", "5,home" + String(repeating: ",down", count: index) + ",enter"))
    }
    screens.append(("Me, Messages, a message", "5,home,down,enter,enter"))
    var english: [String: [String]] = [:]
    for screen in screens {
      try ReadingFlowTests.press(screen.keys, app)
      let found = Self.englishOutsideContent(terminal.screen.text, content: content)
      if !found.isEmpty { english[screen.name] = found }
      // Back to News at its root, whatever opened.
      try ReadingFlowTests.press("esc,esc,esc,esc", app)
      if root.presentedViewController != nil { try ReadingFlowTests.press("esc", app) }
      try ReadingFlowTests.press("1,1", app)
    }
    #expect(root.model.settings.chinese, "no step switched the language back")
    #expect(english.isEmpty, "\(english)")
    #expect(screens.count >= 30)
  }
}
