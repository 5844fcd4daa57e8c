import TabBarKit

/// A list's rows as the content file gives them, and what the lists that
/// show them share: the category of each row's story, worked out once and
/// only when a channel or a blocked topic needs it, and each story's
/// ``SearchKey``, folded once however many rows open the story.
///
/// The rows are the content's own array (shared, not copied): a row of a
/// list costs its place in it and nothing more until it is drawn.
@MainActor
final class RowStories {
  /// The rows, as the content file gives them.
  let rows: ContentRows
  private let content: ContentFile
  /// Each category as the file writes it, by number.
  private var categories: [String] = []
  /// The number in ``categories`` of each row's story's category; -1 for
  /// none. Nil until first needed.
  private var categoryNumbers: [Int32]?
  /// The key of each story met so far, by page id.
  private var keys: [String: SearchKey] = [:]

  /// The stories of `rows`, pages of `content`.
  init(rows: ContentRows, content: ContentFile) {
    self.rows = rows
    self.content = content
  }

  /// The article of the text page `id`, if it is one.
  private func article(_ id: String) -> ContentFile.Article? {
    if case .text(let article)? = content.pages[JSONKey(id)]?.kind { return article }
    return nil
  }

  /// Every category of the content's stories, lowercased: a blocked topic
  /// that is none of them hides nothing, and no row is looked at for it.
  private(set) lazy var topics: Set<String> = Set(
    content.pages.values.compactMap { page in
      if case .text(let article) = page.kind, !article.category.isEmpty {
        return article.category.lowercased()
      }
      return nil
    })

  /// True when some row opens a story with a category: only then is there
  /// anything a blocked topic hides. Stops at the first such row.
  var hasCategories: Bool {
    if let categoryNumbers { return categoryNumbers.contains { $0 >= 0 } }
    var last: String?
    for id in rows.pages {
      guard let id, id != last else { continue }
      last = id
      if let article = article(id), !article.category.isEmpty { return true }
    }
    return false
  }

  /// The places of the rows whose story's category `keeps` takes (asked
  /// once per category, and with nil for the rows without one), in order;
  /// nil when it takes every row.
  ///
  /// Complexity: O(n) for n rows; the first call also looks up the story
  /// of each row once.
  func places(keeping keeps: (String?) -> Bool) -> [Int32]? {
    let numbers = categoryOfRows()
    let keepsNone = keeps(nil)
    let kept = categories.map(keeps)
    if keepsNone && !kept.contains(false) { return nil }
    var places: [Int32] = []
    numbers.withUnsafeBufferPointer { numbers in
      for place in numbers.indices {
        let number = numbers[place]
        if number < 0 ? keepsNone : kept[Int(number)] { places.append(Int32(place)) }
      }
    }
    return places
  }

  /// The category number of every row, worked out on first use.
  private func categoryOfRows() -> [Int32] {
    if let categoryNumbers { return categoryNumbers }
    var byPage: [String: Int32] = [:]
    var byName: [String: Int32] = [:]
    var numbers: [Int32] = []
    numbers.reserveCapacity(rows.count)
    var last: (id: String, number: Int32)?
    for id in rows.pages {
      guard let id else {
        numbers.append(-1)
        continue
      }
      if let last, last.id == id {
        numbers.append(last.number)
        continue
      }
      let number: Int32
      if let known = byPage[id] {
        number = known
      } else if let category = article(id)?.category, !category.isEmpty {
        if let known = byName[category] {
          number = known
        } else {
          number = Int32(categories.count)
          byName[category] = number
          categories.append(category)
        }
        byPage[id] = number
      } else {
        number = -1
        byPage[id] = number
      }
      last = (id, number)
      numbers.append(number)
    }
    categoryNumbers = numbers
    return numbers
  }

  /// The search key of the story `id`: its category, byline and body,
  /// folded the first time a row asks; nil for a page that is no story.
  func searchKey(of id: String) -> SearchKey? {
    if let key = keys[id] { return key }
    guard let article = article(id) else { return nil }
    let key = SearchKey(
      ([article.category, article.byline] + article.body.map(\.text)).filter { !$0.isEmpty })
    keys[id] = key
    return key
  }
}

