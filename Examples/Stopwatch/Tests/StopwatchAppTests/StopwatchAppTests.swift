import Foundation
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

  @Test("the app's own pages are deep-linked, saved as JSON and restored where they were")
  func savedAndRestored() throws {
    let tabs = try makeApp()
    let app = AppDriver(root: tabs, size: Size(width: 50, height: 14))
    try app.press("2,enter")
    app.advance(by: .seconds(42))
    try app.press("enter")  // stopped at 0:42
    // A deep link to lap 3's page, then a star on it.
    try tabs.open(path: [1, 3])
    try app.press("s")
    #expect(app.screen.text.contains("Lap 3 took 63 seconds. ★"))
    let json = try JSONEncoder().encode(RestorationCoder(encoding: tabs))

    let again = try makeApp()
    let saved = try JSONDecoder().decode(RestorationCoder.self, from: json)
    #expect(saved.restore(again).isEmpty)
    let restored = AppDriver(root: again, size: Size(width: 50, height: 14))
    #expect(restored.screen.lines[0].contains("Lap 3"))
    #expect(restored.screen.text.contains("Lap 3 took 63 seconds. ★"))
    try restored.press("esc,2")
    #expect(restored.screen.text.contains("0:42"))
    #expect(restored.screen.text.contains("stopped"))
  }
}
