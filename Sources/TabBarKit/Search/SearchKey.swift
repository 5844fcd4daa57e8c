/// Text made ready for a list's search once, and shared by every row that
/// is found by it: its UTF-8 folded so that case, accents and width no
/// longer count (`Café`, `CAFE` and `café` are all `cafe`).
///
/// Give the rows that open one story the same key
/// (``ListRow/searchKey``), made once from the story's byline, category
/// and body: the list searches it once per keystroke, however many rows
/// share it, and never folds it again. A key is `Sendable`, so an app can
/// make its keys where it loads its data, off the main actor.
///
/// ```swift
/// let key = SearchKey(["Finance", "By Ana Ruiz", story.body])
/// let rows = story.headlines.map { ListRow($0, searchKey: key) }
/// ```
///
/// Two keys are equal when they are the same key (a copy of it), not when
/// their texts are.
public struct SearchKey: Hashable, Sendable {
  /// The folded bytes, shared by every copy of the key.
  final class Storage: Sendable {
    /// The folded texts, each but the last followed by
    /// ``SearchFold/separator``.
    let bytes: [UInt8]
    init(bytes: [UInt8]) { self.bytes = bytes }
  }

  let storage: Storage

  /// A key for `text`, folded now.
  ///
  /// Complexity: O(n) in the UTF-8 length of `text`.
  public init(_ text: String) {
    storage = Storage(bytes: SearchFold.fold(text))
  }

  /// A key for several texts (a category, a byline, the paragraphs of a
  /// body), folded now. A match never runs from the end of one text into
  /// the next.
  public init(_ texts: some Sequence<String>) {
    // Room for the texts as they are, at once: grown as they came, the
    // bytes of a story's key held up to twice their size (2,000 keys of a
    // news archive: 9.5 MB for 4.7 MB of text).
    let texts = Array(texts)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(texts.reduce(texts.count) { $0 + $1.utf8.count })
    for text in texts {
      if !bytes.isEmpty { bytes.append(SearchFold.separator) }
      SearchFold.fold(text, into: &bytes)
    }
    storage = Storage(bytes: bytes)
  }

  /// True when the key's text contains `query`, as the list's filter finds
  /// it: ignoring case, accents and width. An empty query (or one of
  /// marks alone) is in every key.
  ///
  /// Complexity: O(n) for a key of n bytes: one scan for the query's
  /// rarest byte, and a comparison where it is found.
  public func contains(_ query: String) -> Bool {
    let needle = SearchFold.fold(query)
    return storage.bytes.withUnsafeBufferPointer { haystack in
      needle.withUnsafeBufferPointer { ByteSearch.firstIndex(of: $0, in: haystack) != nil }
    }
  }

  /// The folded form of `text` as the list's search compares it: lower
  /// case, no accents or marks, full-width letters as plain ones. For a
  /// matcher of an app's own (``ListMatcher``) that should agree with the
  /// list's.
  public static func folded(_ text: String) -> String {
    String(decoding: SearchFold.fold(text), as: UTF8.self)
  }

  /// True when both are the same key (copies of one), whatever their texts.
  public static func == (lhs: SearchKey, rhs: SearchKey) -> Bool {
    lhs.storage === rhs.storage
  }

  /// Hashes the key's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(storage))
  }
}
