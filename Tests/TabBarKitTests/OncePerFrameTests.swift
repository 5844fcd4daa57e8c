import Testing

@testable import TabBarKit

/// What a frame needs is made once by its layout pass, and drawing reads it.
@MainActor
@Suite("made once per frame")
struct OncePerFrameTests {
  @Test("the tab bar is made once for the frame after a key")
  func oneBarPerFrame() {
    let tabs = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(tabs)
    tabs._barsMade = 0
    app.press("down")
    #expect(tabs._barsMade == 1)
    #expect(terminal.screen.text.contains("Reading"), "the bar is drawn")
  }

  @Test("the channel strip measures each title once for the frame after a key")
  func stripMeasuresOnce() {
    let (strip, tabs) = ChannelStripTests.tabs()
    let (app, terminal) = Fixtures.app(tabs)
    strip._titlesMeasured = 0
    app.press("]")
    #expect(strip.selectedIndex == 1)
    #expect(strip._titlesMeasured == strip.channels.count)
    #expect(terminal.screen.line(ChannelStripTests.stripRow).contains("Entertainment"))
  }
}
