#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Parses bytes that must be one JSON text (RFC 8259) into a ``JSONValue``
/// and, when they are not, says where the first problem is.
///
/// `JSONDecoder` on Linux only says "The given data was not valid JSON.",
/// without a line or column, and at start-up it cost a third of the time to
/// the first frame; this parser reports the byte offset of every error and
/// builds the tree in one pass. It also rejects what RFC 8259 leaves open: a
/// key given twice in one object, and nesting deeper than ``maximumDepth``.
/// Time is linear in the size of the text.
struct JSONParser {
  /// A syntax error: the byte offset it was found at, and what is wrong.
  struct Failure: Error, Equatable {
    /// Offset from the start of the text, in bytes.
    var offset: Int
    /// What is wrong, in lower case.
    var message: String
  }

  /// The deepest nesting of arrays and objects accepted.
  static let maximumDepth = 512

  /// The text, reached without a bounds check at each byte (the caller
  /// keeps it alive while the parser runs).
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var depth = 0
  /// True to take the last of a key given twice instead of failing.
  private var keepsLastDuplicate = false
  /// The first key given twice, when ``keepsLastDuplicate``.
  private var firstDuplicate: Failure?
  /// The members of the objects being read, the innermost last: each
  /// object's go into an array of their exact size when it ends, one
  /// allocation instead of one per doubling (a content file has an object
  /// for each of its 100,000 rows).
  private var pending: [JSONObject.Element] = []
  /// True when the text is a file mapped in memory whose pages the parser
  /// gives back as it passes them (``parse(mapped:)``).
  private var releasesBehind = false
  /// The bytes before this offset were given back.
  private var released = 0
  /// True to read each array that is the `rows` member of an object into
  /// a ``RowTable`` instead of a value for each row (a content file's).
  private var readsRowTables = false

  /// Parses `bytes`, which must be valid UTF-8 (see ``firstInvalidUTF8(in:)``).
  ///
  /// With `rowTables`, each array that is the `rows` member of an object
  /// is read into a ``RowTable`` (``JSONArray/rowTable``), as a content
  /// file's lists are; its elements read as the same values, and every
  /// error is the same.
  static func parse(_ bytes: [UInt8], rowTables: Bool = false) throws(Failure) -> JSONValue {
    let result = bytes.withUnsafeBufferPointer { bytes in
      var parser = JSONParser(bytes: bytes)
      parser.readsRowTables = rowTables
      return Result { () throws(Failure) in try parser.document() }
    }
    return try result.get()
  }

  /// Parses `bytes`, the pages of a file mapped in memory (page-aligned),
  /// as ``parse(_:)`` does, giving the pages back to the system as the
  /// parse passes them: the tree holds what it needs of them, and a 21 MB
  /// file then costs a megabyte of memory beside the tree instead of 21
  /// (read again from the file, should an error need them). The `rows` of
  /// lists are read into ``RowTable``s, as ``parse(_:rowTables:)`` reads them.
  static func parse(mapped bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    parser.releasesBehind = true
    parser.readsRowTables = true
    return try parser.document()
  }

  /// Parses `bytes` as ``parse(_:)`` does, except that a key given twice
  /// in one object takes the last value given, as JavaScript's and
  /// Python's parsers do; returns the value and where the first such key
  /// is, if any (its offset, and a message naming it).
  static func parseKeepingLastDuplicate(
    _ bytes: [UInt8]
  ) throws(Failure) -> (value: JSONValue, duplicate: Failure?) {
    let result = bytes.withUnsafeBufferPointer { bytes in
      var parser = JSONParser(bytes: bytes)
      parser.keepsLastDuplicate = true
      return Result { () throws(Failure) in
        (try parser.document(), parser.firstDuplicate)
      }
    }
    return try result.get()
  }

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  // MARK: Grammar

