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

  /// Brings the rows a list shows again up to date (their comment counts)
  /// when the blocked topics change: the rows kept since they were made
  /// have the counts of that time.
  var refreshRows: ((inout [ListRow]) -> Void)?

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
///
/// The rows may be given as a function, called when the list first needs
/// them (``update(_:)``): a channel of News that is never shown never builds
/// its rows (100,000 of them in the scale benchmark).
@MainActor
final class TopicFilter {
  /// Each row of the file, known by its place (``RowID``), and its story's
  /// category, lowercased (empty for a row that opens no story); built on
  /// first use from ``make``.
  private var built: (rows: [ListRow], categories: [String])?
  /// Builds ``built``; nil once it has.
  private var make: (() -> (rows: [ListRow], categories: [String]))?
  /// The ids the file's rows had before they were given a ``RowID``: none,
  /// unless a caller named its rows.
  private var ownIDs: Set<AnyHashable> = []
  private let blocked: BlockedTopics
  /// The blocked topics the list shows the rows for; nil before the first.
  private var shown: Set<String>?

  /// A row of the file, by its place among them. Rows added from elsewhere
  /// never have one, so the file's rows are told apart without a set of
  /// 100,000 ids.
  private struct RowID: Hashable {
    let index: Int
  }

  /// The filter of `rows`, which the content `content` gives.
  convenience init(
    rows: [ListRow], of entries: [ContentFile.Row], content: ContentFile, blocked: BlockedTopics
  ) {
    self.init(blocked: blocked) {
      (rows, entries.map { TopicFilter.category(of: $0, in: content) })
    }
  }

  /// The filter of the rows `make` gives with their stories' categories
  /// (lowercased, empty for none), built when the list first needs them.
  init(blocked: BlockedTopics, lazy make: @escaping () -> (rows: [ListRow], categories: [String])) {
    self.blocked = blocked
    self.make = make
  }

  /// The category of the story `row` opens, lowercased; empty for none.
  static func category(of row: ContentFile.Row, in content: ContentFile) -> String {
    guard let id = row.page, case .text(let article)? = content.pages[JSONKey(id)]?.kind else {
      return ""
    }
    return article.category.lowercased()
  }

  /// The file's rows, each with its ``RowID``, and their categories:
  /// built now if they were not.
  private var files: (rows: [ListRow], categories: [String]) {
    if let built { return built }
    var (rows, categories) = make?() ?? ([], [])
    make = nil
    for index in rows.indices {
      if let id = rows[index].id {
        ownIDs.insert(id)
      } else {
        rows[index].id = AnyHashable(RowID(index: index))
      }
    }
    built = (rows, categories)
    return (rows, categories)
  }

  /// The index of the first of `categories` that `topics` blocks, nil when
  /// none is. Rows mostly open one story after another of the same
  /// category, so a category equal to the one before is not hashed again.
  private static func firstHidden(among categories: [String], by topics: Set<String>) -> Int? {
    guard !topics.isEmpty else { return nil }
    var last: (category: String, blocked: Bool)?
    for index in categories.indices {
      let category = categories[index]
      let blocked: Bool
      if let last, last.category == category {
        blocked = last.blocked
      } else {
        blocked = topics.contains(category)
        last = (category, blocked)
      }
      if blocked { return index }
    }
    return nil
  }

  /// True once the rows were built.
  var isBuilt: Bool { built != nil }

  /// True when some row opens a story with a category: only then is there
  /// anything to hide.
  var hasTopics: Bool { files.categories.contains { !$0.isEmpty } }

  /// Shows in `list` the rows whose topic is not blocked, if the blocked
  /// topics changed since it last did; the rows added from elsewhere stay
  /// first. Returns true when it changed the rows.
  @discardableResult
  func update(_ list: inout ListView) -> Bool {
    let topics = blocked.topics
    guard topics != shown else { return false }
    shown = topics
    let (rows, categories) = files
    let added = list.rows.filter { row in
      guard let id = row.id else { return true }
      return !(id.base is RowID) && !ownIDs.contains(id)
    }
    // When no row is hidden the list shares the built rows' storage: a
    // copy of 100,000 rows retained every field of each and grew an array
    // by doubling, with both arrays alive (half the peak memory at start).
    var kept = rows
    if let firstHidden = Self.firstHidden(among: categories, by: topics) {
      kept = []
      kept.reserveCapacity(rows.count)
      kept.append(contentsOf: rows[..<firstHidden])
      for index in rows.indices[firstHidden...] where !topics.contains(categories[index]) {
        kept.append(rows[index])
      }
    }
    blocked.refreshRows?(&kept)
    list.rows = added.isEmpty ? kept : added + kept
    return true
  }
}
