/// A list's texts folded for its filter (``SearchFold``), made at the
/// list's first filter and kept in step as rows come and go: a keystroke
/// searches bytes and folds nothing, and a change folds only the rows it
/// brings.
///
/// Each distinct text is held once, in one buffer, each followed by a
/// separator that no folded text holds: a row's title always, its detail
/// and its search text shared with an earlier row's when they are equal
/// (short ones looked up, a long one compared with the row before's, which
/// is the same string when the rows come from one record), and each
/// ``SearchKey`` once however many rows carry it (searched where it lies,
/// never copied). A row is an ``Entry`` of four text numbers.
///
/// Memory: the folded texts (about their UTF-8 size), 16 bytes a row and 8
/// a distinct text. Removed rows leave their texts behind until the texts
/// left behind outnumber the rows, when the list builds the index afresh.
struct ListSearchIndex {
  /// The texts one row is found by: numbers of texts in ``bytes``, and of
  /// a key in ``keys``; -1 for none.
  struct Entry {
    var title: Int32
    var detail: Int32
    var text: Int32
    var key: Int32

    /// A section header: never matched.
    static let header = Entry(title: -2, detail: -1, text: -1, key: -1)
    var isHeader: Bool { title == -2 }
  }

  /// One entry per row of the list, in order.
  private(set) var entries: [Entry] = []
  /// The folded texts, each followed by ``SearchFold/separator``.
  private(set) var bytes: [UInt8] = []
  /// Where each text starts in ``bytes``, and a last entry at its end.
  private(set) var starts: [Int] = [0]
  /// The search keys, each once.
  private(set) var keys: [SearchKey] = []
  /// Each key's number in ``keys``.
  private var keyNumbers: [SearchKey: Int32] = [:]
  /// Short texts already folded (details such as `Finance · 3h`), by text.
  private var shortTexts: [String: Int32] = [:]
  /// The last search text folded, shared with the next row when equal.
  private var lastText: (text: String, number: Int32)?
  /// Rows removed since the index was made.
  private(set) var removedRows = 0
  /// How often each byte is met in ``bytes``, from a sample: a filter is
  /// looked for by its rarest byte (``ByteSearch``).
  private(set) var byteCounts: [UInt32]?

  /// Texts up to this many UTF-8 bytes are looked up before they are folded.
  private static let shortText = 48

  /// An index of no rows, to ``append(_:)`` to.
  init() {}

  /// How many texts there are.
  var textCount: Int { starts.count - 1 }

  /// Counts the bytes of a sample of ``bytes`` (one in 61, some 300,000 of
  /// 20 MB) into ``byteCounts``. O(n / 61).
  mutating func sampleBytes() {
    var counts = [UInt32](repeating: 0, count: 256)
    bytes.withUnsafeBufferPointer { bytes in
      for index in stride(from: 0, to: bytes.count, by: 61) { counts[Int(bytes[index])] += 1 }
    }
    byteCounts = counts
    sampledSize = bytes.count
  }

  /// The size of ``bytes`` when it was last sampled.
  private var sampledSize = 0

  /// True when ``bytes`` was never sampled, or has doubled since.
  var needsSampling: Bool { byteCounts == nil || bytes.count > 2 * sampledSize }

  /// True once the texts of removed rows outnumber the rows: time to make
  /// the index afresh.
  var isWasteful: Bool { removedRows > max(1024, entries.count) }

  // MARK: Changes

  /// Makes room for `rows` rows in all, at what each row took so far: an
  /// index made in slices then grows once, instead of doubling its
  /// buffers, each doubling holding the old buffer and the new one at once
  /// (with 100,000 rows, 8 MB more at the peak of the first filter).
  mutating func reserveCapacity(rows: Int) {
    guard !entries.isEmpty, rows > entries.count else { return }
    let scale = Double(rows) / Double(entries.count) * 1.1
    bytes.reserveCapacity(Int(Double(bytes.count) * scale))
    starts.reserveCapacity(Int(Double(starts.count) * scale))
    entries.reserveCapacity(rows)
  }

  /// Adds the entry of `row` at the end.
  mutating func append(_ row: ListRow) {
    entries.append(entry(for: row))
  }

  /// Adds the entries of `rows` at the end.
  mutating func append(_ rows: ArraySlice<ListRow>) {
    // Room for many rows at once; a few rows at a time (an index made in
    // slices of time) leave the array to grow by doubling, as reserving
    // exactly each time would copy it at every call.
    if rows.count > 256 { entries.reserveCapacity(entries.count + rows.count) }
    rows.withUnsafeBufferPointer { rows in
      for index in rows.indices { entries.append(entry(for: rows[index])) }
    }
  }

  /// Puts the entries of `rows` at `index`.
  mutating func insert(_ rows: some Collection<ListRow>, at index: Int) {
    let new = rows.map { entry(for: $0) }
    if index == entries.count {
      entries.append(contentsOf: new)
    } else {
      entries.insert(contentsOf: new, at: index)
    }
  }

  /// Removes the entries of the rows in `range`.
  mutating func remove(_ range: Range<Int>) {
    entries.removeSubrange(range)
    removedRows += range.count
  }

  /// Makes the entry of row `index` anew from `row`.
  mutating func replace(at index: Int, with row: ListRow) {
    entries[index] = entry(for: row)
    removedRows += 1
  }

  /// The entry for `row`, its texts added as needed.
  private mutating func entry(for row: ListRow) -> Entry {
    if row.isHeader { return .header }
    var entry = Entry(title: add(row.title), detail: -1, text: -1, key: -1)
    if !row.detail.isEmpty { entry.detail = addShared(row.detail) }
    if !row.searchText.isEmpty {
      if let last = lastText, last.text == row.searchText {
        entry.text = last.number
      } else {
        entry.text = addShared(row.searchText)
        lastText = (row.searchText, entry.text)
      }
    }
    if let key = row.searchKey {
      if let number = keyNumbers[key] {
        entry.key = number
      } else {
        entry.key = Int32(keys.count)
        keyNumbers[key] = entry.key
        keys.append(key)
      }
    }
    return entry
  }

