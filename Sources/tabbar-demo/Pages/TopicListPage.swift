import TabBarKit

/// A list of stories that hides the stories of blocked topics (a section
/// of Topics, a list of the file's): its rows follow Me's Blocked topics
/// each time it is laid out.
final class TopicListPage: ListViewController {
  /// The file's rows and their topics.
  let topics: TopicFilter

  /// The list titled `title` of the rows `topics` leaves.
  init(title: String, topics: TopicFilter) {
    self.topics = topics
    super.init(title: title, rows: [])
    topics.update(&listView)
  }

  override func viewWillLayout(in rect: Rect) {
    topics.update(&listView)
    super.viewWillLayout(in: rect)
  }
}
