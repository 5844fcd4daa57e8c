import Testing

@testable import TabBarKit

/// A terminal past the largest size, at start or after a resize: the app
/// says so in the top-left corner and allocates only that corner, then
/// comes back when the terminal is smaller.
@MainActor
@Suite("huge terminal sizes")
struct HugeTerminalTests {
  @Test(
    "a terminal resized past the largest size shows a too-large message in a small buffer",
    arguments: [
      Size(width: 40000, height: 40000), Size(width: 4001, height: 24),
      Size(width: 80, height: 1001), Size(width: 65535, height: 3),
    ])
  func hugeResize(size: Size) {
    let (app, terminal) = Fixtures.app(Fixtures.tabs())
    terminal.resize(to: size)
    _ = app.sendAllButQuit([], then: terminal)
    let corner = Size(width: min(size.width, 80), height: min(size.height, 24))
    #expect(terminal.size == size)
    #expect(terminal.screen.size == corner, "the terminal's screen is only the corner")
    #expect(app.lastFrame.size == corner, "so is the app's frame")
    #expect(app.renderFrame(size: size).size == corner)
    let text = terminal.screen.text.split(separator: "\n").joined(separator: " ")
    #expect(
      text.contains("Terminal too large: at most 4000×1000, have \(size.width)×\(size.height)")
        || corner.height < 3,
      "\(terminal.screen.text)")
    // Keys and clicks meanwhile do not draw the app or trap.
    app.press("right,enter")
    app.send(.mouse(MouseEvent(.press, at: Point(x: 39_999, y: 39_999))))
    #expect(!terminal.screen.text.contains("News"))
    terminal.resize(to: Size(width: 80, height: 24))
    _ = app.sendAllButQuit([], then: terminal)
    #expect(terminal.screen.size == Size(width: 80, height: 24))
    #expect(!terminal.screen.text.contains("too large") && terminal.screen.text.contains("─"))
  }

  @Test("a terminal created too large is drawn only in its corner, from the first frame")
  func startsTooLarge() {
    let (app, terminal) = Fixtures.app(Fixtures.tabs(), size: Size(width: 5000, height: 5000))
    #expect(terminal.screen.size == Size(width: 80, height: 24))
    #expect(app.lastFrame.size == Size(width: 80, height: 24))
    #expect(terminal.screen.text.contains("Terminal too large"))
  }
}
