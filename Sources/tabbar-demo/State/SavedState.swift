import TabBarKit

/// Everything `--state FILE` keeps between runs: where the user was (the
/// state each page saves of itself, the library's ``RestorationCoder``) and
/// what the demo's own pages keep beside it.
///
/// The file is one JSON object, versioned by its `version` key (2): the
/// pages' state sits under `restoration`, and each kind of thing the demo
/// keeps adds one optional key of its own beside it, absent when there is
/// nothing to keep. A file saved before the pages saved themselves (version
/// 1, with no `version` key: `selectedIndex` and `stacks` at the top level)
/// still loads: its settings, draft and posts are kept, and where the user
/// was is not read (``isFromOlderVersion``): the demo starts on the first
/// tab and says so in one warning line.
struct SavedState: Codable, Equatable {
  /// The version this demo writes.
  static let version = 2

  /// Each page's saved state, from the tab bar controller down; empty in
  /// a state read from an older file.
  var restoration: RestorationCoder
  /// The compose forms' drafts and posted stories (`compose`).
  var compose: ComposeState?
  /// The Me page's settings (Night mode, Bar style, …); nil when none is kept.
  var settings: SavedSettings?
  /// The stories read and favourited (`reading`); nil in older files.
  var reading: ReadingState?
  /// Where each story, chapter and video was left (`resume`); nil in older files.
  var resume: ResumeState?
  /// The comments the reader wrote (`comments`); nil when none.
  var comments: CommentState?
  /// Which of Me's messages were opened (`inbox`); nil in older files.
  var inbox: InboxState?
  /// True when the file was saved by a version of the demo before this
  /// format: where the user was is not restored.
  var isFromOlderVersion = false

  private enum Keys: String, CodingKey {
    case version, restoration, compose, settings, reading, resume, comments, inbox
    // Version 1's position, read only to recognise such a file.
    case selectedIndex, stacks
  }

  /// A state that keeps only `restoration`.
  init(restoration: RestorationCoder) {
    self.restoration = restoration
  }

  /// Reads a saved state.
  ///
  /// - Throws: a `DecodingError` for a file that is not one: no `version`
  ///   and no version-1 position, a version this demo does not know, or no
  ///   `restoration`.
  init(from decoder: any Decoder) throws {
    let keys = try decoder.container(keyedBy: Keys.self)
    if let version = try keys.decodeIfPresent(Int.self, forKey: .version) {
      guard version == Self.version else {
        throw DecodingError.dataCorruptedError(
          forKey: .version, in: keys,
          debugDescription: "version \(version), this tabbar-demo reads \(Self.version)")
      }
      restoration = try keys.decode(RestorationCoder.self, forKey: .restoration)
    } else {
      // Version 1: a position of the old shape makes it a saved state.
      _ = try keys.decode(Int.self, forKey: .selectedIndex)
      _ = try keys.decode([[RestorationCoder]].self, forKey: .stacks)
      restoration = RestorationCoder()
      isFromOlderVersion = true
    }
    // A part that no longer reads is dropped, not the whole state.
    compose = try? keys.decodeIfPresent(ComposeState.self, forKey: .compose)
    settings = try? keys.decodeIfPresent(SavedSettings.self, forKey: .settings)
    reading = try? keys.decodeIfPresent(ReadingState.self, forKey: .reading)
    resume = try? keys.decodeIfPresent(ResumeState.self, forKey: .resume)
    comments = try? keys.decodeIfPresent(CommentState.self, forKey: .comments)
    inbox = try? keys.decodeIfPresent(InboxState.self, forKey: .inbox)
  }

  /// Writes the state in this version's format.
  func encode(to encoder: any Encoder) throws {
    var keys = encoder.container(keyedBy: Keys.self)
    try keys.encode(Self.version, forKey: .version)
    try keys.encode(restoration, forKey: .restoration)
    try keys.encodeIfPresent(compose, forKey: .compose)
    try keys.encodeIfPresent(settings, forKey: .settings)
    try keys.encodeIfPresent(reading, forKey: .reading)
    try keys.encodeIfPresent(resume, forKey: .resume)
    try keys.encodeIfPresent(comments, forKey: .comments)
    try keys.encodeIfPresent(inbox, forKey: .inbox)
  }
}

// MARK: Numbers

extension SavedState {
  /// What is wrong with a number in a saved state, found before it is
  /// decoded: JSONDecoder calls both `1.5` and `99999999999999999999`,
  /// where an `Int` goes, "not valid JSON".
  enum NumberProblem: Equatable {
    /// A number with a fraction: every number a state holds is an integer.
    case fraction(path: String, written: String)
    /// An integer past `Int`'s range: no position can be that far.
    case outOfRange(path: String, written: String)
  }

  /// The first number in `value` (the parsed file) that no saved state
  /// holds, with its path and its text as written; nil when there is none.
  static func firstBadNumber(in value: JSONValue, at path: String = "") -> NumberProblem? {
    switch value {
    case .number(let number, let written):
      let place = path.isEmpty ? "the top" : path
      let isLiteralInteger = written.allSatisfy { $0 == "-" || ("0"..."9").contains($0) }
      if isLiteralInteger {
        return Int(written) == nil ? .outOfRange(path: place, written: written) : nil
      }
      if number.rounded() != number { return .fraction(path: place, written: written) }
      // -2⁶³ is the lowest Int; 2⁶³ the first past the highest.
      let fits = number >= -0x1p63 && number < 0x1p63
      return fits ? nil : .outOfRange(path: place, written: written)
    case .array(let items):
      for (index, item) in items.enumerated() {
        if let found = firstBadNumber(in: item, at: "\(path)[\(index)]") { return found }
      }
      return nil
    case .object(let fields):
      for (key, field) in fields.sorted(by: { $0.key < $1.key }) {
        let place = path.isEmpty ? key.text : "\(path).\(key.text)"
        if let found = firstBadNumber(in: field, at: place) { return found }
      }
      return nil
    case .null, .bool, .string:
      return nil
    }
  }
}

// MARK: Two runs on one file

extension SavedState {
  /// This state, with the posts of `other` (the file as another run left
  /// it) that this one does not have added, by identity.
  ///
  /// Both lists are newest first, and merge as such: by the time in their
  /// ids where both have one, this run's first otherwise. At most
  /// ``ComposeState/maximumPosts`` are kept. Everything else is this
  /// state's: the place, the drafts and the settings of the run that quit
  /// last.
  func keepingPosts(of other: SavedState) -> SavedState {
    guard let theirs = other.compose?.posts, !theirs.isEmpty else { return self }
    var compose = self.compose ?? ComposeState()
    let ours = compose.posts
    var seen = Set(ours.map(\.identity))
    let missing = theirs.filter { seen.insert($0.identity).inserted }
    guard !missing.isEmpty else { return self }
    var merged: [ComposeState.Post] = []
    var (mine, other) = (ours[...], missing[...])
    while !mine.isEmpty || !other.isEmpty {
      var takesOther = mine.isEmpty
      if let first = mine.first?.postedAt, let otherFirst = other.first?.postedAt {
        takesOther = otherFirst > first
      }
      merged.append(takesOther ? other.removeFirst() : mine.removeFirst())
    }
    compose.posts = Array(merged.prefix(ComposeState.maximumPosts))
    var state = self
    state.compose = compose
    return state
  }
}
