/// Checks that bytes are one JSON text (RFC 8259) and, when they are not,
/// says where the first problem is.
///
/// `JSONDecoder` on Linux only says "The given data was not valid JSON.",
/// without a line or column, so the loader runs this first and leaves the
/// decoding to `JSONDecoder` once the syntax is known to be good. It builds no
/// values; it also rejects what RFC 8259 leaves open: a key given twice in one
/// object, and nesting deeper than ``maximumDepth``. Time is linear in the
/// size of the text.
struct JSONSyntaxChecker {
  /// A syntax error: the byte offset it was found at, and what is wrong.
  struct Failure: Error, Equatable {
    /// Offset from the start of the text, in bytes.
    var offset: Int
    /// What is wrong, in lower case.
    var message: String
  }

  /// The deepest nesting of arrays and objects accepted (`JSONDecoder`'s limit).
  static let maximumDepth = 512

  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0

  /// Checks `bytes`, which must be valid UTF-8 (see ``firstInvalidUTF8(in:)``).
  static func check(_ bytes: [UInt8]) throws(Failure) {
    var checker = JSONSyntaxChecker(bytes: bytes)
    try checker.document()
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  // MARK: Grammar

  private mutating func document() throws(Failure) {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // a byte order mark
    skipWhitespace()
    if index == bytes.count {
      throw Failure(offset: index, message: "the file holds no JSON value")
    }
    try value()
    skipWhitespace()
    if index < bytes.count {
      throw failure("unexpected \(found()) after the end of the JSON value")
    }
  }

  private mutating func value() throws(Failure) {
    guard index < bytes.count else { throw failure("expected a value, found the end of the file") }
    switch bytes[index] {
    case UInt8(ascii: "{"): try object()
    case UInt8(ascii: "["): try array()
    case UInt8(ascii: "\""): _ = try string()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    default: throw failure("expected a value, found \(found())")
    }
  }

  private mutating func object() throws(Failure) {
    try enter()
    index += 1
    var keys: Set<[UInt8]> = []
    skipWhitespace()
    if peek("}") {
      index += 1
      depth -= 1
      return
    }
    while true {
      guard peek("\"") else {
        if peek("}") { throw failure("unexpected '}' after ','; JSON allows no trailing comma") }
        throw failure("expected a key in double quotes, found \(found())")
      }
      let keyStart = index
      let key = try string()
      if !keys.insert(key).inserted {
        let text = String(decoding: key, as: UTF8.self)
        throw Failure(offset: keyStart, message: "duplicate key \(ContentError.quoted(text))")
      }
      skipWhitespace()
      guard peek(":") else { throw failure("expected ':' after the key, found \(found())") }
      index += 1
      skipWhitespace()
      try value()
      skipWhitespace()
      if peek(",") {
        index += 1
        skipWhitespace()
      } else if peek("}") {
        index += 1
        depth -= 1
        return
      } else {
        throw failure("expected ',' or '}' after a member, found \(found())")
      }
    }
  }

  private mutating func array() throws(Failure) {
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
      try value()
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

  /// Reads a string and returns its raw bytes between the quotes (escapes
  /// left as written, which is enough to spot a repeated key).
  private mutating func string() throws(Failure) -> [UInt8] {
    let start = index
    index += 1
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return Array(bytes[(start + 1)..<(index - 1)])
      case UInt8(ascii: "\\"):
        try escape()
      case 0..<0x20:
        throw failure(
          "control character U+\(ContentError.hex(UInt32(byte), digits: 4)) in a string; "
            + "write it as an escape such as \\n or \\u001B")
      default:
        index += 1
      }
    }
    throw Failure(offset: start, message: "unterminated string")
  }

  /// Reads one escape sequence, `\n` or `\uXXXX` (surrogates in pairs).
  private mutating func escape() throws(Failure) {
    let start = index
    index += 1
    guard index < bytes.count else { throw Failure(offset: start, message: "unterminated string") }
    switch bytes[index] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      index += 1
    case UInt8(ascii: "u"):
      let unit = try hexUnit(at: start)
      if (0xDC00...0xDFFF).contains(unit) {
        throw Failure(
          offset: start, message: "unpaired surrogate \\u\(ContentError.hex(unit, digits: 4))")
      }
      if (0xD800...0xDBFF).contains(unit) {
        let low = index
        guard peek("\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u"),
          (0xDC00...0xDFFF).contains(try hexUnit(at: low))
        else {
          throw Failure(
            offset: start, message: "unpaired surrogate \\u\(ContentError.hex(unit, digits: 4))")
        }
      }
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

  private mutating func number() throws(Failure) {
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

extension JSONSyntaxChecker {
  /// The offset of the first byte that is not part of well-formed UTF-8
  /// (overlong forms, surrogates and values past U+10FFFF included), or nil.
  static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): offset += encoded.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
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
