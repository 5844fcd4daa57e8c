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

  /// How to look for `needle` in these texts, by ``byteCounts``.
  func plan(for needle: [UInt8]) -> ByteSearch.Plan {
    needle.withUnsafeBufferPointer { ByteSearch.Plan($0, counts: byteCounts) }
  }

  /// True once the texts of removed rows outnumber the rows: time to make
  /// the index afresh.
  var isWasteful: Bool { removedRows > max(1024, entries.count) }

  // MARK: Changes

  /// Adds the entry of `row` at the end.
  mutating func append(_ row: ListRow) {
    entries.append(entry(for: row))
  }

  /// Adds the entries of `rows` at the end.
  mutating func append(_ rows: ArraySlice<ListRow>) {
    entries.reserveCapacity(entries.count + rows.count)
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

  /// What is known of each text and key for one folded filter: 0 not
  /// searched yet, 1 it holds the filter, 2 it does not.
  struct Results {
    var texts: [UInt8]
    var keys: [UInt8]
  }

  /// The results of `needle` for every text, found in one pass over the
  /// buffer; the keys are searched when a row asks (``matches(_:_:_:)``).
  func searchAll(_ needle: [UInt8]) -> Results {
    var texts = [UInt8](repeating: 2, count: textCount)
    bytes.withUnsafeBufferPointer { haystack in
      needle.withUnsafeBufferPointer { needle in
        starts.withUnsafeBufferPointer { starts in
          texts.withUnsafeMutableBufferPointer { texts in
            let plan = ByteSearch.Plan(needle, counts: byteCounts)
            var from = 0
            var text = 0
            while from < haystack.count,
              let found = ByteSearch.firstIndex(
                of: needle, plan: plan, in: UnsafeBufferPointer(rebasing: haystack[from...]))
            {
              let at = from + found
              // The text it is in: the texts are in order, and so are the
              // places found, so the walk goes once over the texts.
              while starts[text + 1] <= at { text += 1 }
              texts[text] = 1
              from = starts[text + 1]
              text += 1
            }
          }
        }
      }
    }
    return Results(texts: texts, keys: [UInt8](repeating: 0, count: keys.count))
  }

  /// Results with nothing searched yet: each text is searched when a row
  /// asks, once.
  func unsearched() -> Results {
    Results(
      texts: [UInt8](repeating: 0, count: textCount),
      keys: [UInt8](repeating: 0, count: keys.count))
  }

  /// The rows (every row, or `candidates`) whose texts hold `needle`, each
  /// after its section's header, and how many there are not counting the
  /// headers. Each text and key is searched once: the first keystroke's
  /// texts in one pass over the buffer, a narrower one's as its rows ask.
  func rows(holding needle: [UInt8], among candidates: [Int]?) -> (shown: [Int], items: Int) {
    // Among many rows a pass over the whole buffer costs less than a search
    // of each of their texts.
    let many = candidates.map { $0.count * 4 > entries.count } ?? true
    var results = many ? searchAll(needle) : unsearched()
    var shown: [Int] = []
    var items = 0
    var pendingHeader = -1
    let plan = plan(for: needle)
    if let candidates {
      for row in candidates {
        visit(row, needle, plan, &results, &shown, &items, &pendingHeader)
      }
    } else {
      shown.reserveCapacity(entries.count / 4)
      for row in entries.indices {
        visit(row, needle, plan, &results, &shown, &items, &pendingHeader)
      }
    }
    return (shown, items)
  }

  /// One row of ``rows(holding:among:)``.
  @inline(__always)
  private func visit(
    _ row: Int, _ needle: [UInt8], _ plan: ByteSearch.Plan, _ results: inout Results,
    _ shown: inout [Int],
    _ items: inout Int, _ pendingHeader: inout Int
  ) {
    let entry = entries[row]
    if entry.isHeader {
      pendingHeader = row
      return
    }
    guard matches(entry, needle, plan, &results) else { return }
    if pendingHeader >= 0 { shown.append(pendingHeader) }
    pendingHeader = -1
    shown.append(row)
    items += 1
  }

  /// True when the row of `entry` holds `needle` (looked for as `plan`
  /// says) in one of its texts, searching those not searched yet and
  /// noting them in `results`.
  func matches(_ entry: Entry, _ needle: [UInt8], _ plan: ByteSearch.Plan, _ results: inout Results)
    -> Bool
  {
    if entry.isHeader { return false }
    if textMatches(entry.title, needle, plan, &results.texts)
      || textMatches(entry.detail, needle, plan, &results.texts)
      || textMatches(entry.text, needle, plan, &results.texts)
    {
      return true
    }
    guard entry.key >= 0 else { return false }
    let key = Int(entry.key)
    if results.keys[key] == 0 { results.keys[key] = keyHolds(key, needle, plan) ? 1 : 2 }
    return results.keys[key] == 1
  }

  /// True when text `number` (none when negative) holds `needle`, searched
  /// once and noted in `texts`.
  @inline(__always)
  private func textMatches(
    _ number: Int32, _ needle: [UInt8], _ plan: ByteSearch.Plan, _ texts: inout [UInt8]
  ) -> Bool {
    guard number >= 0 else { return false }
    let number = Int(number)
    if texts[number] == 0 { texts[number] = textHolds(number, needle, plan) ? 1 : 2 }
    return texts[number] == 1
  }

  /// True when row `row` holds `needle` in one of its texts: for a row
  /// that comes under a kept filter, searched alone.
  func holds(row: Int, _ needle: [UInt8]) -> Bool {
    let entry = entries[row]
    if entry.isHeader { return false }
    let plan = plan(for: needle)
    return (entry.title >= 0 && textHolds(Int(entry.title), needle, plan))
      || (entry.detail >= 0 && textHolds(Int(entry.detail), needle, plan))
      || (entry.text >= 0 && textHolds(Int(entry.text), needle, plan))
      || (entry.key >= 0 && keyHolds(Int(entry.key), needle, plan))
  }

  /// True when text `number` holds `needle`.
  private func textHolds(_ number: Int, _ needle: [UInt8], _ plan: ByteSearch.Plan) -> Bool {
    bytes.withUnsafeBufferPointer { bytes in
      needle.withUnsafeBufferPointer { needle in
        let text = UnsafeBufferPointer(rebasing: bytes[starts[number]..<starts[number + 1] - 1])
        return ByteSearch.firstIndex(of: needle, plan: plan, in: text) != nil
      }
    }
  }

  /// True when key `number` holds `needle`.
  private func keyHolds(_ number: Int, _ needle: [UInt8], _ plan: ByteSearch.Plan) -> Bool {
    keys[number].storage.bytes.withUnsafeBufferPointer { key in
      needle.withUnsafeBufferPointer {
        ByteSearch.firstIndex(of: $0, plan: plan, in: key) != nil
      }
    }
  }
}
