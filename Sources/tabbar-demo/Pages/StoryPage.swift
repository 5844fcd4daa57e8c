import TabBarKit

extension Action {
  /// Adds the story on screen to Favourites, or takes it out: `f`.
  static let favourite = Action.custom("favourite")
  /// The next story of the list, or the book's next chapter: `n`.
  static let nextStory = Action.custom("nextStory")
  /// The story before, or the chapter before: `p`.
  static let previousStory = Action.custom("previousStory")
  /// The story's comments: `c`.
  static let showComments = Action.custom("showComments")
}

/// The stories `n` and `p` go through from a story a list opened, and that
/// list: the story keeps to the ones the list shows (one channel of News,
/// the rows a blocked topic left) and selects the row of the story it moves
/// to, so that back there, and in the next run with `--state`, that is the
/// story open. The list's rows share one route.
@MainActor
final class StoryRoute {
  /// The stories the list's rows open, in order, each once: worked out
  /// when a story first asks, so that a list of 100,000 rows pays for them
  /// then, not at start.
  var stories: [String] {
    if let known { return known }
    let stories = make()
    known = stories
    return stories
  }
  private var known: [String]?
  private let make: () -> [String]
  /// The list; nil where the story has none to follow (a section of
  /// Topics, under which the stack holds the accordion).
  weak var list: ListViewController?

  /// The route through `stories`; the list is given once it is made.
  init(stories: @autoclosure @escaping () -> [String]) {
    make = stories
  }
}

/// A story's (or a chapter's) text page: reading it puts it at the top of
/// History, and `f` adds it to Favourites (or takes it out), with a toast.
///
/// `n` and `p` open the next and the previous story of the list it was
/// opened from, in its place on the stack (for a chapter, the book's next
/// and previous chapter, whatever opened it); a chapter ends with a line
/// naming the next one. A story with comments shows their count under its
/// byline and at its end, and `c` opens them. It opens where it was left
/// (``ResumeLog``), and records where it is as the reader moves.
final class StoryPage: TextViewController {
  /// The story's page id in the content file.
  let id: String
  private let article: ContentFile.Article
  private let model: DemoModel
  /// The stories `n` and `p` go through, this one among them.
  let siblings: [String]
  /// The list that opened the story, with its stories.
  private let route: StoryRoute?
  /// The words, in the language chosen now.
  private var strings: DemoStrings { model.settings.strings }
  private var flow: ReadingFlowStrings { strings.flow }
  /// False until the place it was left at has been put back.
  private var hasResumed = false
  /// The comments page this page pushed last, while it lives.
  private weak var pushedComments: CommentsPage?

  /// The story `id`, opened from the list of `route`, if any.
  init(
    id: String, title: String, article: ContentFile.Article, model: DemoModel,
    route: StoryRoute? = nil
  ) {
    self.id = id
    self.article = article
    self.model = model
    self.route = route
    self.siblings = model.resume.chapters(around: id) ?? route?.stories ?? []
    super.init(title: title, blocks: [])
    textView.blocks = blocks()
  }

  /// True for a chapter of a book.
  var isChapter: Bool { model.resume.isChapter(id) }

  /// The story after this one, and the one before; nil at the ends.
  var next: String? { neighbour(1) }
  var previous: String? { neighbour(-1) }

  private func neighbour(_ step: Int) -> String? {
    let stories = shownSiblings
    guard let index = stories.firstIndex(of: id), stories.indices.contains(index + step) else {
      return nil
    }
    return stories[index + step]
  }

  /// The list that opened the story (the channel, in News): its rows
  /// and selection follow the story.
  private var listBelow: ListViewController? { route?.list }

  /// The stories `n` and `p` go through: the siblings that the list under
  /// the story shows (one channel of News, the rows a filter left), or all
  /// of them when it shows none of them; a book's chapters for a chapter.
  private var shownSiblings: [String] {
    guard !isChapter, let rows = listBelow?.listView.shownRows else { return siblings }
    let titles = Set(rows.map(\.title))
    let shown = siblings.filter { id in
      model.content.pages[JSONKey(id)]?.title.map(titles.contains) ?? true
    }
    return shown.contains(id) ? shown : siblings
  }

