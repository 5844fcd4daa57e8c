import TabBarKit
import Testing

/// K3 in the library: Ctrl-L and Ctrl-Z come from the key table, tell the
/// terminal, and make the next frame send every cell.
@MainActor
@Suite("repaint and suspend")
struct RepaintTests {
  /// A memory terminal that counts the repaint and suspend requests.
  final class CountingTerminal: Terminal {
    let inner: MemoryTerminal
    var invalidations = 0
    var suspensions = 0
    init(size: Size) { inner = MemoryTerminal(size: size) }
    var size: Size { inner.size }
    var supportsColor: Bool { true }
    func readEvent(timeout: Duration?) -> InputEvent? { inner.readEvent(timeout: timeout) }
    func draw(_ cell: Cell, at point: Point) throws { try inner.draw(cell, at: point) }
    func flush() { inner.flush() }
    func invalidate() { invalidations += 1 }
    func suspend() { suspensions += 1 }
  }

  static func app() -> (Application, CountingTerminal) {
    let terminal = CountingTerminal(size: Size(width: 80, height: 24))
    let app = Application(
      root: Fixtures.tabs(), terminal: terminal, clock: ManualClock(),
      animated: false)
    app.start()
    return (app, terminal)
  }

  @Test("Ctrl-L repaints every cell and tells the terminal to forget its screen")
  func controlLRepaintsEverything() {
    let (app, terminal) = Self.app()
    #expect(KeyMap.standard.action(for: .ctrl("l")) == .redraw)
    let frames = terminal.inner.frameCount
    app.send(.key(.ctrl("l")))
    #expect(terminal.invalidations == 1)
    #expect(terminal.inner.frameCount == frames + 1)
    #expect(terminal.inner.lastFrameCellCount == 80 * 24, "every cell is sent again")
    #expect(KeyMap.standard.bindings.contains { $0.help == "Redraw the screen" })
  }

  @Test("Ctrl-Z suspends through the terminal, then repaints every cell")
  func controlZSuspendsAndRepaints() {
    let (app, terminal) = Self.app()
    #expect(KeyMap.standard.action(for: .ctrl("z")) == .suspend)
    app.send(.key(.ctrl("z")))
    #expect(terminal.suspensions == 1)
    #expect(terminal.inner.lastFrameCellCount == 80 * 24, "every cell is sent again")
    #expect(!app.isFinished)
  }
}