  /// Adds `text` folded, or finds it when it is short and already there.
  private mutating func addShared(_ text: String) -> Int32 {
    guard text.utf8.count <= Self.shortText else { return add(text) }
    if let number = shortTexts[text] { return number }
    let number = add(text)
    shortTexts[text] = number
    return number
  }

  /// Adds `text` folded, as a new text.
  private mutating func add(_ text: String) -> Int32 {
    SearchFold.fold(text, into: &bytes)
    bytes.append(SearchFold.separator)
    starts.append(bytes.count)
    return Int32(starts.count - 2)
  }

  // MARK: Searching

  /// The rows (every row, or `candidates`) whose texts hold `needle`, each
  /// after its section's header, and how many there are not counting the
  /// headers.
  ///
  /// Each text and key is searched once. With no candidates, or with most
  /// rows among them, one pass over the whole buffer answers for every text
  /// (on from the next text after each match); with fewer, each candidate's
  /// texts are searched as it asks.
  func rows(holding needle: [UInt8], among candidates: [Int]?) -> (shown: [Int], items: Int) {
    bytes.withUnsafeBufferPointer { bytes in
      starts.withUnsafeBufferPointer { starts in
        entries.withUnsafeBufferPointer { entries in
          needle.withUnsafeBufferPointer { needle in
            var scanner = Scanner(
              bytes: bytes, starts: starts, keys: keys, needle: needle,
              plan: ByteSearch.Plan(needle, counts: byteCounts))
            if candidates.map({ $0.count * 3 > entries.count * 2 }) ?? true {
              scanner.searchAll()
            }
            var shown: [Int] = []
            shown.reserveCapacity(candidates == nil ? entries.count / 4 : 0)
            var items = 0
            var pendingHeader = -1
            // One loop for both (a local function here would capture the
            // variables above, and be checked for exclusive access at
            // every call).
            for place in 0..<(candidates?.count ?? entries.count) {
              let row: Int
              if let candidates { row = candidates[place] } else { row = place }
              let entry = entries[row]
              if entry.isHeader {
                pendingHeader = row
              } else if scanner.matches(entry) {
                if pendingHeader >= 0 { shown.append(pendingHeader) }
                pendingHeader = -1
                shown.append(row)
                items += 1
              }
            }
            return (shown, items)
          }
        }
      }
    }
  }

  /// True when row `row` holds `needle` in one of its texts: for a row
  /// that comes under a kept filter, searched alone.
  func holds(row: Int, _ needle: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { bytes in
      starts.withUnsafeBufferPointer { starts in
        needle.withUnsafeBufferPointer { needle in
          var scanner = Scanner(
            bytes: bytes, starts: starts, keys: keys, needle: needle,
            plan: ByteSearch.Plan(needle, counts: byteCounts))
          return scanner.matches(entries[row])
        }
      }
    }
  }

  /// One filter's search of the texts: what is known of each text and key
  /// (0 not searched yet, 1 it holds the needle, 2 it does not), and the
  /// buffers, reached once for the whole search.
  private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let starts: UnsafeBufferPointer<Int>
    let keys: [SearchKey]
    let needle: UnsafeBufferPointer<UInt8>
    let plan: ByteSearch.Plan
    var texts: [UInt8]
    var keyResults: [UInt8]

    init(
      bytes: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int>, keys: [SearchKey],
      needle: UnsafeBufferPointer<UInt8>, plan: ByteSearch.Plan
    ) {
      self.bytes = bytes
      self.starts = starts
      self.keys = keys
      self.needle = needle
      self.plan = plan
      texts = [UInt8](repeating: 0, count: starts.count - 1)
      keyResults = [UInt8](repeating: 0, count: keys.count)
    }

    /// Answers for every text in one pass over the buffer: the texts are
    /// in order, and so are the places found, so the walk goes once over
    /// the texts, and on from the next text after each match.
    mutating func searchAll() {
      let starts = self.starts
      texts.withUnsafeMutableBufferPointer { texts in
        texts.update(repeating: 2)
        var text = 0
        ByteSearch.forEachMatch(of: needle, plan: plan, in: bytes) { at in
          while starts[text + 1] <= at { text += 1 }
          texts[text] = 1
          text += 1
          return starts[text]
        }
      }
    }

    /// True when the row of `entry` holds the needle in one of its texts,
    /// each searched once.
    mutating func matches(_ entry: Entry) -> Bool {
      if entry.isHeader { return false }
      if holds(entry.title) || holds(entry.detail) || holds(entry.text) { return true }
      guard entry.key >= 0 else { return false }
      let key = Int(entry.key)
      if keyResults[key] == 0 {
        let found = keys[key].storage.bytes.withUnsafeBufferPointer {
          ByteSearch.firstIndex(of: needle, plan: plan, in: $0) != nil
        }
        keyResults[key] = found ? 1 : 2
      }
      return keyResults[key] == 1
    }

    /// True when text `number` (none when negative) holds the needle.
    @inline(__always)
    private mutating func holds(_ number: Int32) -> Bool {
      guard number >= 0 else { return false }
      let number = Int(number)
      if texts[number] == 0 {
        let text = UnsafeBufferPointer(
          rebasing: bytes[starts[number]..<starts[number + 1] - 1])
        texts[number] = ByteSearch.firstIndex(of: needle, plan: plan, in: text) != nil ? 1 : 2
      }
      return texts[number] == 1
    }
  }
}
