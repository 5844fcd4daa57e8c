import Dispatch
import TabBarKit
import TabBarKitTesting
import Testing

/// The code of the DocC article "Timers and background work"
/// (TimersAndBackgroundWork.md), as the article shows it, so that the
/// article's samples compile and do what it says. Only the namespace is
/// added: `FeedPage` is also a name in OpenInputTests, which declares
/// `Action.refresh` as the article does.
enum TimersArticle {
  // MARK: The article's code

  /// The app's table: the standard keys only (the page binds `r`).
  static let keys = KeyMap.standard

  /// Fetches the stories off the main actor, as a network call would.
  @concurrent nonisolated static func fetchStories() async throws -> [String] {
    try await Task.sleep(for: .seconds(1))  // the network
    return ["Storm closes the harbour", "Trains run late", "Markets open higher"]
  }

  /// The stories, loaded when the page comes on screen; `r` loads them again.
  final class FeedPage: ListViewController {
    init(fetch: @escaping @Sendable () async throws -> [String] = fetchStories) {
      super.init(title: "Feed") {
        try await fetch().map { ListRow($0, id: $0) }
      }
    }

    override var keyBindings: [KeyBinding] {
      super.keyBindings + [
        KeyBinding([.character("r")], .refresh, help: "Load the feed again", hint: "r refresh")
      ]
    }

    override func handle(_ action: Action) -> Bool {
      guard action == .refresh else { return super.handle(action) }
      reload()
      return true
    }
  }

  /// Counts the saved stories on another thread and shows the count.
  static func showSavedCount(in app: Application, on page: FeedPage) {
    DispatchQueue.global().async {
      let count = countSavedStories()  // blocking: a file, a database, a C library
      app.post { page.title = "Feed (\(count) saved)" }
    }
  }

  /// Shows how long it has been on screen, to the second.
  final class UptimePage: ViewController {
    private var shownAt: Duration = .zero

    init() { super.init(title: "Uptime") }

    override func viewDidAppear() {
      shownAt = clock.now
      schedule(every: .seconds(1)) { [weak self] in self?.setNeedsDisplay() }
    }

    override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
      let seconds = (clock.now - shownAt).components.seconds
      buffer.write("On screen for \(seconds) s", at: rect.origin)
    }
  }

  /// What the app sets up before it runs (`TerminalApp.run`'s `configure`).
  @MainActor static func configure(_ app: Application, feed: FeedPage) {
    showSavedCount(in: app, on: feed)
    // Every five minutes, load the feed again while it is on screen.
    app.schedule(every: .seconds(300)) {
      if feed.isVisible { feed.reload() }
    }
  }

  // MARK: Stand-ins for the app's own code

  /// The article's blocking call.
  nonisolated static func countSavedStories() -> Int { 7 }

  /// A feed the tests answer by hand: each call takes the next response.
  @MainActor final class ScriptedFeed {
    enum Response {
      /// Returns these stories at once.
      case stories([String])
      /// Throws this error.
      case failure(String)
      /// Waits until the load is cancelled, then throws CancellationError.
      case hang
      /// Waits until the load is cancelled, then returns stale stories
      /// anyway, as a library that does not check for cancellation would.
      case hangThenReturn([String])
    }

    struct LoadError: Error, CustomStringConvertible {
      var description: String
    }

    var responses: [Response]
    private(set) var calls = 0

    init(_ responses: [Response]) { self.responses = responses }

    func fetch() async throws -> [String] {
      calls += 1
      // A network answers later, never before the call returns: a load that
      // has its answer at hand ends before the first frame, with no Loading….
      await Task.yield()
      switch responses.isEmpty ? .hang : responses.removeFirst() {
      case .stories(let stories):
        return stories
      case .failure(let message):
        throw LoadError(description: message)
      case .hang:
        try await Task.sleep(for: .seconds(3600))
        return []
      case .hangThenReturn(let stories):
        try? await Task.sleep(for: .seconds(3600))
        return stories
      }
    }
  }
}

/// The article's pages, run on an in-memory terminal (C1: tasks tied to a
/// page, work posted from another thread, timers on the app's clock).
@MainActor
@Suite("the Timers and background work article")
struct TimersArticleTests {
  typealias FeedPage = TimersArticle.FeedPage
  typealias UptimePage = TimersArticle.UptimePage
  let keys = TimersArticle.keys

