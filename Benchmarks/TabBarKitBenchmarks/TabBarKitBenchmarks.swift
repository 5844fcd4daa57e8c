import Benchmark
import Foundation
import TabBarKit
import TabBarKitTesting

// Micro-benchmarks of the library, without a terminal (issue 5, part 1).
// Run them with Benchmarks/run.sh (`make bench`), or alone with
//   swift package --package-path Benchmarks benchmark
// Each sample is one operation; run.sh reports the median with the fastest
// and slowest sample. Benchmarks/report.py looks the figures up by these
// names: keep the two in step.

/// Runs one sample on the main thread, timed from inside it. The library's
/// controllers and its `Application` are main-actor types, and ordo-one runs
/// a benchmark's closure on a thread of its async runner; the main thread is
/// free meanwhile (it drains the main queue while the runner's async `main`
/// waits), so the closure hops there and the hop is left out of the timing
/// and of the allocation counts. A `body` that times a part of itself calls
/// `startMeasurement()` again and `stopMeasurement()`: the later start wins,
/// the first stop counts.
func onMainThread(_ benchmark: Benchmark, _ body: @escaping @MainActor (Benchmark) -> Void) {
  nonisolated(unsafe) let benchmark = benchmark
  let run = {
    MainActor.assumeIsolated {
      benchmark.startMeasurement()
      body(benchmark)
      benchmark.stopMeasurement()
    }
  }
  if Thread.isMainThread { return run() }
  DispatchQueue.main.sync(execute: run)
}

/// The demo-like app on an in-memory terminal, animations off, started
/// (first frame drawn), driven as an app's test drives it.
@MainActor
final class Fixture {
  let root: TabBarController
  let app: AppDriver
  let size: Size

  init(size: Size) {
    self.size = size
    root = DemoLikeApp.makeRoot()
    app = AppDriver(root: root, size: size)
  }

  /// The selected tab's navigation stack.
  var navigation: NavigationController {
    root.selectedViewController as! NavigationController
  }
}

/// One frame as the run loop builds it: layout and render into a reused
/// buffer, then the diff against the previous frame. The previous frame shows
/// another tab, so the diff has a tab switch's worth of changed cells.
@MainActor
final class FrameFixture {
  let fixture: Fixture
  let previous: ScreenBuffer
  var buffer: ScreenBuffer

  init(size: Size) {
    fixture = Fixture(size: size)
    fixture.root.selectedIndex = 1
    fixture.app.tick()
    previous = fixture.app.screen
    fixture.root.selectedIndex = 0
    buffer = ScreenBuffer(size: size)
  }

  /// The cells a terminal would be handed.
  func build() -> Int {
    buffer.reset(size: fixture.size)
    fixture.root.render(in: Rect(origin: .zero, size: fixture.size), into: &buffer)
    var changed = 0
    buffer.forEachChange(from: previous) { _, _ in changed += 1 }
    return changed
  }
}

/// Pushes 10,000 pages on a stack, then pops them all: one cycle.
@MainActor
func pushesThenPops(_ navigation: NavigationController, count: Int = 10_000) {
  for i in 0..<count {
    navigation.pushViewController(
      DemoLikeApp.page(title: "Page \(i)", rows: DemoLikeApp.detailRows))
  }
  for _ in 0..<count { navigation.popViewController() }
}

/// VmRSS once two 10,000-page cycles have run (the heap has reached its
/// working size): the growth of later cycles is measured from here.
nonisolated(unsafe) var rssAfterWarmUp = 0

/// VmRSS now minus after the warm-up cycles. Flat memory keeps it near 0; a
/// leak of one byte per page would add about 10 KiB per cycle.
let rssGrowth = BenchmarkMetric.custom(
  "VmRSS growth after warm-up (KiB)", polarity: .prefersSmaller, useScalingFactor: false)

