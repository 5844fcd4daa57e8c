import TabBarKitTesting
import Testing

@testable import TabBarKit

/// A list whose rows a data source builds when they are needed: a screenful
/// at a time, whatever the count, and told of each change of the data.
@MainActor
@Suite("list data sources")
struct ListDataSourceTests {
  /// Log lines kept as the app's own data, counting the rows built.
  final class Lines: ListDataSource {
    var lines: [String]
    var rowsBuilt = 0
    var rowsSearched = 0
    /// Run at each row read for the filter: what reading it costs.
    var readingCost: () -> Void = {}

    init(_ lines: [String]) { self.lines = lines }

    var rowCount: Int { lines.count }

    func row(at index: Int) -> ListRow {
      rowsBuilt += 1
      return ListRow(lines[index], id: lines[index], perform: {})
    }

    func searchableRow(at index: Int) -> ListRow {
      rowsSearched += 1
      readingCost()
      return ListRow(lines[index])
    }
  }

  static func line(_ index: Int) -> String {
    index % 4 == 0
      ? "2026-11-26 12:00:\(index % 60) 服务 第\(index)号 请求超时 重试中"
      : "2026-11-26 12:00:\(index % 60) GET /api/items/\(index) served in \(index % 97) ms"
  }

  /// A list titled Log of the first `count` lines (``line(_:)``) as its
  /// data source, searchable with `/` when `searchable`, on screen in an
  /// app of its own.
  static func log(
    _ count: Int, searchable: Bool = false
  ) -> (Lines, ListViewController, AppDriver) {
    let lines = Lines((0..<count).map(Self.line))
    let list = ListViewController(title: "Log", dataSource: lines)
    list.isSearchable = searchable
    return (lines, list, AppDriver(root: NavigationController(rootViewController: list)))
  }

  @Test("a list of 200,000 source rows builds a screenful, however far it moves")
  func buildsOnlyWhatShows() throws {
    let (lines, _, app) = Self.log(200_000)
    #expect(lines.rowsBuilt < 100, "rows built for the first frame: \(lines.rowsBuilt)")
    #expect(app.screen.lines[2].contains("服务 第0号 请求超时"))
    #expect(app.screen.lines[3].contains("GET /api/items/1 served"))
    lines.rowsBuilt = 0
    try app.press("end")
    #expect(app.screen.text.contains("/api/items/199999 served"))
    try app.press("pgup,up,home")
    #expect(lines.rowsBuilt < 400, "rows built for four frames: \(lines.rowsBuilt)")
    #expect(lines.rowsSearched == 0, "no filter, nothing read for it")
  }

  @Test("a load that ends keeping its rows leaves the data source in place, its rows unbuilt")
  func loadEndsKeepingRows() async throws {
    let lines = Lines((0..<50_000).map(Self.line))
    var finish: ListViewController.LoadCompletion?
    let list = ListViewController(title: "Log", load: { completion in finish = completion })
    let app = AppDriver(root: NavigationController(rootViewController: list))
    #expect(list.loadState == .loading)
    list.listView.setDataSource(lines)
    lines.rowsBuilt = 0
    try #require(finish).finishKeepingRows()
    await app.settle()
    #expect(list.loadState == .loaded)
    #expect(list.listView.dataSource === lines, "the source stays the list's")
    #expect(list.listView.rowCount == 50_000)
    #expect(lines.rowsBuilt < 100, "rows built: \(lines.rowsBuilt)")
    #expect(app.screen.text.contains("服务 第0号 请求超时"))
  }

  @Test("the filter reads each source row once, at its first keystroke, then searches bytes")
  func filterReadsEachRowOnce() throws {
    let (lines, list, app) = Self.log(20_000, searchable: true)
    try app.press("/")
    app.type("超时")
    #expect(lines.rowsSearched == 20_000)
    #expect(list.listView.itemCounts == (5_000, 20_000))
    app.type(" 重")
    try app.press("backspace,backspace")
    #expect(lines.rowsSearched == 20_000, "later keys search the folded texts")
    #expect(app.screen.text.contains("服务 第0号 请求超时"))
  }

  @Test("rows the source says it appended show under a kept filter; the selection stays")
  func noteRowsInserted() throws {
    let (lines, list, app) = Self.log(1_000, searchable: true)
    try app.press("/")
    app.type("served in 3 ms")
    try app.press("enter,down")
    let selected = list.listView.selectedRow?.title
    let shown = list.listView.itemCounts.shown
    let first = lines.lines.count
    lines.lines += [
      "2026-11-26 12:01:00 GET /api/new served in 3 ms",
      "2026-11-26 12:01:00 GET /x served in 4 ms",
    ]
    lines.rowsSearched = 0
    list.listView.noteRowsInserted(in: first..<lines.lines.count)
    #expect(lines.rowsSearched == 2, "the new rows alone are read")
    #expect(list.listView.itemCounts == (shown + 1, 1_002))
    #expect(list.listView.selectedRow?.title == selected)
    app.tick()
    try app.press("end")
    #expect(app.screen.text.contains("/api/new served in 3 ms"))
  }

