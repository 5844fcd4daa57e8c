import TabBarKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `--state` keeps of the compose forms: the drafts, the stories
/// posted (so their tab still lists them) and the form that was open.
struct ComposeState: Codable, Equatable {
  /// A posted story, as its row and text page show it.
  struct Post: Codable, Equatable {
    /// The index of the tab whose list has it.
    var tab: Int
    var title: String
    /// The body as typed: blank lines split paragraphs.
    var body: String
    /// The category chosen; empty for none.
    var category: String
    /// Who and when, as the form's strings said when it was posted.
    var byline: String
    var time: String
    /// Which post this is, so that two runs saving one state file keep
    /// both their posts and no post twice (see ``StateFile``): the
    /// milliseconds since 1970 when it was posted, a dash, 64 random bits in
    /// hexadecimal. Nil in files saved before posts had one.
    var id: String?

    /// The post's identity: its ``id``, or for a post without one, all of it.
    var identity: String {
      id ?? [String(tab), title, body, category, byline, time].joined(separator: "\u{0}")
    }

    /// When it was posted, in milliseconds since 1970, from its ``id``.
    var postedAt: Int? {
      id.flatMap { Int($0.prefix { $0.isASCII && $0.isNumber }) }
    }

    /// A new ``id`` for a post made now.
    static func newID() -> String {
      var now = timespec()
      clock_gettime(CLOCK_REALTIME, &now)
      let milliseconds = Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
      return "\(milliseconds)-\(String(UInt64.random(in: .min ... .max), radix: 16))"
    }
  }

  /// The most stories kept, newest first: with the fields' lengths
  /// bounded, this keeps the state file small.
  static let maximumPosts = 20

  /// The text of each field, by form page id: the drafts kept.
  var drafts: [String: [String]] = [:]
  /// The stories posted, newest first.
  var posts: [Post] = []
  /// The id of the form that was open at quit; nil when none was.
  var open: String?
}

/// The drafts and the posted stories of the app's compose forms, and the
/// posting itself: the story goes to the top of a tab's list, the tab gets
/// a badge, and the text page of the story opens from its row.
///
/// One desk serves the app (``DemoModel/compose``): a form closed with its
/// draft saved finds the draft here when the plus button opens it again.
/// The desk knows no page: it sends what happened to the model's
/// ``DemoModel/changes``, and the tab's list (``DemoModel/showsPosts(ofTab:in:feed:strip:)``)
/// and the app (``DemoRootController``) show it.
@MainActor
final class ComposeDesk {
  /// The most stories kept, newest first, for `--state`.
  static let maximumPosts = ComposeState.maximumPosts
  /// The most characters kept of a title, a body or a short string read
  /// back from a state file.
  static let maximumTitleLength = ContentFile.FormSpec.titleLengths.upperBound
  static let maximumBodyLength = ContentFile.FormSpec.bodyLengths.upperBound

  /// Where the desk tells what was posted, seen and landed on.
  private let changes: ModelObservers<DemoModel.Change>
  /// The tabs' titles, for the default toast.
  let tabTitles: [String]
  /// The text of each field, by form page id, of the drafts saved.
  var drafts: [String: [String]] = [:]
  /// The stories posted, newest first; at most ``maximumPosts``.
  private(set) var posts: [ComposeState.Post] = []
  /// The form on screen, if any.
  weak var openPage: ComposePage?
  /// The words of a post's age (`2m`, `1h`) in the language of the moment.
  var strings: @MainActor () -> DemoStrings = { .english }
  /// The app's clock, once there is an app: a post of this run ages on it,
  /// so a test can move it.
  var clock: @MainActor () -> AnimationClock? = { nil }
  /// When each post of this run was made, on the app's clock.
  private var postedAt: [String: Duration] = [:]
  /// The posts whose tab shows a badge until they have been seen: opened,
  /// or on screen in their tab's list.
  private(set) var unseen: Set<String> = []
  /// The tabs whose root has a list for posts, each with whether that list
  /// tells when a post is on screen (``showPosts(in:stories:onScreen:)``); a tab
  /// whose list does not clears its badge when selected.
  private(set) var postTabs: [Int: Bool] = [:]

