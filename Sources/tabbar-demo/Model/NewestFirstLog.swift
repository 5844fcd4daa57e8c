#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An entry of a ``NewestFirstLog``: what makes it the same entry as
/// another, when it was made, at most how much of the state file it
/// takes, and how many such entries a log keeps in how many bytes.
protocol LogEntry: Codable, Equatable {
  /// The most entries of this kind a log keeps.
  static var maximumCount: Int { get }
  /// The most bytes the entries of a log of this kind take in the state
  /// file, together.
  static var byteBudget: Int { get }

  /// Two entries with one key are one entry: a story read twice is one row
  /// of History, at its last reading.
  var key: String { get }
  /// When it was made, in milliseconds since 1970; nil in files saved
  /// before entries had one.
  var time: Int? { get }
  /// At most how many bytes it takes in the state file (``SavedSize``).
  var savedSize: Int { get }
}

/// An entry about one page: known by the page's id, stamped with when it
/// was made (History, Favourites, the places left, the messages read).
protocol PageEntry: LogEntry {
  /// The page's id in the content.
  var id: String { get }
  /// When, in milliseconds since 1970; nil in files saved before entries
  /// had a time.
  var at: Int? { get }
}

extension PageEntry {
  var key: String { id }
  var time: Int? { at }
}

/// A list kept newest first, each entry once by its key, cut to a count
/// and to a byte budget (its entries' ``LogEntry/maximumCount`` and
/// ``LogEntry/byteBudget``): past either, the oldest entries go. What the demo
/// keeps of the reader between runs is made of these (History,
/// Favourites, where each story and video was left, the comments written,
/// the messages read), so that no list can grow the state file past what
/// the next start reads, whatever a user pastes into it.
struct NewestFirstLog<Entry: LogEntry>: Equatable {
  /// The entries, newest first.
  private(set) var entries: [Entry] = []
  /// What the entries take in the state file, together: at most the
  /// entries' ``LogEntry/byteBudget``.
  private(set) var savedSize = 0

  /// An empty log.
  init() {}

  /// A log of `entries`, newest first, cut as ``replace(with:)`` cuts.
  init(_ entries: some Sequence<Entry>) {
    replace(with: entries)
  }

  /// Puts `entry` first, in place of the entry of its key; the oldest go
  /// past the count or the budget (`entry` too, when it alone is larger
  /// than the budget). Complexity: O(n).
  mutating func add(_ entry: Entry) {
    let key = LogKey(entry.key)
    if let index = entries.firstIndex(where: { LogKey($0.key) == key }) {
      savedSize -= entries.remove(at: index).savedSize
    }
    entries.insert(entry, at: 0)
    savedSize += entry.savedSize
    cut()
  }

  /// Takes out the entry of `key`; true when there was one.
  @discardableResult
  mutating func remove(key: String) -> Bool {
    let key = LogKey(key)
    guard let index = entries.firstIndex(where: { LogKey($0.key) == key }) else { return false }
    savedSize -= entries.remove(at: index).savedSize
    return true
  }

  /// The entry of `key`, or nil. Complexity: O(n).
  func entry(forKey key: String) -> Entry? {
    let key = LogKey(key)
    return entries.first { LogKey($0.key) == key }
  }

  /// Replaces every entry with `newEntries`, newest first: the first entry
  /// of each key is kept, then the list is cut to the count and the budget.
  mutating func replace(with newEntries: some Sequence<Entry>) {
    var seen = Set<LogKey>()
    entries = newEntries.filter { seen.insert(LogKey($0.key)).inserted }
    savedSize = entries.reduce(0) { $0 + $1.savedSize }
    cut()
  }

  /// Drops the oldest entries until the count and the budget hold.
  private mutating func cut() {
    while let last = entries.last,
      entries.count > Entry.maximumCount || savedSize > Entry.byteBudget
    {
      savedSize -= last.savedSize
      entries.removeLast()
    }
  }
}

