import Foundation
import Testing

/// The tabs' lists load as a networked app's do (issue 13): `--latency`
/// makes the simulated network slow, `--fail-loads` makes it fail, and
/// nothing waits on a load: keys keep working meanwhile.
@Suite("loading end to end", .serialized, .timeLimit(.minutes(1)))
struct LoadingEndToEndTests {
  /// The row of `tab`'s first list row: News's are under its channel strip.
  static func firstRow(_ tab: String) -> Int { tab == "News" ? 3 : 2 }

  /// True when `screen` shows `tab`'s loading state over the bar.
  static func isLoading(_ tab: String, _ screen: PaneCapture) -> Bool {
    DemoEndToEndTests.navigationTitle(screen) == tab
      && screen.text(ofRow: firstRow(tab)).trimmingCharacters(in: .whitespaces) == "Loading…"
      && DemoEndToEndTests.titlesInOrder(screen.text(ofRow: screen.rows.count - 1))
  }

  /// True when `screen` shows `tab`'s rows: rows that open pages, and no
  /// loading state.
  static func hasRows(_ tab: String, _ screen: PaneCapture) -> Bool {
    DemoEndToEndTests.navigationTitle(screen) == tab && DemoEndToEndTests.barIsShown(screen)
      && screen.text(ofRow: firstRow(tab)).contains("›")
  }

  /// True when `screen` shows the error of a failed load of `tab`.
  static func hasError(_ tab: String, _ screen: PaneCapture) -> Bool {
    DemoEndToEndTests.navigationTitle(screen) == tab
      // News loads its first channel, Top.
      && screen.row(containing: "Could not load \(tab == "News" ? "Top" : tab)") != nil
      && screen.row(containing: "Press r to retry") != nil
      && screen.row(containing: "Retry") != nil
  }

  /// Waits for `tab`'s loading state, polling often: it lasts the latency.
  @discardableResult
  static func waitForLoading(_ tab: String, in tmux: TmuxSession) async throws -> PaneCapture {
    try await tmux.waitFor("\(tab) loading", interval: .milliseconds(10), settled: false) {
      Self.isLoading(tab, $0)
    }
  }

  @Test("with --latency 500 a tab's list shows Loading…, then its rows")
  func loadingThenRows() async throws {
    let tmux = try TmuxSession(arguments: ["--latency", "500"])
    defer { tmux.kill() }
    // The first load starts with the app, which a busy machine may start
    // more slowly than it loads: its loading state may come and go unseen.
    try await tmux.waitFor("News", interval: .milliseconds(10), settled: false) {
      Self.isLoading("News", $0) || Self.hasRows("News", $0)
    }
    try await tmux.waitFor("News's rows") { Self.hasRows("News", $0) }
    // `r` loads again, from a moment the test knows.
    let clock = ContinuousClock()
    let sent = clock.now
    try tmux.press("r")
    let loading = try await Self.waitForLoading("News", in: tmux)
    // The key for loading again is in the hint while it loads.
    #expect(loading.text(ofRow: loading.rows.count - 3).contains("r reload"), "\(loading)")
    let loaded = try await tmux.waitFor("News's rows") { Self.hasRows("News", $0) }
    #expect(loaded.row(containing: "Loading…") == nil)
    #expect(clock.now - sent >= .milliseconds(500), "the rows came after \(clock.now - sent)")
  }

  @Test("keys work while a list loads: 2 switches tabs at once; leaving cancels the load")
  func keysWorkWhileLoading() async throws {
    let tmux = try TmuxSession(arguments: ["--latency", "4000"])
    defer { tmux.kill() }
    try await Self.waitForLoading("News", in: tmux)
    let clock = ContinuousClock()
    let sent = clock.now
    try tmux.press("2")
    try await tmux.waitFor("Reading loading", settled: false) {
      Self.isLoading("Reading", $0) && DemoEndToEndTests.markedTitle($0) == "Reading"
    }
    // Far sooner than the 4 s load: the switch does not wait for it.
    #expect(clock.now - sent < .seconds(2), "the switch took \(clock.now - sent)")

    // News's load was cancelled when it left the screen: after the time it
    // would have taken, News comes back loading (again), not loaded.
    try await Task.sleep(for: .milliseconds(4500))
    try tmux.press("1")
    try await Self.waitForLoading("News", in: tmux)
    try await tmux.waitFor("News's rows") { Self.hasRows("News", $0) }
    // A list that has loaded keeps its rows when it comes back.
    try tmux.press("3", "1")
    try await tmux.waitFor("News again") { Self.hasRows("News", $0) }
  }

  @Test("--fail-loads shows the error; r retries, showing the loading state again")
  func failedLoadsRetry() async throws {
    let tmux = try TmuxSession(arguments: ["--fail-loads", "--latency", "1500"])
    defer { tmux.kill() }
    try await tmux.waitFor("the error") { Self.hasError("News", $0) }
    try tmux.press("r")
    try await Self.waitForLoading("News", in: tmux)
    try await tmux.waitFor("the error again") { Self.hasError("News", $0) }
    // Enter on the Retry row does the same.
    try tmux.press("Enter")
    try await Self.waitForLoading("News", in: tmux)
    try await tmux.waitFor("the error once more") { Self.hasError("News", $0) }
    // Other tabs still work, and fail the same way.
    try tmux.press("2")
    try await tmux.waitFor("Reading's error") { Self.hasError("Reading", $0) }
    try tmux.press("q")
    #expect(try await tmux.waitForExit().status == 0)
  }

