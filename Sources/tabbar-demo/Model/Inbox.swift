import TabBarKit

/// What `--state` keeps of Me's Messages: which of the content file's
/// messages were opened, and which were seen (Messages was visited while
/// they were there). News alerts come anew each run and are not kept.
struct InboxState: Codable, Equatable {
  /// The messages opened, by their id as the content file names them, the
  /// last one opened first.
  var read: [ReadingState.Mark] = []
  /// The messages seen in the list, the last seen first; absent in files
  /// saved before the demo told new messages from unread ones.
  var seen: [ReadingState.Mark] = []

  /// The messages opened and seen.
  init(read: [ReadingState.Mark] = [], seen: [ReadingState.Mark] = []) {
    self.read = read
    self.seen = seen
  }

  /// Reads a file of any version: `seen` may be absent.
  init(from decoder: any Decoder) throws {
    let keys = try decoder.container(keyedBy: CodingKeys.self)
    read = try keys.decodeIfPresent([ReadingState.Mark].self, forKey: .read) ?? []
    seen = try keys.decodeIfPresent([ReadingState.Mark].self, forKey: .seen) ?? []
  }
}

/// Me's Messages, which of them are new (not seen in the list yet) and
/// which unread (not opened): Me's count badge counts the new ones, as a
/// phone's badge does.
///
/// The messages start as the rows of the content's `me-messages` page, all
/// new and unread. Visiting Messages marks every message there seen: Me's
/// badge and the "N new" of Me's row go to 0, while the unread ones stay
/// bold until opened. The badge timer brings news alerts as news comes: a
/// few, then fewer (``alertSpacing(after:)``), each an unread message about
/// the next News story, which opens that story. Me's badge is always
/// ``newCount``.
@MainActor
final class Inbox {
  /// One message: its row in Messages and the page it opens.
  struct Message: Equatable {
    /// Known to the list by this, so the selection follows it as alerts
    /// arrive above it.
    var id: String
    var title: String
    var detail: String
    /// The page the message opens.
    var page: String
    /// The title of that page, when the row's title is not it (an alert).
    var pageTitle: String
  }

  /// The start of a news alert's id (`alert-1`): alerts are numbered anew
  /// each run, so `--state` keeps none of them as read.
  private static let alertPrefix = "alert-"

  /// The most messages kept: the oldest alerts go first.
  static let maximum = 50

  /// The messages, newest first.
  private(set) var messages: [Message]
  /// The ids of the messages not opened yet.
  private(set) var unread: Set<String>
  /// The ids of the messages not seen in the list yet.
  private(set) var unseen: Set<String>
  /// The content's messages seen, the last one first: what `--state`
  /// keeps, at most 50 of them in 16 KiB.
  private var seenLog = NewestFirstLog<ReadingState.Mark>()
  /// The content's messages opened, the last one first: what `--state`
  /// keeps, at most 50 of them in 16 KiB.
  private var opened = NewestFirstLog<ReadingState.Mark>()
  /// Counts every change, so a page that shows the messages knows when to
  /// show them again.
  private(set) var version = 0
  /// Runs after every change: Me's badge follows the count.
  var didChange: (@MainActor () -> Void)?

  /// The content, whose first tab's rows the alerts tell of.
  private let content: ContentFile
  /// The place among the first tab's rows of the row after the one the
  /// last alert told of.
  private var nextRow = 0
  /// True once a round of the rows found no story: the next alerts look no more.
  private var newsHasNoStory = false
  /// The words of an alert (`Breaking: {title}`) and of its time.
  private let alertTitle: @MainActor () -> String
  /// How many alerts came in this run.
  private(set) var alertsSent = 0

  /// How many badge-timer intervals go before the next alert once `sent`
  /// came: the first two one interval apart, then each wait twice the last,
  /// up to 64 intervals (every 3 s: at 3, 6, 12, 24, 48 s…), as a news app
  /// sends a few alerts and then fewer, never one a tick until the cap.
  nonisolated static func alertSpacing(after sent: Int) -> Int {
    sent < 2 ? 1 : 1 << min(sent - 1, 6)
  }

  /// True when the content has a `me-messages` page: only then does the
  /// badge timer's tab count unread messages.
  let hasMessages: Bool

