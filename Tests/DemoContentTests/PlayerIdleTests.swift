import TabBarKit
import Testing

@testable import tabbar_demo

/// The player keeps no timer while its video does not play, so the app
/// sleeps until a key (the run loop waits on the next timer or animation).
@MainActor
@Suite("a paused player lets the app sleep")
struct PlayerIdleTests {
  @Test("a paused or ended video has no timer due and draws no frames as time passes")
  func pausedVideoMakesNoWakeUps() {
    let (app, terminal, page, clock) = PlayerPageTests.player()
    #expect(app.timers.nextFireTime != nil, "a playing video ticks")
    app.send(.key(.character(" ")))
    #expect(!page.isPlaying)
    #expect(app.timers.nextFireTime == nil, "nothing wakes a paused player")
    let frames = terminal.frameCount
    PlayerPageTests.play(30, app, clock)
    #expect(terminal.frameCount == frames, "no frame drawn while paused")
    #expect(terminal.screen.line(6).hasPrefix("  0:00 / 2:10"))

    app.send(.key(.character(" ")))
    #expect(app.timers.nextFireTime != nil, "playing again ticks again")
    PlayerPageTests.play(3, app, clock)
    #expect(terminal.screen.line(6).hasPrefix("  0:03 / 2:10"))
    PlayerPageTests.play(130, app, clock)
    #expect(page.hasEnded && app.timers.nextFireTime == nil, "an ended video sleeps too")
  }

  @Test("a playing video that leaves the screen stops its timer and plays on when back")
  func playsOnAfterComingBack() throws {
    let (app, _, page, clock) = PlayerPageTests.player()
    PlayerPageTests.play(2, app, clock)
    let nav = try #require(page.navigationController)
    nav.popViewController(animated: false)
    app.tick()
    #expect(app.timers.nextFireTime == nil, "the timer went with the page")
    nav.pushViewController(page, animated: false)
    app.tick()
    #expect(page.isPlaying && app.timers.nextFireTime != nil)
    PlayerPageTests.play(3, app, clock)
    #expect(page.position == .seconds(5))
  }
}