  /// A desk for `tabs`, telling `changes` what happens.
  init(tabs: [ContentFile.Tab], changes: ModelObservers<DemoModel.Change>) {
    tabTitles = tabs.map(\.item.title)
    self.changes = changes
  }

  /// Tab `tab`'s root has a list that shows the posts of that tab;
  /// `seenOnScreen` when it calls ``showPosts(in:stories:onScreen:)`` as it is
  /// laid out. Posts to a tab without a list are not kept.
  func takesPosts(inTab tab: Int, seenOnScreen: Bool) {
    postTabs[tab] = seenOnScreen
  }

  /// Posts `post`: its row goes to the top of its tab's list, selected, and
  /// the tab shows `badge` until the story has been seen. Returns the toast
  /// to show: `toast`, or "Posted to" and the tab's title.
  @discardableResult
  func publish(_ post: ComposeState.Post, badge: Badge, toast: String?) -> String {
    var post = post
    if post.id == nil { post.id = ComposeState.Post.newID() }
    posts.insert(post, at: 0)
    if posts.count > Self.maximumPosts { posts.removeLast(posts.count - Self.maximumPosts) }
    postedAt[post.identity] = clock()?.now
    // The badge goes once the story has been seen, where the list tells.
    if postTabs[post.tab] == true { unseen.insert(post.identity) }
    changes.send(.posted(post, badge: badge))
    let title = tabTitles.indices.contains(post.tab) ? tabTitles[post.tab] : ""
    return toast ?? "Posted to \(title)"
  }

  /// A posted story's row: the title, `You · now` (the time ageing:
  /// `2m`, `1h`), and its text page; opening it counts as seeing it.
  func row(_ post: ComposeState.Post) -> ListRow {
    ListRow(post.title, id: Self.rowID(post), detail: detail(post)) { [weak self] in
      self?.seen(post.identity)
      return Self.page(post, time: self?.age(post) ?? post.time)
    }
  }

  /// The id of a posted story's row.
  static func rowID(_ post: ComposeState.Post) -> AnyHashable {
    AnyHashable("post \(post.identity)")
  }

  /// A posted story's row detail now: who and how long ago.
  func detail(_ post: ComposeState.Post) -> String {
    [post.byline, age(post)].filter { !$0.isEmpty }.joined(separator: " · ")
  }

  /// How long ago `post` was posted: its form's word for now (`now`) under
  /// a minute, then minutes (`2m`), hours (`1h`) and days (`3d`). A post of
  /// this run ages on the app's clock; one from a saved state, from when
  /// it was posted.
  func age(_ post: ComposeState.Post) -> String {
    var elapsed: Duration?
    if let at = postedAt[post.identity], let now = clock()?.now {
      elapsed = now - at
    } else if let at = post.postedAt {
      var now = timespec()
      clock_gettime(CLOCK_REALTIME, &now)
      elapsed = .milliseconds(Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000 - at)
    }
    guard let seconds = elapsed?.components.seconds, seconds >= 60 else { return post.time }
    let words = strings()
    if seconds < 3600 { return DemoStrings.fill(words.minutesAgo, ["n": "\(seconds / 60)"]) }
    if seconds < 86400 { return DemoStrings.fill(words.hoursAgo, ["n": "\(seconds / 3600)"]) }
    return DemoStrings.fill(words.daysAgo, ["n": "\(seconds / 86400)"])
  }

  /// Post `identity` was seen: when no post of its tab is left unseen, the
  /// tab's badge goes.
  func seen(_ identity: String) {
    guard unseen.remove(identity) != nil,
      let post = posts.first(where: { $0.identity == identity }),
      !posts.contains(where: { $0.tab == post.tab && unseen.contains($0.identity) })
    else { return }
    changes.send(.postsSeen(tab: post.tab))
  }

