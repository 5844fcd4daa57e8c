/// A strip of channels over a page, as the page menus of NetEase News (头条 /
/// 要闻 / 娱乐 …): one row of titles, the selected one in the theme's accent,
/// and under it the selected channel's own page (UIKit's segmented control
/// over a page view controller, Textual's `TabbedContent`).
///
/// Each channel is a page of its own, titled by its ``ViewController/title``,
/// and keeps its scroll position, selection and filter while another one
/// shows. A badge on a channel's ``ViewController/tabBarItem`` (a count, a
/// dot or a short text) shows beside its title, as the tab bar shows a
/// tab's, and goes when the channel is selected if the item
/// ``TabBarItem/clearsBadgeOnSelect``. `[` and `]` select the channel to the
/// left and right (wrapping), as lazygit switches a panel's tabs: ←/→ and
/// the digits stay the tab bar's, as on any page that does not bind them (a
/// key goes to the controller nearest the focused page that binds it). A
/// click on a title selects it. When the titles are wider than the screen the
/// strip scrolls sideways to keep the selected one in view, with `‹` or `›`
/// at an edge where more lies. Only the selected channel is on screen: it is
/// the one that gets the appearance calls and the keys.
///
/// As a tab of its own, a strip whose channels are stacks (a
/// ``NavigationController`` each) keeps the tab bar in step with the
/// selected channel (``TabBarChildContainer``): the bar leaves when that
/// channel pushes a page that hides it, choosing the tab again pops that
/// channel to its root, and the bar slides with its pages.
open class ChannelStripController: ViewController, TabBarChildContainer {
  /// The channels' pages, left to right; each one's title is its title in the
  /// strip. Replacing them selects the first.
  ///
  /// Complexity: O(n) in the channels, old and new. The pages that leave
  /// are found by identity in a set and taken out from the last one back,
  /// each then the last of ``ViewController/children``: a search of the new list for each
  /// old page, and removals from the front, made 10,000 channels take 5.7 s
  /// to start.
  public var channels: [ViewController] {
    didSet {
      let old = oldValue.indices.contains(selectedIndex) ? oldValue[selectedIndex] : nil
      let staying = Set(channels.map(ObjectIdentifier.init))
      for channel in oldValue.reversed() where !staying.contains(ObjectIdentifier(channel)) {
        unembed(channel)
      }
      for channel in channels { embed(channel) }
      selectedIndex = 0
      firstShownIndex = 0
      let new = channels.first
      if old !== new { transition(from: old, to: new) }
      setNeedsDisplay()
    }
  }

  /// The selected channel's index in ``channels``.
  public private(set) var selectedIndex = 0

  /// The first channel the strip shows, as of the last layout pass: more than
  /// 0 when the strip is scrolled sideways.
  package private(set) var firstShownIndex = 0

  /// Columns around each title in the strip.
  private static let padding = 1
  /// The rule between two titles, so that neighbours never read as one
  /// name ("Top │ News", not "Top  News"), as ratatui's tabs divide theirs.
  private static let divider = "│"

  /// Creates a strip of `channels`, the first one selected.
  public init(title: String, channels: [ViewController]) {
    self.channels = channels
    super.init(title: title)
    for channel in channels { embed(channel) }
  }

  /// Selects channel `index` (an index past the ends is ignored): the one
  /// shown leaves the screen as it is, to come back the same. Its badge
  /// goes when its item clears on selection.
  public func selectChannel(at index: Int) {
    guard channels.indices.contains(index), index != selectedIndex else { return }
    let old = channels[selectedIndex]
    selectedIndex = index
    if channels[index].tabBarItem.clearsBadgeOnSelect {
      channels[index].tabBarItem.badge = .none
    }
    transition(from: old, to: channels[index])
    setNeedsDisplay()
  }

  /// The selected channel's page, nil when there are none.
  private var selectedChannel: ViewController? {
    channels.indices.contains(selectedIndex) ? channels[selectedIndex] : nil
  }