/// Each scenario is registered twice: timed (wall clock only), and counted
/// (allocations, through ordo-one's malloc interposer, which slows every
/// allocation down and so must not share a run with the clock).
func register(
  _ name: String, iterations: Int = 5_000, maxDuration: Duration = .seconds(2),
  timeUnits: BenchmarkTimeUnits = .nanoseconds,
  timedMetrics: [BenchmarkMetric] = [], countedMetrics: [BenchmarkMetric] = [],
  warmUp: Int = 10,
  _ body: @escaping (Benchmark) -> Void
) {
  Benchmark(
    name,
    configuration: .init(
      metrics: [.wallClock] + timedMetrics, timeUnits: timeUnits, warmupIterations: warmUp,
      maxDuration: maxDuration, maxIterations: iterations),
    closure: body)
  Benchmark(
    name + " (allocations)",
    configuration: .init(
      metrics: [.mallocCountTotal] + countedMetrics,
      units: [.mallocCountTotal: .count, .mallocFreeDelta: .count, .memoryLeakedBytes: .count],
      warmupIterations: min(warmUp, 2),
      maxDuration: maxDuration, maxIterations: min(iterations, 100)),
    closure: body)
}

/// A megabyte of text from the clipboard: lines of 63 letters and a newline.
let megabyte = String(repeating: String(repeating: "abcdefg", count: 9) + "\n", count: 1 << 14)

/// A compose form (a title field and a body area) in a tab, at 80×24, its
/// body focused: where a big paste lands.
@MainActor
final class PasteFixture {
  let body = FormField("Body", lines: 6)
  let app: AppDriver
  let root: TabBarController
  let list: ListViewController

  init() {
    let form = FormViewController(title: "Compose", fields: [FormField("Title"), body])
    list = ListViewController(
      title: "News", rows: DemoLikeApp.detailRows + DemoLikeApp.detailRows)
    list.isSearchable = true
    root = TabBarController(viewControllers: [
      NavigationController(rootViewController: form),
      NavigationController(rootViewController: list),
    ])
    app = AppDriver(root: root, size: Size(width: 80, height: 24))
    app.press(.tab)
  }
}

