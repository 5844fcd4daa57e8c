import TabBarKit

extension Action {
  /// The player: ten seconds back.
  static let seekBackward = Action.custom("seekBackward")
  /// The player: ten seconds on.
  static let seekForward = Action.custom("seekForward")
  /// The player: open the related clip chosen with ↑/↓.
  static let openClip = Action.custom("openClip")
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
///
/// Under the bar it shows the video's description and its related clips:
/// ↑/↓ choose one, Enter or a click opens it (with none chosen, Enter
/// plays and pauses). It tells `onPosition` where it is as it plays, so the
/// demo reopens it there.
final class PlayerPage: ViewController {
  /// A related clip: its row, and the page it opens.
  struct Clip {
    var title: String
    var detail: String
    var open: @MainActor () -> ViewController
  }

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
  /// A paragraph about the video.
  let summary: String
  /// The related clips.
  let clips: [Clip]
  /// The clip ↑/↓ chose; nil for none.
  private(set) var selectedClip: Int?
  /// The description's lines and the row of the first clip, from the last layout.
  private var summaryLines: [String] = []
  private var clipsTop: Int?
  /// Told the position whenever it changes.
  private let onPosition: (@MainActor (Duration) -> Void)?
  /// Called each time the player comes on screen: the clip was watched.
  var onAppear: (@MainActor () -> Void)?

  /// A player for a video of `length`, playing from `start` (the start by
  /// default), with `summary` and `clips` under its bar.
  init(
    title: String, length: Duration, strings: DemoStrings = .english, start: Duration = .zero,
    summary: String = "", clips: [Clip] = [],
    onPosition: (@MainActor (Duration) -> Void)? = nil
  ) {
    self.length = max(length, .seconds(1))
    self.strings = strings
    self.summary = summary
    self.clips = clips
    self.onPosition = onPosition
    super.init(title: title)
    position = min(max(.zero, start), self.length)
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
    onPosition?(position)
  }

  /// True once the video has played to its end.
  var hasEnded: Bool { position >= length }

  // Keys: the page's own bindings, named for what they do now ("pause",
  // "play" or "replay"); the hint and the help show them only here.
  override var keyBindings: [KeyBinding] {
    let word = isPlaying ? strings.pause : hasEnded ? strings.replay : strings.play
    var bindings: [KeyBinding] = []
    if !clips.isEmpty {
      let words = strings.flow.openRelated
      bindings = [
        KeyBinding([.up, .character("k")], .moveUp, help: words.help, hint: words.hint),
        KeyBinding([.down, .character("j")], .moveDown, help: words.help),
      ]
      if selectedClip != nil {
        let open = strings.flow.openClip
        bindings.append(KeyBinding([.enter], .openClip, help: open.help, hint: open.hint))
      }
    }
    let playKeys: [Key] = selectedClip == nil ? [.enter, .character(" ")] : [.character(" ")]
    return bindings + [
      KeyBinding(
        playKeys, .activate, help: DemoStrings.sentence(word),
        hint: selectedClip == nil ? "enter \(word)" : "space \(word)"),
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
    case .moveUp where !clips.isEmpty:
      selectedClip = selectedClip.flatMap { $0 > 0 ? $0 - 1 : nil }
    case .moveDown where !clips.isEmpty:
      selectedClip = min((selectedClip ?? -1) + 1, clips.count - 1)
    case .openClip:
      guard let clip = selectedClip else { return false }
      navigationController?.pushViewController(clips[clip].open())
    default: return false
    }
    return true
  }

  override func handleMouse(_ event: MouseEvent, in rect: Rect) -> Bool {
    guard event.kind == .press else { return false }
    if let top = clipsTop, event.position.y >= rect.minY + top,
      event.position.y < rect.minY + top + clips.count
    {
      selectedClip = event.position.y - rect.minY - top
      navigationController?.pushViewController(clips[selectedClip!].open())
      return true
    }
    guard let bar = barFrame, bar.contains(event.position) else { return false }
    let fraction = Double(event.position.x - bar.minX) / Double(max(1, bar.width - 1))
    position = .seconds((Double(length.components.seconds) * fraction).rounded())
    if hasEnded { isPlaying = false }
    onPosition?(position)
    return true
  }

  // Time: a timer tied to the page, started each time it comes on screen
  // while the video plays, and stopped when it pauses or ends.
  override func viewDidAppear() {
    onAppear?()
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
    onPosition?(position)
    setNeedsDisplay()
  }

  // Layout, then drawing: layout stores what input needs; render only reads.
  override func viewWillLayout(in rect: Rect) {
    summaryLines = summary.isEmpty ? [] : TextWrap.lines(summary, width: max(1, rect.width - 4))
    clipsTop = clips.isEmpty ? nil : 8 + (summaryLines.isEmpty ? 0 : summaryLines.count + 1) + 1
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
    // The description, then the related clips, as far as the height goes.
    for (index, text) in summaryLines.enumerated() { line(8 + index, text, theme[.text]) }
    guard let top = clipsTop else { return }
    line(top - 1, strings.flow.related, theme[.heading])
    for (index, clip) in clips.enumerated() where top + index < rect.height {
      let y = rect.minY + top + index
      let selected = index == selectedClip
      let style = selected ? theme[.selectedRow] : theme[.row]
      if selected {
        buffer.fill(
          Rect(x: rect.minX + 1, y: y, width: max(0, rect.width - 2), height: 1),
          with: Cell(" ", style: style))
      }
      let detailWidth = TextWidth.width(of: clip.detail)
      let detailX = rect.maxX - 2 - detailWidth
      buffer.write(
        "▸ " + clip.title, at: Point(x: x, y: y), style: style, maxX: max(x, detailX - 1))
      if !clip.detail.isEmpty, detailX > x + 4 {
        buffer.write(
          clip.detail, at: Point(x: detailX, y: y),
          style: selected ? style : theme[.rowDetail], maxX: rect.maxX)
      }
    }
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
