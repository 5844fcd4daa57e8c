import TabBarKit
import TabBarKitTesting
import Testing

/// Deep links and saved states that reach a list loading its rows: they
/// wait for the rows, then land; a list's load can be awaited.
@MainActor
@Suite("deep links and restores into lists that load")
struct LoadingListNavigationTests {
  /// Answers the loads of an inbox when the test says so.
  @MainActor
  final class Server {
    var rows: [ListRow]
    var failure: (any Error)?
    private var waiting: [CheckedContinuation<Void, any Error>] = []
    /// How many loads were asked for.
    private(set) var asked = 0

    init(rows: [ListRow]) { self.rows = rows }

    func fetch() async throws -> [ListRow] {
      asked += 1
      try await withCheckedThrowingContinuation { waiting.append($0) }
      return rows
    }

    /// Answers every load waiting: the rows, or the failure.
    func answer() {
      let loads = waiting
      waiting = []
      for load in loads {
        if let failure { load.resume(throwing: failure) } else { load.resume() }
      }
    }
  }

  /// What a completion handler was called with, in order.
  @MainActor
  final class Calls<Value> {
    var values: [Value] = []
    func record(_ value: Value) { values.append(value) }
  }

  struct Offline: Error, CustomStringConvertible {
    var description: String { "offline" }
  }

  /// Today's header, three messages, Earlier's header, two messages: each
  /// message opens a page titled after it.
  static let messages: [ListRow] = [
    .header("Today"),
    message("Lunch"), message("Build passed"), message("Slides"),
    .header("Earlier"),
    message("Photos"), message("Book club"),
  ]

  static func message(_ subject: String) -> ListRow {
    ListRow(subject, id: subject) { ListViewController(title: subject, rows: [ListRow("Reply")]) }
  }

  /// Inbox (a list that loads from `server`) and Archive (rows up front).
  static func tabs(_ server: Server) -> (TabBarController, ListViewController) {
    let inbox = ListViewController(title: "Inbox") { try await server.fetch() }
    let archive = ListViewController(title: "Archive", rows: [message("Old invoice")])
    let tabs = try! TabBarController(
      viewControllers: [
        NavigationController(rootViewController: inbox),
        NavigationController(rootViewController: archive),
      ],
      items: [TabBarItem(title: "Inbox", glyph: "✉"), TabBarItem(title: "Archive", glyph: "▤")])
    return (tabs, inbox)
  }

  static func stack(_ tabs: TabBarController, _ tab: Int) -> [String] {
    (tabs.viewControllers[tab] as! NavigationController).viewControllers.map(\.title)
  }

  @Test("a deep link into a list with no rows yet lands on its row once the load ends")
  func deepLinkWaitsForTheLoad() async throws {
    let server = Server(rows: Self.messages)
    let (tabs, inbox) = Self.tabs(server)
    let ended = Calls<DeepLinkError?>()
    try tabs.open(path: [1, 4], completion: ended.record)
    #expect(ended.values.isEmpty, "the link ended before the rows came")
    let app = AppDriver(root: tabs)
    #expect(inbox.loadState == .loading)
    #expect(app.screen.text.contains("Loading…"))
    #expect(Self.stack(tabs, 0) == ["Inbox"])

    server.answer()
    await app.settle()
    // Row 4 counts the messages only: the first under Earlier.
    #expect(Self.stack(tabs, 0) == ["Inbox", "Photos"])
    #expect(ended.values.count == 1 && ended.values[0] == nil)
    #expect(app.screen.lines[0].contains("Photos"))
    try app.press("esc")
    #expect(inbox.listView.selectedRow?.title == "Photos", "the list lands on the row")
  }

  @Test("a load with its rows at hand lets a deep link land before the first frame")
  func immediateLoadLandsAtOnce() throws {
    let inbox = ListViewController(title: "Inbox") { Self.messages }
    let tabs = TabBarController(viewControllers: [NavigationController(rootViewController: inbox)])
    let ended = Calls<DeepLinkError?>()
    try tabs.open(path: [1, 2], completion: ended.record)
    let app = AppDriver(root: tabs)
    #expect(Self.stack(tabs, 0) == ["Inbox", "Build passed"])
    #expect(ended.values.count == 1 && ended.values[0] == nil)
    #expect(!app.screen.text.contains("Loading…"))
  }