  // MARK: The article's own tests, as it shows them

  @Test("the article's test: the feed shows Loading…, then its stories once settled")
  func feedShowsLoadingThenStories() async {
    let page = FeedPage(fetch: { ["Trains run late"] })
    let app = AppDriver(
      root: NavigationController(rootViewController: page), size: Size(width: 80, height: 16),
      keyMap: keys)
    #expect(app.screen.text.contains("Loading…"))  // the page appeared and started its load

    await app.settle()  // the load has run, and its stories are drawn
    #expect(app.screen.text.contains("Trains run late"))
  }

  @Test("the article's test: the uptime page follows a clock moved by hand")
  func uptimeCountsSeconds() {
    let app = AppDriver(
      root: NavigationController(rootViewController: UptimePage()),
      size: Size(width: 80, height: 16))
    app.advance(by: .seconds(2))
    #expect(app.screen.text.contains("On screen for 2 s"))
  }

  /// The article's "A delay needs no task": a page that reloads once, two
  /// seconds after it appears.
  final class RetryPage: ViewController {
    var reloads = 0
    init() { super.init(title: "Retry") }
    override func viewDidAppear() {
      var once: Timers.Token?
      once = schedule(every: .seconds(2)) { [weak self] in
        once?.cancel()
        self?.reload()
      }
    }
    func reload() { reloads += 1 }
  }

  @Test("the article's delay: a timer cancelled as it fires runs once and is gone")
  func delayWithATimer() {
    let clock = ManualClock()
    let page = RetryPage()
    let app = Application(
      root: NavigationController(rootViewController: page),
      terminal: MemoryTerminal(size: Size(width: 40, height: 12)), clock: clock, animated: false)
    app.start()
    clock.advance(by: .milliseconds(1999))
    app.tick()
    #expect(page.reloads == 0)
    clock.advance(by: .milliseconds(1))
    app.tick()
    #expect(page.reloads == 1)
    clock.advance(by: .seconds(10))
    app.tick()
    #expect(page.reloads == 1, "it ran once")
    #expect(app.timers.nextFireTime == nil, "and left no timer behind")
  }

  @Test("the article's cancellation test: a fetch that waits, popped with Esc, is cancelled")
  func waitingFetchPopped() async throws {
    let page = FeedPage(fetch: {
      try await Task.sleep(for: .seconds(3600)); return []
    })
    let nav = NavigationController(
      rootViewController: ListViewController(title: "News", rows: [ListRow("Story")]))
    let app = AppDriver(root: nav, size: Size(width: 80, height: 16), keyMap: keys)
    nav.pushViewController(page, animated: false)
    app.tick()
    #expect(app.screen.text.contains("Loading…"))
    let load = try #require(page.loadTask)
    try app.press("esc")
    await app.settle()  // does not wait: leaving cancelled the load
    #expect(load.isCancelled)
    #expect(app.screen.text.contains("Story"))
  }

  // MARK: More of what the article says

  /// The article's feed at the root of a navigation stack, on an 80×16
  /// terminal, with the article's key table.
  static func feedApp(_ page: FeedPage) -> AppDriver {
    AppDriver(
      root: NavigationController(rootViewController: page), size: Size(width: 80, height: 16),
      keyMap: TimersArticle.keys)
  }

  /// Waits (at most 2 s of real time) until `condition` holds, letting
  /// main-actor work run meanwhile.
  func eventually(_ condition: () -> Bool) async {
    for _ in 0..<2000 where !condition() {
      try? await Task.sleep(for: .milliseconds(1))
    }
  }

  @Test("the article's feed page shows Loading…, then its stories; r reloads")
  func feedPageAsTheArticleSays() async throws {
    let feed = ScriptedFeedHarness([
      .stories(["Trains run late"]), .stories(["Markets open higher"]),
    ])
    let app = Self.feedApp(FeedPage(fetch: feed.fetch))
    #expect(app.screen.text.contains("Loading…"), "drawn before the load runs")
    #expect(app.screen.text.contains("r refresh"), "the hint names the app's key")

    await app.settle()
    #expect(app.screen.text.contains("Trains run late"))
    #expect(!app.screen.text.contains("Loading…"))

    try app.press("r")
    #expect(app.screen.text.contains("Loading…"), "r shows the loading state at once")
    await app.settle()
    #expect(app.screen.text.contains("Markets open higher"))
    #expect(feed.scripted.calls == 2)
  }

