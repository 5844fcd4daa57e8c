/// A page that shows a list (``ListView``): Up/Down, PageUp/PageDown and
/// Home/End move the selection, Enter pushes the selected row's page.
/// The selection and scroll position stay as they were when a pushed page is
/// popped.
///
/// A searchable list (``isSearchable``) filters its rows as you type after
/// `/`: a field over the list shows the text, the rows narrow to those whose
/// title or search text contains it (ignoring case) with the match in the
/// title underlined, Enter keeps the filter and goes back to the rows, and
/// Esc clears it. When no row is left it says so: `No results for 'x'`.
///
/// A list can load its rows itself: give it a `load` closure and it shows
/// `Loading…` when it comes on screen, then the rows, or the error with a
/// retry (Enter). Leaving the screen cancels the load, and coming back
/// starts it again; ``reload()`` replaces the load under way.
/// ``loadState`` says where the load stands, and ``waitForLoad()`` waits
/// for it to end. A long list can leave its rows in the app's own data and
/// build only those on screen (``init(title:dataSource:)``).
///
/// A deep link (``TabBarController/open(path:completion:)``) or a saved
/// state (``RestorationCoder/restore(_:completion:)``) that reaches a list
/// with no rows yet waits until a load has brought them, then lands on its
/// row; rows given up front (a cache) take it at once, and keep its
/// selection through the load. Positions count the rows a user can
/// select: section headers are not counted.
///
/// A page that shows something of the selected row (a preview, a status
/// line) hears of each change of the selection in
/// ``selectionDidChange()``, and of the filter in ``filterDidChange()``.
open class ListViewController: ViewController {
  /// The list's rows, selection and scroll position. Change it (new rows
  /// with ``ListView/append(contentsOf:)``, ``ListView/rows``, a filter, a
  /// selection) and the page is drawn again, and hears of a new selection
  /// or filter; or call ``apply(_:)``.
  public var listView: ListView {
    didSet { listViewDidChange() }
  }
  /// The list's ``ListView/changeCount`` as last seen.
  private var seenChanges = 0
  /// The list's ``ListView/selectionChangeCount`` as last seen.
  private var seenSelectionChanges = 0
  /// The filter as last seen.
  private var seenFilter = ""
  /// True to let `/` filter the rows. A long searchable list on screen
  /// folds its texts for the filter between keys, a slice at a time, so
  /// that its first keystroke only searches.
  public var isSearchable = false {
    didSet {
      prepareSearchWhenIdle()
      // `/` is bound or not, and the hint says so.
      setNeedsDisplay()
    }
  }
  /// The timer that makes the filter's index between keys, while it runs.
  private var searchPreparation: Timers.Token?
  /// True while typed text goes into the filter (after `/`, until Enter or
  /// Esc).
  package private(set) var isEditingFilter = false
  /// The line shown in the middle of the page while the list has no rows
  /// (`No messages`); nil shows nothing. Under a filter that leaves no
  /// rows the page says `No results for 'x'` instead.
  public var emptyMessage: String? {
    didSet { if emptyMessage != oldValue { setNeedsDisplay() } }
  }

  /// Where the rows of a list that loads them stand.
  public enum LoadState: Equatable, Sendable {
    /// Not asked for yet, or the load was cancelled (the page left the
    /// screen): the next appearance loads.
    case notLoaded
    /// A load is under way: the page shows `Loading…`.
    case loading
    /// The rows show (always, for a list that does not load).
    case loaded
    /// The last load threw, with the error's description: the page shows
    /// it, and a retry.
    case failed(String)
  }