  private mutating func document() throws(Failure) -> JSONValue {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // a byte order mark
    skipWhitespace()
    if index == bytes.count {
      throw Failure(offset: index, message: "the file holds no JSON value")
    }
    let result = try value()
    skipWhitespace()
    if index < bytes.count {
      throw failure("unexpected \(found()) after the end of the JSON value")
    }
    return result
  }

  private mutating func value() throws(Failure) -> JSONValue {
    guard index < bytes.count else { throw failure("expected a value, found the end of the file") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return .object(try object())
    case UInt8(ascii: "["): return .array(JSONArray(try array()))
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let (value, written) = try number()
      return .number(value, written: written)
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    default: throw failure("expected a value, found \(found())")
    }
  }

  private mutating func object() throws(Failure) -> JSONObject {
    try enter()
    index += 1
    // Keyed by Unicode scalars: NFC and NFD spellings are different keys.
    skipWhitespace()
    if peek("}") {
      index += 1
      depth -= 1
      return JSONObject()
    }
    let start = pending.count
    defer { pending.removeSubrange(start...) }
    // Each key's place in `pending`, once there are more than a few.
    var places: [JSONKey: Int]?
    while true {
      guard peek("\"") else {
        if peek("}") { throw failure("unexpected '}' after ','; JSON allows no trailing comma") }
        throw failure("expected a key in double quotes, found \(found())")
      }
      let keyStart = index
      let text = try string()
      let key = JSONKey(text)
      let earlier: Int? =
        if let places { places[key] } else { pending[start...].firstIndex { $0.key == key } }
      if earlier != nil {
        let duplicate = Failure(
          offset: keyStart, message: "duplicate key \(ContentError.quoted(text))")
        guard keepsLastDuplicate else { throw duplicate }
        if firstDuplicate == nil { firstDuplicate = duplicate }
      }
      skipWhitespace()
      guard peek(":") else { throw failure("expected ':' after the key, found \(found())") }
      index += 1
      skipWhitespace()
      let member =
        if readsRowTables, peek("["), key.text.utf8.elementsEqual("rows".utf8) {
          JSONValue.array(try rowArray())
        } else {
          try value()
        }
      if let earlier {
        pending[earlier].value = member
      } else {
        pending.append((key, member))
        if places != nil {
          places?[key] = pending.count - 1
        } else if pending.count - start > JSONObject.indexedCount {
          var built: [JSONKey: Int] = [:]
          for place in start..<pending.count { built[pending[place].key] = place }
          places = built
        }
      }
      skipWhitespace()
      if peek(",") {
        index += 1
        skipWhitespace()
      } else if peek("}") {
        index += 1
        depth -= 1
        return JSONObject(uniqueElements: pending[start...])
      } else {
        throw failure("expected ',' or '}' after a member, found \(found())")
      }
    }
  }

  private mutating func array() throws(Failure) -> [JSONValue] {
    var elements: [JSONValue] = []
    try readElements { parser throws(Failure) in elements.append(try parser.value()) }
    return elements
  }

  /// Reads an array of a list's rows into a ``RowTable``, as ``array()``
  /// reads any array and with the same errors: each plain row goes
  /// straight into the table (``plainRow(into:)``); any other element is
  /// read again from its start as a value, which reports what is wrong
  /// with it, if anything.
  private mutating func rowArray() throws(Failure) -> JSONArray {
    let table = RowTable()
    try readElements { parser throws(Failure) in
      let start = parser.index
      let textCount = table.textCount
      if !parser.plainRow(into: table) {
        parser.index = start
        table.truncateText(to: textCount)
        table.append(try parser.value())
      }
    }
    table.finish()
    return JSONArray(rows: table)
  }

