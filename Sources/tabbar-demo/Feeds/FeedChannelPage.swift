import NewsFeeds
import TabBarKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One channel of News that is a news feed (`--feed`, or a content file's
/// `feeds`): its stories, newest first, titled by the feed.
///
/// It loads through the library's loading list (`load:` with a
/// ``ListViewController/LoadCompletion``): with nothing to show yet it
/// shows `Loading…` until the fetch ends, then the stories, or the error
/// with a retry (Enter, or `r`). The stories of an earlier fetch (the
/// cache on disk) show at once, and the fetch then runs behind them under
/// an `updating…` line. The fetch runs on a thread of its own
/// (``FeedLoader``) and its result is posted back to the run loop: keys,
/// other channels and other tabs work meanwhile, whatever the network does.
///
/// A dim line over the stories tells what the last fetch did: `offline ·
/// updated 2h ago · why` when it failed and the stories are the cache's,
/// `3 new stories` when it brought new ones (they stand on top). Stories
/// not yet opened are bold, and their count is the channel's badge in the
/// strip.
final class FeedChannelPage: ListViewController {
  /// The line over the stories.
  enum Status: Equatable {
    /// No line.
    case none
    /// A fetch runs behind the stories shown.
    case updating
    /// The last fetch failed (`error`); the stories are those of the fetch
    /// that last worked, at `updated` (nil: never).
    case offline(updated: Date?, error: String)
    /// The last fetch brought `count` stories that were not there before.
    case newStories(Int)
  }

  /// Where the feed comes from.
  let source: FeedSource
  private let model: DemoModel
  private var feeds: DemoFeeds { model.feeds }
  /// The feed as last shown: its title, stories, when it was updated.
  private(set) var feed: FeedUpdate?
  /// The line over the stories, as of the last fetch.
  private(set) var status = Status.none
  /// The load waiting for the fetch under way (there were no stories to
  /// show meanwhile).
  private var pendingLoad: LoadCompletion?
  /// The fetch under way, if any.
  private var fetch: FetchTask?
  /// True once a fetch was started in this run.
  private var hasFetched = false
  /// The tab whose posted stories (`+`) this channel shows on top of its
  /// stories, newest first; nil for none (every channel but News's first).
  var postsTab: Int? {
    didSet { showStories() }
  }
  /// The other channels of the strip: the first load fetches them too, so
  /// that every channel has its feed's title and count from the start.
  var neighbours: () -> [FeedChannelPage] = { [] }

  /// The channel of the feed `source`, its stories opening through `model`;
  /// `/` filters them when `searchable`. The cached stories show at once.
  init(source: FeedSource, model: DemoModel, searchable: Bool) {
    self.source = source
    self.model = model
    let starter = LoadStarter()
    super.init(title: Self.provisionalTitle(of: source)) { completion in
      starter.page?.startLoad(completion)
    }
    starter.page = self
    isSearchable = searchable
    if let cached = feeds.loader.cached(source) { show(cached, status: .none) }
    feeds.readObservers.observe(by: self) { [weak self] _ in self?.showStories() }
    feeds.refreshObservers.observe(by: self) { [weak self] _ in self?.refreshInBackground() }
    model.changes.observe(by: self) { [weak self] change in
      guard case .language = change else { return }
      self?.showStories()
    }
  }

  /// The title until the feed gives one: the URL's last part, or the
  /// file's name.
  static func provisionalTitle(of source: FeedSource) -> String {
    let text = source.description
    let trimmed = text.hasSuffix("/") ? String(text.dropLast()) : text
    return trimmed.split(separator: "/").last.map(String.init) ?? text
  }

  // MARK: Fetching

  /// A load of the library's list: shows the stories held at once, and
  /// fetches; with none held, the load ends when the fetch does.
  private func startLoad(_ completion: LoadCompletion) {
    let first = !hasFetched
    if feeds.atOnce {
      // Headless: the fetch blocks, and the frame shows its result.
      hasFetched = true
      fetched(feeds.loader.refreshBlocking(source), completing: completion)
    } else {
      if listView.rowCount > 0 {
        completion.finishKeepingRows()
        status = .updating
        setNeedsDisplay()
      } else {
        pendingLoad = completion
      }
      startFetch(application: application)
    }
    if first {
      for channel in neighbours() where channel !== self {
        channel.prefetch(application: application)
      }
    }
  }

  /// Fetches the feed unless it was fetched in this run already: a
  /// channel not shown yet gets its title, stories and count.
  func prefetch(application: Application?) {
    guard !hasFetched else { return }
    if feeds.atOnce {
      hasFetched = true
      fetched(feeds.loader.refreshBlocking(source))
    } else {
      startFetch(application: application)
    }
  }

  /// Fetches the feed again without a key (Me's Refresh feeds), as `r`
  /// does: behind the stories shown, which stay, with the line that says
  /// what it brought; a channel whose load failed tries again. Nothing for
  /// a channel not loaded yet (its first load fetches) or one whose fetch
  /// runs.
  func refreshInBackground() {
    guard hasFetched, fetch == nil else { return }
    switch loadState {
    case .failed:
      reload()
    case .loaded:
      if feeds.atOnce {
        fetched(feeds.loader.refreshBlocking(source))
      } else {
        startFetch(application: application)
      }
    case .loading, .notLoaded:
      break
    }
  }

  /// Starts a fetch in the background unless one runs; its result is
  /// posted to `application`'s run loop.
  private func startFetch(application: Application?) {
    guard fetch == nil else { return }
    hasFetched = true
    if !(feed?.items.isEmpty ?? true), status != .updating {
      status = .updating
      setNeedsDisplay()
    }
    fetch = feeds.loader.refresh(source) { [weak self] update in
      let deliver: @MainActor @Sendable () -> Void = { self?.fetched(update) }
      if let application { application.post(deliver) } else { Task { @MainActor in deliver() } }
    }
  }

  /// The fetch ended with `update`: the stories show, and the load
  /// waiting for it ends.
  private func fetched(_ update: FeedUpdate, completing completion: LoadCompletion? = nil) {
    fetch = nil
    let waiting = completion ?? pendingLoad
    pendingLoad = nil
    let hadStories = !(feed?.items.isEmpty ?? true)
    let status: Status
    if let error = update.error {
      status =
        update.items.isEmpty ? .none : .offline(updated: update.lastUpdated, error: error.message)
    } else if hadStories, !update.newItemIDs.isEmpty {
      status = .newStories(update.newItemIDs.count)
    } else {
      status = .none
    }
    show(update, status: status)
    guard let waiting, !waiting.isCancelled else { return }
    if let error = update.error, update.items.isEmpty {
      waiting(.failure(error))
    } else {
      waiting.finishKeepingRows()
    }
  }

  // MARK: Showing

  /// Shows `update`'s stories under the line `status`.
  private func show(_ update: FeedUpdate, status: Status) {
    feed = update
    self.status = status
    // Until a fetch worked the engine titles the feed by its address.
    title = update.title == source.description ? Self.provisionalTitle(of: source) : update.title
    feeds.register(update.items, of: source, feed: update.title)
    showStories()
  }

  /// The stories' rows again: their ages from now, bold while unread, and
  /// the unread count as the channel's badge.
  func showStories() {
    guard let feed else { return }
    let now = feeds.now()
    let strings = model.settings.strings
    var unread = 0
    let rows = feed.items.map { item -> ListRow in
      let id = DemoFeeds.storyID(source: source, item: item)
      let read = feeds.isRead(id)
      if !read { unread += 1 }
      let title = item.title.isEmpty ? item.summary : item.title
      return ListRow(
        title, id: id, detail: FeedAge.short(from: item.date, to: now, strings: strings),
        searchText: [item.author ?? "", item.summary].filter { !$0.isEmpty }.joined(
          separator: "\n"),
        emphasis: read ? [] : .bold,
        destination: { [weak self, model] in
          self?.storyPage(for: item) ?? FeedStoryPage.gone(model: model)
        })
    }
    emptyMessage = strings.feeds.noStories
    // The posts stay on top, and a selected one selected, while the
    // stories under them change.
    let compose = model.compose
    let posts = postsTab.map { tab in compose.posts.filter { $0.tab == tab }.map(compose.row) }
    apply((posts ?? []) + rows)
    tabBarItem.badge = unread > 0 ? .count(unread) : .none
  }

  /// The page of `item`, `n` and `p` going through this channel's stories.
  func storyPage(for item: FeedItem) -> FeedStoryPage {
    FeedStoryPage(item: item, source: source, channel: self, model: model)
  }

  /// The stories shown now, in order.
  var items: [FeedItem] { feed?.items ?? [] }

  /// The line over the stories in the language of the moment; nil for none.
  var statusLine: String? {
    let strings = model.settings.strings
    switch status {
    case .none:
      return nil
    case .updating:
      return strings.feeds.updating
    case .offline(let updated, let error):
      guard let updated else {
        return DemoStrings.fill(strings.feeds.offlineNever, ["error": error])
      }
      let age = FeedAge.short(from: updated, to: feeds.now(), strings: strings)
      return DemoStrings.fill(strings.feeds.offline, ["age": age, "error": error])
    case .newStories(let count):
      return count == 1
        ? strings.feeds.newStory
        : DemoStrings.fill(strings.feeds.newStories, ["count": "\(count)"])
    }
  }

  // MARK: Drawing and input

  /// The rectangle of the line over the stories, and the one of the
  /// stories; no line while loading or failed.
  private func split(_ rect: Rect) -> (line: Rect?, rows: Rect) {
    guard loadState == .loaded, statusLine != nil, rect.height > 1 else { return (nil, rect) }
    let line = Rect(x: rect.minX, y: rect.minY, width: rect.width, height: 1)
    let rows = Rect(x: rect.minX, y: rect.minY + 1, width: rect.width, height: rect.height - 1)
    return (line, rows)
  }

  override func viewWillAppear() {
    super.viewWillAppear()
    // Times age while the app runs: "5m" becomes "2h".
    showStories()
  }

  override func viewWillLayout(in rect: Rect) {
    super.viewWillLayout(in: split(rect).rows)
  }

  override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let (line, rows) = split(rect)
    if let line, let text = statusLine {
      buffer.fill(line, with: Cell(" ", style: theme[.row]))
      buffer.write(
        text, at: Point(x: line.minX + 1, y: line.minY), style: theme[.dimText],
        maxX: line.maxX - 1)
    }
    super.render(in: rows, into: &buffer)
  }

  override func handleMouse(_ event: MouseEvent, in rect: Rect) -> Bool {
    super.handleMouse(event, in: split(rect).rows)
  }

  /// `r` fetches again, on every state of the list; Enter and Space retry
  /// a failed load too (the library's).
  override var keyBindings: [KeyBinding] {
    let refresh = model.settings.strings.refresh
    let importance: KeyBinding.HintImportance = loadState == .loaded ? .normal : .high
    return super.keyBindings + [
      KeyBinding(
        [.character("r")], .refresh, help: refresh.help, hint: refresh.hint,
        hintImportance: importance)
    ]
  }

  override func handle(_ action: Action) -> Bool {
    guard action == .refresh else { return super.handle(action) }
    reload()
    return true
  }
}

/// Starts a channel's loads: the load closure is made before the page is.
@MainActor
private final class LoadStarter {
  weak var page: FeedChannelPage?
}
