import TabBarKit

/// What `--state` keeps of the reading: the story pages read and
/// favourited, newest first.
struct ReadingState: Codable, Equatable {
  /// A story read or favourited, or a message read: its page id, and when.
  struct Mark: PageEntry {
    static let maximumCount = 50
    static let byteBudget = 16 << 10

    var id: String
    var at: Int?

    var savedSize: Int { SavedSize.object(strings: [id], numbers: 1) }

    init(id: String, at: Int? = Milliseconds.now) {
      self.id = id
      self.at = at
    }

    /// Reads `{"id": …, "at": …}`, or the bare id files saved before marks
    /// had a time hold.
    init(from decoder: any Decoder) throws {
      if let id = try? decoder.singleValueContainer().decode(String.self) {
        self.init(id: id, at: nil)
        return
      }
      let keys = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        id: try keys.decode(String.self, forKey: .id),
        at: try keys.decodeIfPresent(Int.self, forKey: .at))
    }
  }

  /// Me's History.
  var history: [Mark] = []
  /// Me's Favourites.
  var favourites: [Mark] = []
}

/// The stories read and favourited, newest first and each once: Me's
/// History and Favourites. A story page records itself here when it
/// appears, and `f` on it favourites it.
///
/// The content file's History and Favourites pages (ids ``historyPage`` and
/// ``favouritesPage``) give the starting lists; from then on the pages show
/// this log. Each list keeps at most 50 stories and 16 KiB of the state
/// file (``ReadingState/Mark``), the oldest going first.
@MainActor
final class ReadingLog {
  /// The page id of the list of stories read.
  static let historyPage = "me-history"
  /// The page id of the list of stories favourited.
  static let favouritesPage = "me-favourites"
  /// The page id of the list of messages (not stories: reading one does not
  /// go to History).
  static let messagesPage = "me-messages"
  /// The page id of the pages saved to read offline (Clear cache leaves
  /// them: they are the reader's, not a cache).
  static let downloadsPage = "me-downloads"
  /// The page id of the books subscribed to.
  static let subscriptionsPage = "me-subscriptions"
  /// The lists of the file's own that are the reader's, as History is:
  /// empty while signed out.
  static let signedInPages: Set<String> = [downloadsPage, subscriptionsPage]
  /// The page id of the profile, which offers Sign in while signed out.
  static let profilePage = "me-profile"

  /// The story pages read, newest first.
  var history: [String] { read.entries.map(\.id) }
  /// The story pages favourited, newest first.
  var favourites: [String] { favourite.entries.map(\.id) }
  /// The messages, as the content lists them.
  let messages: [String]
  private var read = NewestFirstLog<ReadingState.Mark>()
  private var favourite = NewestFirstLog<ReadingState.Mark>()
  /// The content: which pages are stories, and each one's row.
  private let content: ContentFile
  /// True for a story that is no page of the content's (a news feed's,
  /// Feeds/): it is read and favourited as the content's are.
  var isOtherStory: (String) -> Bool = { _ in false }

  /// True when `id` belongs in History and Favourites.
  private func isReadable(_ id: String) -> Bool {
    content.isReadable(id) || isOtherStory(id)
  }

  /// A log starting with the rows of `content`'s History and Favourites pages.
  init(content: ContentFile) {
    self.content = content
    // The content's lists have no time: any story read or favourited is newer.
    read.replace(with: Self.storyIDs(ofPage: Self.historyPage, in: content).map(Self.untimed))
    favourite.replace(
      with: Self.storyIDs(ofPage: Self.favouritesPage, in: content).map(Self.untimed))
    messages = Self.storyIDs(ofPage: Self.messagesPage, in: content)
  }

  private static func untimed(_ id: String) -> ReadingState.Mark { .init(id: id, at: nil) }

  /// The story pages the rows of list page `id` open.
  private static func storyIDs(ofPage id: String, in content: ContentFile) -> [String] {
    guard case .list(let rows, _)? = content.pages[JSONKey(id)]?.kind else { return [] }
    return rows.pages.compactMap { $0 }.filter { content.isReadable($0) }
  }

  /// Story, chapter or clip `id` was read or watched: it goes to the top
  /// of History. Any other page (Me's About, a message) is not recorded.
  func read(_ id: String) {
    guard !messages.contains(id), isReadable(id) else { return }
    read.add(ReadingState.Mark(id: id))
  }

  /// True when story `id` is among the favourites.
  func isFavourite(_ id: String) -> Bool { favourite.entry(forKey: id) != nil }

  /// Adds story `id` to the favourites (at the top), or takes it out;
  /// returns true when it is now a favourite.
  @discardableResult
  func toggleFavourite(_ id: String) -> Bool {
    if favourite.remove(key: id) { return false }
    guard isReadable(id) else { return false }
    favourite.add(ReadingState.Mark(id: id))
    return true
  }

  /// What `--state` keeps.
  var state: ReadingState { ReadingState(history: read.entries, favourites: favourite.entries) }

  /// Takes back what `state` kept: the stories the content still has, the
  /// newest of each list that fit its count and its budget.
  func restore(_ state: ReadingState) {
    read.replace(with: state.history.filter { isReadable($0.id) })
    favourite.replace(with: state.favourites.filter { isReadable($0.id) })
  }
}

extension ContentFile {
  /// True when page `id` belongs in History and Favourites: a story or a
  /// chapter (a text page with a byline or a category), or a clip (a
  /// player). Me's information pages (Profile, About, Terms…) and the
  /// messages are text pages with neither, and do not.
  func isReadable(_ id: String) -> Bool {
    switch pages[JSONKey(id)]?.kind {
    case .text(let article)?: return !article.byline.isEmpty || !article.category.isEmpty
    case .player?: return true
    default: return false
    }
  }

  /// True when page `id` is a story: a text page.
  func isStory(_ id: String) -> Bool {
    if case .text? = pages[JSONKey(id)]?.kind { return true }
    return false
  }

  /// The first row in the file that opens page `id`: its title and detail
  /// are the story's in every list.
  func row(opening id: String) -> Row? {
    for key in pages.keys.sorted(by: { $0.text < $1.text }) {
      switch pages[key]!.kind {
      case .list(let rows, _):
        if let index = rows.firstIndex(opening: id) { return rows[index] }
      case .accordion(let sections, _):
        for section in sections {
          if let index = section.rows.firstIndex(opening: id) { return section.rows[index] }
        }
      default: continue
      }
    }
    return nil
  }
}