  /// Brings the ages of the posted rows of `list` up to date, and counts the
  /// ones on screen as seen when `onScreen`: the list of a tab that takes
  /// posts calls it each time it is laid out.
  ///
  /// It runs at every layout, so it walks only the posted rows: they are the
  /// first of their list (each goes in at the top, and the topic filter
  /// keeps them first), and the walk stops at the first row that is not
  /// one. A frame costs the posts, never the list's 100,000 rows.
  func showPosts(in list: inout ListView, stories: StoryRows?, onScreen: Bool) {
    guard !posts.isEmpty else { return }
    let byRow = Dictionary(
      posts.map { (Self.rowID($0), $0) }, uniquingKeysWith: { first, _ in first })
    let shown = onScreen && list.filter.isEmpty ? Set(list.visibleRowIndices) : []
    // Row by row: a list of a data source builds only the posted rows.
    let source = stories.flatMap { list.dataSource === $0 ? $0 : nil }
    for index in 0..<list.rowCount {
      let row = list.row(at: index)
      guard let id = row.id, let post = byRow[id] else { break }
      let detail = detail(post)
      if row.detail != detail {
        if let source {
          source.added[index].detail = detail
          list.noteRowsChanged(in: index..<index + 1)
        } else {
          list.rows[index].detail = detail
        }
      }
      if shown.contains(index) { seen(post.identity) }
    }
  }

  /// After posting: the reader lands on tab `index`, at its root, the
  /// story first and selected.
  func land(on index: Int) {
    changes.send(.landed(tab: index))
  }

  /// A posted story's text page: the title, the dateline (`time`: how long
  /// ago), the paragraphs.
  static func page(_ post: ComposeState.Post, time: String? = nil) -> TextViewController {
    let article = ContentFile.Article(
      byline: post.byline, time: time ?? post.time, category: post.category,
      body: paragraphs(post.body).map(TextBlock.paragraph))
    return TextViewController(title: post.title, blocks: article.blocks(title: post.title))
  }

  /// The paragraphs of `body`: blank lines split them, and the lines of one
  /// paragraph join with a space.
  static func paragraphs(_ body: String) -> [String] {
    var paragraphs: [String] = []
    var lines: [String] = []
    for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingSpaces
      if trimmed.isEmpty {
        if !lines.isEmpty { paragraphs.append(lines.joined(separator: " ")) }
        lines = []
      } else {
        lines.append(trimmed)
      }
    }
    if !lines.isEmpty { paragraphs.append(lines.joined(separator: " ")) }
    return paragraphs
  }

  // MARK: State

  /// What `--state` keeps now: the drafts (the open form's text among
  /// them), the posts and the open form; nil when there is nothing.
  var state: ComposeState? {
    var state = ComposeState(drafts: drafts, posts: posts, open: nil)
    if let page = openPage {
      state.open = page.id
      state.drafts[page.id] = page.hasText ? page.values : nil
    }
    return state == ComposeState() ? nil : state
  }

  /// Takes back what `state` kept, before the navigation state is restored
  /// (so the rows it selects are where they were): the drafts of forms the
  /// content still has, and the posts to tabs that take them, cut to the
  /// lengths allowed, sent to their lists.
  func restore(_ state: ComposeState, content: ContentFile) {
    drafts = [:]
    for (id, values) in state.drafts {
      guard case .form(let form)? = content.pages[JSONKey(id)]?.kind else { continue }
      drafts[id] = zip(form.fields, values).map { field, value in
        String(value.prefix(field.maximumLength))
      }
    }
    let kept = state.posts.prefix(Self.maximumPosts).filter { postTabs[$0.tab] != nil }
    for post in kept.reversed() {
      var post = post
      post.title = String(post.title.prefix(Self.maximumTitleLength))
      post.body = String(post.body.prefix(Self.maximumBodyLength))
      post.category = String(post.category.prefix(Self.maximumTitleLength))
      post.byline = String(post.byline.prefix(Self.maximumTitleLength))
      post.time = String(post.time.prefix(Self.maximumTitleLength))
      posts.insert(post, at: 0)
      changes.send(.posted(post, badge: nil))
    }
  }
}

extension StringProtocol {
  /// The text without the spaces and tabs at its ends.
  fileprivate var trimmingSpaces: String {
    var text = Substring(self)
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return String(text)
  }
}