  /// The title, the dateline, the comment count under it, the body, then
  /// the line to the next chapter and the one to the comments.
  func blocks() -> [TextBlock] {
    var blocks = article.blocks(title: title)
    // A favourite says so in its byline, so that f says which way it goes.
    let dateline = article.dateline
    if !dateline.isEmpty, model.reading.isFavourite(id) {
      let index = title.isEmpty ? 0 : 1
      if blocks.indices.contains(index) { blocks[index] = .paragraph("★ " + dateline) }
    }
    let count = model.comments.count(of: id)
    if let count {
      let line = TextBlock.paragraph(DemoStrings.fill(flow.commentCount, ["count": "\(count)"]))
      blocks.insert(line, at: blocks.count - article.body.count)
    }
    if isChapter, let next, let title = model.content.title(of: next) {
      blocks.append(.paragraph(DemoStrings.fill(flow.nextChapterLine, ["title": title])))
    }
    if let count {
      blocks.append(.paragraph(DemoStrings.fill(flow.commentsLine, ["count": "\(count)"])))
    }
    return blocks
  }

  override func viewWillAppear() {
    super.viewWillAppear()
    show(blocks(), resuming: id, from: model.resume, resumes: !hasResumed)
    hasResumed = true
  }

  /// `place` moved inside `blocks`: the content may have changed since.
  /// The blank line after a block is at its character count plus one.
  static func clamped(_ place: ResumeState.Place, in blocks: [TextBlock]) -> TextPosition {
    guard !blocks.isEmpty else { return .start }
    let block = min(max(0, place.block), blocks.count - 1)
    let end = blocks[block].text.count + 1
    return TextPosition(block: block, offset: min(max(0, place.offset), end))
  }

  override func viewDidAppear() {
    super.viewDidAppear()
    model.reading.read(id)
    recordPlace()
  }

  /// Tells the resume log where the reader is.
  private func recordPlace() { recordPlace(of: id, in: model.resume) }

  override var keyBindings: [KeyBinding] {
    let words = model.reading.isFavourite(id) ? strings.unfavourite : strings.favourite
    var bindings = super.keyBindings
    // Me's information pages (About, Terms…) are no stories to keep.
    if model.content.isReadable(id) {
      bindings.append(
        KeyBinding([.character("f")], .favourite, help: words.help, hint: words.hint))
    }
    if siblings.count > 1 {
      let (next, previous) =
        isChapter ? (flow.nextChapter, flow.previousChapter) : (flow.nextStory, flow.previousStory)
      bindings += [
        KeyBinding([.character("n")], .nextStory, help: next.help, hint: next.hint),
        KeyBinding([.character("p")], .previousStory, help: previous.help, hint: previous.hint),
      ]
    }
    // The comments (跟贴) are a story's main way on, as in NetEase: a short
    // rule keeps `c comments` beside the containers' keys.
    if model.comments.count(of: id) != nil {
      let comments = flow.comments
      bindings.append(
        KeyBinding(
          [.character("c")], .showComments, help: comments.help, hint: comments.hint,
          hintImportance: .high))
    }
    return bindings
  }

  override func handle(_ action: Action) -> Bool {
    switch action {
    case .favourite:
      showToast(model.reading.toggleFavourite(id) ? strings.favourited : strings.unfavourited)
      textView.blocks = blocks()
    case .nextStory:
      open(next, or: flow.noNext)
    case .previousStory:
      open(previous, or: flow.noPrevious)
    case .showComments:
      navigationController?.pushViewController(comments())
    default:
      guard super.handle(action) else { return false }
      recordPlace()
    }
    return true
  }

