/// A JSON value as it stands in a content file, before it is given a meaning.
///
/// ``JSONParser`` turns the file into this tree; ``ContentDecoder`` then walks
/// it with a ``JSONPath`` in hand, so every complaint can say where it is.
/// Not `indirect`: arrays and objects already hold their elements apart,
/// and a boxed value cost an allocation for every string of the file.
enum JSONValue: Equatable {
  case null
  case bool(Bool)
  /// A number, and its text as the file writes it (for messages).
  case number(Double, written: String)
  case string(String)
  case array(JSONArray)
  case object(JSONObject)

  /// The kind of value with its article, for messages: "a string", "an array".
  var kind: String {
    switch self {
    case .null: return "null"
    case .bool: return "true or false"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// The value as a message shows it: scalars as written in JSON (a string
  /// quoted, escaped and cut to 40 characters), containers by their kind.
  var shortDescription: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let value, let written): return Self.format(value, written: written)
    case .string(let text):
      let cut = text.count > 40 ? String(text.prefix(39)) + "…" : text
      return ContentError.quoted(cut)
    case .array, .object: return kind
    }
  }

  /// `value` the way a person writes it: `8`, not `8.0`; past 10¹⁸ as
  /// `written` in the file when known (`99999999999999999999`, which a
  /// Double holds as 1e+20), else a whole number in digits however large
  /// (`100000000000000000000`, not `1e+20`).
  static func format(_ value: Double, written: String? = nil) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e18 { return String(Int(value)) }
    if let written { return written }
    guard value.isFinite, value == value.rounded() else { return String(value) }
    return (value < 0 ? "-" : "") + wholeDigits(value.magnitude)
  }

  /// The decimal digits of the whole number `value` (finite, at least 1),
  /// exactly: its 53-bit significand doubled as often as its exponent says,
  /// in base-10⁹ limbs. At most 1024 doublings of 35 limbs.
  private static func wholeDigits(_ value: Double) -> String {
    let exponent = Int(value.exponent) - Double.significandBitCount
    var whole = UInt64(value.significandBitPattern) | 1 << UInt64(Double.significandBitCount)
    var shift = exponent
    if shift < 0 {
      whole >>= UInt64(-shift)
      shift = 0
    }
    let base: UInt64 = 1_000_000_000
    var limbs: [UInt64] = []  // least significant first
    while whole > 0 {
      limbs.append(whole % base)
      whole /= base
    }
    for _ in 0..<shift {
      var carry: UInt64 = 0
      for index in limbs.indices {
        let doubled = limbs[index] * 2 + carry
        limbs[index] = doubled % base
        carry = doubled / base
      }
      if carry > 0 { limbs.append(carry) }
    }
    let top = String(limbs.last ?? 0)
    let rest = limbs.dropLast().reversed().map { limb -> String in
      let digits = String(limb)
      return String(repeating: "0", count: 9 - digits.count) + digits
    }
    return top + rest.joined()
  }
}

/// The elements of a JSON array: JSON values, or the rows of a list as the
/// content file's parse keeps them (``RowTable``), which read as the values
/// the file gives.
struct JSONArray: RandomAccessCollection, ExpressibleByArrayLiteral, Equatable {
  private enum Storage {
    case values([JSONValue])
    case rows(RowTable)
  }

  private let storage: Storage

  /// The array of `values`.
  init(_ values: [JSONValue]) {
    storage = .values(values)
  }

  /// The array of the rows `table` keeps.
  init(rows table: RowTable) {
    storage = .rows(table)
  }

  init(arrayLiteral elements: JSONValue...) {
    self.init(elements)
  }

  /// The rows of a list as the parse kept them; nil for any other array.
  var rowTable: RowTable? {
    if case .rows(let table) = storage { return table }
    return nil
  }

  var startIndex: Int { 0 }

  var endIndex: Int {
    switch storage {
    case .values(let values): values.count
    case .rows(let table): table.count
    }
  }

  /// The element at `index`; a row of a ``RowTable`` is made into its value.
  subscript(index: Int) -> JSONValue {
    switch storage {
    case .values(let values): values[index]
    case .rows(let table): table.value(at: index)
    }
  }

  static func == (lhs: JSONArray, rhs: JSONArray) -> Bool {
    lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }
}

/// An object key or a page id, compared by its Unicode scalars as RFC 8259
/// compares keys: `"caf\u00e9"` (NFC) and `"cafe\u0301"` (NFD) are two keys,
/// though they are equal as Swift `String`s, which compare by canonical
/// equivalence.
struct JSONKey: Hashable, Comparable, CustomStringConvertible {
  /// The key as written (escapes decoded).
  let text: String

  init(_ text: String) {
    self.text = text
  }

  var description: String { text }

  // Equal Unicode scalars are equal UTF-8 bytes, and UTF-8 orders as the
  // code points do: the bytes answer all three, without decoding scalars
  // (the built-in content has thousands of keys, read at every start).

  static func == (lhs: JSONKey, rhs: JSONKey) -> Bool {
    lhs.text.utf8.count == rhs.text.utf8.count && lhs.text.utf8.elementsEqual(rhs.text.utf8)
  }

  func hash(into hasher: inout Hasher) {
    let hashed: Void? = text.utf8.withContiguousStorageIfAvailable {
      hasher.combine(bytes: UnsafeRawBufferPointer($0))
    }
    if hashed == nil { for byte in text.utf8 { hasher.combine(byte) } }
    hasher.combine(text.utf8.count)
  }

  /// By code point, so the order does not depend on normalisation either.
  static func < (lhs: JSONKey, rhs: JSONKey) -> Bool {
    lhs.text.utf8.lexicographicallyPrecedes(rhs.text.utf8)
  }
}
