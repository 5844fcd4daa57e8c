import TabBarKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `--state` keeps of one content file: where the user was in it and
/// what they made and read there. Its page ids, tab numbers and forms mean
/// something in that content only, so each content file keeps its own, and
/// a run with another `--content` leaves them as they were.
struct ContentState: Codable, Equatable {
  /// Which content: ``builtIn``, or the content file's absolute path with
  /// no symbolic link (``name(ofContentAt:)``); nil in files saved before
  /// each content kept its own, whose parts go to whatever content reads
  /// them.
  var content: String?
  /// Each page's saved state, from the tab bar controller down.
  var restoration = RestorationCoder()
  /// The compose forms' drafts and posted stories (`compose`).
  var compose: ComposeState?
  /// The stories read and favourited (`reading`).
  var reading: ReadingState?
  /// Where each story, chapter and video was left (`resume`).
  var resume: ResumeState?
  /// The comments the reader wrote (`comments`); nil when none.
  var comments: CommentState?
  /// Which of Me's messages were opened (`inbox`).
  var inbox: InboxState?

  /// The name of the built-in content.
  static let builtIn = "built-in"

  /// The name kept for the content at `path` (nil: the built-in one): the
  /// file's absolute path with no symbolic link, so that one file reached
  /// by two paths is one content; the path as given when it cannot be
  /// resolved.
  static func name(ofContentAt path: String?) -> String {
    guard let path else { return builtIn }
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private enum Keys: String, CodingKey {
    case content, restoration, compose, reading, resume, comments, inbox
  }

  /// The parts of no content in particular, with `restoration`.
  init(content: String? = nil, restoration: RestorationCoder = RestorationCoder()) {
    self.content = content
    self.restoration = restoration
  }

  /// Reads the parts: a part that does not read is left out alone, as a
  /// missing `restoration` is.
  init(from decoder: any Decoder) throws {
    let keys = try decoder.container(keyedBy: Keys.self)
    content = try? keys.decodeIfPresent(String.self, forKey: .content)
    restoration =
      (try? keys.decodeIfPresent(RestorationCoder.self, forKey: .restoration)) ?? .init()
    compose = try? keys.decodeIfPresent(ComposeState.self, forKey: .compose)
    reading = try? keys.decodeIfPresent(ReadingState.self, forKey: .reading)
    resume = try? keys.decodeIfPresent(ResumeState.self, forKey: .resume)
    comments = try? keys.decodeIfPresent(CommentState.self, forKey: .comments)
    inbox = try? keys.decodeIfPresent(InboxState.self, forKey: .inbox)
  }

  /// Writes the parts there are.
  func encode(to encoder: any Encoder) throws {
    var keys = encoder.container(keyedBy: Keys.self)
    try keys.encodeIfPresent(content, forKey: .content)
    try keys.encode(restoration, forKey: .restoration)
    try keys.encodeIfPresent(compose, forKey: .compose)
    try keys.encodeIfPresent(reading, forKey: .reading)
    try keys.encodeIfPresent(resume, forKey: .resume)
    try keys.encodeIfPresent(comments, forKey: .comments)
    try keys.encodeIfPresent(inbox, forKey: .inbox)
  }
}