let benchmarks: @Sendable () -> Void = {
  for (width, height) in [(80, 24), (200, 60)] {
    let size = Size(width: width, height: height)
    nonisolated(unsafe) var frame: FrameFixture?
    register("Frame build \(width)x\(height)") { benchmark in
      onMainThread(benchmark) { benchmark in
        let f = frame ?? FrameFixture(size: size)
        frame = f
        for _ in benchmark.scaledIterations { blackHole(f.build()) }
      }
    }
  }

  // Building the app and its first frame: what the demo does before the first
  // byte reaches the terminal (a part of the spawn → first frame budget).
  register("App start + first frame 80x24") { benchmark in
    onMainThread(benchmark) { benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(Fixture(size: Size(width: 80, height: 24)))
      }
    }
  }

  // A key through the whole run loop: action, render, diff, in-memory draw.
  nonisolated(unsafe) var tabs: Fixture?
  register("Tab switch (Right) 80x24") { benchmark in
    onMainThread(benchmark) { benchmark in
      let f = tabs ?? Fixture(size: Size(width: 80, height: 24))
      tabs = f
      for _ in benchmark.scaledIterations { f.app.press(.right) }
    }
  }

  nonisolated(unsafe) var stack: Fixture?
  register("Push + pop (Enter, Esc) 80x24") { benchmark in
    onMainThread(benchmark) { benchmark in
      let f = stack ?? Fixture(size: Size(width: 80, height: 24))
      stack = f
      for _ in benchmark.scaledIterations {
        f.app.press(.enter)
        f.app.press(.escape)
      }
    }
  }

  // Issue 27: a paste is handled (kept up to the field's maximum, the rest
  // cut with a toast) and drawn in one event: the paste, then the frame.
  nonisolated(unsafe) var paste: PasteFixture?
  register(
    "Paste 1 MB into a text area", iterations: 20, maxDuration: .seconds(10),
    timeUnits: .milliseconds, warmUp: 1
  ) { benchmark in
    onMainThread(benchmark) { benchmark in
      let f = paste ?? PasteFixture()
      paste = f
      f.root.selectedIndex = 0
      f.body.text = ""
      benchmark.startMeasurement()
      f.app.paste(megabyte)
      benchmark.stopMeasurement()
      precondition(f.body.text.count == 100_000)  // the most a field holds
    }
  }

  // A key in the text area the paste filled: what each key costs after it.
  register(
    "Key in a full text area (100,000 characters)", iterations: 200,
    maxDuration: .seconds(10), timeUnits: .microseconds, warmUp: 2
  ) { benchmark in
    onMainThread(benchmark) { benchmark in
      let f = paste ?? PasteFixture()
      paste = f
      f.root.selectedIndex = 0
      if f.body.text.count < 100_000 { f.body.text = megabyte }
      benchmark.startMeasurement()
      f.app.press(.backspace)
      f.app.press(.character("x"))
      benchmark.stopMeasurement()
    }
  }

  register(
    "Paste 200 KB into the list filter", iterations: 50, maxDuration: .seconds(10),
    timeUnits: .microseconds, warmUp: 1
  ) { benchmark in
    onMainThread(benchmark) { benchmark in
      let f = paste ?? PasteFixture()
      paste = f
      f.root.selectedIndex = 1
      f.list.clearFilter()
      f.app.press(.character("/"))
      let text = String(megabyte.prefix(200 << 10))
      benchmark.startMeasurement()
      f.app.paste(text)
      benchmark.stopMeasurement()
      precondition(f.list.listView.filter.count == ListView.maximumFilterLength)
    }
  }

  // The stack alone: 10,000 pages pushed then popped on a visible stack
  // (appearance calls run), no frames. Every allocation of a cycle must be
  // freed by its end, and VmRSS must stay flat from cycle to cycle.
  nonisolated(unsafe) var deep: Fixture?
  register(
    "10,000 pushes then pops", iterations: 50, maxDuration: .seconds(10),
    timeUnits: .microseconds, timedMetrics: [rssGrowth],
    countedMetrics: [.mallocFreeDelta, .memoryLeakedBytes], warmUp: 0
  ) { benchmark in
    onMainThread(benchmark) { benchmark in
      let f: Fixture
      if let deep {
        f = deep
      } else {
        f = Fixture(size: Size(width: 80, height: 24))
        pushesThenPops(f.navigation)
        pushesThenPops(f.navigation)
        rssAfterWarmUp = ProcStatus.kib("VmRSS")
        deep = f
      }
      benchmark.startMeasurement()
      pushesThenPops(f.navigation)
      benchmark.stopMeasurement()
      benchmark.measurement(rssGrowth, ProcStatus.kib("VmRSS") - rssAfterWarmUp)
    }
  }

  // Scale (issue 25): a frame of a list costs the same at 1,000 rows and at
  // 1,000,000 (only the rows on screen are drawn).
  for count in [1_000, 1_000_000] {
    nonisolated(unsafe) var fixture: LongListFixture?
    register("List frame, \(count) rows", iterations: 2_000, timeUnits: .microseconds) {
      benchmark in
      onMainThread(benchmark) { benchmark in
        let f = fixture ?? LongListFixture(rows: count)
        fixture = f
        for _ in benchmark.scaledIterations { f.step() }
      }
    }
  }
  // Issue 37: log lines of 60–140 characters, a quarter with Chinese. A
  // keystroke of the filter within a frame (16 ms) at 200,000 lines; the
  // first key's time grows with the lines (100,000 and 200,000: linear).
  nonisolated(unsafe) var logs: [Int: ListView] = [:]
  @MainActor func logList(_ count: Int) -> ListView {
    if let list = logs[count] { return list }
    let made = ListViewController(title: "Log", rows: LogLines.rows(LogLines.lines(count)))
      .listView
    logs[count] = made
    return made
  }
  for (count, name, keys) in [
    (100_000, "List filter, first key, 100,000 log lines", ["9"]),
    (200_000, "List filter, first key, 200,000 log lines", ["9"]),
    (200_000, "List filter, second key, 200,000 log lines", ["9", "1"]),
    (200_000, "List filter, a Chinese key, 200,000 log lines", ["超"]),
    (200_000, "List filter, first key of a list never filtered, 200,000 log lines", ["9"]),
  ] {
    let fresh = name.contains("never filtered")
    register(
      name, iterations: fresh ? 20 : 200, maxDuration: .seconds(fresh ? 20 : 6),
      timeUnits: .microseconds, warmUp: 1
    ) { benchmark in
      onMainThread(benchmark) { benchmark in
        var view = logList(count)
        if fresh {
          // Its texts are folded at its first key, then searched: what a
          // key meets before a page on screen has folded them between keys.
          view = ListViewController(title: "Log", rows: view.rows).listView
        } else {
          // The texts folded and kept (Esc leaves them); no result kept.
          view.filter = "x"
          view.filter = ""
        }
        for key in keys.dropLast() { view.filter += key }
        benchmark.startMeasurement()
        view.filter += keys.last!
        benchmark.stopMeasurement()
        precondition(view.itemCounts.shown > 0)
        if !fresh { logs[count] = view }
      }
    }
  }

  // A searchable list page on screen folds its texts between keys, in
  // slices of 2 ms of real time: a key that comes meanwhile waits for one
  // slice at most.
  nonisolated(unsafe) var slicing: (app: AppDriver, slices: Int)?
  register(
    "List filter, one slice of folding between keys, 200,000 log lines", iterations: 200,
    maxDuration: .seconds(10), timeUnits: .microseconds, warmUp: 1
  ) { benchmark in
    onMainThread(benchmark) { benchmark in
      // A list afresh every 10 slices, well before its texts are all
      // folded (folding all 200,000 at once takes some 60 ms).
      if slicing == nil || slicing!.slices == 10 {
        let list = ListViewController(title: "Log", rows: logList(200_000).rows)
        list.isSearchable = true
        slicing = (AppDriver(root: NavigationController(rootViewController: list)), 0)
      }
      benchmark.startMeasurement()
      slicing!.app.advance(by: .milliseconds(1))
      benchmark.stopMeasurement()
      slicing!.slices += 1
    }
  }

  // The first key of a filter typed on a terminal after one slice of
  // folding: the rows folded so far are searched, the rest as the slices
  // come. The terminal is one of the benchmark's own (an in-memory one
  // finishes the folding at the key: its frames are settled ones).
  register(
    "List filter, first key while the texts are being folded, 200,000 log lines",
    iterations: 20, maxDuration: .seconds(20), timeUnits: .microseconds, warmUp: 1
  ) { benchmark in
    onMainThread(benchmark) { benchmark in
      let list = ListViewController(title: "Log", rows: logList(200_000).rows)
      list.isSearchable = true
      let terminal = KeysTerminal(slices: 1, keys: ["/", "9"], benchmark: benchmark)
      let app = Application(
        root: NavigationController(rootViewController: list), terminal: terminal)
      try! app.run()
      precondition(list.listView.itemCounts.shown > 0)
    }
  }

  // 3 lines appended within 1 ms, with and without a filter kept.
  for filter in ["", "error"] {
    let label = filter.isEmpty ? "" : ", filter kept"
    nonisolated(unsafe) var next = 200_000
    register(
      "List append 3 lines to 200,000\(label)", iterations: 2_000, maxDuration: .seconds(6),
      timeUnits: .microseconds, warmUp: 5
    ) { benchmark in
      onMainThread(benchmark) { benchmark in
        var view = logList(200_000)
        logs[200_000] = nil  // the one copy: appended to in place
        view.filter = filter
        let rows = LogLines.rows(LogLines.lines(3, from: next), from: next)
        next += 3
        benchmark.startMeasurement()
        view.append(contentsOf: rows)
        benchmark.stopMeasurement()
        precondition(view.rowCount == 200_003)
        view.removeRows(in: 200_000..<200_003)
        logs[200_000] = view
      }
    }
  }
}

