import TabBarKit

/// What `--state` keeps of the comments the reader wrote, newest first.
struct CommentState: Codable, Equatable {
  /// One comment written on story `story`.
  struct Written: Codable, Equatable {
    var story: String
    var comment: ContentFile.Comment
  }

  /// The comments written, newest first.
  var written: [Written] = []
}

/// The comments (跟贴) of every story: the content file's, with the ones the
/// reader wrote on top of them, newest first. A story's count, on its row
/// and under its byline, is the number of comments it has here.
@MainActor
final class CommentLog {
  /// The most written comments kept, over all stories.
  static let maximum = 200
  /// The most characters a comment holds.
  static let maximumLength = 500

  /// The comments written, newest first.
  private(set) var written: [CommentState.Written] = [] {
    didSet { writtenCounts = Dictionary(written.map { ($0.story, 1) }, uniquingKeysWith: +) }
  }
  /// How many comments were written on each story.
  private var writtenCounts: [String: Int] = [:]
  /// Called when comments were written or taken back from `--state`.
  var onChange: (() -> Void)?
  private let content: ContentFile

  /// A log of `content`'s comments, none written yet.
  init(content: ContentFile) {
    self.content = content
  }

  /// Story `id`'s comments, newest first (the written ones, then the
  /// file's); nil for a page that declares none and has none written.
  func comments(of id: String) -> [ContentFile.Comment]? {
    let own = written.filter { $0.story == id }.map(\.comment)
    guard let declared = content.comments(of: id) else { return own.isEmpty ? nil : own }
    return own + declared
  }

  /// How many comments story `id` has; nil when it takes none. Cheap: a
  /// list of many rows asks it for each row.
  func count(of id: String) -> Int? {
    let own = writtenCounts[id] ?? 0
    guard let declared = content.pages[JSONKey(id)]?.comments?.count else {
      return own == 0 ? nil : own
    }
    return declared + own
  }

  /// Adds `comment` on story `id`, newest.
  func add(_ comment: ContentFile.Comment, to id: String) {
    written.insert(CommentState.Written(story: id, comment: comment), at: 0)
    if written.count > Self.maximum { written.removeLast(written.count - Self.maximum) }
    onChange?()
  }

  /// What `--state` keeps; nil when nothing was written.
  var state: CommentState? { written.isEmpty ? nil : CommentState(written: written) }

  /// Takes back what `state` kept: comments on stories the content has,
  /// not blank, cut to ``maximumLength``, likes clamped, at most ``maximum``.
  func restore(_ state: CommentState) {
    written = state.written.compactMap { entry in
      guard content.isStory(entry.story), !ComposePage.isBlank(entry.comment.text) else {
        return nil
      }
      var entry = entry
      entry.comment.text = String(entry.comment.text.prefix(Self.maximumLength))
      entry.comment.author = String(entry.comment.author.prefix(Self.maximumLength))
      entry.comment.time = String(entry.comment.time.prefix(Self.maximumLength))
      entry.comment.likes = min(max(0, entry.comment.likes), 999_999_999)
      return entry
    }.prefix(Self.maximum).map { $0 }
    if !written.isEmpty { onChange?() }
  }
}
