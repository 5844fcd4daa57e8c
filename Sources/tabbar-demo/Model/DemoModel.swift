import TabBarKit

/// What the whole demo shares, made once at start and handed to each page
/// through its initialiser: the content, the settings, the compose desk,
/// and the network the lists load from.
///
/// Nothing is found by looking up the root or through a static: a page that
/// needs a store was given it when it was made.
@MainActor
final class DemoModel {
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
  /// The app made by ``makeRoot(barStyle:)``: its lists show the comment counts.
  weak var root: DemoRootController?
  /// Where the lists load from: `--latency` and `--fail-loads`.
  let network: SimulatedNetwork
  /// True to load the lists at once whatever the latency: `--headless`.
  let loadsAtOnce: Bool

  /// The model of `content`, its lists loading from `network`.
  init(content: ContentFile, network: SimulatedNetwork = .standard, loadsAtOnce: Bool = false) {
    self.content = content
    self.network = network
    self.loadsAtOnce = loadsAtOnce
    settings = SettingsStore(content: content)
    compose = ComposeDesk(tabs: content.tabs)
    reading = ReadingLog(content: content)
    let settings = settings
    blocked = BlockedTopics(content: content, settings: settings)
    inbox = Inbox(content: content) { settings.strings.newsAlert }
    settings.inbox = inbox
    compose.strings = { settings.strings }
    resume = ResumeLog(content: content)
    comments = CommentLog(content: content)
  }
}
