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
  // 1,000,000 (only the rows on screen are drawn), and a filter typed into it
  // costs time in proportion to the rows it searches.
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
  for count in [10_000, 100_000, 1_000_000] {
    nonisolated(unsafe) var list: ListView?
    register(
      "List filter, \(count) rows", iterations: 200, maxDuration: .seconds(4),
      timeUnits: .microseconds, warmUp: 1
    ) { benchmark in
      onMainThread(benchmark) { benchmark in
        // A list page's own list of rows (the library makes it; the
        // benchmarks use only the public API).
        let base = list ?? ListViewController(title: "", rows: LongListFixture.rows(count)).listView
        list = base
        // The first key of a filter: every row searched.
        var view = base
        benchmark.startMeasurement()
        view.filter = "9"
        benchmark.stopMeasurement()
        precondition(view.selectedRow != nil)
      }
    }
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
