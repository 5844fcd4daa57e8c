import TabBarKit

@testable import tabbar_demo

/// The demo's app as the content tests run it: in a memory terminal, on a
/// clock that moves only when told, without animation.
@MainActor
enum DemoHarness {
  /// `root` in a memory terminal of `size`, started: its first frame is
  /// drawn.
  static func start(
    _ root: DemoRootController, size: Size
  ) -> (Application, MemoryTerminal, DemoRootController) {
    let terminal = MemoryTerminal(size: size)
    let app = Application(root: root, terminal: terminal, clock: ManualClock(), animated: false)
    app.start()
    return (app, terminal, root)
  }

  /// Sends the keys `names` (as `--keys` writes them: `2,down,enter`), then
  /// draws what they changed.
  static func press(_ names: String, _ app: Application) throws {
    for key in try Key.parseList(names) { app.send(.key(key)) }
    app.tick()
  }
}