  override func handleMouse(_ event: MouseEvent, in rect: Rect) -> Bool {
    guard super.handleMouse(event, in: rect) else { return false }
    recordPlace()
    return true
  }

  // MARK: State restoration and deep links

  /// Opens the story's comments at position 1, as `c` does: a Comments page
  /// open at quit opens again at the next start (and `--open` reaches it).
  override func openChild(at position: Int) throws(DeepLinkError) -> ViewController {
    guard model.comments.count(of: id) != nil else {
      throw DeepLinkError(reason: "“\(title)” has no comments to open")
    }
    guard position == 1, let stack = navigationController else {
      throw DeepLinkError(reason: "“\(title)” opens its comments at 1, not at \(position)")
    }
    let page = comments()
    stack.pushViewController(page, animated: false)
    return page
  }

  /// `[1]` while the story's comments are open above it.
  override var openChildPositions: [Int] {
    if let pushedComments, pushedComments === pageAbove { [1] } else { [] }
  }

  /// The story's comments page, kept as the one this page pushed: open
  /// when it is the page above, known without asking its type.
  private func comments() -> CommentsPage {
    let page = CommentsPage(story: id, model: model)
    pushedComments = page
    return page
  }

  /// Puts story `id` in this one's place on the stack, or says `message`.
  /// The list under it selects the story's row, when it has one: back
  /// there, and in the next run with `--state`, that is the story open.
  private func open(_ id: String?, or message: String) {
    guard let id, let stack = navigationController else { return showToast(message) }
    let title = model.content.title(of: id) ?? title
    let page = model.page(id, openedAs: title, route: route)
    if let list = listBelow, let index = list.listView.rows.firstIndex(where: { $0.title == title })
    {
      list.listView.select(index)
    }
    stack.setViewControllers(Array(stack.viewControllers.dropLast()) + [page], animated: false)
  }
}

extension ContentFile {
  /// The title page `id` shows: its own, else that of the first row that
  /// opens it.
  func title(of id: String) -> String? {
    pages[JSONKey(id)]?.title ?? row(opening: id)?.title
  }
}

/// Me's Messages, History or Favourites: the pages of the ``ReadingLog``,
/// newest first, shown afresh each time the page appears; empty while
/// signed out.
final class ReadingListPage: ListViewController {
  private let model: DemoModel
  private let stories: @MainActor (ReadingLog) -> [String]

  /// The list titled `title` of the stories `stories` picks from the log.
  init(
    title: String, model: DemoModel, stories: @escaping @MainActor (ReadingLog) -> [String]
  ) {
    self.model = model
    self.stories = stories
    super.init(title: title)
    listView.rows = rows()
  }

  private func rows() -> [ListRow] {
    // Signed out, the personal lists are empty and say why.
    emptyMessage = model.settings.signedIn ? nil : model.content.words.demo.signedOutList
    guard model.settings.signedIn else { return [] }
    return stories(model.reading).compactMap { id in
      // A news feed's story (Feeds/).
      if let row = model.feedStoryRow(id) { return row }
      guard let row = model.content.row(opening: id) else { return nil }
      var listed = model.listRow(row)
      listed.id = id
      // A chapter is named with its book: "1. The Harbour" alone says
      // nothing in a list of stories.
      if let book = model.resume.book(of: id) {
        listed.detail = listed.detail.isEmpty ? book : book + " · " + listed.detail
      }
      return listed
    }
  }

  override func viewWillAppear() {
    super.viewWillAppear()
    apply(rows())
  }
}

/// Profile while signed out: one row that signs in and goes back to Me.
final class SignInPage: ListViewController {
  /// The page titled `title`, signing in to `settings`.
  init(title: String, settings: SettingsStore, strings: DemoStrings) {
    super.init(title: title)
    listView.rows = [
      ListRow(strings.signIn, detail: "enter") { [weak self, settings] in
        settings.setSignedIn(true)
        self?.showToast(strings.signIn + " ✓")
        self?.navigationController?.popViewController(animated: true)
      }
    ]
  }
}
