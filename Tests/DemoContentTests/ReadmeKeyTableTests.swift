import Foundation
import TabBarKit
import Testing

@testable import tabbar_demo

/// The README's key table against the keys the demo's pages declare: every
/// binding's keys and help are in one of its rows, and every key it names
/// is bound somewhere.
@Suite("the README's key table")
struct ReadmeKeyTableTests {
  /// One row of the table: the keys it names and its action text.
  struct Row {
    var keys: [Key]
    var action: String
    var isMouse: Bool
  }

  /// The rows of the table under `## Keys` in README.md.
  static func rows() throws -> [Row] {
    let root = URL(filePath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appending(path: "README.md"), encoding: .utf8)
    let section = try #require(readme.components(separatedBy: "\n## Keys\n").dropFirst().first)
    let table = section.components(separatedBy: "\n## ")[0].split(separator: "\n")
      .drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
    return try table.dropFirst(2).map {
      let cells = $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      try #require(cells.count == 2, "a row of two cells: \($0)")
      if cells[0].hasPrefix("mouse") { return Row(keys: [], action: cells[1], isMouse: true) }
      return Row(keys: try keys(in: cells[0]), action: cells[1], isMouse: false)
    }
  }

  /// The keys a cell names: each in backticks, `a`…`b` for a range.
  static func keys(in cell: String) throws -> [Key] {
    let parts = cell.split(separator: "`", omittingEmptySubsequences: false)
    var names: [String] = []
    for index in stride(from: 1, to: parts.count, by: 2) {
      let name = String(parts[index])
      if parts[index - 1] == "…", let first = names.last {
        // `1`…`9` or `Alt-1`…`Alt-9`: every digit from the first to this one.
        let prefix = first.dropLast()
        let from = try #require(first.last?.wholeNumberValue)
        let to = try #require(name.last?.wholeNumberValue)
        names += (from + 1...to).map { "\(prefix)\($0)" }
      } else {
        names.append(name)
      }
    }
    return try names.map { try #require(key(named: $0), "the README names an unknown key \($0)") }
  }

  /// The key the README writes as `name`.
  static func key(named name: String) -> Key? {
    switch name {
    case "←": .left
    case "→": .right
    case "↑": .up
    case "↓": .down
    case "Tab": .tab
    case "Shift-Tab": .backTab
    case "Enter": .enter
    case "Space": .character(" ")
    case "Esc": .escape
    case "Backspace": .backspace
    case "Home": .home
    case "End": .end
    case "PgUp": .pageUp
    case "PgDn": .pageDown
    default:
      if name.hasPrefix("Ctrl-"), name.count == 6, let c = name.last {
        .ctrl(Character(c.lowercased()))
      } else if name.hasPrefix("Alt-"), name.count == 5, let c = name.last {
        .alt(c)
      } else if name.count == 1, let c = name.first {
        .character(c)
      } else {
        nil
      }
    }
  }

  /// Every binding the demo declares on the way through its pages: each
  /// page's focus chain (the page, its containers, the tab bar) and the
  /// app's table, in English.
  @MainActor
  static func demoBindings() throws -> [KeyBinding] {
    var bindings = KeyMap.standard.bindings
    func visit(
      _ keys: String, failing: Bool = false, feeds: FeedOptions = .none,
      then: (TabBarController) -> Void = { _ in }
    ) throws {
      let network = SimulatedNetwork(latency: .zero, failsLoads: failing)
      let root = try DemoModel(content: DemoContent.load(path: nil), network: network, feeds: feeds)
        .makeRoot(barStyle: nil)
      let app = Application(
        root: root, terminal: MemoryTerminal(size: Size(width: 80, height: 24)),
        animated: false)
      app.start()
      for key in try Key.parseList(keys) { app.send(.key(key)) }
      then(root)
      app.tick()
      var node: ViewController? = root.focusedViewController
      while let controller = node {
        bindings += controller.keyBindings
        node = controller.parent
      }
    }
    try visit("")  // News
    try visit("1,/")  // typing a filter
    try visit("1,/,a,enter")  // a kept filter
    try visit("1,enter")  // a story
    try visit("1,enter,c")  // its comments
    try visit("3,enter,down")  // the player, a related clip chosen
    try visit("3,enter")  // the player
    try visit("3,enter,space")  // paused
    try visit("4")  // Topics' headers
    try visit("4,enter,down")  // a section's rows
    try visit("", failing: true)  // a failed load
    // A story of a news feed (--feed), read from the feed engine's fixtures.
    let feeds = FeedOptions(
      sources: [FeedChannelsTests.fixture("a.rss")], cache: nil, atOnce: true)
    try visit("enter", feeds: feeds)
    try visit("+")  // compose: a form
    try visit("+,tab,tab")  // compose: a choice
    try visit("+,tab,tab,tab")  // compose: a button
    for downs in 0..<12 {  // Me's rows and settings
      try visit((["5"] + Array(repeating: "down", count: downs)).joined(separator: ","))
    }
    try visit("") { root in
      root.present(AlertController.confirm(title: "Sure?", message: "Really.") {})
    }
    return bindings
  }

  @Test("every key a demo page declares is in one row of the README's table with its help")
  @MainActor
  func everyBindingIsInTheTable() throws {
    let rows = try Self.rows()
    #expect(rows.count > 10)
    for binding in try Self.demoBindings() {
      let row = rows.first { row in
        binding.keys.allSatisfy(row.keys.contains)
          && row.action.lowercased().contains(binding.help.lowercased())
      }
      #expect(row != nil, "no README row has all the keys of \(binding.help): \(binding.keys)")
    }
  }

  @Test("every key the README's table names is bound by a demo page, and the mouse has a row")
  @MainActor
  func nothingUnbound() throws {
    let rows = try Self.rows()
    let bound = Set(try Self.demoBindings().flatMap(\.keys))
    for key in rows.flatMap(\.keys) {
      #expect(bound.contains(key), "the README names \(key), which nothing binds")
    }
    #expect(rows.contains { $0.isMouse })
  }

  @Test("the README's key names are the ones the checks read")
  func keyNames() throws {
    let keys = try Self.keys(in: "`1`…`3`, `Alt-1`…`Alt-2`, `Ctrl-L`, `Space`, `G`")
    let expected: [Key] = [
      .character("1"), .character("2"), .character("3"), .alt("1"), .alt("2"), .ctrl("l"),
      .character(" "), .character("G"),
    ]
    #expect(keys == expected)
  }
}