  /// Reads the array at the index, from its `[` to past its `]`, with
  /// `element` reading each element: the depth, the commas and their
  /// errors are the same for every array, whatever its elements become.
  /// The bytes read are released as it goes, when the parser releases
  /// them.
  @inline(__always)
  private mutating func readElements(
    _ element: (inout JSONParser) throws(Failure) -> Void
  ) throws(Failure) {
    try enter()
    index += 1
    skipWhitespace()
    if peek("]") {
      index += 1
      depth -= 1
      return
    }
    while true {
      if peek("]") { throw failure("unexpected ']' after ','; JSON allows no trailing comma") }
      try element(&self)
      if releasesBehind, index - released >= Self.releaseStep { releaseBehind() }
      skipWhitespace()
      if peek(",") {
        index += 1
        skipWhitespace()
      } else if peek("]") {
        index += 1
        depth -= 1
        return
      } else {
        throw failure("expected ',' or ']' after an element, found \(found())")
      }
    }
  }

  /// Reads the row at the index into `table` when it is plain: a string,
  /// or an object of a `title` string, a `detail` string, and a `page`
  /// string or null, each at most once, the title given. Returns false,
  /// with the index anywhere in the row, for any other element (or one
  /// that is not valid JSON), which the caller reads again as a value.
  private mutating func plainRow(into table: RowTable) -> Bool {
    guard index < bytes.count else { return false }
    if bytes[index] == UInt8(ascii: "\"") {
      guard let title = plainString(into: table) else { return false }
      table.append(
        RowTable.Entry(
          title: title.start, titleCount: title.count, detail: RowTable.noDetail, detailCount: 0,
          page: RowTable.bareTitle))
      return true
    }
    // An object one level deeper, with no value nested in it.
    guard bytes[index] == UInt8(ascii: "{"), depth < Self.maximumDepth else { return false }
    index += 1
    var title: (start: UInt32, count: UInt32)?
    var detail: (start: UInt32, count: UInt32)?
    var page: Int32?
    skipWhitespace()
    while true {
      guard peek("\""), case .written(let name)? = try? stringBytes() else { return false }
      skipWhitespace()
      guard peek(":") else { return false }
      index += 1
      skipWhitespace()
      let key = UnsafeBufferPointer(rebasing: bytes[name])
      if key.elementsEqual("title".utf8), title == nil, peek("\"") {
        guard let text = plainString(into: table) else { return false }
        title = text
      } else if key.elementsEqual("detail".utf8), detail == nil, peek("\"") {
        guard let text = plainString(into: table) else { return false }
        detail = text
      } else if key.elementsEqual("page".utf8), page == nil {
        if peek("\"") {
          guard case .written(let id)? = try? stringBytes() else { return false }
          page = table.pageNumber(UnsafeBufferPointer(rebasing: bytes[id]))
        } else if bytes[index...].starts(with: "null".utf8),
          index + 4 == bytes.count || !Self.isWordByte(bytes[index + 4])
        {
          index += 4
          page = RowTable.nullPage
        } else {
          return false
        }
      } else {
        return false
      }
      skipWhitespace()
      if peek(",") {
        index += 1
        skipWhitespace()
      } else if peek("}") {
        index += 1
        break
      } else {
        return false
      }
    }
    guard let title else { return false }
    table.append(
      RowTable.Entry(
        title: title.start, titleCount: title.count, detail: detail?.start ?? RowTable.noDetail,
        detailCount: detail?.count ?? 0, page: page ?? RowTable.noPage))
    return true
  }

  /// Reads the string at the index (on its opening quote) into `table`'s
  /// text, escapes decoded; returns its place there, or nil when it is not
  /// a valid string.
  private mutating func plainString(into table: RowTable) -> (start: UInt32, count: UInt32)? {
    switch try? stringBytes() {
    case .written(let range)?:
      return (table.append(UnsafeBufferPointer(rebasing: bytes[range])), UInt32(range.count))
    case .decoded(let text)?:
      return (table.append(text), UInt32(text.count))
    case nil:
      return nil
    }
  }

  /// Reads a string and returns it with its escapes decoded.
  private mutating func string() throws(Failure) -> String {
    switch try stringBytes() {
    case .written(let range):
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    case .decoded(let text):
      return String(decoding: text, as: UTF8.self)
    }
  }