/// Log lines shaped like a real log (issue 37): 60–140 characters each, a
/// quarter of them with Chinese, every one distinct (a time, a service, an
/// id), none short enough for Swift's 15-byte inline strings. Seeded: the
/// same lines on every run.
enum LogLines {
  static let services = [
    "api-gateway", "billing", "search-indexer", "auth", "image-resizer", "mailer", "scheduler",
  ]
  static let paths = ["/v1/orders", "/v1/users", "/v2/search", "/v1/invoices", "/static/img"]
  static let messages = [
    "upstream responded slowly, retrying with backoff", "cache miss for key, loading from store",
    "request served", "connection reset by peer while reading body",
    "disk usage above threshold on /var/lib/data", "token refreshed for session",
  ]
  static let chinese = [
    "订单回调超时，已重试", "支付服务响应缓慢，正在降级", "用户登录失败，密码错误次数过多", "库存同步完成，共更新商品",
    "图片压缩任务排队中，请稍候", "数据库连接池耗尽，等待释放", "消息推送成功，送达用户",
  ]
  static let levels = ["INFO ", "INFO ", "INFO ", "DEBUG", "WARN ", "ERROR"]

  /// Line `index` of the log: the same text for the same index.
  static func line(_ index: Int, random: inout SplitMix64) -> String {
    let second = index % 86_400
    let time =
      "2026-11-26T\(pad(second / 3600)):\(pad(second / 60 % 60)):\(pad(second % 60))."
      + "\(100 + index % 900)Z"
    let level = levels[Int(random.next() % UInt64(levels.count))]
    let service = services[Int(random.next() % UInt64(services.count))]
    let pid = 1_000 + Int(random.next() % 9_000)
    var text: String
    if index % 4 == 3 {
      let message = chinese[Int(random.next() % UInt64(chinese.count))]
      text = "\(time) \(level) \(service)[\(pid)]: \(message) 编号 \(random.next() % 1_000_000)"
    } else {
      let path = paths[Int(random.next() % UInt64(paths.count))]
      let message = messages[Int(random.next() % UInt64(messages.count))]
      text =
        "\(time) \(level) \(service)[\(pid)]: GET \(path)/\(random.next() % 100_000) "
        + "\(message) in \(random.next() % 900) ms"
    }
    // 60–140 characters: long lines are cut, short ones given a request id.
    let length = 60 + Int(random.next() % 81)
    while text.count < length { text += " req=\(random.next() % 0xFFFF_FFFF)" }
    return String(text.prefix(length))
  }