  override open var visibleChildren: [ViewController] {
    selectedChannel.map { [$0] } ?? []
  }

  // MARK: Keys

  /// `[` and `]` while there are two channels or more. Not ←/→: bound here,
  /// they would come to the strip before the tab bar above it, and ←/→
  /// would no longer switch tabs from a strip as they do from other pages.
  override open var keyBindings: [KeyBinding] {
    guard channels.count > 1 else { return [] }
    let words = interfaceStrings
    return [
      KeyBinding(
        [.character("[")], .previousChannel, words[InterfaceStrings.LibraryKey.previousChannel],
        hintImportance: .high),
      KeyBinding(
        [.character("]")], .nextChannel, words[InterfaceStrings.LibraryKey.nextChannel],
        hintImportance: .high),
    ]
  }

  override open func handle(_ action: Action) -> Bool {
    guard channels.count > 1 else { return false }
    switch action {
    case .previousChannel:
      selectChannel(at: (selectedIndex + channels.count - 1) % channels.count)
    case .nextChannel:
      selectChannel(at: (selectedIndex + 1) % channels.count)
    default:
      return false
    }
    return true
  }

  // MARK: Layout

  /// The strip's row and the rectangle of the selected channel under it.
  private func split(_ rect: Rect) -> (strip: Rect, content: Rect) {
    let (strip, content) = rect.dividedAtTop(min(1, rect.height))
    return (strip, content)
  }

  /// One channel in the strip: its title and badge as written, and the
  /// columns they take with the padding around them.
  private struct Segment {
    var title: String
    /// The badge's text, nil when it has none; it follows the title after
    /// a space.
    var badge: String?
    var width: Int
  }

  /// Each channel's title and badge as the strip writes them. A title too
  /// wide for the strip is cut before its badge is, as in the compact tab
  /// bar; a count that still does not fit becomes a dot.
  private func segments(fitting room: Int) -> [Segment] {
    let widest = max(1, room - 2 * Self.padding)
    _titlesMeasured += channels.count
    return channels.map { channel in
      let badge = channel.tabBarItem.badge
      let full = badge.label.map { TextWidth.width(of: $0) } ?? 0
      // At least two columns of the title stay: `T…`.
      let titleRoom = full > 0 ? max(min(2, widest), widest - full - 1) : widest
      let (title, used) = TextWidth.fit(
        channel.title, width: TextWidth.width(of: channel.title), toWidth: titleRoom)
      let label = badge.label(fitting: widest - used - 1)
      let badgeWidth = label.map { TextWidth.width(of: $0) + 1 } ?? 0
      return Segment(
        title: title, badge: label, width: used + badgeWidth + 2 * Self.padding)
    }
  }

  /// The segments as the last layout pass measured them, for a strip of
  /// `room` columns: drawing and clicks read them, so each title is
  /// measured once per frame.
  private var laidOutSegments: (room: Int, segments: [Segment])?

  /// Test hook: how many titles were measured, to check that a frame
  /// measures each once.
  package var _titlesMeasured = 0

  /// The segments for `room` columns: the layout pass's when it measured
  /// for that room, else measured now.
  private func measuredSegments(fitting room: Int) -> [Segment] {
    if let laidOut = laidOutSegments, laidOut.room == room { return laidOut.segments }
    return segments(fitting: room)
  }

  /// The columns the titles take in a strip `width` wide: all but the first
  /// and the last, kept for the `‹` and `›`.
  private static func room(width: Int) -> Int { max(0, width - 2) }

  /// The channels shown from `first` on in `room` columns: each one's index,
  /// its column from the start of the room, and its title.
  private func shown(
    from first: Int, _ segments: [Segment], room: Int
  ) -> [(index: Int, x: Int, segment: Segment)] {
    var result: [(index: Int, x: Int, segment: Segment)] = []
    var x = 0
    for index in segments.indices.dropFirst(first) {
      let segment = segments[index]
      guard x + segment.width <= room else { break }
      result.append((index, x, segment))
      // The divider's column after it.
      x += segment.width + 1
    }
    return result
  }