  @Test("reloading the source keeps the selection on its row by id")
  func reloadKeepsTheSelection() throws {
    let (lines, list, app) = Self.log(100)
    try app.press("down,down,down")
    let selected = try #require(list.listView.selectedRow?.title)
    lines.lines.insert(contentsOf: ["first", "second"], at: 0)
    lines.lines.removeLast(10)
    list.listView.reloadData()
    #expect(list.listView.selectedRow?.title == selected && list.listView.selectedIndex == 5)
    #expect(list.listView.rowCount == 92)
    app.tick()
    #expect(app.screen.lines[2].contains("服务 第0号"), "the top of the screen stays on its row")
    try app.press("home")
    #expect(app.screen.lines[2].contains("first"))
  }

  @Test("a long searchable list on screen folds its texts between keys, then sleeps again")
  func searchPreparedBetweenKeys() throws {
    let lines = Lines((0..<40_000).map(Self.line))
    let list = ListViewController(title: "Log", dataSource: lines)
    list.isSearchable = true
    // Each row read for the filter takes 10 µs of the slices' clock.
    let work = ManualClock()
    list.searchClock = work
    list.searchSlice = .milliseconds(2)
    lines.readingCost = { work.advance(by: .microseconds(10)) }
    let app = AppDriver(root: NavigationController(rootViewController: list))
    #expect(lines.rowsSearched == 0 && list.listView.needsSearchPreparation)
    let frames = app.terminal.frameCount
    app.advance(by: .milliseconds(1))
    // A slice of 2 ms: 200 rows, and up to one step of rows past it.
    #expect((200...200 + ListView.preparationStep).contains(lines.rowsSearched), "one slice")
    #expect(app.terminal.frameCount == frames, "a slice changes nothing on screen: no frame")
    try app.press("down")
    var slices = 1
    while list.listView.needsSearchPreparation, slices < 1_000 {
      app.advance(by: .milliseconds(1))
      slices += 1
    }
    #expect(lines.rowsSearched == 40_000 && !list.listView.needsSearchPreparation)
    #expect((190...200).contains(slices), "slices of 2 ms each: \(slices)")
    #expect(app.application.timers.nextFireTime == nil, "no timer left: the app sleeps")
    try app.press("/")
    app.type("超时")
    #expect(lines.rowsSearched == 40_000, "the first keystroke found the texts folded")
    #expect(list.listView.itemCounts.shown == 10_000)
  }

  @Test("a slice of the filter's texts ends on time even when each row costs a whole story")
  func sliceEndsOnTime() {
    let lines = Lines((0..<10_000).map(Self.line))
    let list = ListViewController(title: "Log", dataSource: lines)
    list.isSearchable = true
    let work = ManualClock()
    list.searchClock = work
    list.searchSlice = .milliseconds(2)
    // A story's key folded at each row: 700 µs.
    lines.readingCost = { work.advance(by: .microseconds(700)) }
    let app = AppDriver(root: NavigationController(rootViewController: list))
    app.advance(by: .milliseconds(1))
    // 2 ms is over at the third row; the clock is read every few rows.
    #expect((3...ListView.preparationStep).contains(lines.rowsSearched))
    app.advance(by: .milliseconds(1))
    #expect((6...2 * ListView.preparationStep).contains(lines.rowsSearched))
  }

  @Test("a filter typed before the texts are all folded answers at once, then grows slice by slice")
  func filterWhileFolding() throws {
    let lines = Lines((0..<40_000).map(Self.line))
    let list = ListViewController(title: "Log", dataSource: lines)
    list.isSearchable = true
    list.filtersWhileIndexing = true  // as on a terminal
    let work = ManualClock()
    list.searchClock = work
    list.searchSlice = .milliseconds(2)
    lines.readingCost = { work.advance(by: .microseconds(10)) }
    let app = AppDriver(root: NavigationController(rootViewController: list))
    app.advance(by: .milliseconds(1))
    #expect(lines.rowsSearched == 200)
    try app.press("/")
    app.type("超时")
    // Every fourth row says 超时: 50 of the 200 folded, and no row more
    // folded for the keystroke.
    #expect(lines.rowsSearched == 200, "the keystroke only searched")
    #expect(list.listView.itemCounts.shown == 50)
    #expect(app.screen.text.contains("第0号"))
    var frames = app.terminal.frameCount
    app.advance(by: .milliseconds(1))
    #expect(list.listView.itemCounts.shown == 100, "the next slice's rows join")
    #expect(app.terminal.frameCount == frames + 1, "and are drawn")
    try app.press("down")
    let selected = list.listView.selectedRow?.title
    while list.listView.needsSearchPreparation { app.advance(by: .milliseconds(1)) }
    #expect(list.listView.itemCounts.shown == 10_000 && list.listView.isFilterSearchedThrough)
    #expect(list.listView.selectedRow?.title == selected, "the selection stays on its row")
    // A filter no folded row holds: slices that find nothing draw nothing.
    let other = ListViewController(title: "Log", dataSource: Lines((0..<40_000).map(Self.line)))
    other.isSearchable = true
    other.filtersWhileIndexing = true
    let second = AppDriver(root: NavigationController(rootViewController: other))
    second.advance(by: .milliseconds(1))
    try second.press("/")
    second.type("zzz")
    frames = second.terminal.frameCount
    while other.listView.needsSearchPreparation { second.advance(by: .milliseconds(1)) }
    #expect(other.listView.itemCounts.shown == 0)
    #expect(second.terminal.frameCount == frames, "no frame without rows found")
  }
}
