import TabBarKit

/// Me's Blocked topics: the switches of the `me-blocked` page, each named
/// after a topic. A story whose category is a blocked topic leaves News and
/// the sections of Topics; unblocking brings it back. The values are the
/// page's switches in the ``SettingsStore``, so `--state` saves them.
@MainActor
final class BlockedTopics {
  /// The page id of the Blocked topics list.
  static let page = "me-blocked"

  /// The switches of the page: each topic and whether it is blocked at first.
  private let switches: [(topic: String, initial: Bool)]
  private let settings: SettingsStore

  /// The Blocked topics of `content`, whose values live in `settings`.
  init(content: ContentFile, settings: SettingsStore) {
    self.settings = settings
    if case .list(let rows, _)? = content.pages[JSONKey(Self.page)]?.kind {
      switches = rows.compactMap { row in
        if case .toggle(let initial)? = row.setting?.kind { (row.title, initial) } else { nil }
      }
    } else {
      switches = []
    }
  }

  /// The topics blocked now, lowercased.
  var topics: Set<String> {
    Set(
      switches.filter { settings.toggle($0.topic, initial: $0.initial) }.map {
        $0.topic.lowercased()
      })
  }
}

/// The rows of a list as the content file gives them, with the category of
/// the story each opens: the list shows those whose category is not
/// blocked, and follows when the blocked topics change.
///
/// Rows added to the list from elsewhere (a posted story) stay, above.
@MainActor
final class TopicFilter {
  /// Each row of the file, known by `topic-row-<index>`, and its story's
  /// category, lowercased (empty for a row that opens no story).
  private let rows: [(row: ListRow, category: String)]
  private let blocked: BlockedTopics
  /// The blocked topics the list shows the rows for; nil before the first.
  private var shown: Set<String>?

  /// The filter of `rows`, which the content `content` gives.
  init(rows: [ListRow], of entries: [ContentFile.Row], content: ContentFile, blocked: BlockedTopics)
  {
    self.blocked = blocked
    self.rows = zip(rows, entries).enumerated().map { index, pair in
      var row = pair.0
      row.id = row.id ?? AnyHashable("topic-row-\(index)")
      var category = ""
      if let id = pair.1.page, case .text(let article)? = content.pages[JSONKey(id)]?.kind {
        category = article.category.lowercased()
      }
      return (row, category)
    }
  }

  /// True when some row opens a story with a category: only then is there
  /// anything to hide.
  var hasTopics: Bool { rows.contains { !$0.category.isEmpty } }

  /// Shows in `list` the rows whose topic is not blocked, if the blocked
  /// topics changed since it last did; the rows added from elsewhere stay
  /// first. Returns true when it changed the rows.
  @discardableResult
  func update(_ list: inout ListView) -> Bool {
    let topics = blocked.topics
    guard topics != shown else { return false }
    shown = topics
    let ours = Set(rows.compactMap(\.row.id))
    let added = list.rows.filter { $0.id.map { !ours.contains($0) } ?? true }
    list.rows = added + rows.filter { !topics.contains($0.category) }.map(\.row)
    return true
  }
}
