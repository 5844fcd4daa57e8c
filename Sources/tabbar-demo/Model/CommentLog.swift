import TabBarKit

/// What `--state` keeps of the comments: those the reader wrote (replies
/// among them), newest first, and those the reader liked (顶).
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
    /// The comment it replies to (a written comment's ``id``, or a file
    /// comment's ``CommentLog/fileID(of:)``); nil for a comment of its
    /// own. Absent in files saved before replies.
    var replyTo: String? = nil

    var key: String {
      id ?? [story, comment.author, comment.time, comment.text].joined(separator: "\u{0}")
    }
    var time: Int? { id.flatMap { Int($0.prefix { $0.isASCII && $0.isNumber }) } }
    var savedSize: Int {
      SavedSize.object(strings: [story, id ?? "", replyTo ?? ""], numbers: 0) + SavedSize.field
        + SavedSize.object(strings: [comment.author, comment.time, comment.text], numbers: 1)
    }
  }

  /// A comment the reader liked: its story and its id, and when.
  struct Like: LogEntry {
    /// The most likes kept, over all stories.
    static let maximumCount = 500
    /// The most bytes they take in the state file.
    static let byteBudget = 64 << 10

    var story: String
    /// The comment's id: a written comment's ``Written/id``, a file
    /// comment's ``CommentLog/fileID(of:)``.
    var comment: String
    var at: Int?

    var key: String { story + "\u{0}" + comment }
    var time: Int? { at }
    var savedSize: Int { SavedSize.object(strings: [story, comment], numbers: 1) }
  }

  /// The comments written, newest first.
  var written: [Written] = []
  /// The comments liked, the last liked first; absent in files saved
  /// before likes.
  var liked: [Like] = []

  /// The comments written and liked.
  init(written: [Written] = [], liked: [Like] = []) {
    self.written = written
    self.liked = liked
  }

  private enum CodingKeys: String, CodingKey {
    case written, liked
  }

  /// Writes `liked` only when there is one, so a file without likes reads
  /// as before.
  func encode(to encoder: any Encoder) throws {
    var keys = encoder.container(keyedBy: CodingKeys.self)
    try keys.encode(written, forKey: .written)
    if !liked.isEmpty { try keys.encode(liked, forKey: .liked) }
  }

  /// Reads the comments; one saved before comments had an id gets one
  /// from its place, counted from the oldest (`0-0`, `0-1`…): the same in
  /// every run that reads the file, so two runs merge it as one comment,
  /// and two alike are two.
  init(from decoder: any Decoder) throws {
    let keys = try decoder.container(keyedBy: CodingKeys.self)
    written = try keys.decodeIfPresent([Written].self, forKey: .written) ?? []
    liked = try keys.decodeIfPresent([Like].self, forKey: .liked) ?? []
    for index in written.indices where written[index].id == nil {
      written[index].id = "0-\(written.count - 1 - index)"
    }
  }
}

/// The comments (跟贴) of every story: the content file's, with the ones the
/// reader wrote on top of them, newest first. A story's count, on its row
/// and under its byline, is the number of comments it has here.
///
/// As on NetEase, a comment can be liked (顶: the reader's own like adds
/// one to its count, and liking again takes it back) and replied to: a
/// reply is a comment of its own that knows the comment it answers, so a
/// page can stack the chain above it (盖楼, ``thread(of:in:)``).
///
/// At most 200 written comments are kept, in 192 KiB of the state file
/// (``CommentState/Written``), and 500 likes in 64 KiB
/// (``CommentState/Like``); past either, the oldest go.
@MainActor
final class CommentLog {
  /// The most characters a comment holds.
  nonisolated static let maximumLength = 500

  /// One comment as a page shows it: the comment, what it is known by,
  /// what it replies to and whether the reader liked it.
  struct Entry: Equatable {
    /// Its id: a written comment's stamp, a file comment's
    /// ``CommentLog/fileID(of:)``.
    var id: String
    /// The comment, its likes counting the reader's own.
    var comment: ContentFile.Comment
    /// The id of the comment it replies to; nil for none.
    var replyTo: String?
    /// The reader liked it.
    var liked: Bool
  }

  /// The comments written, newest first.
  var written: [CommentState.Written] { log.entries }
  private var log = NewestFirstLog<CommentState.Written>() {
    didSet { writtenCounts = Dictionary(written.map { ($0.story, 1) }, uniquingKeysWith: +) }
  }
  /// How many comments were written on each story.
  private var writtenCounts: [String: Int] = [:]
  /// The comments liked, the last first.
  private var likes = NewestFirstLog<CommentState.Like>()
  /// The comments saved as drafts from the form's Esc, by story (and, for
  /// a reply, the comment it answers: ``draftKey(story:replyTo:)``): the
  /// next form opens with its draft. Kept while the app runs.
  var drafts: [String: String] = [:]
  /// Called when comments were written, liked or taken back from `--state`.
  var onChange: (() -> Void)?
  private let content: ContentFile

