import TabBarKit

extension Action {
  /// Loads the page on screen again: `r` on a feed.
  static let refresh = Action.custom("refresh")
}

/// The network the demo pretends to load its feeds from: `--latency` and
/// `--fail-loads`.
struct SimulatedNetwork: Sendable {
  /// How long a load takes. Zero loads at once, with no loading state.
  var latency: Duration
  /// True when every load fails, as with no network.
  var failsLoads: Bool

  /// A short wait, so the loading state shows for a moment, and loads that work.
  static let standard = SimulatedNetwork(latency: .milliseconds(150), failsLoads: false)

  /// Why a load failed.
  struct Failure: Error, CustomStringConvertible {
    var description: String { "the network is unreachable" }
  }

  /// How a load ends: nil for rows, else the failure.
  var answer: Failure? { failsLoads ? Failure() : nil }

  /// True when a load answers at once: no latency.
  var isImmediate: Bool { latency <= .zero }
}

/// A tab's list that loads its rows as a networked app does (issue 13),
/// through the library's loading list (`ListViewController(title:rows:load:)`,
/// its callback form): "Loading…" while ``SimulatedNetwork`` answers, then
/// the rows, or an error with a Retry row (Enter, a click, or `r`). `r`
/// loads the rows again.
///
/// Nothing waits on the load: the network's answer comes from a page timer
/// (``ViewController/schedule(every:_:)``) that calls the load's completion,
/// so keys keep working, other tabs can be chosen, and leaving the page
/// cancels the load; it starts again when the page comes back. A timer and
/// a completion, not a task that awaits: on Linux a task that suspends and
/// resumes (`Task.sleep`, a continuation) starts libdispatch's worker
/// threads, whose pool monitor then wakes the idle app every second for
/// good. A page that has loaded keeps its rows when it comes back.
///
/// The rows it loads are the list's own rows from the content file, given
/// up front and drawn once loaded: a deep link (`--open`) or a saved state
/// (`--state`) opens rows of a feed that has not loaded yet at once, the
/// selection it left is kept through the load, and `--state` saves it even
/// while the page shows "Loading…". Rows added to ``ListViewController/listView``
/// (a posted story) stay through a reload: a load gives back the rows the
/// list holds when it ends.
///
/// With no latency, or with `--headless` (which waits for nothing), the load
/// completes as it starts, so it ends as the page appears, with no loading
/// state: the first frame has the rows, or the error.
///
/// The loading and error states are drawn as rows of the demo's own words
/// (in the language of the moment), where the library's list would draw
/// its own.
final class FeedViewController: ListViewController {
  /// What shows instead of the rows until they have loaded: "Loading…", or
  /// the error and its Retry row. A list page inside this one, so that it
  /// draws in the app's theme through the public API only.
  private let status = ListViewController(title: "")
  /// The settings whose language the loading and error states speak, live;
  /// nil for English.
  private let settings: SettingsStore?
  /// The words of the loading and error states, in the language of the
  /// moment.
  private var strings: DemoStrings { settings?.strings ?? .english }
  /// The file's rows and their topics, when the feed hides blocked ones.
  private let topics: TopicFilter?
  /// What the feed says while blocked topics hide every row; nil otherwise.
  private var blockedMessage: String?
  /// Runs on the rows at each layout once they have loaded, after the
  /// list is laid out: the posted stories age and count as seen there.
  var willShowRows: ((inout ListView) -> Void)?
  /// True when the last load failed as the simulated network does: the
  /// reason is told in the words of the moment.
  fileprivate var failedOffline = false

  /// A feed of `list`'s rows (its title, selection and search setting too),
  /// loaded from `network`; `atOnce` loads without waiting. `settings`
  /// give the language; `topics` hides the rows of blocked topics.
  init(
    loading list: ListViewController, from network: SimulatedNetwork, atOnce: Bool,
    settings: SettingsStore? = nil, topics: TopicFilter? = nil
  ) {
    self.settings = settings
    self.topics = topics
    let loader = FeedLoader(network: network, atOnce: atOnce)
    super.init(title: list.title, rows: [], load: { completion in loader.start(completion) })
    loader.feed = self
    listView = list.listView
    isSearchable = list.isSearchable
    tabBarItem = list.tabBarItem
    hidesBottomBarWhenPushed = list.hidesBottomBarWhenPushed
    embed(status)
  }

  /// The rows that show instead of the list while it loads or failed, in
  /// the language of the moment.
  private func statusRows() -> [ListRow] {
    switch loadState {
    case .notLoaded, .loading:
      return [ListRow(strings.loading)]
    case .failed(let error):
      // The simulated network's one failure, in the file's words.
      let reason = failedOffline ? strings.networkUnreachable : error
      let failed = ListRow(DemoStrings.fill(strings.loadFailed, ["title": title, "error": reason]))
      // Run by a click only: Enter and `r` are the page's keys.
      let retry = ListRow(strings.retry, detail: "enter") { [weak self] in
        self?.retryWasClicked = true
        self?.reload()
      }
      // Too few rows for all four (80×8): the error line and Retry, so
      // that the selected Retry never scrolls the error away.
      guard statusHeight >= 4 else { return [failed, retry] }
      return [failed, ListRow(strings.retryHelp), ListRow(""), retry]
    case .loaded:
      return []
    }
  }

