import TabBarKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension StateFile {
  /// The most bytes the posts kept take in the file, together: past it the
  /// oldest posts are left out, and the warning names them.
  static let postBudget = 192 << 10
  /// The most bytes the drafts kept take in the file, together: past it a
  /// draft is left out (the open form's last), and the warning names it.
  static let draftBudget = 160 << 10

  /// The most times the deepest list of pages is halved before the pages'
  /// state is dropped whole: each halving encodes it again.
  static let maximumHalvings = 64

  /// The state as saved, and what was left out of it (for the warning,
  /// empty when nothing was).
  ///
  /// The file is pretty-printed JSON, never larger than ``maximumSize``,
  /// so that the next start reads it, and it is made in a bounded time
  /// whatever the state holds. The lists the logs keep are within their
  /// budgets already (``NewestFirstLog``); posts and drafts past theirs
  /// (``postBudget``, ``draftBudget``) are left out here. When the whole is
  /// still too large, in this order and only as far as needed: the other
  /// contents' places go, the deepest list of pages is halved (a restored
  /// stack stops where the saved one does) and then the place goes, the
  /// other contents' parts go (the one used longest ago first), the
  /// settings, this content's lists, its posts and drafts, and at last
  /// everything but the smallest valid state. Each step measures the
  /// compact encoding of what it changes, so the state is encoded whole a
  /// few times at most: once to measure, once per step taken, once to
  /// write. Pretty-printing that does not fit is written compact.
  static func encode(_ state: SavedState) throws(Problem) -> (bytes: [UInt8], leftOut: [String]) {
    var state = state
    var leftOut: [String] = []
    if var compose = state.compose {
      leftOut += Self.cutToBudgets(&compose)
      state.compose = compose == ComposeState() ? nil : compose
    }
    let limit = maximumSize - 1  // the line break at the end
    var size = compactSize(of: state)
    for step in Step.allCases where size > limit {
      leftOut += step.apply(to: &state, size: size, limit: limit)
      size = compactSize(of: state)
    }
    let pretty = JSONEncoder()
    pretty.outputFormatting = [.prettyPrinted, .sortedKeys]
    let compact = JSONEncoder()
    compact.outputFormatting = [.sortedKeys]
    for encoder in [pretty, compact] {
      if let data = try? encoder.encode(state), data.count <= limit {
        return (Array(data) + [0x0A], leftOut)
      }
    }
    throw Problem(description: "cannot save the state: cannot encode it")
  }

  /// The bytes of `value` encoded compact; `Int.max` when it cannot be.
  static func compactSize(of value: some Encodable) -> Int {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return (try? encoder.encode(value).count) ?? .max
  }

  /// Leaves out the posts and drafts past their budgets: the oldest posts,
  /// the drafts of forms that are not open, largest first. Returns what it
  /// left out, for the warning.
  static func cutToBudgets(_ compose: inout ComposeState) -> [String] {
    var kept = 0
    let posts = compose.posts.prefix { post in
      kept += post.savedSize
      return kept <= postBudget
    }
    let droppedPosts = compose.posts.dropFirst(posts.count)
    compose.posts = Array(posts)
    // The open form's draft first, then the smallest: the largest go first.
    let drafts = compose.drafts.sorted { first, second in
      (first.key == compose.open ? 0 : 1, draftSize(first.value), first.key)
        < (second.key == compose.open ? 0 : 1, draftSize(second.value), second.key)
    }
    kept = 0
    var droppedDrafts: [[String]] = []
    for (form, values) in drafts {
      kept += draftSize(values)
      if kept > draftBudget {
        compose.drafts[form] = nil
        droppedDrafts.append(values)
      }
    }
    return describe(posts: Array(droppedPosts), drafts: droppedDrafts)
  }

  /// At most how many bytes a draft's text takes in the file.
  static func draftSize(_ values: [String]) -> Int {
    SavedSize.field + values.reduce(SavedSize.object) { $0 + SavedSize.field + SavedSize.of($1) }
  }

  /// `2 posts (“A”, “B”)`, `the draft “C”`: what the warning says of posts
  /// and drafts left out.
  static func describe(posts: [ComposeState.Post], drafts: [[String]]) -> [String] {
    var parts: [String] = []
    if !posts.isEmpty {
      let titles = posts.map { shortQuote($0.title) }.joined(separator: ", ")
      parts.append(posts.count == 1 ? "the post \(titles)" : "\(posts.count) posts (\(titles))")
    }
    for values in drafts {
      parts.append("the draft \(shortQuote(values.first ?? ""))")
    }
    return parts
  }

  /// `text` in quotes, cut to 24 characters with `…`.
  static func shortQuote(_ text: String) -> String {
    let cut = text.count > 24 ? String(text.prefix(23)) + "…" : text
    return "“\(cut)”"
  }

  /// What the encoder leaves out when the state is still too large, in
  /// order.
  enum Step: CaseIterable {
    /// The other contents' places: the least to lose.
    case otherPlaces
    /// This content's place: the deepest list of pages halved, then all.
    case place
    /// The other contents' parts, the one used longest ago first.
    case otherContents
    /// The settings.
    case settings
    /// This content's lists: comments, history, places, messages read.
    case lists
    /// This content's posts and drafts.
    case compose
    /// Everything but the smallest valid state.
    case everything

    /// Applies the step to `state`, whose compact size is `size`, as far
    /// as it brings it under `limit`; what it left out, for the warning
    /// (the other contents' places and this one's are not named: a place
    /// is not something the user made).
    func apply(to state: inout SavedState, size: Int, limit: Int) -> [String] {
      var size = size
      switch self {
      case .otherPlaces:
        for index in state.otherContents.indices.reversed() where size > limit {
          let before = compactSize(of: state.otherContents[index].restoration)
          state.otherContents[index].restoration = RestorationCoder()
          size -= before - 2
        }
        return []
      case .place:
        var place = compactSize(of: state.restoration)
        let rest = size - place
        var halvings = 0
        while rest + place > limit, halvings < maximumHalvings,
          state.restoration.halveLongestList()
        {
          halvings += 1
          place = compactSize(of: state.restoration)
        }
        if rest + place > limit { state.restoration = RestorationCoder() }
        return []
      case .otherContents:
        var left: [String] = []
        while size > limit, let oldest = state.otherContents.popLast() {
          size -= compactSize(of: oldest)
          left.append("what was kept for \(oldest.content ?? "another content")")
        }
        return left
      case .settings:
        guard state.settings != nil else { return [] }
        state.settings = nil
        return ["the settings"]
      case .lists:
        var left: [String] = []
        if state.comments != nil { left.append("the comments written") }
        if state.reading != nil { left.append("History and Favourites") }
        if state.resume != nil { left.append("where each story and video was left") }
        if state.inbox != nil { left.append("the messages read") }
        (state.comments, state.reading, state.resume, state.inbox) = (nil, nil, nil, nil)
        return left
      case .compose:
        guard let compose = state.compose else { return [] }
        state.compose = nil
        return describe(
          posts: compose.posts,
          drafts: compose.drafts.sorted { $0.key < $1.key }.map(\.value))
      case .everything:
        // The content's name too, if it is no path (longer than PATH_MAX).
        let name = state.current.content.flatMap { $0.utf8.count <= 4096 ? $0 : nil }
        state = SavedState(restoration: RestorationCoder())
        state.current.content = name
        return ["everything else"]
      }
    }
  }
}

extension ComposeState.Post {
  /// At most how many bytes the post takes in the state file.
  var savedSize: Int {
    SavedSize.object(strings: [title, body, category, byline, time, id ?? ""], numbers: 1)
  }
}