  /// A log of `content`'s comments, none written yet.
  init(content: ContentFile) {
    self.content = content
  }

  /// The key of the draft of a comment on `story`, or of a reply to
  /// comment `replyTo` there.
  static func draftKey(story: String, replyTo: String?) -> String {
    replyTo.map { story + "\u{0}" + $0 } ?? story
  }

  /// What a comment of the content file is known by, the same in every
  /// run and on every machine: a hash (64-bit FNV-1a) of its author, time
  /// and text, so that a like stays on its comment when the file gains
  /// others. Two alike comments on one story are one to a like.
  nonisolated static func fileID(of comment: ContentFile.Comment) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for part in [comment.author, comment.time, comment.text] {
      for byte in part.utf8 + [0] {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
    }
    return "f-" + String(hash, radix: 16)
  }

  /// Story `id`'s comments, newest first (the written ones, then the
  /// file's); nil for a page that declares none and has none written.
  func comments(of id: String) -> [ContentFile.Comment]? {
    entries(of: id)?.map(\.comment)
  }

  /// Story `story`'s comments with their ids and likes, newest first (the
  /// written ones, then the file's); nil for a page that declares none and
  /// has none written.
  func entries(of story: String) -> [Entry]? {
    let own = written.filter { $0.story == story }.map { written in
      entry(story: story, id: written.key, comment: written.comment, replyTo: written.replyTo)
    }
    guard let declared = content.comments(of: story) else { return own.isEmpty ? nil : own }
    return own
      + declared.map { entry(story: story, id: Self.fileID(of: $0), comment: $0, replyTo: nil) }
  }

  private func entry(
    story: String, id: String, comment: ContentFile.Comment, replyTo: String?
  ) -> Entry {
    let liked = isLiked(id, on: story)
    var comment = comment
    if liked { comment.likes += 1 }
    return Entry(id: id, comment: comment, replyTo: replyTo, liked: liked)
  }

  /// The chain comment `entry` replies to, the first comment of it first
  /// and the one it answers last (NetEase's 盖楼); empty for a comment that
  /// answers none. The chain stops at a comment no longer there, and never
  /// loops.
  static func thread(of entry: Entry, in entries: [Entry]) -> [Entry] {
    let byID = Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var chain: [Entry] = []
    var seen: Set<String> = [entry.id]
    var next = entry.replyTo
    while let id = next, seen.insert(id).inserted, let parent = byID[id] {
      chain.append(parent)
      next = parent.replyTo
    }
    return chain.reversed()
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

  /// Adds `comment` on story `id`, newest; a reply to comment `replyTo`
  /// when one is given. Returns the new comment's id.
  @discardableResult
  func add(_ comment: ContentFile.Comment, to id: String, replyTo: String? = nil) -> String {
    let stamp = "\(Milliseconds.now)-\(String(UInt64.random(in: .min ... .max), radix: 16))"
    log.add(CommentState.Written(story: id, comment: comment, id: stamp, replyTo: replyTo))
    onChange?()
    return stamp
  }

  /// True when the reader liked comment `comment` of story `story`.
  func isLiked(_ comment: String, on story: String) -> Bool {
    likes.entry(forKey: CommentState.Like(story: story, comment: comment).key) != nil
  }

  /// Likes comment `comment` of story `story` (顶), or takes the like back
  /// when the reader had liked it; returns true when it is liked now.
  @discardableResult
  func toggleLike(_ comment: String, on story: String) -> Bool {
    let like = CommentState.Like(story: story, comment: comment, at: Milliseconds.now)
    let liked = !likes.remove(key: like.key)
    if liked { likes.add(like) }
    onChange?()
    return liked
  }

  /// What `--state` keeps; nil when nothing was written or liked.
  var state: CommentState? {
    written.isEmpty && likes.entries.isEmpty
      ? nil : CommentState(written: written, liked: likes.entries)
  }

  /// Takes back what `state` kept: comments on stories the content has,
  /// not blank, cut to ``maximumLength``, likes clamped, the newest that
  /// fit the count and the budget; likes of stories the content has.
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
    likes.replace(with: state.liked.lazy.filter { [content] in content.isStory($0.story) })
    if !written.isEmpty || !likes.entries.isEmpty { onChange?() }
  }
}
