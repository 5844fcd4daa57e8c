import TabBarKit
import Testing

@testable import tabbar_demo

/// The demo's player page (a video of the content file): the bar moves on
/// the app's clock, Space pauses and plays, it stops at the end and plays
/// again from the start.
@MainActor
@Suite("the demo's player page")
struct PlayerPageTests {
  /// A player for a 2:10 video pushed on a list, in an 80×24 memory terminal
  /// on a clock moved by hand.
  static func player() -> (Application, MemoryTerminal, PlayerPage, ManualClock) {
    let clock = ManualClock()
    let nav = NavigationController(rootViewController: ListViewController(title: "Video", rows: []))
    let terminal = MemoryTerminal(size: Size(width: 80, height: 24))
    let app = Application(
      root: TabBarController(viewControllers: [nav]), terminal: terminal, clock: clock,
      animated: false)
    app.start()
    let page = PlayerPage(title: "Street food at dawn", length: .seconds(130))
    nav.pushViewController(page, animated: false)
    app.tick()
    return (app, terminal, page, clock)
  }

  /// Moves the clock `seconds` on, one second at a time, as a running app would.
  static func play(_ seconds: Int, _ app: Application, _ clock: ManualClock) {
    for _ in 0..<seconds {
      clock.advance(by: .seconds(1))
      app.tick()
    }
  }

  @Test("the bar advances on the app's clock, and the time under it with it")
  func plays() {
    let (app, terminal, page, clock) = Self.player()
    #expect(terminal.screen.line(2).hasPrefix("  ▶ Playing"))
    #expect(terminal.screen.line(6).hasPrefix("  0:00 / 2:10"))
    Self.play(65, app, clock)
    #expect(page.position == .seconds(65))
    #expect(terminal.screen.line(6).hasPrefix("  1:05 / 2:10"))
    // Half the 76 columns of the bar are filled.
    #expect(terminal.screen.line(4).hasPrefix("  " + String(repeating: "━", count: 38) + "─"))
  }

  @Test("Space pauses and plays again; the hint names what it does")
  func pauses() {
    let (app, terminal, page, clock) = Self.player()
    #expect(terminal.screen.line(1).contains("enter pause"))
    app.send(.key(.character(" ")))
    #expect(!page.isPlaying && terminal.screen.line(2).hasPrefix("  ‖ Paused"))
    #expect(terminal.screen.line(1).contains("enter play"))
    Self.play(5, app, clock)
    #expect(page.position == .zero, "paused: the clock does not move it")
    app.send(.key(.character(" ")))
    Self.play(3, app, clock)
    #expect(page.position == .seconds(3))
    app.send(.key(.character("]")))
    #expect(page.position == .seconds(13))
  }

  @Test("at the end it stops; Space plays it again from the start")
  func ends() {
    let (app, terminal, page, clock) = Self.player()
    Self.play(140, app, clock)
    #expect(page.position == .seconds(130) && !page.isPlaying)
    #expect(terminal.screen.line(2).hasPrefix("  ■ Ended"))
    #expect(terminal.screen.line(6).hasPrefix("  2:10 / 2:10"))
    #expect(terminal.screen.line(1).contains("enter replay"))
    app.send(.key(.character(" ")))
    #expect(page.isPlaying && page.position == .zero)
    Self.play(1, app, clock)
    #expect(terminal.screen.line(6).hasPrefix("  0:01 / 2:10"))
  }

  @Test("a video of an hour or more shows hours")
  func hours() {
    #expect(PlayerPage.clock(.seconds(59)) == "0:59")
    #expect(PlayerPage.clock(.seconds(3599)) == "59:59")
    #expect(PlayerPage.clock(.seconds(3723)) == "1:02:03")
  }
}