  /// Shows ``statusRows()``: the Retry row selected after a failure.
  /// `Loading…` is a header, the one row a list draws without a selection.
  private func showStatus() {
    var rows = statusRows()
    if case .failed = loadState {} else { rows = rows.map { ListRow.header($0.title) } }
    status.listView.rows = rows
    status.listView.select(rows.count - 1)
  }

  // MARK: Drawing and input

  /// The rows the loading or error state has on screen, as of the last
  /// layout.
  private var statusHeight = Int.max

  override func viewWillLayout(in rect: Rect) {
    statusHeight = max(1, rect.height - safeAreaInsets.bottom)
    if let topics {
      topics.update(&listView)
      // Blocked topics that hide every row: say so, and where to unblock.
      blockedMessage =
        listView.rowCount == 0 && topics.hidesRows ? strings.allTopicsBlocked : nil
    }
    // The state, or the language, may have changed since the last frame.
    if loadState != .loaded, status.listView.rows.map(\.title) != statusRows().map(\.title) {
      showStatus()
    }
    super.viewWillLayout(in: rect)
    status.safeAreaInsets = safeAreaInsets
    status.viewWillLayout(in: rect)
    if loadState == .loaded { willShowRows?(&listView) }
  }

  // A channel's rows may not be built before it is first shown
  // (``TopicFilter``): a saved state or a deep link builds them first.

  /// Builds the rows now if they were left to be built when first shown.
  func buildRows() {
    topics?.update(&listView)
  }

  override func viewWillAppear() {
    topics?.update(&listView)
    super.viewWillAppear()
  }

  override func decodeRestorableState(with coder: RestorationCoder) {
    topics?.update(&listView)
    super.decodeRestorableState(with: coder)
  }

  override func openChild(at position: Int) throws(DeepLinkError) -> ViewController {
    topics?.update(&listView)
    return try super.openChild(at: position)
  }

  override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    guard loadState == .loaded else { return status.render(in: rect, into: &buffer) }
    super.render(in: rect, into: &buffer)
    if let blockedMessage, listView.filter.isEmpty {
      BlockedMessage.render(
        blockedMessage, in: rect, bottomInset: safeAreaInsets.bottom, theme: theme,
        into: &buffer)
    }
  }

  /// `r` reloads; the list's keys once the rows are there, Enter and
  /// Space retry a failed load. Until the rows are there, `r` is the page's
  /// main key: a short rule keeps `r reload` beside the containers' keys.
  override var keyBindings: [KeyBinding] {
    let refresh = strings.refresh
    switch loadState {
    case .loaded:
      return super.keyBindings
        + [KeyBinding([.character("r")], .refresh, help: refresh.help, hint: refresh.hint)]
    case .failed:
      return [
        KeyBinding(
          [.character("r"), .enter, .character(" ")], .refresh, help: refresh.help,
          hint: refresh.hint, hintImportance: .high)
      ]
    case .notLoaded, .loading:
      return [
        KeyBinding(
          [.character("r")], .refresh, help: refresh.help, hint: refresh.hint,
          hintImportance: .high)
      ]
    }
  }

  override func handle(_ action: Action) -> Bool {
    if action == .refresh {
      reload()
      return true
    }
    // Until the rows are there, moving, opening and searching wait.
    guard loadState == .loaded else { return false }
    return super.handle(action)
  }

  /// Set by the Retry row when a click runs it.
  private var retryWasClicked = false

  override func handleMouse(_ event: MouseEvent, in rect: Rect) -> Bool {
    guard loadState != .loaded else { return super.handleMouse(event, in: rect) }
    guard case .failed = loadState, event.kind == .press else { return false }
    // The status page selects the row clicked and runs it: Retry retries;
    // a click on the message does nothing, and Retry stays selected.
    retryWasClicked = false
    _ = status.handleMouse(event, in: rect)
    status.listView.select(status.listView.rows.count - 1)
    return retryWasClicked
  }
}

/// What a feed's load does: waits for the simulated network (a one-shot
/// page timer on the app's clock, cancelled with the page), then gives back
/// the rows the feed holds, or the network's failure.
@MainActor
private final class FeedLoader {
  let network: SimulatedNetwork
  /// True to answer without waiting (`--headless`).
  let atOnce: Bool
  weak var feed: FeedViewController?

  init(network: SimulatedNetwork, atOnce: Bool) {
    self.network = network
    self.atOnce = atOnce
  }

  /// Starts a load: it ends at once without latency, else when the page
  /// timer fires. Outside a running app there is no clock to wait on: it
  /// ends at once.
  func start(_ completion: ListViewController.LoadCompletion) {
    guard !(network.isImmediate || atOnce) else { return answer(completion) }
    var timer: Timers.Token?
    timer = feed?.schedule(every: network.latency) { [weak self] in
      timer?.cancel()
      self?.answer(completion)
    }
    if timer == nil { answer(completion) }
  }

  /// The network's answer: the rows the feed holds now (a story posted
  /// meanwhile among them; kept, not copied: a feed of 100,000 rows from a
  /// data source builds only those it draws), or its failure.
  private func answer(_ completion: ListViewController.LoadCompletion) {
    guard let feed, !completion.isCancelled else { return }
    feed.failedOffline = network.answer != nil
    if let failure = network.answer {
      completion(.failure(failure))
    } else {
      completion.finishKeepingRows()
    }
  }
}
