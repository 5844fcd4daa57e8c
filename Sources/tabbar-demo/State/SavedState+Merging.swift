import TabBarKit

// MARK: Two runs on one file

extension SavedState {
  /// This run's state saved over `file`, the state file as another run
  /// left it since this one read it; `base` is what this run read then of
  /// its content (nil: nothing).
  ///
  /// Every list of this content is merged by identity and time
  /// (``ContentState/merged(theirs:base:)``): what either run added is
  /// kept, what one run took out stays out. The place and the settings are
  /// this run's, the last to quit. The other contents' parts are the
  /// file's, as it holds them now, the content the file was last saved
  /// with first.
  func merged(over file: SavedState, base: ContentState?) -> SavedState {
    let name = current.content
    var result = self
    // Nothing of this content in the file: no other run changed it.
    let theirs = file.parts(of: name) ?? base ?? ContentState()
    result.current = current.merged(theirs: theirs, base: base ?? ContentState())
    var others = [file.current] + file.otherContents
    others.removeAll { $0.content == nil || $0.content == name }
    result.otherContents = others
    return result
  }
}

extension ContentState {
  /// These parts (this run's) merged with `theirs` (the file's now), both
  /// grown from `base` (the file's when this run read it): each list by
  /// identity and time (``ThreeWayMerge``), cut to its count and budget
  /// again; the drafts by form; the place and the open form this run's.
  func merged(theirs: ContentState, base: ContentState) -> ContentState {
    var result = self
    result.compose = ComposeState.merged(
      ours: compose, theirs: theirs.compose, base: base.compose)
    result.reading = ReadingState.merged(
      ours: reading, theirs: theirs.reading, base: base.reading)
    result.resume = ResumeState.merged(ours: resume, theirs: theirs.resume, base: base.resume)
    result.comments = CommentState.merged(
      ours: comments, theirs: theirs.comments, base: base.comments)
    result.inbox = InboxState.merged(ours: inbox, theirs: theirs.inbox, base: base.inbox)
    return result
  }
}

extension NewestFirstLog {
  /// `ours`, `theirs` and `base` merged (``ThreeWayMerge``), then cut as a
  /// log cuts: the count and the budget, the oldest first.
  static func merged(ours: [Entry], theirs: [Entry], base: [Entry]) -> [Entry] {
    NewestFirstLog(
      ThreeWayMerge.merged(ours: ours, theirs: theirs, base: base, key: \.key, time: \.time)
    ).entries
  }
}

extension ReadingState {
  /// History and Favourites of two runs, merged.
  static func merged(ours: Self?, theirs: Self?, base: Self?) -> Self? {
    guard ours != nil || theirs != nil else { return nil }
    let (ours, theirs, base) = (ours ?? Self(), theirs ?? Self(), base ?? Self())
    typealias Log = NewestFirstLog<Mark>
    return Self(
      history: Log.merged(ours: ours.history, theirs: theirs.history, base: base.history),
      favourites: Log.merged(
        ours: ours.favourites, theirs: theirs.favourites, base: base.favourites))
  }
}

extension ResumeState {
  /// The places of two runs, merged: the later place of each page.
  static func merged(ours: Self?, theirs: Self?, base: Self?) -> Self? {
    guard ours != nil || theirs != nil else { return nil }
    let (ours, theirs, base) = (ours ?? Self(), theirs ?? Self(), base ?? Self())
    return Self(
      texts: NewestFirstLog.merged(ours: ours.texts, theirs: theirs.texts, base: base.texts),
      videos: NewestFirstLog.merged(ours: ours.videos, theirs: theirs.videos, base: base.videos))
  }
}

extension CommentState {
  /// The comments two runs wrote and liked, merged (a like is known by
  /// its story and comment); nil when none is left.
  static func merged(ours: Self?, theirs: Self?, base: Self?) -> Self? {
    let written = NewestFirstLog.merged(
      ours: ours?.written ?? [], theirs: theirs?.written ?? [], base: base?.written ?? [])
    let liked = NewestFirstLog.merged(
      ours: ours?.liked ?? [], theirs: theirs?.liked ?? [], base: base?.liked ?? [])
    return written.isEmpty && liked.isEmpty ? nil : Self(written: written, liked: liked)
  }
}

extension InboxState {
  /// The messages two runs read and saw, merged.
  static func merged(ours: Self?, theirs: Self?, base: Self?) -> Self? {
    guard ours != nil || theirs != nil else { return nil }
    return Self(
      read: NewestFirstLog.merged(
        ours: ours?.read ?? [], theirs: theirs?.read ?? [], base: base?.read ?? []),
      seen: NewestFirstLog.merged(
        ours: ours?.seen ?? [], theirs: theirs?.seen ?? [], base: base?.seen ?? []))
  }
}

extension ComposeState {
  /// The drafts and posts of two runs, merged: posts by identity, newest
  /// first, at most ``maximumPosts``; drafts by form, this run's where both
  /// runs changed one. The open form is this run's. Nil when nothing is
  /// left.
  static func merged(ours: Self?, theirs: Self?, base: Self?) -> Self? {
    let (mine, other, old) = (ours ?? Self(), theirs ?? Self(), base ?? Self())
    var result = mine
    let posts = ThreeWayMerge.merged(
      ours: mine.posts, theirs: other.posts, base: old.posts,
      key: \.identity, time: \.postedAt)
    result.posts = Array(posts.prefix(maximumPosts))
    typealias Draft = (form: String, values: [String])
    let ordered: (Self) -> [Draft] = { state in
      state.drafts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
    let drafts = ThreeWayMerge.merged(
      ours: ordered(mine).map(DraftEntry.init), theirs: ordered(other).map(DraftEntry.init),
      base: ordered(old).map(DraftEntry.init), key: \.form, time: { _ in nil })
    result.drafts = Dictionary(
      drafts.map { ($0.form, $0.values) }, uniquingKeysWith: { first, _ in first })
    return result == Self() ? nil : result
  }

  /// A draft as a merge sees it: its form and its fields' text.
  private struct DraftEntry: Equatable {
    var form: String
    var values: [String]

    init(_ draft: (form: String, values: [String])) {
      form = draft.form
      values = draft.values
    }
  }
}
