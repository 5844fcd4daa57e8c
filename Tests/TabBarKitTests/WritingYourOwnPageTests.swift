import TabBarKitTesting
import Testing

@testable import TabBarKit

/// The code of the "Writing your own page" article, as printed there, and
/// what the article says it does.
@MainActor
@Suite("the Writing your own page article")
struct WritingYourOwnPageTests {
  enum Article {
    /// Plays a clip: a progress bar that moves on the app's clock, Enter or
    /// Space to pause, ←/→ to seek, a click on the bar to jump.
    final class PlayerPage: ViewController {
      let length: Duration
      private(set) var position: Duration = .zero
      private(set) var isPlaying = true
      /// Where the bar was drawn, from the last layout: clicks read it.
      private var barFrame: Rect?

      init(title: String, length: Duration) {
        self.length = length
        super.init(title: title)
      }

      // Keys: the page's own bindings, named for what Enter does now; the
      // hint and the help show them only while the page has the focus. ←/→
      // seek here: the tab bar's ←/→ give way to a page that binds them.
      override var keyBindings: [KeyBinding] {
        let word = isPlaying ? "pause" : "play"
        return [
          KeyBinding(
            [.enter, .character(" ")], .activate, help: "Play or pause",
            hint: "enter \(word)"),
          KeyBinding([.left, .character("[")], .custom("back"), help: "Seek back 10 s"),
          KeyBinding(
            [.right, .character("]")], .custom("on"), help: "Seek on 10 s",
            hint: "←→ seek"),
        ]
      }

      override func handle(_ action: Action) -> Bool {
        switch action {
        case .activate: isPlaying.toggle()
        case .custom("back"): seek(by: .seconds(-10))
        case .custom("on"): seek(by: .seconds(10))
        default: return false
        }
        return true
      }

      override func handleMouse(_ event: MouseEvent, in rect: Rect) -> Bool {
        guard event.kind == .press, let bar = barFrame, bar.contains(event.position) else {
          return false
        }
        let fraction = Double(event.position.x - bar.minX) / Double(max(1, bar.width - 1))
        position = .seconds((Double(length.components.seconds) * fraction).rounded())
        return true
      }

      // Time: a timer tied to the page, started each time it comes on screen.
      override func viewDidAppear() {
        schedule(every: .seconds(1)) { [weak self] in self?.advance(by: .seconds(1)) }
      }

      private func advance(by step: Duration) {
        guard isPlaying, position < length else { return }
        seek(by: step)
      }

      private func seek(by step: Duration) {
        position = min(max(.zero, position + step), length)
        setNeedsDisplay()
      }

      // Layout, then drawing: layout stores what input needs; render only reads.
      override func viewWillLayout(in rect: Rect) {
        barFrame = Rect(
          x: rect.minX + 2, y: rect.minY + 2, width: max(0, rect.width - 4), height: 1)
      }

      override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
        guard let bar = barFrame, bar.width > 0 else { return }
        let state = isPlaying ? "▶ Playing" : "‖ Paused"
        buffer.write(state, at: Point(x: bar.minX, y: rect.minY), style: theme[.navigationTitle])
        let filled = Int(Double(bar.width) * (position / length))
        buffer.fill(
          Rect(x: bar.minX, y: bar.minY, width: filled, height: 1),
          with: Cell("━", style: theme[.selectedRow]))
        buffer.fill(
          Rect(x: bar.minX + filled, y: bar.minY, width: bar.width - filled, height: 1),
          with: Cell("─", style: theme[.separator]))
        let time = "\(Self.clock(position)) / \(Self.clock(length))"
        buffer.write(time, at: Point(x: bar.minX, y: bar.minY + 2), style: theme[.rowDetail])
      }