  /// Where the rows stand: ``LoadState/loaded`` for a list that does not
  /// load them.
  public private(set) var loadState: LoadState {
    didSet {
      switch loadState {
      case .loaded, .failed: if oldValue == .loading { loadDidEnd() }
      case .loading, .notLoaded: break
      }
    }
  }
  /// The load under way, or the last one (a load through an `async`
  /// closure).
  package private(set) var loadTask: Task<Void, Never>?
  /// How a list that loads its rows fetches them.
  private enum Loader {
    /// An `async` closure, run in a task tied to the page.
    case task(@MainActor () async throws -> [ListRow])
    /// A closure that starts the load and calls its completion later.
    case callback(@MainActor (LoadCompletion) -> Void)
  }
  /// How the rows are fetched, for a list that loads them.
  private let load: Loader?
  /// Counts the loads, so that one that was replaced changes nothing.
  private var loadCount = 0
  /// Deep links and restores waiting for the rows (see
  /// ``whenContentIsReady(_:)``), in the order they came.
  private var waitingForRows: [@MainActor () -> Void] = []
  /// Tasks in ``waitForLoad()``, by a number of their own.
  private var loadWaiters: [Int: CheckedContinuation<LoadState, Never>] = [:]
  private var nextLoadWaiter = 0
  /// The saved state this list takes once its rows are there; saved in
  /// its place meanwhile.
  private var waitingState: RestorationCoder?

  /// Creates a list page with `rows`. With `load`, the page loads its rows
  /// through it each time it comes on screen until a load succeeds, showing
  /// `Loading…` meanwhile and the error with a retry when it throws; the
  /// rows it returns replace `rows`.
  public init(
    title: String, rows: [ListRow] = [],
    load: (@MainActor () async throws -> [ListRow])? = nil
  ) {
    listView = ListView(rows: rows)
    self.load = load.map { .task($0) }
    loadState = load == nil ? .loaded : .notLoaded
    super.init(title: title)
    seeListView()
  }

  /// Creates a list page whose rows `dataSource` builds as they come on
  /// screen, as a `UITableView`'s data source does: a list of 200,000 log
  /// lines builds a screenful of rows, not 200,000. Tell the list of each
  /// change of the source's data (``ListView/noteRowsInserted(in:)``,
  /// ``ListView/reloadData()``…).
  public init(title: String, dataSource: any ListDataSource) {
    listView = ListView(dataSource: dataSource)
    load = nil
    loadState = .loaded
    super.init(title: title)
    seeListView()
  }

  /// Called after another row became the selected one: a move, a click, the
  /// filter (each character typed into it), the selected row removed, a
  /// restore. Rows inserted or removed around the selected row leave it
  /// the same row, and call nothing. ``ListView/selectedRow`` is the new
  /// one (nil when no row is left to select). The default does nothing.
  open func selectionDidChange() {}

  /// Called after the filter changed: typed, pasted, cleared, restored.
  /// ``ListView/filter`` holds it. The default does nothing.
  open func filterDidChange() {}

  /// What follows a change of ``listView``: a new frame, and the page told
  /// of a new filter and a new selection (in that order).
  private func listViewDidChange() {
    guard listView.changeCount != seenChanges else { return }
    let filterChanged = listView.filter != seenFilter
    let selectionChanged = listView.selectionChangeCount != seenSelectionChanges
    seeListView()
    setNeedsDisplay()
    prepareSearchWhenIdle()
    if filterChanged { filterDidChange() }
    if selectionChanged { selectionDidChange() }
  }

  /// Makes the filter's index of a long searchable list on screen between
  /// keys, in slices of ``searchSlice`` of real time, each a millisecond
  /// of the app's clock after the last one ends, until every row is in.
  /// Then no timer is left, and the app sleeps again. A slice changes
  /// nothing on screen, so it draws nothing.
  ///
  /// Bounded by time rather than by a count of rows: a row can cost a
  /// title or a whole story (its ``SearchKey``, folded the first time a
  /// row brings it), and 8,192 rows of a news archive folded 2,000 stories
  /// in one slice (about 50 ms), which a key pressed then waited for. The
  /// pause after each slice is when the app reads its input: a timer due
  /// again at once would have the run loop fire it without a look.
  private func prepareSearchWhenIdle() {
    guard isSearchable, isVisible, searchPreparation?.isActive != true,
      listView.needsSearchPreparation
    else { return }
    scheduleSearchSlice()
    // A filter typed before the index is whole answers at once with the
    // rows indexed so far, and grows with each slice.
    listView.filtersWhileIndexing = searchPreparation != nil && showsFilterWhileIndexing
  }