  /// A string's UTF-8 bytes as ``stringBytes()`` reads them.
  private enum StringBytes {
    /// The string has no escape: its bytes are those in this range of the text.
    case written(Range<Int>)
    /// The string's bytes with its escapes decoded.
    case decoded([UInt8])
  }

  /// Reads a string (the index is on its opening quote) and returns its
  /// bytes: a range of the text when it has no escape, decoded otherwise.
  private mutating func stringBytes() throws(Failure) -> StringBytes {
    let start = index
    index += 1
    // Most strings have no escape: one scan, and the bytes as they are
    // (checked as UTF-8 before parsing began).
    var end = index
    while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
      bytes[end] >= 0x20
    {
      end += 1
    }
    if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
      let range = index..<end
      index = end + 1
      return .written(range)
    }
    var text: [UInt8] = Array(bytes[index..<end])
    index = end
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return .decoded(text)
      case UInt8(ascii: "\\"):
        text.append(contentsOf: try escape())
      case 0..<0x20:
        throw failure(
          "control character U+\(ContentError.hex(UInt32(byte), digits: 4)) in a string; "
            + "write it as an escape such as \\n or \\u001B")
      default:
        text.append(byte)
        index += 1
      }
    }
    throw Failure(offset: start, message: "unterminated string")
  }

  /// Reads one escape sequence, `\n` or `\uXXXX` (surrogates in pairs), and
  /// returns the UTF-8 bytes it stands for.
  private mutating func escape() throws(Failure) -> [UInt8] {
    let start = index
    index += 1
    guard index < bytes.count else { throw Failure(offset: start, message: "unterminated string") }
    let simple: UInt8? =
      switch bytes[index] {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes[index]
      case UInt8(ascii: "b"): 0x08
      case UInt8(ascii: "f"): 0x0C
      case UInt8(ascii: "n"): 0x0A
      case UInt8(ascii: "r"): 0x0D
      case UInt8(ascii: "t"): 0x09
      default: nil
      }
    if let simple {
      index += 1
      return [simple]
    }
    switch bytes[index] {
    case UInt8(ascii: "u"):
      var unit = try hexUnit(at: start)
      if (0xDC00...0xDFFF).contains(unit) {
        throw Failure(
          offset: start, message: "unpaired surrogate \\u\(ContentError.hex(unit, digits: 4))")
      }
      if (0xD800...0xDBFF).contains(unit) {
        let low = index
        guard peek("\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
          throw Failure(
            offset: start, message: "unpaired surrogate \\u\(ContentError.hex(unit, digits: 4))")
        }
        let second = try hexUnit(at: low)
        guard (0xDC00...0xDFFF).contains(second) else {
          throw Failure(
            offset: start, message: "unpaired surrogate \\u\(ContentError.hex(unit, digits: 4))")
        }
        unit = 0x10000 + ((unit - 0xD800) << 10) + (second - 0xDC00)
      }
      return Array(String(Character(Unicode.Scalar(unit)!)).utf8)
    case let byte where byte > 0x20 && byte < 0x7F:
      throw Failure(offset: start, message: "invalid escape \\\(Character(Unicode.Scalar(byte)))")
    default:
      throw Failure(offset: start, message: "invalid escape: \\ followed by \(found())")
    }
  }

  /// Reads `uXXXX` (the index is on the `u`) and returns the code unit.
  private mutating func hexUnit(at start: Int) throws(Failure) -> UInt32 {
    if peek("\\") { index += 1 }
    index += 1
    var unit: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = Self.hexDigit(bytes[index]) else {
        throw Failure(offset: start, message: "\\u must be followed by four hexadecimal digits")
      }
      unit = unit * 16 + digit
      index += 1
    }
    return unit
  }

  /// A number, and its text as written.
  private mutating func number() throws(Failure) -> (Double, String) {
    let start = index
    if peek("-") { index += 1 }
    guard index < bytes.count, Self.isDigit(bytes[index]) else {
      throw failure("expected a digit after '-', found \(found())")
    }
    if peek("0"), index + 1 < bytes.count, Self.isDigit(bytes[index + 1]) {
      throw Failure(offset: start, message: "a number must not start with 0")
    }
    var significant = false
    significant = digits() || significant
    if peek(".") {
      index += 1
      guard index < bytes.count, Self.isDigit(bytes[index]) else {
        throw failure("expected a digit after '.', found \(found())")
      }
      significant = digits() || significant
    }
    if peek("e") || peek("E") {
      index += 1
      if peek("+") || peek("-") { index += 1 }
      guard index < bytes.count, Self.isDigit(bytes[index]) else {
        throw failure("expected a digit in the exponent, found \(found())")
      }
      _ = digits()
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    let value = Double(text) ?? .infinity
    if !value.isFinite || (value == 0 && significant) {
      throw Failure(offset: start, message: "the number \(text) is out of range")
    }
    return (value, text)
  }

  /// Skips digits; true when one of them was not 0.
  private mutating func digits() -> Bool {
    var nonZero = false
    while index < bytes.count, Self.isDigit(bytes[index]) {
      nonZero = nonZero || bytes[index] != UInt8(ascii: "0")
      index += 1
    }
    return nonZero
  }

  private mutating func literal(_ word: String) throws(Failure) {
    let expected = Array(word.utf8)
    guard bytes[index...].starts(with: expected) else {
      throw failure("expected a value, found \(found())")
    }
    index += expected.count
    if index < bytes.count, Self.isWordByte(bytes[index]) {
      index -= expected.count
      throw failure("expected a value, found \(found())")
    }
  }

  // MARK: Helpers

  /// How far the parse goes before it gives back the pages it passed.
  private static let releaseStep = 1 << 20

  /// Gives back the whole pages before ``index`` (``parse(mapped:)``).
  private mutating func releaseBehind() {
    guard let base = bytes.baseAddress else { return }
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let end = index / page * page
    guard end > released else { return }
    madvise(UnsafeMutableRawPointer(mutating: base + released), end - released, MADV_DONTNEED)
    released = end
  }

  private mutating func enter() throws(Failure) {
    depth += 1
    if depth > Self.maximumDepth {
      throw failure("arrays and objects nested more than \(Self.maximumDepth) deep")
    }
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private func peek(_ character: Unicode.Scalar) -> Bool {
    index < bytes.count && bytes[index] == UInt8(ascii: character)
  }

  private func failure(_ message: String) -> Failure {
    Failure(offset: index, message: message)
  }

  /// What stands at the index, for a message: `'}'`, `'NaN'` (a run of
  /// letters and digits), `U+00A0`, or `the end of the file`.
  private func found() -> String {
    guard index < bytes.count else { return "the end of the file" }
    let byte = bytes[index]
    if byte == UInt8(ascii: "\"") { return "a string" }
    if Self.isWordByte(byte) {
      var end = index
      while end < bytes.count, end - index < 20, Self.isWordByte(bytes[end]) { end += 1 }
      return "'" + String(decoding: bytes[index..<end], as: UTF8.self) + "'"
    }
    if byte > 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    var iterator = bytes[index...].makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    if case .valid(let encoded) = parser.parseScalar(from: &iterator) {
      let scalar = Unicode.UTF8.decode(encoded)
      return "U+" + ContentError.hex(scalar.value, digits: 4)
    }
    return "byte 0x" + ContentError.hex(UInt32(byte), digits: 2)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z"))
      || byte == UInt8(ascii: "_")
  }

  private static func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }
}

