import TabBarKit

/// A stopwatch: Enter or Space starts and stops it, `r` sets it back to zero.
public final class StopwatchPage: ViewController {
  /// The time counted so far.
  public private(set) var elapsed: Duration = .zero
  /// True while it counts.
  public private(set) var isRunning = false
  private var timer: Timers.Token?

  /// Creates a stopwatch at zero, stopped.
  public init() { super.init(title: "Stopwatch") }

  public override var keyBindings: [KeyBinding] {
    let word = isRunning ? "stop" : "start"
    return [
      KeyBinding(
        [.enter, .character(" ")], .activate, help: "Start or stop", hint: "enter \(word)")
    ]
  }

  public override func handle(_ action: Action) -> Bool {
    guard action == .activate else { return false }
    if isRunning {
      timer?.cancel()
      timer = nil
    } else {
      timer = schedule(every: .seconds(1)) { [weak self] in
        self?.elapsed += .seconds(1)
        self?.setNeedsDisplay()
      }
    }
    isRunning.toggle()
    return true
  }

  public override func handle(_ key: Key) -> Bool {
    guard key == .character("r") else { return false }
    elapsed = .zero
    return true
  }

  // Its time is its own restorable state; it comes back stopped.
  public override func encodeRestorableState(with coder: inout RestorationCoder) {
    coder.encode(Int(elapsed.components.seconds), forKey: "elapsed")
  }

  public override func decodeRestorableState(with coder: RestorationCoder) {
    let seconds = coder.decodeInt(forKey: "elapsed", clampedTo: 0...359_999) ?? 0
    elapsed = .seconds(seconds)
  }

  public override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let seconds = elapsed.components.seconds
    let time = "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
    buffer.write(time, at: Point(x: rect.minX + 2, y: rect.minY + 1), style: theme[.accent])
    buffer.write(
      isRunning ? "running" : "stopped", at: Point(x: rect.minX + 2, y: rect.minY + 3))
  }
}

/// One lap: its time, and a star that `s` puts on it or takes off.
public final class LapPage: ViewController {
  /// The lap's number, from 1.
  public let number: Int
  /// True once the user starred the lap.
  public private(set) var isStarred = false

  /// The page of lap `number`.
  public init(number: Int) {
    self.number = number
    super.init(title: "Lap \(number)")
    restorationIdentifier = "lap"
  }

  public override func handle(_ key: Key) -> Bool {
    guard key == .character("s") else { return false }
    isStarred.toggle()
    return true
  }

  public override func encodeRestorableState(with coder: inout RestorationCoder) {
    coder.encode(isStarred, forKey: "starred")
  }

  public override func decodeRestorableState(with coder: RestorationCoder) {
    isStarred = coder.decodeBool(forKey: "starred") ?? false
  }

  public override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let text = "Lap \(number) took \(60 + number) seconds." + (isStarred ? " ★" : "")
    buffer.write(text, at: Point(x: rect.minX + 1, y: rect.minY), maxX: rect.maxX)
  }
}

/// The app: a list of laps, the stopwatch, and a settings list.
@MainActor
public func makeApp() throws -> TabBarController {
  let laps = ListViewController(
    title: "Laps",
    rows: (1...12).map { n in
      ListRow("Lap \(n)", detail: "\(60 + n) s") { LapPage(number: n) }
    })
  let settings = ListViewController(
    title: "Settings", rows: [ListRow("Sound"), ListRow("Vibrate")])
  let pages = [laps, StopwatchPage(), settings].map {
    NavigationController(rootViewController: $0)
  }
  let items = [
    TabBarItem(title: "Laps", glyph: "≡"),
    TabBarItem(title: "Stopwatch", glyph: "◷"),
    TabBarItem(title: "Settings", glyph: "⚙"),
  ]
  return try TabBarController(viewControllers: pages, items: items)
}
