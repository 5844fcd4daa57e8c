import Foundation
import TabBarKit
import Testing

/// Esc without delay on a terminal that does not speak the kitty keyboard
/// protocol (tmux): the start-up query leaves no trace, Esc acts within the
/// short default delay, `ESCDELAY` sets it, and `q` leaves no mode behind.
@Suite("Esc delay end to end", .serialized, .timeLimit(.minutes(1)))
struct EscapeDelayEndToEndTests {
  typealias Demo = DemoEndToEndTests

  @Test("the keyboard protocol query shows nothing and types nothing in tmux")
  func queryLeavesNoTrace() async throws {
    // Without the badge timer, so nothing but a key could change the screen.
    let tmux = try TmuxSession(arguments: ["--content", HardeningTests.contentWithoutTimer()])
    defer { tmux.kill() }
    let screen = try await tmux.waitFor("the root") { Demo.isRoot($0) }
    // Give the replies time to come (tmux answers the device attributes).
    try await Task.sleep(for: .milliseconds(300))
    let after = try tmux.capture()
    #expect(Demo.isRoot(after), "a reply was taken as a key:\n\(after)")
    #expect(after.lines == screen.lines, "the screen changed with no key pressed:\n\(after)")
    for trace in ["[?", "?u", ";2c", "^["] {
      #expect(after.row(containing: trace) == nil, "\(trace) on screen:\n\(after)")
    }
    // The search field takes text: a reply that came as keys would type there.
    try tmux.press("/")
    try await Task.sleep(for: .milliseconds(200))
    #expect(try tmux.capture().row(containing: "?u") == nil)
  }

  @Test("with the default delay Esc pops at once and arrows still work; q leaves no mode")
  func escapeAndArrowsThenCleanExit() async throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try await tmux.waitFor("the root") { Demo.isRoot($0) }
    for mode in HardeningTests.modeFlags {
      #expect(try HardeningTests.paneFlag(mode.flag, in: tmux) == mode.on, "\(mode.what) is on")
    }
    // The delay itself is 5 ms; most of this bound is tmux and a loaded
    // machine (every capture starts a tmux client). ESCDELAY=1000 below
    // shows what a delay of its own costs. A delay of the app's shows in
    // every try, a busy moment of the machine's in one: the quickest of up
    // to five tries is the figure.
    var reactions: [Duration] = []
    while reactions.count < 5, reactions.allSatisfy({ $0 >= .milliseconds(500) }) {
      if !reactions.isEmpty { try await tmux.waitFor("the root") { Demo.isRoot($0) } }
      reactions.append(try await escapeReaction(in: tmux))
    }
    print("Esc with the default delay: first frame after \(reactions)")
    let reaction = try #require(reactions.min())
    #expect(reaction < .milliseconds(500), "Esc took \(reactions) to act")
    try await tmux.waitFor("the root") { Demo.isRoot($0) }
    try tmux.press("Right")
    try await tmux.waitFor("Reading") { Demo.navigationTitle($0) == "Reading" }
    try tmux.press("Left")
    try await tmux.waitFor("News") { Demo.isRoot($0) }

    try tmux.press("q")
    let exit = try await tmux.waitForExit()
    #expect(exit.status == 0)
    for mode in HardeningTests.modeFlags {
      #expect(try HardeningTests.paneFlag(mode.flag, in: tmux) != mode.on, "\(mode.what) left on")
    }
    _ = try tmux.tmux(["set-buffer", "-b", "check", "PASTE-CHECK"])
    _ = try tmux.tmux(["paste-buffer", "-p", "-d", "-b", "check", "-t", tmux.sessionName])
    let pasted = try await tmux.waitFor(text: "PASTE-CHECK")
    #expect(pasted.row(containing: "200~") == nil, "bracketed paste is left on:\n\(pasted)")
  }

  @Test("an app that quits as it starts leaves no reply to the shell", arguments: 1...3)
  func quickQuitLeavesNoReply(run: Int) async throws {
    let tmux = try TmuxSession(executable: try MinimalExampleTests.path(of: "failing-app-fixture"))
    defer { tmux.kill() }
    let exit = try await tmux.waitForExit()
    #expect(exit.status == 2)
    try await Task.sleep(for: .milliseconds(100))  // a late reply would show by now
    let screen = try tmux.capture()
    #expect(screen.row(containing: "[?") == nil, "a reply reached the shell:\n\(screen)")
  }

  @Test("ESCDELAY sets the delay: at 1000 ms a lone Esc waits about a second")
  func escapeDelayFromEnvironment() async throws {
    let tmux = try TmuxSession(environment: ["ESCDELAY": "1000"])
    defer { tmux.kill() }
    try await tmux.waitFor("the root") { Demo.isRoot($0) }
    let reaction = try await escapeReaction(in: tmux)
    #expect(reaction >= .milliseconds(900), "Esc acted after \(reaction), before the delay")
    // Arrows arrive in one read, so they never wait. The first frame with
    // the other tab, not a settled one: the bound is the 1000 ms delay less
    // a margin, the best of three tries for a machine busy with other tests.
    try await tmux.waitFor("the root") { Demo.isRoot($0) }
    var arrows: [Duration] = []
    for (key, tab) in [("Right", "Reading"), ("Left", "News"), ("Right", "Reading")] {
      let clock = ContinuousClock()
      let sent = clock.now
      try tmux.press(key)
      try await tmux.waitFor(tab, interval: .milliseconds(5), settled: false) {
        Demo.navigationTitle($0) == tab
      }
      arrows.append(clock.now - sent)
    }
    let arrow = try #require(arrows.min())
    #expect(arrow < .milliseconds(900), "the arrows waited for the escape delay: \(arrows)")
  }

  /// Pushes a page, then measures Esc to the first frame of the pop.
  private func escapeReaction(in tmux: TmuxSession) async throws -> Duration {
    try tmux.press("Enter")
    let pushed = try await tmux.waitFor("the pushed page") { Demo.isPushedPage($0) }
    try await Task.sleep(for: .milliseconds(300))  // the push's slide ends
    let clock = ContinuousClock()
    let sent = clock.now
    try tmux.press("Escape")
    try await tmux.waitFor(
      "the pop to start", timeout: .seconds(3), interval: .milliseconds(5), settled: false
    ) {
      $0.text(ofRow: 0) != pushed.text(ofRow: 0)
    }
    return clock.now - sent
  }
}
