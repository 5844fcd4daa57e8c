import Testing

@testable import TabBarKit

/// T10, R4: resizes that hide the selected tab behind More and give it back
/// leave the app as a fresh start at the final size draws it.
@MainActor
@Suite("More across resizes")
struct MoreResizeTests {
  static func app() -> (Application, MemoryTerminal, TabBarController) {
    let tabs = Fixtures.tabs()
    try! tabs.setPlusButton(
      PlusButton(
        glyph: "+", title: "Post", index: 2,
        action: .present({ ListViewController(title: "Compose", rows: []) })))
    let (app, terminal) = Fixtures.app(tabs)
    return (app, terminal, tabs)
  }

  @Test(
    "a burst of narrow sizes, then 80×24 again, equals a fresh start",
    arguments: [
      [Size(width: 20, height: 7), Size(width: 80, height: 24)],
      [Size(width: 30, height: 12), Size(width: 25, height: 9), Size(width: 80, height: 24)],
      [
        Size(width: 1, height: 1), Size(width: 22, height: 8), Size(width: 200, height: 60),
        Size(width: 80, height: 24),
      ],
    ])
  func burst(sizes: [Size]) { Self.check(sizes) }

  @Test("fifty random sizes between 1×1 and 200×60, then 80×24, equal a fresh start")
  func randomBurst() {
    var seed: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    var sizes: [Size] = []
    for step in 0..<50 {
      let (width, height) =
        step == 10 ? (1, 1) : step == 20 ? (200, 60) : (1 + next(200), 1 + next(60))
      sizes.append(Size(width: width, height: height))
    }
    Self.check(sizes + [Size(width: 80, height: 24)])
  }

  static func check(_ sizes: [Size]) {
    let (app, terminal, tabs) = Self.app()
    app.press("2,down,down")
    for size in sizes {
      terminal.resize(to: size)
      app.send(terminal.pendingEvents.removeFirst())
    }
    let (fresh, freshTerminal, freshTabs) = Self.app()
    fresh.press("2,down,down")
    #expect(tabs.selectedIndex == freshTabs.selectedIndex)
    #expect(terminal.screen.text == freshTerminal.screen.text)
    #expect(terminal.screen.styleText == freshTerminal.screen.styleText)
  }
}
