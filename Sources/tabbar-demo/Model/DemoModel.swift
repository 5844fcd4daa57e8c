import TabBarKit

/// What the whole demo shares, made once at start and handed to each page
/// through its initialiser: the content, the settings, the compose desk,
/// the network the lists load from, and the news feeds.
///
/// Nothing is found by looking up the root or through a static: a page that
/// needs a store was given it when it was made. The model never looks for
/// the pages that show it either: it sends its ``Change``s to ``changes``,
/// and each page that shows a part of it observes them from when it is made.
@MainActor
final class DemoModel {
  /// A change that pages show, sent to ``changes``.
  enum Change {
    /// A comment was written, or comments came back from `--state`: the
    /// counts on story rows change.
    case comments
    /// Where reading or watching stopped moved: Reading's Continue row
    /// and the progress on the rows of books, chapters and clips follow.
    case resume
    /// A story was posted to tab `post.tab` with `badge`, or came back from
    /// `--state` (`badge` nil): it goes to the top of that tab's list.
    case posted(ComposeState.Post, badge: Badge?)
    /// After posting, the reader lands on tab `tab`: at its root, the
    /// newest story first and selected.
    case landed(tab: Int)
    /// Every story posted to tab `tab` has been seen: its badge goes.
    case postsSeen(tab: Int)
    /// The language changed (Me's Language): titles, rows and counts show
    /// their words again.
    case language
  }

  /// The pages and the app told of each ``Change``.
  let changes = ModelObservers<Change>()
  /// The content file the app shows.
  let content: ContentFile
  /// The settings of Me: Night mode, the bar style, notifications…
  let settings: SettingsStore
  /// The compose forms' drafts and the stories posted.
  let compose: ComposeDesk
  /// The stories read and favourited: Me's History and Favourites.
  let reading: ReadingLog
  /// The topics whose stories News and Topics hide.
  let blocked: BlockedTopics
  /// Me's Messages and which are unread: Me's badge.
  let inbox: Inbox
  /// Where each story, chapter and video was left: the Resume of Reading.
  let resume: ResumeLog
  /// The comments of the stories, the reader's own on top.
  let comments: CommentLog
  /// Where the lists load from: `--latency` and `--fail-loads`.
  let network: SimulatedNetwork
  /// True to load the lists at once whatever the latency: `--headless`.
  let loadsAtOnce: Bool
  /// The news feeds News shows instead of its stories (`--feed`), if any.
  let feeds: DemoFeeds
  /// The story each row title of the content opens, for the stories that
  /// take comments (``showCommentCounts(in:)``); made when first needed
  /// after the comments change.
  var storyByRowTitle: [String: String]?

  /// The model of `content`, its lists loading from `network`.
  init(
    content: ContentFile, network: SimulatedNetwork = .standard, loadsAtOnce: Bool = false,
    feeds feedOptions: FeedOptions = .none
  ) {
    self.content = content
    feeds = DemoFeeds(content: content, options: feedOptions)
    self.network = network
    self.loadsAtOnce = loadsAtOnce
    settings = SettingsStore(content: content)
    compose = ComposeDesk(tabs: content.tabs, changes: changes)
    reading = ReadingLog(content: content)
    reading.isOtherStory = { [feeds] id in feeds.stories[id] != nil }
    let settings = settings
    blocked = BlockedTopics(content: content, settings: settings)
    inbox = Inbox(content: content) { settings.strings.newsAlert }
    settings.inbox = inbox
    compose.strings = { settings.strings }
    resume = ResumeLog(content: content)
    resume.isOtherStory = { [feeds] id in feeds.stories[id] != nil }
    comments = CommentLog(content: content)
    comments.onChange = { [weak self] in
      self?.storyByRowTitle = nil
      self?.changes.send(.comments)
    }
    resume.onChange = { [weak self] in self?.changes.send(.resume) }
    settings.onLanguageChange = { [weak self] in self?.changes.send(.language) }
    // Me's Refresh feeds: a timer only when there are feeds to refresh.
    if !feeds.sources.isEmpty {
      settings.refreshFeeds = { [weak feeds] in feeds?.refreshAll() }
    }
  }
}
