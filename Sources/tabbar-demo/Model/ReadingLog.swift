import TabBarKit

/// What `--state` keeps of the reading: the story pages read and
/// favourited, by page id, newest first.
struct ReadingState: Codable, Equatable {
  /// Me's History.
  var history: [String] = []
  /// Me's Favourites.
  var favourites: [String] = []
}

/// The stories read and favourited, newest first and each once: Me's
/// History and Favourites. A story page records itself here when it
/// appears, and `f` on it favourites it.
///
/// The content file's History and Favourites pages (ids ``historyPage`` and
/// ``favouritesPage``) give the starting lists; from then on the pages show
/// this log.
@MainActor
final class ReadingLog {
  /// The most stories each list keeps.
  static let maximum = 50
  /// The page id of the list of stories read.
  static let historyPage = "me-history"
  /// The page id of the list of stories favourited.
  static let favouritesPage = "me-favourites"
  /// The page id of the list of messages (not stories: reading one does not
  /// go to History).
  static let messagesPage = "me-messages"
  /// The page id of the saved pages, which Clear cache empties.
  static let downloadsPage = "me-downloads"
  /// The page id of the profile, which offers Sign in while signed out.
  static let profilePage = "me-profile"

  /// The story pages read, newest first.
  private(set) var history: [String]
  /// The story pages favourited, newest first.
  private(set) var favourites: [String]
  /// The messages, as the content lists them.
  let messages: [String]
  /// The content: which pages are stories, and each one's row.
  private let content: ContentFile

  /// A log starting with the rows of `content`'s History and Favourites pages.
  init(content: ContentFile) {
    self.content = content
    history = Self.storyIDs(ofPage: Self.historyPage, in: content)
    favourites = Self.storyIDs(ofPage: Self.favouritesPage, in: content)
    messages = Self.storyIDs(ofPage: Self.messagesPage, in: content)
  }

  /// The story pages the rows of list page `id` open.
  private static func storyIDs(ofPage id: String, in content: ContentFile) -> [String] {
    guard case .list(let rows, _)? = content.pages[JSONKey(id)]?.kind else { return [] }
    return rows.compactMap(\.page).filter { content.isStory($0) }
  }

  /// Story `id` was read: it goes to the top of History.
  func read(_ id: String) {
    guard !messages.contains(id) else { return }
    Self.putFirst(id, in: &history)
  }

  /// True when story `id` is among the favourites.
  func isFavourite(_ id: String) -> Bool { favourites.contains(id) }

  /// Adds story `id` to the favourites (at the top), or takes it out;
  /// returns true when it is now a favourite.
  @discardableResult
  func toggleFavourite(_ id: String) -> Bool {
    if let index = favourites.firstIndex(of: id) {
      favourites.remove(at: index)
      return false
    }
    Self.putFirst(id, in: &favourites)
    return true
  }

  private static func putFirst(_ id: String, in list: inout [String]) {
    list.removeAll { $0 == id }
    list.insert(id, at: 0)
    if list.count > maximum { list.removeLast(list.count - maximum) }
  }

  /// What `--state` keeps.
  var state: ReadingState { ReadingState(history: history, favourites: favourites) }

  /// Takes back what `state` kept: the stories the content still has.
  func restore(_ state: ReadingState) {
    func kept(_ ids: [String]) -> [String] {
      var seen = Set<String>()
      return ids.filter { content.isStory($0) && seen.insert($0).inserted }.prefix(Self.maximum)
        .map { $0 }
    }
    history = kept(state.history)
    favourites = kept(state.favourites)
  }
}

extension ContentFile {
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
        if let row = rows.first(where: { $0.page == id }) { return row }
      case .accordion(let sections, _):
        for section in sections {
          if let row = section.rows.first(where: { $0.page == id }) { return row }
        }
      default: continue
      }
    }
    return nil
  }
}