  @Test("the article's r cancels the load under way, and its late result is not shown")
  func refreshCancelsThePreviousLoad() async throws {
    let feed = ScriptedFeedHarness([.hangThenReturn(["Stale story"]), .hang])
    let page = FeedPage(fetch: feed.fetch)
    let app = Self.feedApp(page)
    let first = try #require(page.loadTask)
    await eventually { feed.scripted.calls == 1 }

    try app.press("r")
    #expect(first.isCancelled, "r cancelled the first load")
    let second = try #require(page.loadTask)
    #expect(second != first)
    await first.value  // it returned its stories anyway
    app.tick()
    #expect(app.screen.text.contains("Loading…"), "the second load is still under way")
    #expect(!app.screen.text.contains("Stale story"), "the cancelled load's result is dropped")

    page.cancelTasks()
    await second.value
    #expect(feed.scripted.calls == 2)
  }

  @Test("the article's feed shows a late error of a cancelled load nowhere")
  func lateErrorOfCancelledLoadDropped() async throws {
    let feed = ScriptedFeedHarness([.hang, .hang])
    let page = FeedPage(fetch: feed.fetch)
    let app = Self.feedApp(page)
    let first = try #require(page.loadTask)
    try app.press("r")
    await first.value  // it threw CancellationError
    app.tick()
    #expect(app.screen.text.contains("Loading…"))
    #expect(!app.screen.text.contains("Could not load"))
    page.cancelTasks()
    await page.loadTask?.value
  }

  @Test("the article's feed cancels its load when popped, and shows nothing late")
  func poppingCancelsTheLoad() async throws {
    let nav = NavigationController(
      rootViewController: ListViewController(title: "News", rows: [ListRow("Story")]))
    let app = AppDriver(root: nav, size: Size(width: 80, height: 16), keyMap: TimersArticle.keys)
    let feed = ScriptedFeedHarness([.hangThenReturn(["Late story"])])
    let page = FeedPage(fetch: feed.fetch)
    nav.pushViewController(page, animated: false)
    app.tick()
    #expect(app.screen.text.contains("Loading…"))
    let load = try #require(page.loadTask)
    await eventually { feed.scripted.calls == 1 }

    try app.press("esc")
    #expect(load.isCancelled, "leaving the screen cancelled the load")
    await load.value
    await app.settle()
    #expect(app.screen.text.contains("Story"))
    #expect(page.listView.rows.isEmpty, "a cancelled load changes nothing")
  }

  @Test("the article's feed: r, another tab, and back loads again and shows the rows")
  func refreshLeaveAndComeBack() async throws {
    let feed = ScriptedFeedHarness([
      .stories(["First story"]), .hang, .stories(["Fresh story"]),
    ])
    let page = FeedPage(fetch: feed.fetch)
    let other = NavigationController(
      rootViewController: ListViewController(title: "Other", rows: [ListRow("Other row")]))
    let tabs = TabBarController(viewControllers: [
      NavigationController(rootViewController: page), other,
    ])
    let app = AppDriver(root: tabs, size: Size(width: 80, height: 16), keyMap: TimersArticle.keys)
    await app.settle()
    #expect(app.screen.text.contains("First story"))

    try app.press("r")  // the second load hangs…
    #expect(app.screen.text.contains("Loading…"))
    try app.press("2")  // …and leaving the tab cancels it
    await app.settle()
    try app.press("1")  // coming back loads again
    await app.settle()
    #expect(app.screen.text.contains("Fresh story"), "\(app.screen.text)")
    #expect(!app.screen.text.contains("Loading…"))
    #expect(feed.scripted.calls == 3)
  }

  @Test(
    "the article's feed restarts an unfinished load when its tab comes back, not a finished one"
  )
  func tabSwitchRestartsAnUnfinishedLoad() async throws {
    let feed = ScriptedFeedHarness([.hang, .stories(["Back again"])])
    let page = FeedPage(fetch: feed.fetch)
    let other = NavigationController(
      rootViewController: ListViewController(title: "Other", rows: [ListRow("Other row")]))
    let tabs = TabBarController(viewControllers: [
      NavigationController(rootViewController: page), other,
    ])
    let app = AppDriver(root: tabs, size: Size(width: 80, height: 16), keyMap: TimersArticle.keys)
    let first = try #require(page.loadTask)

    try app.press("2")
    #expect(first.isCancelled, "leaving the tab cancelled the load")
    await app.settle()
    try app.press("1")
    let second = try #require(page.loadTask)
    #expect(second != first, "coming back started a new load")
    await app.settle()
    #expect(app.screen.text.contains("Back again"))

    try app.press("2,1")
    #expect(page.loadTask == second, "a loaded feed does not load again")
    #expect(feed.scripted.calls == 2)
  }

