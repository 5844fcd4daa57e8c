import StopwatchApp
import TabBarKit
import TabBarKitTesting
import Testing

@MainActor
@Suite struct StopwatchAppTests {
  @Test func theStopwatchCountsWhileRunning() throws {
    let app = AppDriver(root: try makeApp(), size: Size(width: 50, height: 14))
    try app.press("2")
    #expect(app.screen.lines[0].contains("Stopwatch"))
    #expect(app.screen.text.contains("0:00"))
    try app.press("enter")
    app.advance(by: .seconds(65))
    #expect(app.screen.text.contains("1:05"))
    #expect(app.screen.text.contains("running"))
    try app.press("space")
    app.advance(by: .seconds(10))
    #expect(app.screen.text.contains("1:05"))
    try app.press("r")
    #expect(app.screen.text.contains("0:00"))
  }

  @Test func aLapOpensItsPage() throws {
    let app = AppDriver(root: try makeApp(), size: Size(width: 50, height: 14))
    try app.press("down,enter")
    #expect(app.screen.lines[0].contains("Lap 2"))
    #expect(app.screen.text.contains("Lap 2 took 62 seconds."))
    app.click(x: 1, y: 0)  // the back label
    #expect(app.screen.styleLines[13].contains("S"))  // the bar is back
  }
}