  /// Makes one slice of the filter's index a millisecond from now, and the
  /// next one after it until the index is whole.
  private func scheduleSearchSlice() {
    searchPreparation = schedule(every: .milliseconds(1)) { [weak self] in
      guard let self else { return }
      searchPreparation?.cancel()
      searchPreparation = nil
      let clock = searchClock
      if listView.prepareSearch(until: clock.now + searchSlice, clock: clock) {
        listView.filtersWhileIndexing = false
      } else {
        scheduleSearchSlice()
      }
      // A filter typed meanwhile shows the rows this slice found.
      listView.continueFilter()
    }
  }

  /// How long one slice of the filter's index takes at most (a key waits
  /// for one slice at most): 6 ms, so that a key waiting for a slice still
  /// answers within a 60 Hz frame (16 ms), while the millisecond pause
  /// after each slice costs the index a seventh of its time rather than
  /// the third that slices of 2 ms cost (on a machine under some load, the
  /// index of 100,000 news rows was then not whole when the second filter
  /// key came, 200 ms after the first frame).
  package var searchSlice: Duration = .milliseconds(6)
  /// The clock the slices are timed by: real time, whatever the app's
  /// clock's rate; tests give a manual one.
  package var searchClock: any AnimationClock = ListViewController.realTime
  private static let realTime = SystemClock()

  /// True when a filter typed before the index is whole shows at once the
  /// rows found so far, the rest following slice by slice: on a terminal,
  /// where a key must answer in a frame. On an in-memory terminal
  /// (`--headless`, tests) no time passes between keys and each frame is
  /// a settled one: the filter finishes the index at its keystroke. Tests
  /// set it to see the terminal's way.
  package var filtersWhileIndexing: Bool?
  private var showsFilterWhileIndexing: Bool {
    filtersWhileIndexing ?? application.map { !($0.terminal is MemoryTerminal) } ?? false
  }

  /// Notes the list as it is now, so that only later changes are told.
  private func seeListView() {
    seenChanges = listView.changeCount
    seenSelectionChanges = listView.selectionChangeCount
    seenFilter = listView.filter
  }

  /// Creates a list page with `rows` that loads its rows through a
  /// callback, as UIKit's completion handlers do: `load` starts a load
  /// (a request whose answer comes to a delegate, a timer, work that posts
  /// its result back with ``Application/post(_:)``) and calls the
  /// ``LoadCompletion`` it is given, once, with the rows or the error. The
  /// list behaves as with an `async` closure: `Loading…`, then the rows or
  /// the error with a retry; leaving the screen cancels the load (a late
  /// completion changes nothing) and coming back starts it again.
  ///
  /// No task runs, so a load that waits wakes no thread but the main one:
  /// on Linux a task that suspends and resumes starts libdispatch's worker
  /// threads, whose pool monitor then wakes the process every second.
  /// A completion called before `load` returns shows the rows at once.
  public init(
    title: String, rows: [ListRow] = [],
    load: @escaping @MainActor (_ completion: LoadCompletion) -> Void
  ) {
    listView = ListView(rows: rows)
    self.load = .callback(load)
    loadState = .notLoaded
    super.init(title: title)
  }

  /// Ends one load of a list that loads through a callback: call it once,
  /// with the rows or the error (`completion(.success(rows))`). A call after
  /// the first, or once the load was cancelled or replaced, changes nothing.
  @MainActor
  public struct LoadCompletion {
    private weak var list: ListViewController?
    private let count: Int

