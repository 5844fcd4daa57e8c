/// A JSON value as it stands in a content file, before it is given a meaning.
///
/// ``JSONParser`` turns the file into this tree; ``ContentDecoder`` then walks
/// it with a ``JSONPath`` in hand, so every complaint can say where it is.
indirect enum JSONValue: Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([JSONKey: JSONValue])

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
    case .number(let value): return Self.format(value)
    case .string(let text):
      let cut = text.count > 40 ? String(text.prefix(39)) + "…" : text
      return ContentError.quoted(cut)
    case .array, .object: return kind
    }
  }

  /// `value` the way a person writes it: `8`, not `8.0`.
  static func format(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e18 { return String(Int(value)) }
    return String(value)
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