  /// The inbox of `content`: its messages, all unread; `alertTitle` gives
  /// the words of an alert in the language of the moment.
  init(content: ContentFile, alertTitle: @escaping @MainActor () -> String) {
    self.alertTitle = alertTitle
    let page = content.pages[JSONKey(ReadingLog.messagesPage)]
    if case .list(let rows, _)? = page?.kind {
      hasMessages = true
      messages = rows.compactMap { row in
        row.page.map {
          Message(id: $0, title: row.title, detail: row.detail, page: $0, pageTitle: row.title)
        }
      }
    } else {
      hasMessages = false
      messages = []
    }
    unread = Set(messages.map(\.id))
    unseen = unread
    self.content = content
  }

  /// What `--state` keeps: the content's messages opened and seen (not the
  /// alerts).
  var state: InboxState { InboxState(read: opened.entries, seen: seenLog.entries) }

  /// Marks read the messages `state` names that this content has; ids it
  /// does not know, or past the count and the budget, are ignored.
  func restore(_ state: InboxState) {
    let known = Set(messages.lazy.map(\.id).filter { !$0.hasPrefix(Self.alertPrefix) })
    opened.replace(with: state.read.filter { known.contains($0.id) })
    seenLog.replace(with: state.seen.filter { known.contains($0.id) })
    guard !opened.entries.isEmpty || !seenLog.entries.isEmpty else { return }
    unread.subtract(opened.entries.map(\.id))
    // A message opened was seen, in files saved before seen was kept too.
    unseen.subtract(opened.entries.map(\.id))
    unseen.subtract(seenLog.entries.map(\.id))
    changed()
  }

  /// How many messages are unread (not opened).
  var unreadCount: Int { unread.count }

  /// How many messages are new (not seen in Messages yet): Me's badge and
  /// the count of Me's Messages row.
  var newCount: Int { unseen.count }

  /// Messages was visited: every message in it is seen, no longer new. Its
  /// rows stay as they are (the unread in bold), so the list is not
  /// rebuilt: only Me's badge hears of it.
  func markAllSeen() {
    guard !unseen.isEmpty else { return }
    for id in unseen where !id.hasPrefix(Self.alertPrefix) {
      seenLog.add(ReadingState.Mark(id: id))
    }
    unseen.removeAll()
    didChange?()
  }

  /// True when message `id` has not been opened.
  func isUnread(_ id: String) -> Bool { unread.contains(id) }

  /// Message `id` was opened.
  func markRead(_ id: String) {
    unseen.remove(id)
    guard unread.remove(id) != nil else { return }
    if !id.hasPrefix(Self.alertPrefix) { opened.add(ReadingState.Mark(id: id)) }
    changed()
  }

  /// A news alert arrives: an unread message, at the top, about the next
  /// News story (round again after the last). Nothing when News has no
  /// stories.
  func addAlert() {
    guard let story = nextStory() else { return }
    alertsSent += 1
    let message = Message(
      id: "\(Self.alertPrefix)\(alertsSent)",
      title: DemoStrings.fill(alertTitle(), ["title": story.title]),
      detail: "", page: story.page, pageTitle: story.title)
    messages.insert(message, at: 0)
    unread.insert(message.id)
    unseen.insert(message.id)
    while messages.count > Self.maximum {
      let id = messages.removeLast().id
      unread.remove(id)
      unseen.remove(id)
    }
    changed()
  }

  /// The next row of the News tab (the first tab's list) that opens a
  /// story, round again after the last, as a title and a page id; nil
  /// when none does. Only the rows up to it are looked at, and only its
  /// title is made: News may have 100,000 rows, and a list of them all
  /// made for the first alert cost 9 MiB.
  private func nextStory() -> (title: String, page: String)? {
    let news = content.tabs.first.flatMap { content.pages[JSONKey($0.page)] }
    guard !newsHasNoStory, case .list(let rows, _)? = news?.kind else { return nil }
    for step in 0..<rows.count {
      let place = (nextRow + step) % rows.count
      if let id = rows.page(at: place), content.isStory(id) {
        nextRow = place + 1
        return (rows[place].title, id)
      }
    }
    newsHasNoStory = true
    return nil
  }

  private func changed() {
    version += 1
    didChange?()
  }
}