  /// Scrolls the strip as little as brings the selected channel into view,
  /// and back to the left as far as the channels after it still fill the
  /// strip.
  private func scrollToSelection(width: Int) {
    let room = Self.room(width: width)
    let segments = segments(fitting: room)
    laidOutSegments = (room, segments)
    guard !segments.isEmpty else { return firstShownIndex = 0 }
    var first = min(firstShownIndex, selectedIndex)
    while first < selectedIndex,
      !shown(from: first, segments, room: room).contains(where: { $0.index == selectedIndex })
    {
      first += 1
    }
    while first > 0,
      segments[(first - 1)...].reduce(-1, { $0 + $1.width + 1 }) <= room
    {
      first -= 1
    }
    firstShownIndex = first
  }

  override open func viewWillLayout(in rect: Rect) {
    scrollToSelection(width: rect.width)
    guard let channel = selectedChannel else { return }
    channel.safeAreaInsets = safeAreaInsets
    channel.viewWillLayout(in: split(rect).content)
  }

  // MARK: Drawing

  override open func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let (strip, content) = split(rect)
    renderStrip(in: strip, into: &buffer)
    if !content.isEmpty { selectedChannel?.render(in: content, into: &buffer) }
  }

  /// The titles, the selected one in the accent (bold and underlined, so it
  /// shows without colours too), each badge after its title in the tab
  /// bar's badge styles, and `‹` or `›` where more lies.
  private func renderStrip(in rect: Rect, into buffer: inout ScreenBuffer) {
    guard !rect.isEmpty else { return }
    let theme = theme
    buffer.fill(rect, with: Cell(" ", style: theme[.text]))
    guard rect.width >= 3 else { return }
    let room = Self.room(width: rect.width)
    let shown = shown(from: firstShownIndex, measuredSegments(fitting: room), room: room)
    var selected = theme[.accent]
    selected.attributes.formUnion([.bold, .underline])
    for (index, column, segment) in shown {
      if index > shown[0].index {
        buffer.write(
          Self.divider, at: Point(x: rect.minX + column, y: rect.minY), style: theme[.separator])
      }
      let x = rect.minX + 1 + column + Self.padding
      let style = index == selectedIndex ? selected : theme[.text]
      let end = buffer.write(
        segment.title, at: Point(x: x, y: rect.minY), style: style, maxX: rect.maxX - 1)
      if let badge = segment.badge {
        let badgeStyle: Style
        if case .dot = channels[index].tabBarItem.badge {
          badgeStyle = theme[.badgeDot]
        } else {
          badgeStyle = theme[.badge]
        }
        buffer.write(
          badge, at: Point(x: end + 1, y: rect.minY), style: badgeStyle, maxX: rect.maxX - 1)
      }
    }
    if firstShownIndex > 0 {
      buffer.write("‹", at: Point(x: rect.minX, y: rect.minY), style: theme[.dimText])
    }
    if let last = shown.last?.index, last < channels.count - 1 {
      buffer.write("›", at: Point(x: rect.maxX - 1, y: rect.minY), style: theme[.dimText])
    }
  }

  // MARK: Mouse

  /// A click on a title selects its channel; on `‹` or `›`, the channel just
  /// out of view on that side. Under the strip, the selected channel has it.
  override open func handleMouse(_ event: MouseEvent, in rect: Rect) -> Bool {
    guard rect.contains(event.position) else { return false }
    let (strip, content) = split(rect)
    guard strip.contains(event.position) else {
      return selectedChannel?.handleMouse(event, in: content) ?? false
    }
    guard event.kind == .press, strip.width >= 3 else { return false }
    let room = Self.room(width: strip.width)
    let shown = shown(from: firstShownIndex, measuredSegments(fitting: room), room: room)
    let column = event.position.x - strip.minX - 1
    let target: Int?
    if column < 0 {
      target = firstShownIndex > 0 ? firstShownIndex - 1 : nil
    } else if let hit = shown.first(where: {
      column >= $0.x && column < $0.x + $0.segment.width
    }) {
      target = hit.index
    } else if column >= room, let last = shown.last?.index, last < channels.count - 1 {
      target = last + 1
    } else {
      target = nil
    }
    guard let target, target != selectedIndex else { return false }
    selectChannel(at: target)
    return true
  }

  // MARK: In a tab

  /// The selected channel when it is a container of its own (a stack).
  private var selectedContainer: TabBarChildContainer? {
    selectedChannel as? TabBarChildContainer
  }

  /// Pops the selected channel to its root.
  open func popStackToRoot(animated: Bool) -> Bool {
    selectedContainer?.popStackToRoot(animated: animated) ?? false
  }

  /// True while the selected channel hides the bar.
  open var hidesTabBar: Bool { selectedContainer?.hidesTabBar ?? false }

  /// Leaves the bar to the selected channel when it is a container that
  /// places it; otherwise the strip is laid out above the bar, as a page.
  open func layoutForTabBar(rows: Int, translucent: Bool) -> Bool {
    selectedContainer?.layoutForTabBar(rows: rows, translucent: translucent) ?? false
  }

  /// Where the selected channel has the bar drawn.
  open func tabBarOffsets(width: Int) -> [Int] {
    selectedContainer?.tabBarOffsets(width: width) ?? [0]
  }

  /// A channel's item changed (its badge): the strip is drawn again.
  open func childTabBarItemDidChange(_ child: ViewController) { setNeedsDisplay() }

  // MARK: State restoration and deep links

  /// Saves the selected channel (from 1) and every channel's own state, so
  /// each comes back scrolled as it was.
  override open func encodeRestorableState(with coder: inout RestorationCoder) {
    coder.encode(selectedIndex + 1, forKey: "channel")
    coder.encode(channels.map { $0.restorationEntry() }, forKey: "channels")
  }

  /// Gives each channel its saved state and selects the saved one; a
  /// channel that is gone is reported.
  override open func decodeRestorableState(with coder: RestorationCoder) {
    let entries = coder.decodeCoders(forKey: "channels")
    if entries.count > channels.count {
      coder.reportMismatch(
        "“\(declaredTitle)” had \(entries.count) channels, it has \(channels.count)")
    }
    for (channel, entry) in zip(channels, entries) { channel.restore(from: entry) }
    guard let saved = coder.decodeInt(forKey: "channel") else { return }
    guard saved >= 1, saved <= channels.count else {
      return coder.reportMismatch("channel \(saved) of “\(declaredTitle)” is gone")
    }
    selectChannel(at: saved - 1)
  }

  /// Opens the child at `position` of the selected channel: a deep link
  /// goes through the strip to the page on screen, whose selection is saved
  /// with the strip's state.
  override open func openChild(at position: Int) throws(DeepLinkError) -> ViewController {
    guard let channel = selectedChannel else {
      throw DeepLinkError(reason: "“\(declaredTitle)” has no channels")
    }
    return try channel.openChild(at: position)
  }

  /// Ready when the selected channel is: a deep link's next step goes to it.
  override func whenContentIsReady(_ body: @escaping @MainActor () -> Void) {
    guard let channel = selectedChannel else { return body() }
    channel.whenContentIsReady(body)
  }

  /// What the selected channel has open.
  override open var openChildPositions: [Int] {
    selectedChannel?.openChildPositions ?? []
  }
}

extension Action {
  /// `[` in a channel strip.
  static let previousChannel = Action.custom("TabBarKit.previousChannel")
  /// `]` in a channel strip.
  static let nextChannel = Action.custom("TabBarKit.nextChannel")
}