    init(list: ListViewController, count: Int) {
      self.list = list
      self.count = count
    }

    /// True once the load was cancelled (its page left the screen) or
    /// replaced (``ListViewController/reload()``): the work may stop.
    public var isCancelled: Bool { list?.isCurrentLoad(count) != true }

    /// Ends the load with `result`: its rows replace the list's, or its
    /// error shows with a retry.
    public func callAsFunction(_ result: Result<[ListRow], any Error>) {
      list?.finishLoad(result, count: count)
    }

    /// Ends the load with the rows the list has now: for a list whose rows
    /// the app gave it meanwhile (``ListView/rows`` set, or a
    /// ``ListDataSource``), where handing them back would copy them, and
    /// for a data source build every row.
    public func finishKeepingRows() {
      list?.finishLoad(nil, count: count)
    }
  }

  /// True while load `count` is the one under way.
  private func isCurrentLoad(_ count: Int) -> Bool {
    count == loadCount && loadState == .loading
  }

  /// Ends load `count` with `result` (nil: the rows the list has),
  /// unless it was cancelled or replaced.
  private func finishLoad(_ result: Result<[ListRow], any Error>?, count: Int) {
    guard isCurrentLoad(count) else { return }
    switch result {
    case nil:
      loadState = .loaded
    case .success(let rows):
      listView.rows = rows
      loadState = .loaded
    case .failure(let error):
      loadState = .failed(String(describing: error))
    }
    setNeedsDisplay()
  }

  /// Gives the list new rows, as UIKit's diffable data source applies a
  /// snapshot: the selection and the top of the screen stay on the same
  /// items (``ListRow/id``), and the page is drawn again.
  public func apply(_ rows: [ListRow]) {
    listView.rows = rows
    setNeedsDisplay()
  }

  // MARK: Loading

  /// Loads the rows again through the page's `load` closure, cancelling the
  /// load under way; `Loading…` shows until it ends. Nothing for a list
  /// that does not load its rows.
  ///
  /// A load that has its rows at hand (it awaits nothing that waits) ends
  /// before this returns: the next frame shows the rows, never
  /// `Loading…`.
  public func reload() {
    guard let load else { return }
    loadTask?.cancel()
    loadCount += 1
    let count = loadCount
    loadState = .loading
    setNeedsDisplay()
    switch load {
    case .callback(let start):
      start(LoadCompletion(list: self, count: count))
    case .task(let fetch):
      loadTask = startTask(immediately: true) { [weak self] in
        let result: Result<[ListRow], any Error>
        do { result = .success(try await fetch()) } catch { result = .failure(error) }
        // A load that was cancelled or replaced leaves the page as it is.
        guard let self, !Task.isCancelled else { return }
        finishLoad(result, count: count)
      }
    }
  }

