import TabBarKit

/// What `--state` keeps of the comments the reader wrote, newest first.
struct CommentState: Codable, Equatable {
  /// One comment written on story `story`.
  struct Written: LogEntry {
    /// The most written comments kept, over all stories.
    static let maximumCount = 200
    /// The most bytes they take in the state file: a comment is capped in
    /// characters, but a character may hold a dozen combining marks, so
    /// the count alone does not bound the file.
    static let byteBudget = 192 << 10

    var story: String
    var comment: ContentFile.Comment
    /// Which comment this is, so that two runs saving one state file keep
    /// both their comments and none twice: the milliseconds since 1970 when
    /// it was written, a dash, 64 random bits in hexadecimal. Nil in files
    /// saved before comments had one.
    var id: String? = nil

    var key: String {
      id ?? [story, comment.author, comment.time, comment.text].joined(separator: "\u{0}")
    }
    var time: Int? { id.flatMap { Int($0.prefix { $0.isASCII && $0.isNumber }) } }
    var savedSize: Int {
      SavedSize.object(strings: [story, id ?? ""], numbers: 0) + SavedSize.field
        + SavedSize.object(strings: [comment.author, comment.time, comment.text], numbers: 1)
    }
  }

  /// The comments written, newest first.
  var written: [Written] = []

  /// The comments written.
  init(written: [Written] = []) {
    self.written = written
  }

  /// Reads the comments; one saved before comments had an id gets one
  /// from its place, counted from the oldest (`0-0`, `0-1`…): the same in
  /// every run that reads the file, so two runs merge it as one comment,
  /// and two alike are two.
  init(from decoder: any Decoder) throws {
    written = try decoder.container(keyedBy: CodingKeys.self)
      .decode([Written].self, forKey: .written)
    for index in written.indices where written[index].id == nil {
      written[index].id = "0-\(written.count - 1 - index)"
    }
  }
}

/// The comments (跟贴) of every story: the content file's, with the ones the
/// reader wrote on top of them, newest first. A story's count, on its row
/// and under its byline, is the number of comments it has here.
///
/// At most 200 written comments are kept, in 192 KiB of the state file
/// (``CommentState/Written``); past either, the oldest go.
@MainActor
final class CommentLog {
  /// The most characters a comment holds.
  nonisolated static let maximumLength = 500

  /// The comments written, newest first.
  var written: [CommentState.Written] { log.entries }
  private var log = NewestFirstLog<CommentState.Written>() {
    didSet { writtenCounts = Dictionary(written.map { ($0.story, 1) }, uniquingKeysWith: +) }
  }
  /// How many comments were written on each story.
  private var writtenCounts: [String: Int] = [:]
  /// The comments saved as drafts from the form's Esc, by story: the next
  /// form on the story opens with its draft. Kept while the app runs.
  var drafts: [String: String] = [:]
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
    let stamp = "\(Milliseconds.now)-\(String(UInt64.random(in: .min ... .max), radix: 16))"
    log.add(CommentState.Written(story: id, comment: comment, id: stamp))
    onChange?()
  }

  /// What `--state` keeps; nil when nothing was written.
  var state: CommentState? { written.isEmpty ? nil : CommentState(written: written) }

  /// Takes back what `state` kept: comments on stories the content has,
  /// not blank, cut to ``maximumLength``, likes clamped, the newest that
  /// fit the count and the budget.
  func restore(_ state: CommentState) {
    log.replace(
      with: state.written.lazy.compactMap { [content] entry in
        guard content.isStory(entry.story), !ComposePage.isBlank(entry.comment.text) else {
          return nil
        }
        var entry = entry
        entry.comment.text = String(entry.comment.text.prefix(Self.maximumLength))
        entry.comment.author = String(entry.comment.author.prefix(Self.maximumLength))
        entry.comment.time = String(entry.comment.time.prefix(Self.maximumLength))
        entry.comment.likes = min(max(0, entry.comment.likes), 999_999_999)
        return entry
      })
    if !written.isEmpty { onChange?() }
  }
}