/// The rows of a list of stories (a channel of News, a list of the file's,
/// a section of Topics), built as the list needs them: on screen, selected,
/// opened, searched. Each refers to its row of the content by place, and
/// the file's text is never copied into it.
///
/// The rows shown are those of a channel's categories whose topics are
/// not blocked; rows put in from elsewhere (a posted story) stand above
/// them (``added``).
@MainActor
final class StoryRows: ListDataSource {
  /// A row of the file, known by its place among the file's rows. Rows
  /// added from elsewhere never have one.
  struct RowID: Hashable {
    let place: Int
  }

  /// The file's rows and their stories, shared by the channels of a strip.
  let stories: RowStories
  private let model: DemoModel
  /// The stories `n` and `p` go through from a story a row opens.
  private let route: StoryRoute?
  /// The channel the rows are of; nil for every row.
  private let channel: ContentFile.Channel?
  /// The places of the rows shown, in order; nil when every row is.
  private var places: [Int32]?
  /// Rows put in from elsewhere (a posted story), above the file's.
  var added: [ListRow] = []

  /// The rows of `stories` in `channel` (every row, for none), opening
  /// their pages through `model` and `route`.
  init(
    stories: RowStories, channel: ContentFile.Channel? = nil, model: DemoModel,
    route: StoryRoute?
  ) {
    self.stories = stories
    self.channel = channel
    self.model = model
    self.route = route
    if let channel, !channel.categories.isEmpty {
      places = stories.places { channel.lists(category: $0) }
    }
  }

  /// Shows the rows of the channel whose topics are not in `topics`
  /// (lowercased). O(n) unless every row shows, when it is O(1).
  func show(hiding topics: Set<String>) {
    let channel = channel
    let topics = topics.isEmpty ? topics : topics.intersection(stories.topics)
    if channel?.categories.isEmpty ?? true, topics.isEmpty {
      places = nil
      return
    }
    places = stories.places { category in
      (channel?.lists(category: category) ?? true)
        && !topics.contains(category?.lowercased() ?? "")
    }
  }

  /// The place among the file's rows of row `index` (past ``added``).
  private func place(_ index: Int) -> Int {
    let index = index - added.count
    return places.map { Int($0[index]) } ?? index
  }

  var rowCount: Int { added.count + (places?.count ?? stories.rows.count) }

  func row(at index: Int) -> ListRow {
    if index < added.count { return added[index] }
    let place = place(index)
    let row = stories.rows[place]
    let title = row.title
    let (model, route) = (model, route)
    return ListRow(
      title, id: RowID(place: place), detail: model.detail(of: row),
      searchKey: row.page.flatMap(stories.searchKey(of:)),
      destination: row.page.map { id in
        { model.page(id, openedAs: title, route: route) }
      })
  }

  /// The title, the detail as the file gives it and the story's key: what
  /// the filter reads, without the comment count and the destination.
  func searchableRow(at index: Int) -> ListRow {
    if index < added.count { return added[index] }
    let row = stories.rows[place(index)]
    return ListRow(
      row.title, detail: row.detail, searchKey: row.page.flatMap(stories.searchKey(of:)))
  }

  /// O(log n) for a row of the file, O(k) for one of the k added.
  func index(ofRowID id: AnyHashable) -> Int? {
    // The one cast the list's API asks for: a row id comes as AnyHashable.
    guard let rowID = id.base as? RowID else { return added.firstIndex { $0.id == id } }
    guard let places else {
      return rowID.place < stories.rows.count ? added.count + rowID.place : nil
    }
    var low = 0
    var high = places.count
    while low < high {
      let middle = (low + high) / 2
      if Int(places[middle]) < rowID.place { low = middle + 1 } else { high = middle }
    }
    guard low < places.count, Int(places[low]) == rowID.place else { return nil }
    return added.count + low
  }
}

extension ListView {
  /// Puts `row` first: into the rows added above `stories` when they are
  /// the list's source (the list is told, and searches the row alone), or
  /// into the list's own rows.
  mutating func insertFirst(_ row: ListRow, above stories: StoryRows?) {
    if let source = stories, dataSource === source {
      source.added.insert(row, at: 0)
      noteRowsInserted(in: 0..<1)
    } else {
      insert(row, at: 0)
    }
  }
}