/// A key compared and hashed by its UTF-8 bytes. A `String` is hashed and
/// compared as Unicode text, normalised first: a comment of 500 letters
/// under fifteen combining marks each, known by its text in files saved
/// before comments had an id, made the merge of 200 such comments take a
/// second. The same text typed in two normal forms is two entries here.
struct LogKey: Hashable {
  let text: String

  init(_ text: String) { self.text = text }

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }

  func hash(into hasher: inout Hasher) {
    var text = text
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}

/// The time entries and posts are stamped with.
enum Milliseconds {
  /// The milliseconds since 1970 now, by the system's clock.
  static var now: Int {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
  }
}

/// At most how many bytes a value takes in the state file: the JSON text
/// with its escapes, and room for a field's key and the spaces and line
/// break of pretty printing. An upper bound, counted without encoding, so
/// that a log can keep its budget as the reader scrolls.
enum SavedSize {
  /// A field's key, quotes, colon, comma, indentation and line break, for
  /// keys of up to 12 characters nested up to 8 deep.
  static let field = 40
  /// An integer: at most 20 characters.
  static let number = 20
  /// The braces of an object.
  static let object = 8

  /// `text` as a JSON string: quotes, `"` `\` `/` escaped with a
  /// backslash, control characters as `\u00XX`, the rest as its UTF-8.
  static func of(_ text: String) -> Int {
    var size = 2
    for byte in text.utf8 {
      switch byte {
      case 0..<0x20: size += 6
      case 0x22, 0x2F, 0x5C: size += 2
      default: size += 1
      }
    }
    return size
  }

  /// An object of `strings` and `numbers` fields.
  static func object(strings: [String], numbers: Int) -> Int {
    object + strings.reduce(0) { $0 + field + of($1) } + numbers * (field + number)
  }
}

/// The merge of a list two runs kept, by identity and time.
enum ThreeWayMerge {
  /// What a list becomes when this run saves over a file another run saved
  /// meanwhile: `ours` (this run's), `theirs` (the file's now) and `base`
  /// (the file's when this run read it), each newest first.
  ///
  /// An entry either run added is kept. An entry one run changed (a story
  /// read again, a place moved) is that run's, the later one when both did.
  /// An entry one run removed (a favourite taken out) and the other left as
  /// it was stays out. The result is newest first by the entries' times;
  /// an entry with no time (from an older file, or the content's own
  /// lists) counts as older than any with one, and between two such this
  /// run's come first.
  static func merged<Item: Equatable>(
    ours: [Item], theirs: [Item], base: [Item],
    key: (Item) -> String, time: (Item) -> Int?
  ) -> [Item] {
    func byKey(_ items: [Item]) -> [LogKey: Item] {
      Dictionary(items.map { (LogKey(key($0)), $0) }, uniquingKeysWith: { first, _ in first })
    }
    let (mine, other, old) = (byKey(ours), byKey(theirs), byKey(base))
    var chosen: [LogKey: Item] = [:]
    for name in Set(mine.keys).union(other.keys) {
      let before = old[name]
      switch (mine[name], other[name]) {
      case (let ours?, let theirs?):
        if ours == theirs || theirs == before {
          chosen[name] = ours
        } else if ours == before {
          chosen[name] = theirs
        } else {
          chosen[name] = (time(theirs) ?? .min) > (time(ours) ?? .min) ? theirs : ours
        }
      case (let only?, nil), (nil, let only?):
        // Unchanged here and gone there: the other run took it out.
        if only != before { chosen[name] = only }
      case (nil, nil):
        break
      }
    }
    // Both lists in one, newest first, each chosen entry where it stands.
    var result: [Item] = []
    result.reserveCapacity(chosen.count)
    var (left, right) = (ours[...], theirs[...])
    while !left.isEmpty || !right.isEmpty {
      var takesRight = left.isEmpty
      if let first = left.first, let other = right.first {
        takesRight = (time(other) ?? .min) > (time(first) ?? .min)
      }
      let item = takesRight ? right.removeFirst() : left.removeFirst()
      let name = LogKey(key(item))
      if let wanted = chosen[name], wanted == item {
        result.append(item)
        chosen[name] = nil
      }
    }
    return result
  }
}