  /// Waits until the rows are there or the load failed, and returns
  /// ``loadState`` then: at once for a list that does not load, has loaded
  /// or failed; else once the load under way ends, or for a list not on
  /// screen yet, the load it starts when it comes. A task cancelled while it
  /// waits gets the state of the moment.
  public func waitForLoad() async -> LoadState {
    guard loadState == .loading || loadState == .notLoaded else { return loadState }
    let id = nextLoadWaiter
    nextLoadWaiter += 1
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        if Task.isCancelled {
          continuation.resume(returning: loadState)
        } else {
          loadWaiters[id] = continuation
        }
      }
    } onCancel: {
      Task { @MainActor [weak self] in self?.resumeLoadWaiter(id) }
    }
  }

  private func resumeLoadWaiter(_ id: Int) {
    loadWaiters.removeValue(forKey: id)?.resume(returning: loadState)
  }

  /// A load ended: the tasks in ``waitForLoad()`` go on, and with the rows
  /// there, so do the deep links and restores that waited for them, before
  /// the next frame.
  private func loadDidEnd() {
    let waiters = loadWaiters
    loadWaiters = [:]
    for waiter in waiters.values { waiter.resume(returning: loadState) }
    guard loadState == .loaded, !waitingForRows.isEmpty else { return }
    let waiting = waitingForRows
    waitingForRows = []
    // Out of the appearance calls that may have started the load.
    let work: @MainActor () -> Void = { for body in waiting { body() } }
    if let application { application.performBeforeNextFrame(work) } else { work() }
  }

  /// Ready once the rows are there: rows given up front, or a load that
  /// brought them; a list that loads and has none waits for its load.
  override func whenContentIsReady(_ body: @escaping @MainActor () -> Void) {
    guard load != nil, loadState != .loaded, listView.rowCount == 0 else { return body() }
    waitingForRows.append(body)
  }

  override func screenPresenceDidChange() {
    super.screenPresenceDidChange()
    // Off screen, its timers stop: a filter set meanwhile searches every
    // row at once.
    if !isVisible { listView.filtersWhileIndexing = false }
    prepareSearchWhenIdle()
    if !isVisible, loadState == .loading {
      // Its task was cancelled with the page's others (a late completion
      // changes nothing): load again on return.
      loadCount += 1
      loadState = .notLoaded
    } else if isVisible, load != nil, loadState == .notLoaded {
      reload()
    }
  }

  /// True when the rows show: not loading, nor failed.
  private var showsRows: Bool { loadState == .loaded }

  /// True while the filter field shows: being typed into, or kept.
  private var showsFilterField: Bool { isEditingFilter || !listView.filter.isEmpty }

  /// The filter field's row and the rows' rectangle, in `rect`.
  private func split(_ rect: Rect) -> (field: Rect?, rows: Rect) {
    guard showsFilterField, rect.height > 1 else { return (nil, rect) }
    let (field, rows) = rect.dividedAtTop(1)
    return (field, rows)
  }

  override open func viewWillLayout(in rect: Rect) {
    // Under a translucent bar the rows run on, but scrolling keeps the
    // selection and the last row above it.
    let rows = split(rect).rows
    listView.layout(height: rows.height, bottomInset: safeAreaInsets.bottom)
  }

  override open func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    switch loadState {
    case .loaded: break
    case .notLoaded, .loading:
      return renderMessage(interfaceStrings[.loading], in: rect, into: &buffer)
    case .failed(let reason):
      return renderFailure(reason, in: rect, into: &buffer)
    }
    let (field, rows) = split(rect)
    if let field { renderFilterField(in: field, into: &buffer) }
    listView.render(in: rows, theme: theme, into: &buffer)
    if listView.itemCounts.shown == 0 {
      let message =
        listView.filter.isEmpty ? emptyMessage : interfaceStrings.noResults(for: listView.filter)
      if let message { renderMessage(message, in: rows, into: &buffer) }
    }
  }

  /// The middle row of the part of `rect` that nothing covers.
  private func middleRow(of rect: Rect) -> Int {
    rect.minY + max(0, rect.height - safeAreaInsets.bottom - 1) / 2
  }

  /// `message` centred on one line in `rect`, cut to fit: the empty state
  /// and `Loading…`.
  private func renderMessage(
    _ message: String, at row: Int? = nil, style: Style? = nil, in rect: Rect,
    into buffer: inout ScreenBuffer
  ) {
    guard rect.width > 2, rect.height > 0 else { return }
    let text = TextWidth.truncate(message, toWidth: rect.width - 2)
    let x = rect.minX + (rect.width - TextWidth.width(of: text)) / 2
    buffer.write(
      text, at: Point(x: x, y: row ?? middleRow(of: rect)), style: style ?? theme[.dimText],
      maxX: rect.maxX - 1)
  }

  /// The row of the retry button while a load has failed.
  private func retryRow(in rect: Rect) -> Int { min(rect.maxY - 1, middleRow(of: rect) + 1) }

  /// Why the load failed, and under it the retry button.
  private func renderFailure(_ reason: String, in rect: Rect, into buffer: inout ScreenBuffer) {
    let retryRow = retryRow(in: rect)
    if retryRow - 1 >= rect.minY {
      renderMessage(
        interfaceStrings.loadFailed(reason), at: retryRow - 1, style: theme[.error], in: rect,
        into: &buffer)
    }
    renderMessage(
      " \(interfaceStrings[.retry]) ", at: retryRow, style: theme[.focusedButton], in: rect,
      into: &buffer)
  }

  /// `/ text` on the left, the terminal's cursor after it while it is
  /// typed into,, `3 of 40` on the right.
  private func renderFilterField(in rect: Rect, into buffer: inout ScreenBuffer) {
    buffer.fill(rect, with: Cell(" ", style: theme[.text]))
    let counts = listView.itemCounts
    let count = interfaceStrings.matchCount(shown: counts.shown, total: counts.total)
    let countX = rect.maxX - 1 - TextWidth.width(of: count)
    let limit = countX - 2 > rect.minX + 4 ? countX - 1 : rect.maxX - 1
    if limit < rect.maxX - 1 {
      buffer.write(count, at: Point(x: countX, y: rect.minY), style: theme[.rowDetail])
    }
    var x = buffer.write("/ ", at: Point(x: rect.minX + 1, y: rect.minY), style: theme[.hint])
    // The end of a long filter shows, where the typing happens: as many
    // characters from the end as fit, counted once each.
    let room = max(0, limit - x - 1)
    let text = listView.filter
    var start = text.endIndex
    var used = 0
    while start > text.startIndex {
      let before = text.index(before: start)
      used += TextWidth.width(of: text[before])
      if used > room { break }
      start = before
    }
    x = buffer.write(
      text[start...], at: Point(x: x, y: rect.minY), style: theme[.text], maxX: limit)
    if isEditingFilter {
      placeCursor(at: Point(x: min(x, limit), y: rect.minY), in: &buffer)
    }
  }

  /// The moving keys (with two rows or more), `/` on a list that filters,
  /// Enter and Space on rows that open, and Esc (Backspace too once typing
  /// ends) while a filter shows.
  override open var keyBindings: [KeyBinding] {
    let words = interfaceStrings
    switch loadState {
    case .loaded: break
    case .notLoaded, .loading: return []
    case .failed:
      return [
        KeyBinding([.enter, .character(" ")], .activate, words[.retryLoad], hintImportance: .high)
      ]
    }
    var bindings: [KeyBinding] = []
    if listView.itemCounts.shown > 1 {
      bindings += [
        KeyBinding([.up, .character("k")], .moveUp, words[.moveUp]),
        KeyBinding([.down, .character("j")], .moveDown, words[.moveDown]),
        KeyBinding([.pageUp], .pageUp, words[.pageUp]),
        KeyBinding([.pageDown], .pageDown, words[.pageDown]),
        KeyBinding([.home, .character("g")], .moveToTop, words[.moveToTop]),
        KeyBinding([.end, .character("G")], .moveToBottom, words[.moveToBottom]),
      ]
    }
    // Enter is the list's main key: a short rule keeps `enter open` (and
    // `esc clear`) beside the containers' keys, and gives `/ search` up.
    if isSearchable, !isEditingFilter {
      bindings.append(KeyBinding([.character("/")], .search, words[.search]))
    }
    if !isEditingFilter, listView.hasRowsThatOpen {
      bindings.append(
        KeyBinding([.enter, .character(" ")], .activate, words[.activate], hintImportance: .high))
    }
    if showsFilterField {
      let keys: [Key] = isEditingFilter ? [.escape] : [.escape, .backspace]
      bindings.append(KeyBinding(keys, .back, words[.clearFilter], hintImportance: .high))
    }
    return bindings
  }

  override open func handle(_ action: Action) -> Bool {
    guard showsRows else {
      // Until the rows are there, Enter retries a failed load; moving,
      // opening and searching wait.
      guard case .failed = loadState, action == .activate else { return false }
      reload()
      return true
    }
    switch action {
    case .activate:
      if isEditingFilter { return endFilterEditing() }
      return activateSelectedRow()
    case .search where isSearchable:
      isEditingFilter = true
      return true
    case .back where !listView.filter.isEmpty || isEditingFilter:
      clearFilter()
      return true
    default:
      return listView.handle(action)
    }
  }

  // MARK: The filter

  override open var acceptsText: Bool { isEditingFilter }

  /// Adds typed or pasted text to the filter, as much as fits in
  /// ``ListView/maximumFilterLength`` characters (newlines and control
  /// characters left out); a paste cut there says so in a toast.
  ///
  /// Complexity: O(m), m the part of the text that fits.
  override open func insertText(_ text: String) {
    let room = max(0, ListView.maximumFilterLength - listView.filter.count)
    let (characters, wasCut) = TextEditor.clean(
      text, multiline: false, room: room, dropsNewlines: true)
    listView.filter += String(characters)
    if wasCut, !text.dropFirst().isEmpty {
      showToast(interfaceStrings.pasteCut(count: ListView.maximumFilterLength))
    }
    setNeedsDisplay()
  }

  override open func handle(_ key: Key) -> Bool {
    guard isEditingFilter else { return false }
    switch key {
    case .backspace:
      if !listView.filter.isEmpty { listView.filter.removeLast() }
    case .escape: clearFilter()
    case .enter: _ = endFilterEditing()
    default: return false
    }
    return true
  }

  /// Enter: the filter stays and the keys move in the rows again.
  private func endFilterEditing() -> Bool {
    isEditingFilter = false
    return true
  }

  /// Removes the filter: every row shows again, the selected one kept.
  public func clearFilter() {
    isEditingFilter = false
    listView.filter = ""
    setNeedsDisplay()
  }

  /// Pushes the selected row's page, or runs its action; false when it has neither.
  @discardableResult
  package func activateSelectedRow() -> Bool {
    guard let row = listView.selectedRow else { return false }
    if let make = row.destination, let nav = navigationController {
      nav.pushViewController(make())
      return true
    }
    if let perform = row.perform {
      perform()
      return true
    }
    return false
  }

  override open func handleMouse(_ event: MouseEvent, in rect: Rect) -> Bool {
    guard showsRows else {
      // A click on the retry button retries.
      guard case .failed = loadState, event.kind == .press,
        event.position.y == retryRow(in: rect)
      else { return false }
      reload()
      return true
    }
    switch event.kind {
    case .wheelUp: return scroll(by: -3)
    case .wheelDown: return scroll(by: 3)
    case .press:
      // A click on the scroll bar pages (``ScrollBar``), and opens nothing.
      let bar = listView.scrollBarClick(at: event.position, in: split(rect).rows)
      if bar.hit { return bar.action.map { listView.handle($0) } ?? true }
      // A click selects the row and opens it, as a tap does.
      guard let index = listView.rowIndex(at: event.position.y, in: split(rect).rows),
        !listView.isHeader(row: index)
      else { return false }
      listView.select(index)
      activateSelectedRow()
      return true
    }
  }

  private func scroll(by rows: Int) -> Bool {
    let before = (listView.selectedIndex, listView.scrollOffset)
    listView.scroll(by: rows)
    return before != (listView.selectedIndex, listView.scrollOffset)
  }

  // MARK: State restoration and deep links

  /// Saves the selected row (its place from 1, counting the rows that can
  /// be selected, and its ``ListRow/id`` when that is a string or a whole
  /// number), the scroll position and a kept filter; a saved state still
  /// waiting for the rows is saved as it was.
  override open func encodeRestorableState(with coder: inout RestorationCoder) {
    if let waitingState { return coder = waitingState }
    coder.encode(position(ofRow: listView.selectedIndex), forKey: "row")
    coder.encode(listView.scrollOffset, forKey: "scroll")
    switch listView.selectedRow?.id?.base {
    case let id as String: coder.encode(id, forKey: "id")
    case let id as Int: coder.encode(id, forKey: "number")
    default: break
    }
    if !listView.filter.isEmpty { coder.encode(listView.filter, forKey: "filter") }
  }

  /// Puts back the filter, then selects the saved row by its id, wherever
  /// it is now (a row that is gone, or saved without an id, by its place:
  /// the nearest one, reported when the place is past the end), and
  /// scrolls as saved. A list that loads and has no rows yet takes it once
  /// they are there.
  override open func decodeRestorableState(with coder: RestorationCoder) {
    waitingState = coder.savedValues
    coder.session?.beginWait()
    whenContentIsReady { [weak self] in
      defer { coder.session?.endWait() }
      guard let self, let saved = waitingState, saved == coder.savedValues else { return }
      waitingState = nil
      takeState(coder)
    }
  }

  /// ``decodeRestorableState(with:)`` once the rows are there.
  private func takeState(_ coder: RestorationCoder) {
    if let filter = coder.decodeString(forKey: "filter") {
      isEditingFilter = false
      listView.filter = filter
    }
    let scroll = coder.decodeInt(forKey: "scroll", clampedTo: 0...max(1, listView.rowCount)) ?? 0
    let id: AnyHashable? =
      coder.decodeString(forKey: "id").map(AnyHashable.init)
      ?? coder.decodeInt(forKey: "number").map(AnyHashable.init)
    if let id, let index = listView.index(ofRowID: id) {
      listView.restore(selectedIndex: index, scrollOffset: scroll)
      return
    }
    guard let saved = coder.decodeInt(forKey: "row") else { return }
    let count = selectableCount
    let position = min(max(saved, 1), max(1, count))
    listView.restore(selectedIndex: index(ofPosition: position) ?? 0, scrollOffset: scroll)
    if position != saved {
      coder.reportMismatch("row \(saved) of “\(declaredTitle)” is gone")
    }
  }

  /// Selects row `position` (from 1, counting the rows that can be
  /// selected: not section headers) and pushes the page it opens.
  override open func openChild(at position: Int) throws(DeepLinkError) -> ViewController {
    // Compared, never computed with: the position may be any number.
    guard position >= 1, let index = index(ofPosition: position) else {
      throw DeepLinkError(
        reason: "“\(declaredTitle)” has no row \(position) (it has \(selectableCount))")
    }
    guard let make = listView.row(at: index).destination, let nav = navigationController else {
      throw DeepLinkError(reason: "row \(position) of “\(declaredTitle)” opens no page")
    }
    // A deep link wins over a saved state still waiting for the rows.
    waitingState = nil
    listView.select(index)
    let page = make()
    nav.pushViewController(page, animated: false)
    return page
  }

  /// The selected row, when it opens a page.
  override open var openChildPositions: [Int] {
    listView.selectedRow?.destination == nil ? [] : [position(ofRow: listView.selectedIndex)]
  }

  // MARK: Positions

  /// How many rows can be selected: the rows that are not headers.
  private var selectableCount: Int { listView.itemCounts.total }

  /// The index in ``ListView/rows`` of the row at `position` (from 1)
  /// among those that can be selected; nil past them. O(n), building no row.
  private func index(ofPosition position: Int) -> Int? {
    guard position >= 1, position <= selectableCount else { return nil }
    var left = position
    for index in 0..<listView.rowCount where !listView.isHeader(row: index) {
      left -= 1
      if left == 0 { return index }
    }
    return nil
  }

  /// The position (from 1) among the rows that can be selected of row
  /// `index` of ``ListView/rows``. O(n), building no row.
  private func position(ofRow index: Int) -> Int {
    (0..<max(0, index)).count(where: { !listView.isHeader(row: $0) }) + 1
  }
}
