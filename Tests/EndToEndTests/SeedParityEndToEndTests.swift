import Foundation
import Testing

/// Issue 3's features on the real binary in tmux: a mouse click on a tab,
/// the plus button's Compose page, the Topics accordion, and a push that
/// slides through frames of its own.
@Suite("seed parity end to end", .serialized, .timeLimit(.minutes(1)))
struct SeedParityEndToEndTests {
  @Test("a mouse click on a tab cell switches to it (SGR mouse report)")
  func clickOnCell() async throws {
    let tmux = try TmuxSession(arguments: ["--no-animation"])
    defer { tmux.kill() }
    let root = try await tmux.waitFor("the bar") { DemoEndToEndTests.barIsShown($0) }
    let row = try #require(root.row(containing: "Topics"))
    let column = try #require(root.column(of: "Topics", inRow: row))
    // What a terminal sends for a left click with SGR reporting (1-based cells).
    let click = "\u{1b}[<0;\(column + 2);\(row + 1)M\u{1b}[<0;\(column + 2);\(row + 1)m"
    _ = try tmux.tmux(["send-keys", "-t", tmux.sessionName, "-l", click])
    try await tmux.waitFor("Topics selected by the click") {
      DemoEndToEndTests.navigationTitle($0) == "Topics"
        && DemoEndToEndTests.markedTitle($0) == "Topics"
    }
  }

  @Test("+ opens the Compose form over the bar; Esc on the empty form closes it")
  func plusOpensCompose() async throws {
    let tmux = try TmuxSession(arguments: ["--no-animation"])
    defer { tmux.kill() }
    try await tmux.waitFor("the bar") { DemoEndToEndTests.barIsShown($0) }
    try tmux.press("+")
    let compose = try await tmux.waitFor("Compose") {
      DemoEndToEndTests.navigationTitle($0) == "Compose"
    }
    #expect(!compose.lines.contains(where: DemoEndToEndTests.titlesInOrder), "the bar is covered")
    #expect(compose.row(containing: "What happened?") != nil, "the compose form")
    try tmux.press("Escape")
    try await tmux.waitFor("News with the bar again") {
      DemoEndToEndTests.navigationTitle($0) == "News" && DemoEndToEndTests.barIsShown($0)
    }
  }

  @Test("Topics opens and closes its sections with Enter, one at a time; rows open too")
  func topicsAccordion() async throws {
    let tmux = try TmuxSession(arguments: ["--no-animation"])
    defer { tmux.kill() }
    try await tmux.waitFor("the bar") { DemoEndToEndTests.barIsShown($0) }
    try tmux.press("4")
    try await tmux.waitFor(text: "▸ Science")
    try tmux.press("Enter")
    let science = try await tmux.waitFor(text: "▾ Science")
    #expect(science.row(containing: "#space") != nil, "the section's topics show")
    // Down now goes into Science's rows, as in a tree; End jumps to the last header.
    try tmux.press("End", "Enter")
    let last = try await tmux.waitFor(text: "▾ Everyday life")
    #expect(last.row(containing: "▸ Science") != nil, "opening one closes the other")
    #expect(last.row(containing: "#space") == nil)
    try tmux.press("Enter")
    let closed = try await tmux.waitFor(text: "▸ Everyday life")
    #expect(!closed.lines.contains { $0.contains("▾") }, "no section open")
  }

  @Test("a push shows frames of its own and ends on the --no-animation frame")
  func pushSlides() async throws {
    let still = try TmuxSession(arguments: ["--no-animation"])
    defer { still.kill() }
    try await still.waitFor("the bar") { DemoEndToEndTests.barIsShown($0) }
    try still.press("Enter")
    let expected = try await still.waitFor("the pushed page") {
      DemoEndToEndTests.isPushedPage($0)
    }

    // Slowed down twenty times (a hidden option for tests): the 0.2 s slide
    // takes 4 s. Every capture is looked at until the slide ends, so a
    // machine so loaded that a capture takes a second still sees it move: a
    // slide drawn as one jump shows one frame of its own at most.
    let tmux = try TmuxSession(arguments: ["--animation-rate", "0.05"])
    defer { tmux.kill() }
    let start = try await tmux.waitFor("the bar") { DemoEndToEndTests.barIsShown($0) }
    try tmux.press("Enter")
    var slide: [[String]] = []
    var ended = false
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(30)
    while clock.now < deadline {
      let screen = try tmux.capture()
      if screen.lines == expected.lines {
        ended = true
        break
      }
      if screen.lines != start.lines, slide.last != screen.lines { slide.append(screen.lines) }
      try await Task.sleep(for: .milliseconds(100))
    }
    #expect(ended, "the slide did not end on the --no-animation frame")
    #expect(
      slide.count >= 2,
      "the slide showed \(slide.count) frame(s) between the list and the page")
  }
}