  @Test("at 80×8, Retry shows Loading… and then the error line stays on screen")
  func retryInEightRows() async throws {
    // Loading… shows for 1.5 s: long enough to be caught by a poll on a
    // machine busy with the whole suite.
    let tmux = try TmuxSession(
      arguments: ["--fail-loads", "--latency", "1500"], width: 80, height: 8)
    defer { tmux.kill() }
    func failed(_ screen: PaneCapture) -> Bool {
      // News's first channel, Top, is the list that loads.
      screen.row(containing: "Could not load Top") != nil && screen.row(containing: "Retry") != nil
    }
    try await tmux.waitFor("the error") { failed($0) }
    try tmux.press("Enter")
    try await tmux.waitFor("Loading…", interval: .milliseconds(10), settled: false) {
      $0.row(containing: "Loading…") != nil
    }
    try await tmux.waitFor("the error again") { failed($0) }
    // It stays: no later frame scrolls it away under the selected Retry.
    try await Task.sleep(for: .milliseconds(800))
    let later = try tmux.capture()
    #expect(failed(later), "\(later)")
  }

  @Test("--headless waits for nothing: the rows whatever the latency, or the error")
  func headlessLoadsAtOnce() async throws {
    let clock = ContinuousClock()
    let started = clock.now
    let slow = try await DemoBinary.run(["--headless", "--latency", "30000", "--keys", "2,r"])
    #expect(clock.now - started < .seconds(10), "a headless run waited for the load")
    #expect(slow.status == 0, "\(slow.standardError)")
    #expect(!slow.standardOutput.contains("Loading…"), "\(slow.standardOutput)")
    #expect(slow.standardOutput.split(separator: "\n")[2].contains("›"), "\(slow.standardOutput)")

    let failing = try await DemoBinary.run(["--headless", "--fail-loads", "--size", "80x12"])
    #expect(failing.status == 0, "\(failing.standardError)")
    // News loads its first channel, Top.
    #expect(failing.standardOutput.contains("Could not load Top"), "\(failing.standardOutput)")
    #expect(failing.standardOutput.contains("Press r to retry"))
  }

  /// The text of News's selected row, once its rows show.
  static func selectedNewsRow(_ screen: PaneCapture) -> String? {
    DemoEndToEndTests.selectedRow(of: screen, in: firstRow("News")..<(screen.rows.count - 3))
  }

  @Test("--open into a feed that loads opens the story, and News lands on its row once loaded")
  func openLandsOnceLoaded() async throws {
    let tmux = try TmuxSession(arguments: ["--open", "1/3", "--latency", "800"])
    defer { tmux.kill() }
    let story = try await tmux.waitFor("the story") {
      $0.text(ofRow: 0).hasPrefix(" ‹ News")
    }
    try tmux.press("Escape")
    try await Self.waitForLoading("News", in: tmux)
    let loaded = try await tmux.waitFor("News's rows") { Self.hasRows("News", $0) }
    let third = loaded.text(ofRow: Self.firstRow("News") + 2)
      .trimmingCharacters(in: .whitespaces)
    #expect(Self.selectedNewsRow(loaded) == third, "\(loaded)")
    // The story pushed was that row's.
    let title = story.text(ofRow: 0).split(separator: " ").dropFirst(2).joined(separator: " ")
    #expect(third.hasPrefix(String(title.prefix(20))), "story \(title), row \(third)")
  }

  @Test("--state into a feed that loads shows Loading…, then lands on the saved row")
  func stateLandsOnceLoaded() async throws {
    let state = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabbar-landing-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: state) }
    let saving = try await DemoBinary.run(["--headless", "--state", state, "--keys", "down,down"])
    #expect(saving.status == 0, "\(saving.standardError)")

    let tmux = try TmuxSession(arguments: ["--state", state, "--latency", "800"])
    defer { tmux.kill() }
    // The first load starts with the app, which a busy machine may start
    // more slowly than it loads: its loading state may come and go unseen.
    try await tmux.waitFor("News", interval: .milliseconds(10), settled: false) {
      Self.isLoading("News", $0) || Self.hasRows("News", $0)
    }
    let loaded = try await tmux.waitFor("News's rows") { Self.hasRows("News", $0) }
    let third = loaded.text(ofRow: Self.firstRow("News") + 2)
      .trimmingCharacters(in: .whitespaces)
    #expect(Self.selectedNewsRow(loaded) == third, "\(loaded)")
    try tmux.press("q")
    #expect(try await tmux.waitForExit().status == 0)
  }

  @Test(
    "--latency takes 0 to 60000 milliseconds; anything else is a usage error",
    arguments: ["-1", "60001", "abc", "1.5", ""])
  func latencyOutOfRange(_ value: String) async throws {
    let run = try await DemoBinary.run(["--headless", "--latency=\(value)"])
    let line = CommandLineTests.expectUsageError(run, value)
    #expect(line.contains("--latency"), "\(line)")
  }
}
