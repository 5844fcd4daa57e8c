import TabBarKit

/// What the rows of a list that open one story share, worked out once per
/// story instead of once per row: the comment count's words, the text the
/// filter finds the story by, its category. The scale benchmark's 100,000
/// rows open one story, and each row looked all three up again.
@MainActor
struct StoryRowFacts {
  /// One story's shared parts.
  struct Facts {
    /// `128 comments`, or nil when the story takes no comments.
    var countWords: String?
    /// The category, byline and body, joined (``DemoModel/listRow(_:storyText:route:)``).
    var searchText: String
    /// The category as the file writes it; nil for none or no text page.
    var category: String?
    /// The category lowercased, empty for none (``TopicFilter``).
    var topic: String
  }

  private let model: DemoModel
  private var byID: [String: Facts] = [:]
  /// The last story asked for: consecutive rows mostly open the same one,
  /// and a short id compares faster than it hashes.
  private var last: (id: String, facts: Facts)?

  /// The facts of the stories of `model`'s content.
  init(model: DemoModel) {
    self.model = model
  }

  /// The facts of the page `id`.
  mutating func facts(of id: String) -> Facts {
    if let last, last.id == id { return last.facts }
    let facts: Facts
    if let known = byID[id] {
      facts = known
    } else {
      facts = model.storyFacts(of: id)
      byID[id] = facts
    }
    last = (id, facts)
    return facts
  }
}

@MainActor
extension DemoModel {
  /// The parts of a row opening page `id` that depend only on `id`.
  fileprivate func storyFacts(of id: String) -> StoryRowFacts.Facts {
    var searchText = ""
    var category: String?
    if case .text(let article)? = content.pages[JSONKey(id)]?.kind {
      searchText = ([article.category, article.byline] + article.body.map(\.text))
        .filter { !$0.isEmpty }.joined(separator: "\n")
      category = article.category.isEmpty ? nil : article.category
    }
    let countWords = comments.count(of: id).map {
      DemoStrings.fill(settings.strings.flow.commentCount, ["count": "\($0)"])
    }
    return StoryRowFacts.Facts(
      countWords: countWords, searchText: searchText, category: category,
      topic: category?.lowercased() ?? "")
  }

  /// A list row as ``listRow(_:storyText:route:)`` makes it, from the
  /// facts of its story kept in `facts`.
  func listRow(
    _ row: ContentFile.Row, facts: inout StoryRowFacts, route: StoryRoute
  ) -> ListRow {
    let title = row.title
    var detail = row.detail
    var searchText = row.detail
    if let id = row.page {
      let story = facts.facts(of: id)
      if let words = story.countWords {
        detail = detail.isEmpty ? words : detail + " · " + words
      }
      if !story.searchText.isEmpty {
        searchText = searchText.isEmpty ? story.searchText : searchText + "\n" + story.searchText
      }
    }
    return ListRow(
      title, detail: detail, searchText: searchText,
      destination: row.page.map { id in
        { self.page(id, openedAs: title, route: route) }
      })
  }
}
