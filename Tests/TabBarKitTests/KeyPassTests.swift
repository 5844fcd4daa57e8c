import Testing

@testable import TabBarKit

/// A key is routed once: one walk of the focus chain, one question of each
/// controller for its bindings, shared by the key, the hint and the help.
@MainActor
@Suite("one pass per key")
struct KeyPassTests {
  /// How many times each controller was asked for its bindings.
  final class Asked {
    var counts: [String: Int] = [:]
  }

  final class CountingTabs: TabBarController {
    var asked: Asked?
    override var keyBindings: [KeyBinding] {
      asked?.counts["tabs", default: 0] += 1
      return super.keyBindings
    }
  }

  final class CountingStack: NavigationController {
    var asked: Asked?
    override var keyBindings: [KeyBinding] {
      asked?.counts["stack \(rootViewController.title)", default: 0] += 1
      return super.keyBindings
    }
  }

  final class CountingList: ListViewController {
    var asked: Asked?
    override var keyBindings: [KeyBinding] {
      asked?.counts[title, default: 0] += 1
      return super.keyBindings
    }
  }

  /// Five tabs as the demo's, each a stack over a list of rows that push a
  /// counting list; every controller counts into `asked`.
  static func app(_ asked: Asked) -> (Application, MemoryTerminal, CountingTabs) {
    let stacks = Fixtures.items.map { item in
      let rows = (1...30).map { i in
        ListRow("\(item.title) \(i)") {
          let page = CountingList(title: "\(item.title) \(i)", rows: [])
          page.asked = asked
          return page
        }
      }
      let list = CountingList(title: item.title, rows: rows)
      list.asked = asked
      let stack = CountingStack(rootViewController: list)
      stack.asked = asked
      return stack
    }
    let tabs = CountingTabs(viewControllers: stacks)
    for (stack, item) in zip(stacks, Fixtures.items) { stack.tabBarItem = item }
    tabs.asked = asked
    let (app, terminal) = Fixtures.app(tabs)
    return (app, terminal, tabs)
  }

  @Test("a key on a tab's list walks the focus chain once and asks each controller once")
  func oneWalkPerKey() {
    let asked = Asked()
    let (app, _, tabs) = Self.app(asked)
    #expect(tabs.statusHint != nil, "the hint is drawn from the bindings")
    asked.counts = [:]
    app._focusChainWalks = 0

    app.press("down")

    let list = (tabs.viewControllers[0] as! NavigationController).rootViewController
    #expect((list as! ListViewController).listView.selectedIndex == 1, "the key moved down")
    #expect(app._focusChainWalks == 1)
    #expect(asked.counts == ["tabs": 1, "stack News": 1, "News": 1])
  }

  @Test("a key that pushes a page asks the new chain once, and the next key asks nobody again")
  func pushAsksTheNewChainOnce() {
    let asked = Asked()
    let (app, terminal, _) = Self.app(asked)
    asked.counts = [:]
    app._focusChainWalks = 0

    app.press("enter")

    #expect(terminal.screen.line(0).contains("News 1"), "\(terminal.screen.text)")
    #expect(app._focusChainWalks == 1, "the frame after the push walks the new chain")
    #expect(asked.counts == ["tabs": 1, "stack News": 1, "News 1": 1])

    // A key that changes nothing draws nothing and asks nothing.
    asked.counts = [:]
    app._focusChainWalks = 0
    app.press("F12")
    #expect(app._focusChainWalks == 0 && asked.counts.isEmpty)
  }

  @Test("the help and the hint of one screen share the walk of the key that opened the help")
  func helpSharesTheWalk() {
    let asked = Asked()
    let (app, terminal, _) = Self.app(asked)
    asked.counts = [:]
    app._focusChainWalks = 0

    app.press("?")

    #expect(app.isShowingHelp && terminal.screen.text.contains("News"))
    #expect(app._focusChainWalks == 1)
    #expect(asked.counts == ["tabs": 1, "stack News": 1, "News": 1])
  }

}
