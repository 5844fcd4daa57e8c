/// The rows of a list as the content file's parse reads them, without a
/// JSON value for each: a plain row (a title string, or an object whose
/// members are a `title` string, a `detail` string and a `page` string or
/// null) is kept as the places of its title and detail in one buffer of
/// text and the number of its page id; any other row is kept as its JSON
/// value, for the decoder to read and report in full.
///
/// A news archive's 100,000 rows were an object, a member array and up to
/// three strings each in the parse tree (about 40 MB of a 22.7 MB file),
/// all alive while the decoder made the content's rows beside them. Here a
/// row costs its text's UTF-8 bytes and 20 bytes of places, and a string is
/// only made when a row is drawn, opened or searched (``ContentRows``).
///
/// The text is copied out of the file rather than kept as places in its map:
/// a file changed or cut short while the demo runs would make a mapped
/// page fault (SIGBUS) the moment a row is drawn.
final class RowTable {
  /// One row: where its title and detail are in ``text``, and its page.
  struct Entry {
    /// The offset of the title in ``text``; for a row kept as a JSON value,
    /// its place in ``values``.
    var title: UInt32
    /// The title's length in bytes; ``valueMark`` for a row kept as a JSON value.
    var titleCount: UInt32
    /// The offset of the detail in ``text``; ``noDetail`` for a row
    /// without a `detail` member.
    var detail: UInt32
    /// The detail's length in bytes; 0 for none.
    var detailCount: UInt32
    /// The page: its number in ``pageIDs``, or one of ``noPage``,
    /// ``nullPage`` and ``bareTitle``.
    var page: Int32
  }

  /// ``Entry/titleCount`` of a row kept as a JSON value.
  static let valueMark = UInt32.max
  /// ``Entry/detail`` of a row without a `detail` member.
  static let noDetail = UInt32.max
  /// ``Entry/page`` of an object row without a `page` member.
  static let noPage: Int32 = -1
  /// ``Entry/page`` of a row whose `page` is null (it opens nothing).
  static let nullPage: Int32 = -2
  /// ``Entry/page`` of a row written as a bare string (its title).
  static let bareTitle: Int32 = -3

  /// The titles and details of the plain rows, as UTF-8 with the escapes
  /// decoded, one after the other.
  private(set) var text: [UInt8] = []
  /// The rows, in the file's order.
  private(set) var entries: [Entry] = []
  /// The page ids the plain rows open, each once, in the order first met.
  private(set) var pageIDs: [String] = []
  /// The rows that are not plain, as the file gives them.
  private(set) var values: [JSONValue] = []
  /// Each page id's number in ``pageIDs``, while the table is being read.
  private var pageNumbers: [JSONKey: Int32] = [:]

  /// How many rows there are.
  var count: Int { entries.count }

  // MARK: Reading (the parser's)

  /// The text's length so far: where a row's text starts, to take back if
  /// the row turns out not to be plain.
  var textCount: Int { text.count }

  /// Appends `bytes` (a title or a detail) to the text; returns its offset.
  func append(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    let start = UInt32(text.count)
    text.append(contentsOf: bytes)
    return start
  }

  /// Appends `bytes` as ``append(_:)-(UnsafeBufferPointer<UInt8>)`` does.
  func append(_ bytes: [UInt8]) -> UInt32 {
    let start = UInt32(text.count)
    text.append(contentsOf: bytes)
    return start
  }

  /// Takes back the text after `count` bytes (a row that was not plain).
  func truncateText(to count: Int) {
    text.removeSubrange(count...)
  }

  /// The number of the page id `bytes` in ``pageIDs``, given one when
  /// first met.
  func pageNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
    let key = JSONKey(String(decoding: bytes, as: UTF8.self))
    if let number = pageNumbers[key] { return number }
    let number = Int32(pageIDs.count)
    pageNumbers[key] = number
    pageIDs.append(key.text)
    return number
  }

  /// Appends a plain row.
  func append(_ entry: Entry) {
    entries.append(entry)
  }

  /// Appends a row that is not plain, as its JSON value.
  func append(_ value: JSONValue) {
    entries.append(
      Entry(
        title: UInt32(values.count), titleCount: Self.valueMark, detail: 0, detailCount: 0,
        page: Self.noPage))
    values.append(value)
  }

  /// Ends the reading: what was only needed for it goes.
  func finish() {
    pageNumbers = [:]
  }

  // MARK: Reading back

  /// The JSON value of row `index` as the file gives it (members in no
  /// particular order): what a reader of any JSON array sees.
  func value(at index: Int) -> JSONValue {
    let entry = entries[index]
    if entry.titleCount == Self.valueMark { return values[Int(entry.title)] }
    let title = JSONValue.string(self.title(of: entry))
    if entry.page == Self.bareTitle { return title }
    var object = JSONObject()
    _ = object.add(JSONKey("title"), title)
    if entry.detail != Self.noDetail {
      _ = object.add(JSONKey("detail"), .string(detail(of: entry)))
    }
    switch entry.page {
    case Self.noPage: break
    case Self.nullPage: _ = object.add(JSONKey("page"), .null)
    default: _ = object.add(JSONKey("page"), .string(pageIDs[Int(entry.page)]))
    }
    return .object(object)
  }

  /// The title of a plain row.
  func title(of entry: Entry) -> String {
    text.withUnsafeBufferPointer { text in
      String(
        decoding: UnsafeBufferPointer(
          rebasing: text[Int(entry.title)..<Int(entry.title) + Int(entry.titleCount)]),
        as: UTF8.self)
    }
  }

  /// The detail of a plain row; empty for none.
  func detail(of entry: Entry) -> String {
    guard entry.detailCount > 0 else { return "" }
    return text.withUnsafeBufferPointer { text in
      String(
        decoding: UnsafeBufferPointer(
          rebasing: text[Int(entry.detail)..<Int(entry.detail) + Int(entry.detailCount)]),
        as: UTF8.self)
    }
  }

  /// The page id of a plain row's own `page` member; nil when it has none
  /// or it is null.
  func pageID(of entry: Entry) -> String? {
    entry.page >= 0 ? pageIDs[Int(entry.page)] : nil
  }
}
