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

/// The rows of a list as the content file gives them (a ``StoryRows``
/// source): the list shows those whose story's category is not blocked,
/// and follows when the blocked topics change.
///
/// Rows added to the list from elsewhere (a posted story) stay, above.
///
/// The list is given its source when it first needs its rows
/// (``update(_:)``), and builds only the rows it draws: a channel of News
/// that is never shown costs nothing, and one shown costs a screenful.
@MainActor
final class TopicFilter {
  /// The rows the list shows.
  let source: StoryRows
  private let blocked: BlockedTopics
  /// The blocked topics the list shows the rows for; nil before the first.
  private var shown: Set<String>?

  /// The filter of the rows of `source`, hiding those of `blocked` topics.
  init(source: StoryRows, blocked: BlockedTopics) {
    self.source = source
    self.blocked = blocked
  }

  /// True when some row opens a story with a category: only then is there
  /// anything to hide.
  var hasTopics: Bool { source.stories.hasCategories }

  /// True when a blocked topic is one of the rows' topics: the list hides
  /// some row, perhaps all.
  var hidesRows: Bool { !blocked.topics.isDisjoint(with: source.stories.topics) }

  /// Shows in `list` the rows whose topic is not blocked, if the blocked
  /// topics changed since it last did or the list holds rows of its own
  /// (a post was put in before the list had its source); the rows added
  /// from elsewhere stay first. Returns true when it changed the rows.
  ///
  /// Complexity: O(1) when nothing changed; else O(n) in the file's rows
  /// (comparing numbers), building none of them.
  @discardableResult
  func update(_ list: inout ListView) -> Bool {
    let topics = blocked.topics
    let attached = list.dataSource === source
    guard topics != shown || !attached else { return false }
    if !attached {
      // The rows the list holds came from elsewhere, or from this source
      // (and then its added rows are among them, first).
      source.added = list.rows.filter { !($0.id?.base is StoryRows.RowID) }
    }
    shown = topics
    source.show(hiding: topics)
    if attached { list.reloadData() } else { list.setDataSource(source) }
    return true
  }
}
