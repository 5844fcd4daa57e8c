import TabBarKit

/// A list of stories that hides the stories of blocked topics (a section
/// of Topics, a list of the file's): its rows follow Me's Blocked topics
/// each time it is laid out. When they hide every row, the list says why
/// and how to unblock them, instead of showing an empty screen.
final class TopicListPage: ListViewController {
  /// The file's rows and their topics.
  let topics: TopicFilter
  /// What the list says when blocked topics hide every row, in the
  /// language of the moment; nil says nothing.
  var allBlockedMessage: (@MainActor () -> String)?
  /// The words shown now for a list emptied by blocking; nil otherwise.
  private var blockedMessage: String?

  /// The list titled `title` of the rows `topics` leaves; with `lazily`,
  /// the rows are built when the list is first laid out, restored or
  /// opened from (a channel of News that is not shown first).
  init(title: String, topics: TopicFilter, lazily: Bool = false) {
    self.topics = topics
    super.init(title: title, rows: [])
    if !lazily { topics.update(&listView) }
  }

  /// Builds the rows now if they were left to be built when first shown.
  func buildRows() {
    topics.update(&listView)
  }

  /// True when blocked topics hide every row of the list (a post added
  /// above counts as a row).
  var isEmptiedByBlocking: Bool {
    topics.update(&listView)
    return listView.rowCount == 0 && topics.hidesRows
  }

  override func viewWillLayout(in rect: Rect) {
    topics.update(&listView)
    blockedMessage = isEmptiedByBlocking ? allBlockedMessage?() : nil
    super.viewWillLayout(in: rect)
  }

  override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    super.render(in: rect, into: &buffer)
    if let blockedMessage, listView.filter.isEmpty {
      BlockedMessage.render(
        blockedMessage, in: rect, bottomInset: safeAreaInsets.bottom, theme: theme,
        into: &buffer)
    }
  }

  override func viewWillAppear() {
    topics.update(&listView)
    super.viewWillAppear()
  }

  override func decodeRestorableState(with coder: RestorationCoder) {
    topics.update(&listView)
    super.decodeRestorableState(with: coder)
  }

  override func openChild(at position: Int) throws(DeepLinkError) -> ViewController {
    topics.update(&listView)
    return try super.openChild(at: position)
  }
}

/// What a list emptied by blocked topics says in the middle of its rows:
/// wrapped to the width and each line centred, so that the way to unblock
/// is never cut off at 40 columns, as a list's one-line
/// ``ListViewController/emptyMessage`` would be.
enum BlockedMessage {
  /// Draws `message` in the dim style, centred in the part of `rect`
  /// above its bottom `bottomInset` rows (a translucent bar).
  static func render(
    _ message: String, in rect: Rect, bottomInset: Int, theme: Theme,
    into buffer: inout ScreenBuffer
  ) {
    guard rect.width > 2, rect.height > 0 else { return }
    let visible = max(1, rect.height - max(0, bottomInset))
    let lines = TextWrap.lines(message, width: rect.width - 2).prefix(visible)
    let top = rect.minY + (visible - lines.count) / 2
    for (row, line) in lines.enumerated() {
      let x = rect.minX + max(1, (rect.width - TextWidth.width(of: line)) / 2)
      buffer.write(
        line, at: Point(x: x, y: top + row), style: theme[.dimText], maxX: rect.maxX - 1)
    }
  }
}

/// Topics: an accordion of lists of stories whose headers count their
/// rows (`Sport (4)`). When it comes on screen after Blocked topics
/// changed, each count is that of the stories its section still shows.
///
/// A section whose every story is of a blocked topic says so after its
/// header (`Sport (0) · blocked`) and does not open: an open empty section
/// would take the screen and push the headers under it to the bottom.
/// Opening it tells, in a toast, where to unblock it.
final class TopicsPage: AccordionController {
  /// The headers as the file gives them.
  private let titles: [String]
  /// Puts a header in the language chosen now.
  var localized: (String) -> String = { $0 }
  /// The demo's words in the language chosen now.
  var strings: () -> DemoStrings = { .english }
  /// The sections' lists, in order.
  private let lists: [TopicListPage]

  /// The accordion titled `title` with a section of each of `lists`,
  /// headed by its title.
  init(title: String, lists: [TopicListPage], headerHeight: Int = 1) {
    titles = lists.map(\.title)
    self.lists = lists
    super.init(
      title: title, sections: lists.map { Section(title: $0.title, content: $0) },
      headerHeight: headerHeight)
  }

  /// Header `index` for its section's rows now: the file's title with its
  /// number replaced by the count, or as given when it has none.
  private func header(_ index: Int) -> String {
    let title = localized(titles[index])
    let list = lists[index]
    let blocked = list.isEmptiedByBlocking ? " · " + strings().sectionBlocked : ""
    guard title.contains(where: { ("0"..."9").contains($0) }) else { return title + blocked }
    return SettingsPage.replacingCount(in: title, with: list.listView.rowCount) + blocked
  }

  override func handle(_ action: Action) -> Bool {
    let handled = super.handle(action)
    keepEmptySectionClosed()
    return handled
  }

  override func handleMouse(_ event: MouseEvent, in rect: Rect) -> Bool {
    let handled = super.handleMouse(event, in: rect)
    keepEmptySectionClosed()
    return handled
  }

  /// Closes a section just opened that blocked topics left empty, and says
  /// why and where to unblock it.
  private func keepEmptySectionClosed() {
    guard let open = expandedIndex, lists[open].isEmptiedByBlocking else { return }
    toggle(open, animated: false)
    let title = SettingsPage.replacingCount(in: localized(titles[open]), with: 0)
    let name = title.replacing(#/\s*[(（]\d+[)）]\s*$/#, with: "")
    showToast(DemoStrings.fill(strings().sectionAllBlocked, ["title": name]))
  }

  override func viewWillAppear() {
    super.viewWillAppear()
    let headers = sections.indices.map(header)
    // Replacing the sections closes the open one: only when a count changed.
    guard headers != sections.map(\.title) else { return }
    sections = zip(sections, headers).map { Section(title: $1, content: $0.content) }
  }
}
