import NewsFeeds
import TabBarKit

extension Action {
  /// Opens the story's link in the browser: `o`.
  static let openLink = Action.custom("openLink")
}

/// A story of a news feed: its title, a dateline (author, age, feed), its
/// text as the feed gives it (headings and paragraphs, markup rendered by
/// the feed engine), and its link (a hyperlink where the terminal knows
/// them).
///
/// Opening it marks it read (it is no longer bold in its channel) and puts
/// it at the top of Me's History; `f` adds it to Favourites. `o`
/// opens the link in the browser (``LinkOpener``); `n` and `p` go to the
/// next and the previous story of the channel it was opened from, in its
/// place on the stack, as a story of the content file does. It opens where
/// it was left, in this run or (through `--state`) an earlier one, and
/// records where it is as the reader moves (``ResumeLog``), as a story of
/// the content file does.
final class FeedStoryPage: TextViewController {
  /// The story's page id (``DemoFeeds/storyID(source:item:)``).
  let id: String
  let item: FeedItem
  private let source: FeedSource
  private let model: DemoModel
  /// The channel that opened it, for `n` and `p`.
  private weak var channel: FeedChannelPage?
  private var strings: DemoStrings { model.settings.strings }
  /// False until the place it was left at has been put back.
  private var hasResumed = false

  /// The page of `item` of the feed `source`, opened from `channel`.
  init(item: FeedItem, source: FeedSource, channel: FeedChannelPage?, model: DemoModel) {
    self.id = DemoFeeds.storyID(source: source, item: item)
    self.item = item
    self.source = source
    self.channel = channel
    self.model = model
    super.init(title: item.title.isEmpty ? item.summary : item.title, blocks: [])
    textView.blocks = blocks()
  }

  /// A page for a row whose channel went away meanwhile: empty.
  static func gone(model: DemoModel) -> ViewController {
    TextViewController(title: "", blocks: [])
  }

  /// The title, the dateline, the text, and the link.
  func blocks() -> [TextBlock] {
    var blocks: [TextBlock] = []
    if !title.isEmpty { blocks.append(.heading(title)) }
    let feedTitle = model.feeds.stories[id]?.feed ?? channel?.title ?? ""
    let age = FeedAge.short(from: item.date, to: model.feeds.now(), strings: strings)
    let dateline = [item.author ?? "", age, feedTitle].filter { !$0.isEmpty }
      .joined(separator: " · ")
    // A favourite says so in its byline, so that f says which way it goes.
    let favourite = model.reading.isFavourite(id)
    if !dateline.isEmpty { blocks.append(.paragraph((favourite ? "★ " : "") + dateline)) }
    for block in item.body {
      switch block.kind {
      case .heading: blocks.append(.heading(block.text))
      case .paragraph: blocks.append(.paragraph(block.text))
      }
    }
    if item.body.isEmpty, !item.summary.isEmpty { blocks.append(.paragraph(item.summary)) }
    if let link = item.link {
      // A hyperlink where the terminal knows them: a click anywhere on the
      // line opens the story, even where a long link wraps.
      blocks.append(.link(DemoStrings.fill(strings.feeds.linkLine, ["url": link]), url: link))
    }
    return blocks
  }

  override func viewWillAppear() {
    super.viewWillAppear()
    show(blocks(), resuming: id, from: model.resume, resumes: !hasResumed)
    hasResumed = true
  }

  override func viewDidAppear() {
    super.viewDidAppear()
    model.feeds.markRead(id)
    model.reading.read(id)
    recordPlace()
  }

  /// Tells the resume log where the reader is.
  private func recordPlace() { recordPlace(of: id, in: model.resume) }

  override func handleMouse(_ event: MouseEvent, in rect: Rect) -> Bool {
    guard super.handleMouse(event, in: rect) else { return false }
    recordPlace()
    return true
  }

  /// The stories of the channel, this one among them.
  private var siblings: [FeedItem] { channel?.items ?? [] }

  override var keyBindings: [KeyBinding] {
    var bindings = super.keyBindings
    let open = strings.feeds.openLink
    bindings.append(
      KeyBinding(
        [.character("o")], .openLink, help: open.help, hint: open.hint, hintImportance: .high))
    let favourite = model.reading.isFavourite(id) ? strings.unfavourite : strings.favourite
    bindings.append(
      KeyBinding([.character("f")], .favourite, help: favourite.help, hint: favourite.hint))
    if siblings.count > 1 {
      let flow = strings.flow
      bindings += [
        KeyBinding(
          [.character("n")], .nextStory, help: flow.nextStory.help, hint: flow.nextStory.hint),
        KeyBinding(
          [.character("p")], .previousStory, help: flow.previousStory.help,
          hint: flow.previousStory.hint),
      ]
    }
    return bindings
  }

  override func handle(_ action: Action) -> Bool {
    switch action {
    case .openLink:
      openLink()
    case .favourite:
      showToast(model.reading.toggleFavourite(id) ? strings.favourited : strings.unfavourited)
      textView.blocks = blocks()
    case .nextStory:
      open(step: 1, or: strings.flow.noNext)
    case .previousStory:
      open(step: -1, or: strings.flow.noPrevious)
    default:
      guard super.handle(action) else { return false }
      recordPlace()
    }
    return true
  }

  /// Opens the link with the browser, and says so in a toast.
  private func openLink() {
    let words = strings.feeds
    guard let link = item.link else { return showToast(words.noLink) }
    switch LinkOpener.standard.open(link, application: application) {
    case .success(let program):
      showToast(DemoStrings.fill(words.opened, ["program": program]))
    case .failure(let error):
      showToast(DemoStrings.fill(words.openFailed, ["error": error.description]))
    }
  }

  /// Puts the story `step` away in the channel in this one's place on the
  /// stack, and selects its row there; or says `message` at an end.
  private func open(step: Int, or message: String) {
    let stories = siblings
    guard let channel, let stack = navigationController,
      let index = stories.firstIndex(where: { $0.id == item.id }),
      stories.indices.contains(index + step)
    else { return showToast(message) }
    let next = stories[index + step]
    let nextID = DemoFeeds.storyID(source: source, item: next)
    if let row = channel.listView.rows.firstIndex(where: { $0.id == AnyHashable(nextID) }) {
      channel.listView.select(row)
    }
    let page = channel.storyPage(for: next)
    stack.setViewControllers(Array(stack.viewControllers.dropLast()) + [page], animated: false)
  }
}