  @Test("the article's feed shows the error with a retry, and Enter tries again")
  func errorThenRetry() async throws {
    let feed = ScriptedFeedHarness([.failure("offline"), .stories(["Online now"])])
    let app = Self.feedApp(FeedPage(fetch: feed.fetch))
    await app.settle()
    #expect(app.screen.text.contains("Could not load: offline"))
    #expect(app.screen.text.contains(" retry "), "the retry button")
    #expect(app.screen.text.contains("enter retry"), "and its key in the hint")

    try app.press("enter")
    #expect(app.screen.text.contains("Loading…"))
    await app.settle()
    #expect(app.screen.text.contains("Online now"))
  }

  @Test("the article's default fetch returns its stories")
  func defaultFetch() async throws {
    let stories = try await TimersArticle.fetchStories()
    #expect(stories.count == 3)
  }

  @Test("the article's count posted from another thread is drawn in the title")
  func postedCountIsDrawn() async {
    let page = FeedPage(fetch: { [] })
    let app = Self.feedApp(page)
    TimersArticle.showSavedCount(in: app.application, on: page)
    await eventually { page.title == "Feed (7 saved)" }
    app.tick()
    #expect(app.screen.text.contains("Feed (7 saved)"))
  }

  @Test("the article's app timer reloads the feed only while it is on screen")
  func appTimerReloadsWhileVisible() async throws {
    let clock = ManualClock()
    let feed = ScriptedFeedHarness([.stories(["First"]), .stories(["Second"])])
    let page = FeedPage(fetch: feed.fetch)
    let list = ListViewController(title: "News", rows: [ListRow("Story")])
    let nav = NavigationController(rootViewController: list)
    let terminal = MemoryTerminal(size: Size(width: 80, height: 16))
    let app = Application(
      root: nav, terminal: terminal, keyMap: TimersArticle.keys, clock: clock, animated: false)
    TimersArticle.configure(app, feed: page)
    app.start()

    clock.advance(by: .seconds(300))
    app.tick()
    #expect(page.loadTask == nil, "not on screen: no load")

    nav.pushViewController(page, animated: false)
    app.tick()
    await page.loadTask?.value
    app.tick()
    #expect(terminal.screen.text.contains("First"))

    clock.advance(by: .seconds(300))
    app.tick()
    #expect(terminal.screen.text.contains("Loading…"))
    await page.loadTask?.value
    app.tick()
    #expect(terminal.screen.text.contains("Second"))
  }

  @Test(
    "the article's uptime page redraws every second of the app's clock and stops when it leaves"
  )
  func uptimeTimer() throws {
    let clock = ManualClock()
    let list = ListViewController(title: "News", rows: [ListRow("Story")])
    let nav = NavigationController(rootViewController: list)
    let terminal = MemoryTerminal(size: Size(width: 80, height: 16))
    let app = Application(root: nav, terminal: terminal, clock: clock, animated: false)
    app.start()
    #expect(app.timers.nextFireTime == nil)
    nav.pushViewController(TimersArticle.UptimePage(), animated: false)
    app.tick()
    #expect(terminal.screen.text.contains("On screen for 0 s"))

    clock.advance(by: .seconds(1))
    app.tick()
    #expect(terminal.screen.text.contains("On screen for 1 s"))
    clock.advance(by: .seconds(1))
    app.tick()
    #expect(terminal.screen.text.contains("On screen for 2 s"))

    app.press("esc")
    #expect(app.timers.nextFireTime == nil, "leaving cancelled the timer")
  }
}

/// Hands the page a `@Sendable` fetch that asks the scripted feed.
@MainActor
struct ScriptedFeedHarness {
  let scripted: TimersArticle.ScriptedFeed
  let fetch: @Sendable () async throws -> [String]

  init(_ responses: [TimersArticle.ScriptedFeed.Response]) {
    let scripted = TimersArticle.ScriptedFeed(responses)
    self.scripted = scripted
    fetch = { try await scripted.fetch() }
  }
}