  @Test("a step that fails once the rows came is told to the link's completion, with its step")
  func lateFailureNamesTheStep() async throws {
    let server = Server(rows: Self.messages)
    let (tabs, _) = Self.tabs(server)
    let ended = Calls<DeepLinkError?>()
    try tabs.open(path: [1, 9, 1], completion: ended.record)
    let app = AppDriver(root: tabs)
    server.answer()
    await app.settle()
    #expect(ended.values == [DeepLinkError(step: 2, reason: "“Inbox” has no row 9 (it has 5)")])
    #expect(Self.stack(tabs, 0) == ["Inbox"])
  }

  @Test("a newer deep link replaces one that waits for the rows")
  func newerLinkWins() async throws {
    let server = Server(rows: Self.messages)
    let (tabs, _) = Self.tabs(server)
    let first = Calls<DeepLinkError?>()
    try tabs.open(path: [1, 1], completion: first.record)
    try tabs.open(path: [1, 3])
    let app = AppDriver(root: tabs)
    server.answer()
    await app.settle()
    #expect(Self.stack(tabs, 0) == ["Inbox", "Slides"])
    #expect(first.values.isEmpty, "the replaced link went on")
  }

  @Test("rows given up front take a deep link at once, before any load")
  func rowsUpFrontTakeTheLinkAtOnce() throws {
    let server = Server(rows: [])
    let inbox = ListViewController(title: "Inbox", rows: Self.messages) {
      try await server.fetch()
    }
    let tabs = TabBarController(viewControllers: [NavigationController(rootViewController: inbox)])
    try tabs.open(path: [1, 5])
    #expect(Self.stack(tabs, 0) == ["Inbox", "Book club"])
    #expect(throws: DeepLinkError(step: 2, reason: "“Inbox” has no row 6 (it has 5)")) {
      try tabs.open(path: [1, 6])
    }
  }

  /// The tabs of an app whose Inbox has loaded, after `keys`, and their
  /// saved state.
  static func saved(after keys: String) async throws -> (TabBarController, RestorationCoder) {
    let server = Server(rows: Self.messages)
    let (tabs, _) = Self.tabs(server)
    let app = AppDriver(root: tabs)
    server.answer()
    await app.settle()
    try app.press(keys)
    return (tabs, RestorationCoder(encoding: tabs))
  }

  @Test("a restore into a list with no rows yet lands once they come, and reports then")
  func restoreWaitsForTheLoad() async throws {
    // Saved where the user was: Inbox's fourth message open, Archive shown.
    let (saved, state) = try await Self.saved(after: "down,down,down,enter,2")

    let server = Server(rows: Self.messages)
    let (tabs, inbox) = Self.tabs(server)
    let reported = Calls<[RestorationMismatch]>()
    let now = state.restore(tabs) { mismatches in reported.record(mismatches) }
    #expect(now.isEmpty && reported.values.isEmpty)
    #expect(tabs.selectedIndex == 1)
    // Saved before Inbox loaded: what waits is saved as it was.
    #expect(RestorationCoder(encoding: tabs) == state)

    let app = AppDriver(root: tabs)
    try app.press("1")
    #expect(inbox.loadState == .loading)
    server.answer()
    await app.settle()
    #expect(Self.stack(tabs, 0) == ["Inbox", "Photos"])
    #expect(reported.values == [[]])
    let inboxStack = { (tabs: TabBarController) in
      DeepLinkAndStateTests.pages(RestorationCoder(encoding: tabs), tab: 0)
    }
    #expect(inboxStack(tabs) == inboxStack(saved))
  }

  @Test("a restore that no longer fits a loaded list reports it with its tab")
  func restoreReportsAfterTheLoad() async throws {
    let (_, state) = try await Self.saved(after: "end,enter")  // the fifth message: Book club

    let server = Server(rows: Array(Self.messages.prefix(4)))  // three messages now
    let (tabs, _) = Self.tabs(server)
    let reported = Calls<[RestorationMismatch]>()
    state.restore(tabs) { mismatches in reported.record(mismatches) }
    let app = AppDriver(root: tabs)
    server.answer()
    await app.settle()
    #expect(reported.values.map { $0.map(\.description) } == [["tab 1: row 5 of “Inbox” is gone"]])
    #expect(Self.stack(tabs, 0) == ["Inbox"])
  }

  @Test("waitForLoad returns how the load ended: the rows, or the failure")
  func waitForLoad() async throws {
    let server = Server(rows: Self.messages)
    let (tabs, inbox) = Self.tabs(server)
    #expect(inbox.loadState == .notLoaded)
    let app = AppDriver(root: tabs)
    let waiter = Task { await inbox.waitForLoad() }
    await Task.yield()
    server.answer()
    #expect(await waiter.value == .loaded)
    #expect(await inbox.waitForLoad() == .loaded, "loaded: at once")
    let archive = (tabs.viewControllers[1] as! NavigationController).rootViewController
    #expect(await (archive as! ListViewController).waitForLoad() == .loaded)

    server.failure = Offline()
    inbox.reload()
    let failing = Task { await inbox.waitForLoad() }
    await Task.yield()
    server.answer()
    #expect(await failing.value == .failed("offline"))
    await app.settle()
    #expect(app.screen.text.contains("offline"))
  }

  @Test("a list that loads through a callback shows Loading…, then the rows it is given")
  func callbackLoad() throws {
    var pending: [ListViewController.LoadCompletion] = []
    let inbox = ListViewController(title: "Inbox") { pending.append($0) }
    let tabs = TabBarController(viewControllers: [NavigationController(rootViewController: inbox)])
    let ended = Calls<DeepLinkError?>()
    try tabs.open(path: [1, 2], completion: ended.record)
    let app = AppDriver(root: tabs)
    #expect(inbox.loadState == .loading && pending.count == 1)
    #expect(app.screen.text.contains("Loading…"))
    pending[0](.success(Self.messages))
    app.tick()
    #expect(Self.stack(tabs, 0) == ["Inbox", "Build passed"], "the link waited for the rows")
    #expect(ended.values.count == 1 && ended.values[0] == nil)
    // A second call of the same completion changes nothing.
    pending[0](.success([]))
    #expect(inbox.listView.rows.count == Self.messages.count)
  }

  @Test("a callback load cancelled by leaving the screen ignores its late completion")
  func callbackLoadCancelled() throws {
    var pending: [ListViewController.LoadCompletion] = []
    let inbox = ListViewController(title: "Inbox") { pending.append($0) }
    let tabs = TabBarController(viewControllers: [
      NavigationController(rootViewController: inbox),
      NavigationController(rootViewController: ListViewController(title: "Archive")),
    ])
    let app = AppDriver(root: tabs)
    try app.press("2")
    #expect(pending.first?.isCancelled == true)
    #expect(inbox.loadState == .notLoaded)
    pending[0](.success(Self.messages))
    #expect(inbox.listView.rows.isEmpty, "a cancelled load's rows came")
    try app.press("1")
    #expect(pending.count == 2 && !pending[1].isCancelled, "coming back loads again")
    pending[1](.failure(Offline()))
    app.tick()
    #expect(inbox.loadState == .failed("offline"))
    #expect(app.screen.text.contains("offline"))
  }

  @Test("a callback load that completes at once shows its rows in the first frame")
  func callbackLoadAtOnce() {
    let inbox = ListViewController(title: "Inbox") { $0(.success(Self.messages)) }
    let app = AppDriver(root: NavigationController(rootViewController: inbox))
    #expect(inbox.loadState == .loaded)
    #expect(!app.screen.text.contains("Loading…"))
    #expect(app.screen.text.contains("Lunch"))
  }
}