      static func clock(_ duration: Duration) -> String {
        let seconds = Int(duration.components.seconds)
        let pad = seconds % 60 < 10 ? "0" : ""
        return "\(seconds / 60):\(pad)\(seconds % 60)"
      }
    }
  }

  static func player() -> (Application, MemoryTerminal, Article.PlayerPage, ManualClock) {
    let clock = ManualClock()
    let list = ListViewController(title: "Video", rows: [])
    let nav = NavigationController(rootViewController: list)
    let tabs = TabBarController(viewControllers: [nav])
    let (app, terminal) = Fixtures.app(tabs, clock: clock)
    let page = Article.PlayerPage(title: "Harbour at dawn", length: .seconds(90))
    nav.pushViewController(page, animated: false)
    app.tick()
    return (app, terminal, page, clock)
  }

  @Test("the player's bar moves on the app's clock, and its timer ends with the page")
  func plays() {
    let (app, terminal, page, clock) = Self.player()
    #expect(terminal.screen.line(2).hasPrefix("  ▶ Playing"))
    #expect(terminal.screen.line(6).hasPrefix("  0:00 / 1:30"))
    for _ in 0..<45 {
      clock.advance(by: .seconds(1))
      app.tick()
    }
    #expect(page.position == .seconds(45))
    #expect(terminal.screen.line(6).hasPrefix("  0:45 / 1:30"))
    #expect(terminal.screen.line(4).hasPrefix("  " + String(repeating: "━", count: 38) + "─"))
    app.press("esc")
    clock.advance(by: .seconds(1))
    app.tick()  // the pop's slide ends: the page has left the screen
    #expect(!page.isVisible)
    let left = page.position
    clock.advance(by: .seconds(5))
    app.tick()
    #expect(page.position == left, "the page's timer ended when it was popped")
  }

  @Test("Space pauses under the name the page gives it; ] and → seek; the hint says pause")
  func keys() {
    let (app, terminal, page, clock) = Self.player()
    #expect(terminal.screen.line(1).contains("enter pause"))
    app.press("space")
    #expect(!page.isPlaying && terminal.screen.line(2).hasPrefix("  ‖ Paused"))
    #expect(terminal.screen.line(1).contains("enter play"))
    clock.advance(by: .seconds(3))
    app.tick()
    #expect(page.position == .zero, "paused: the clock does not move it")
    app.press("],],[")
    #expect(page.position == .seconds(10))
    app.press("right")
    #expect(page.position == .seconds(20), "→ seeks on the page that binds it")
    #expect(!app.isFinished)
  }

  @Test("a click on the bar jumps there")
  func click() {
    let (app, _, page, _) = Self.player()
    // The bar runs from column 2 to 77 on row 4: column 39 is 37/75 of it.
    app.send(.mouse(MouseEvent(.press, at: Point(x: 39, y: 4))))
    #expect(page.position == .seconds(44))
    app.send(.mouse(MouseEvent(.press, at: Point(x: 77, y: 4))))
    #expect(page.position == .seconds(90))
  }

  @Test("the article's test sample, as printed")
  func playsAndPauses() throws {
    typealias PlayerPage = Article.PlayerPage
    let nav = NavigationController(
      rootViewController: ListViewController(title: "Video", rows: []))
    let app = AppDriver(root: TabBarController(viewControllers: [nav]))
    let player = PlayerPage(title: "Harbour at dawn", length: .seconds(90))
    nav.pushViewController(player, animated: false)
    app.advance(by: .seconds(45))  // fires each timer as often as 45 s would, then draws
    #expect(app.screen.lines[6].hasPrefix("  0:45 / 1:30"))
    try app.press("space")
    #expect(app.screen.lines[2].hasPrefix("  ‖ Paused"))
  }

  @Test("the article's theme sample: set on the root, every page follows at once")
  func themeSample() {
    let (app, terminal, _, _) = Self.player()
    app.press("],],]")  // 30 s in: a third of the bar is filled
    let tabs = app.root
    let frames = terminal.frameCount
    var theme = Theme.dark
    theme[.selectedRow] = Style(
      foreground: .black, background: .rgb(0xFF, 0xD7, 0x5F), attributes: .bold)
    theme[.accent] = Style(foreground: .indexed(208))
    tabs.theme = theme
    app.tick()
    #expect(terminal.frameCount == frames + 1, "drawn at once, no key needed")
    // The player's filled bar is drawn in the selected-row style.
    #expect(terminal.screen[2, 4].style == theme[.selectedRow])
  }
}
