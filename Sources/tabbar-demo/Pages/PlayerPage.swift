import TabBarKit

extension Action {
  /// The player: ten seconds back.
  static let seekBackward = Action.custom("seekBackward")
  /// The player: ten seconds on.
  static let seekForward = Action.custom("seekForward")
}

/// Plays a video of the content file (`"duration"`): a progress bar that
/// moves on the app's clock, Enter or Space to pause and play, ←/→ (or `[`
/// and `]`) to seek ten seconds, a click on the bar to jump there. Its
/// position is its own restorable state: `--state` brings it back, paused,
/// where it was.
///
/// ←/→ are the player's own bindings, so they seek here and switch tabs
/// everywhere else: the tab bar's keys give way to a page that binds them.
///
/// The page of the DocC article "Writing your own page", adapted: it stops
/// at the end, where Space plays it again, and it draws only inside its
/// rectangle, however small.
final class PlayerPage: ViewController {
  /// How long the video runs.
  let length: Duration
  /// How far it has played.
  private(set) var position: Duration = .zero
  /// False while paused, and once the end is reached.
  private(set) var isPlaying = true {
    didSet { updateTimer() }
  }
  /// The one-second timer that moves the bar: it runs only while the video
  /// plays, so a paused or ended player lets the app sleep until a key.
  private var playTimer: Timers.Token?
  /// The words of its states and keys.
  let strings: DemoStrings
  /// Where the bar was drawn, from the last layout: clicks read it.
  private var barFrame: Rect?

  /// A player for a video of `length`, playing from the start.
  init(title: String, length: Duration, strings: DemoStrings = .english) {
    self.length = max(length, .seconds(1))
    self.strings = strings
    super.init(title: title)
    restorationIdentifier = "player"
  }

  // State: where it was, saved with `--state`; it comes back paused there.
  override func encodeRestorableState(with coder: inout RestorationCoder) {
    coder.encode(Int(position.components.seconds), forKey: "position")
  }

  override func decodeRestorableState(with coder: RestorationCoder) {
    // Clamped to the video, whatever number the file holds.
    let end = Int(length.components.seconds)
    guard let seconds = coder.decodeInt(forKey: "position", clampedTo: 0...end) else { return }
    position = .seconds(seconds)
    isPlaying = false
  }

  /// True once the video has played to its end.
  var hasEnded: Bool { position >= length }

  // Keys: the page's own bindings, named for what they do now ("pause",
  // "play" or "replay"); the hint and the help show them only here.
  override var keyBindings: [KeyBinding] {
    let word = isPlaying ? strings.pause : hasEnded ? strings.replay : strings.play
    return [
      KeyBinding(
        [.enter, .character(" ")], .activate, help: DemoStrings.sentence(word),
        hint: "enter \(word)"),
      KeyBinding(
        [.left, .character("[")], .seekBackward, help: strings.seekBackward.help,
        hint: strings.seekBackward.hint),
      KeyBinding(
        [.right, .character("]")], .seekForward, help: strings.seekForward.help,
        hint: strings.seekForward.hint),
    ]
  }

  override func handle(_ action: Action) -> Bool {
    switch action {
    case .activate:
      if hasEnded {
        position = .zero
        isPlaying = true
      } else {
        isPlaying.toggle()
      }
    case .seekBackward: seek(by: .seconds(-10))
    case .seekForward: seek(by: .seconds(10))
    default: return false
    }
    return true
  }

  override func handleMouse(_ event: MouseEvent, in rect: Rect) -> Bool {
    guard event.kind == .press, let bar = barFrame, bar.contains(event.position) else {
      return false
    }
    let fraction = Double(event.position.x - bar.minX) / Double(max(1, bar.width - 1))
    position = .seconds((Double(length.components.seconds) * fraction).rounded())
    if hasEnded { isPlaying = false }
    return true
  }

  // Time: a timer tied to the page, started each time it comes on screen
  // while the video plays, and stopped when it pauses or ends.
  override func viewDidAppear() {
    updateTimer()
  }

  /// Starts the timer when the video plays on screen, and stops it when it
  /// does not: a paused video makes no wake-ups.
  private func updateTimer() {
    if isPlaying, !hasEnded, isVisible {
      guard playTimer?.isActive != true else { return }
      playTimer = schedule(every: .seconds(1)) { [weak self] in self?.advance(by: .seconds(1)) }
    } else {
      playTimer?.cancel()
      playTimer = nil
    }
  }

  private func advance(by step: Duration) {
    guard isPlaying, !hasEnded else { return }
    seek(by: step)
  }

  private func seek(by step: Duration) {
    position = min(max(.zero, position + step), length)
    if hasEnded { isPlaying = false }
    setNeedsDisplay()
  }

  // Layout, then drawing: layout stores what input needs; render only reads.
  override func viewWillLayout(in rect: Rect) {
    guard rect.height > 2 else {
      barFrame = nil
      return
    }
    barFrame = Rect(x: rect.minX + 2, y: rect.minY + 2, width: max(0, rect.width - 4), height: 1)
  }

  override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let state = isPlaying ? strings.playing : hasEnded ? strings.ended : strings.paused
    let x = rect.minX + 2
    func line(_ offset: Int, _ text: String, _ style: Style) {
      guard offset < rect.height else { return }
      buffer.write(text, at: Point(x: x, y: rect.minY + offset), style: style, maxX: rect.maxX)
    }
    line(0, state, theme[.navigationTitle])
    if let bar = barFrame, bar.width > 0 {
      let filled = Int(Double(bar.width) * (position / length))
      buffer.fill(
        Rect(x: bar.minX, y: bar.minY, width: filled, height: 1),
        with: Cell("━", style: theme[.selectedRow]))
      buffer.fill(
        Rect(x: bar.minX + filled, y: bar.minY, width: bar.width - filled, height: 1),
        with: Cell("─", style: theme[.separator]))
    }
    line(4, "\(Self.clock(position)) / \(Self.clock(length))", theme[.rowDetail])
    line(6, strings.playerKeys, theme[.dimText])
  }

  /// `1:05`, or `1:02:03` from an hour on.
  static func clock(_ duration: Duration) -> String {
    let seconds = Int(duration.components.seconds)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    if seconds >= 3600 {
      return "\(seconds / 3600):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
    }
    return "\(seconds / 60):\(two(seconds % 60))"
  }
}
