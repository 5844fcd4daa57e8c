import NcursesTerminal
import TabBarKit

// Built with `.defaultIsolation(MainActor.self)` (Swift 6.2's default for new
// app targets): a page that subclasses ViewController and overrides its
// initialiser, drawing, input and lifecycle compiles without `nonisolated`.

final class CounterPage: ViewController {
  var count = 0

  init() { super.init(title: "Counter") }

  override var keyBindings: [KeyBinding] {
    [KeyBinding([.enter, .character(" ")], .activate, help: "Count", hint: "enter count")]
  }

  override func handle(_ action: Action) -> Bool {
    guard action == .activate else { return false }
    count += 1
    return true
  }

  override func handle(_ key: Key) -> Bool { key == .character("x") }

  override func viewWillAppear() { count = 0 }

  override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    buffer.write("Pressed \(count) times", at: rect.origin)
  }
}

final class Stack: NavigationController {
  override func viewWillLayout(in rect: Rect) { super.viewWillLayout(in: rect) }
}

TerminalApp.run {
  TabBarController(viewControllers: [
    Stack(rootViewController: CounterPage()), ListViewController(title: "List", rows: []),
  ])
}