  static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  /// `count` lines from line `start` on.
  static func lines(_ count: Int, from start: Int = 0, seed: UInt64 = 37) -> [String] {
    var random = SplitMix64(seed: seed &+ UInt64(start))
    return (start..<start + count).map { line($0, random: &random) }
  }

  /// Rows for `lines`, each known by its number, as a log viewer's.
  static func rows(_ lines: [String], from start: Int = 0) -> [ListRow] {
    lines.enumerated().map { ListRow($1, id: start + $0) }
  }
}

/// A small seeded generator (SplitMix64).
struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A list page of `rows` rows in a tab at 80×24, its selection in the middle
/// of the list: each step moves it one row down or back up, one frame each.
@MainActor
final class LongListFixture {
  let app: AppDriver
  var down = true

  /// `count` rows that open something, titled with their number and a word.
  static func rows(_ count: Int) -> [ListRow] {
    let words = ["harbour", "rain", "market", "council", "galaxy", "museum", "bridge"]
    return (0..<count).map { index in
      ListRow("\(words[index % words.count].capitalized) \(index)", perform: {})
    }
  }

  init(rows count: Int) {
    let list = ListViewController(title: "News", rows: Self.rows(count))
    list.isSearchable = true
    let root = TabBarController(viewControllers: [
      NavigationController(rootViewController: list)
    ])
    app = AppDriver(root: root, size: Size(width: 80, height: 24))
    list.listView.select(count / 2)
    step()
  }

  /// One row down or up, and the frame for it.
  func step() {
    app.press(down ? .down : .up)
    down.toggle()
  }
}

/// A terminal that lets `slices` timer rounds run (1 ms each), then sends
/// `keys` one by one and measures the last, from the key to the end of its
/// frame; then the input ends.
@MainActor
final class KeysTerminal: Terminal {
  let size = Size(width: 80, height: 24)
  let supportsColor = true
  private var slices: Int
  private var keys: [String]
  private let benchmark: Benchmark
  private var measuring = false

  init(slices: Int, keys: [String], benchmark: Benchmark) {
    self.slices = slices
    self.keys = keys
    self.benchmark = benchmark
  }

  func readEvent(timeout: Duration?) -> InputEvent? {
    if measuring {
      benchmark.stopMeasurement()
      measuring = false
    }
    if slices > 0 {
      slices -= 1
      usleep(1_000)
      return nil
    }
    guard !keys.isEmpty else { return .endOfInput }
    let key = keys.removeFirst()
    if keys.isEmpty {
      benchmark.startMeasurement()
      measuring = true
    }
    return .key(try! Key.parseList(key)[0])
  }

  func draw(_ cell: Cell, at point: Point) throws {}
  func flush() throws {}
}
