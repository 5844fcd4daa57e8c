import TabBarKit

/// A shared log of lifecycle calls, in order.
final class LifecycleLog {
  var entries: [String] = []
}

/// A page that records its lifecycle calls (N5).
final class RecordingPage: ListViewController {
  let log: LifecycleLog

  init(_ title: String, log: LifecycleLog, rows: [ListRow] = []) {
    self.log = log
    super.init(title: title, rows: rows)
  }

  override func viewWillAppear() { log.entries.append("\(title).willAppear") }
  override func viewDidAppear() { log.entries.append("\(title).didAppear") }
  override func viewWillDisappear() { log.entries.append("\(title).willDisappear") }
  override func viewDidDisappear() { log.entries.append("\(title).didDisappear") }
}

/// A delegate that records calls and can veto (T8).
final class RecordingDelegate: TabBarControllerDelegate {
  var calls: [String] = []
  var vetoed: Set<Int> = []

  func tabBarController(_ controller: TabBarController, shouldSelect index: Int) -> Bool {
    calls.append("shouldSelect \(index)")
    return !vetoed.contains(index)
  }
  func tabBarController(_ controller: TabBarController, didSelect index: Int, from previous: Int) {
    calls.append("didSelect \(previous)->\(index)")
  }
  func tabBarController(_ controller: TabBarController, didReselect index: Int) {
    calls.append("didReselect \(index)")
  }
  var vetoesMore = false
  var vetoesPlus = false
  func tabBarControllerShouldShowMore(_ controller: TabBarController) -> Bool {
    calls.append("shouldShowMore")
    return !vetoesMore
  }
  func tabBarControllerDidShowMore(_ controller: TabBarController) {
    calls.append("didShowMore")
  }
  func tabBarControllerShouldPressPlusButton(_ controller: TabBarController) -> Bool {
    calls.append("shouldPressPlus")
    return !vetoesPlus
  }
  func tabBarControllerDidPressPlusButton(_ controller: TabBarController) {
    calls.append("didPressPlus")
  }
}

@MainActor
enum Fixtures {
  /// Rows titled `News 1`, `News 2`… that each push a page of rows titled
  /// `News 1.1`, `News 1.2`…, `depth` levels down.
  static func rows(
    _ prefix: String, separator: String = " ", count: Int = 25, depth: Int = 3
  ) -> [ListRow] {
    (1...count).map { i in
      let title = "\(prefix)\(separator)\(i)"
      return ListRow(title, detail: "\(i)h") {
        ListViewController(
          title: title,
          rows: depth > 1 ? rows(title, separator: ".", count: 20, depth: depth - 1) : [])
      }
    }
  }

  static let items = [
    TabBarItem(title: "News", glyph: "□", selectedGlyph: "■"),
    TabBarItem(title: "Reading", glyph: "☆", selectedGlyph: "★"),
    TabBarItem(title: "Video", glyph: "▷", selectedGlyph: "▶"),
    TabBarItem(title: "Topics", glyph: "○", selectedGlyph: "●"),
    TabBarItem(title: "Me", glyph: "♡", selectedGlyph: "♥"),
  ]

  /// Five tabs like the demo, each a navigation stack over a list.
  static func tabs(items: [TabBarItem] = items, style: TabBarStyle = .regular) -> TabBarController {
    let stacks = items.map { item in
      NavigationController(
        rootViewController: ListViewController(title: item.title, rows: rows(item.title)))
    }
    let controller = try! TabBarController(viewControllers: stacks, items: items)
    controller.barStyle = style
    return controller
  }

  /// An app on an in-memory terminal, started; animated only with a clock.
  static func app(
    _ root: ViewController, size: Size = Size(width: 80, height: 24), color: Bool = true,
    clock: ManualClock? = nil
  ) -> (Application, MemoryTerminal) {
    let terminal = MemoryTerminal(size: size, supportsColor: color)
    let app = Application(
      root: root, terminal: terminal, clock: clock ?? ManualClock(), animated: clock != nil)
    app.start()
    return (app, terminal)
  }
}

extension Application {
  /// Sends every event but the keys that quit (they would end a fuzz run
  /// early), then the events `terminal` queued itself (resizes); returns
  /// how many of `events` went in.
  func sendAllButQuit(_ events: [InputEvent], then terminal: MemoryTerminal) -> Int {
    var sent = 0
    for event in events {
      if case .key(let key) = event, KeyMap.standard.action(for: key) == .quit { continue }
      send(event)
      sent += 1
    }
    while let event = terminal.pendingEvents.first {
      terminal.pendingEvents.removeFirst()
      send(event)
    }
    return sent
  }

  /// Sends keys by name, as `--keys` does.
  func press(_ names: String) {
    for key in try! Key.parseList(names) { send(.key(key)) }
  }
}