extension JSONParser {
  /// The offset of the first byte that is not part of well-formed UTF-8
  /// (overlong forms, surrogates and values past U+10FFFF included), or nil.
  ///
  /// ASCII, most of a content file, is skipped eight bytes at a time; each
  /// other sequence is checked by its lead byte's table (Unicode's table
  /// 3-7 of well-formed byte sequences), without decoding a scalar. The
  /// standard library's decoder took a scalar at a time, 40 ms of a 21 MB
  /// file's start.
  static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { firstInvalidUTF8(in: $0) }
  }

  /// The offset of the first byte of `bytes` that is not part of
  /// well-formed UTF-8, as ``firstInvalidUTF8(in:)-([UInt8])`` finds it.
  ///
  /// With `releasingPages`, `bytes` are the pages of a file mapped in
  /// memory (page-aligned) and the check gives each megabyte back to the
  /// system once past it: a 22.7 MB file then never has all its pages in
  /// memory at once (the check's 22 MB were the peak of the demo's start).
  static func firstInvalidUTF8(
    in bytes: UnsafeBufferPointer<UInt8>, releasingPages: Bool = false
  ) -> Int? {
    let count = bytes.count
    guard let base = bytes.baseAddress else { return nil }
    var index = 0
    var released = 0
    while index < count {
      let limit = releasingPages ? min(count, index + releaseStep) : count
      switch firstInvalidUTF8(in: base, count: count, from: index, to: limit) {
      case .invalid(let offset): return offset
      case .checked(let end): index = end
      }
      if releasingPages {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let end = index / page * page
        if end > released {
          madvise(UnsafeMutableRawPointer(mutating: base + released), end - released, MADV_DONTNEED)
          released = end
        }
      }
    }
    return nil
  }

  /// How a check of a stretch of bytes ended.
  private enum UTF8Check {
    /// The byte at this offset starts no well-formed sequence.
    case invalid(Int)
    /// Every sequence starting before `limit` is well-formed; the next
    /// starts at this offset (at or a few bytes past `limit`).
    case checked(Int)
  }

  /// Checks the sequences of `base[..<count]` that start from `start` up
  /// to `limit`.
  private static func firstInvalidUTF8(
    in base: UnsafePointer<UInt8>, count: Int, from start: Int, to limit: Int
  ) -> UTF8Check {
    var index = start
    while index < limit {
      // Eight ASCII bytes at a time.
      while index + 8 <= limit {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        if word & 0x8080_8080_8080_8080 != 0 { break }
        index += 8
      }
      guard index < limit else { break }
      let lead = base[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      // The range the second byte must be in, and the sequence's length.
      let second: ClosedRange<UInt8>
      let length: Int
      switch lead {
      case 0xC2...0xDF: (second, length) = (0x80...0xBF, 2)
      case 0xE0: (second, length) = (0xA0...0xBF, 3)
      case 0xE1...0xEC, 0xEE...0xEF: (second, length) = (0x80...0xBF, 3)
      case 0xED: (second, length) = (0x80...0x9F, 3)
      case 0xF0: (second, length) = (0x90...0xBF, 4)
      case 0xF1...0xF3: (second, length) = (0x80...0xBF, 4)
      case 0xF4: (second, length) = (0x80...0x8F, 4)
      default: return .invalid(index)
      }
      guard index + length <= count, second.contains(base[index + 1]) else {
        return .invalid(index)
      }
      for next in index + 2..<index + length where base[next] & 0xC0 != 0x80 {
        return .invalid(index)
      }
      index += length
    }
    return .checked(index)
  }

  /// The line and column (both from 1, the column in Unicode scalars) of
  /// the byte at `offset`; the bytes before it must be valid UTF-8.
  static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    let before = bytes[..<min(offset, bytes.count)]
    let line = 1 + before.lazy.filter { $0 == 0x0A }.count
    // A byte order mark is not a character anyone sees.
    let fileStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, before.endIndex) : 0
    let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? fileStart
    let lineText = String(decoding: bytes[lineStart..<before.endIndex], as: UTF8.self)
    return (line, 1 + lineText.unicodeScalars.count)
  }
}
