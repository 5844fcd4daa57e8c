/// Reads the members of one JSON object, checking each one's type, and names
/// the path of whatever is wrong.
///
/// It is made with the keys the object may have, so a misspelt key (`"badeg"`)
/// is reported instead of silently ignored. A member set to `null` counts as
/// absent.
struct ObjectReader {
  /// The object's members, keyed by Unicode scalars.
  let members: JSONObject
  /// Where the object is.
  let path: JSONPath

  /// Reads `value` as an object whose keys are all in `keys`.
  ///
  /// - Throws: when `value` is not an object or has a key not in `keys`
  ///   (the first in alphabetical order is reported).
  init(_ value: JSONValue, at path: JSONPath, keys: Set<String>) throws(ContentError) {
    guard case .object(let members) = value else {
      throw ContentError(at: path, "expected an object, found \(value.shortDescription)")
    }
    // A few allowed keys, compared as bytes: no set of keys to build and
    // hash for each of the thousands of objects of the built-in content.
    // The byte counts first: most keys differ in length from most others.
    // No array of keys is made for an object whose keys are all allowed.
    let isAllowed = { (key: JSONKey) in
      let count = key.text.utf8.count
      return keys.contains { $0.utf8.count == count && $0.utf8.elementsEqual(key.text.utf8) }
    }
    if !members.elements.allSatisfy({ isAllowed($0.key) }),
      let unknown = members.keys.filter({ !isAllowed($0) }).min()
    {
      let known = keys.map(JSONKey.init).sorted().map { ContentError.quoted($0.text) }
        .joined(separator: ", ")
      throw ContentError(
        at: path, "unknown key \(ContentError.quoted(unknown.text)); expected one of \(known)")
    }
    self.members = members
    self.path = path
  }

  /// The member `key`, or nil when it is absent or null.
  subscript(key: String) -> JSONValue? {
    switch members[JSONKey(key)] {
    case nil, .null?: return nil
    case let value?: return value
    }
  }

  /// True when the object has `key` with a value other than null.
  func has(_ key: String) -> Bool { self[key] != nil }

  /// The required member `key`.
  func required(_ key: String) throws(ContentError) -> JSONValue {
    guard let value = self[key] else {
      if members[JSONKey(key)] != nil {
        throw ContentError(at: path.appending(key), "expected a value, found null")
      }
      throw ContentError(at: path, "missing \(ContentError.quoted(key))")
    }
    return value
  }

  /// The string member `key`; nil when absent.
  func string(_ key: String) throws(ContentError) -> String? {
    guard let value = self[key] else { return nil }
    // The path only for a message: not built for each string of each row.
    if case .string(let text) = value { return text }
    return try Self.string(value, at: path.appending(key))
  }

  /// The required string member `key`.
  func requiredString(_ key: String) throws(ContentError) -> String {
    let value = try required(key)
    if case .string(let text) = value { return text }
    return try Self.string(value, at: path.appending(key))
  }

  /// The `true`/`false` member `key`; nil when absent.
  func bool(_ key: String) throws(ContentError) -> Bool? {
    guard let value = self[key] else { return nil }
    guard case .bool(let flag) = value else {
      throw ContentError(
        at: path.appending(key), "expected true or false, found \(value.shortDescription)")
    }
    return flag
  }

  /// The whole-number member `key` within `range`; nil when absent.
  func integer(_ key: String, in range: ClosedRange<Int>) throws(ContentError) -> Int? {
    guard let value = self[key] else { return nil }
    return try Self.integer(value, at: path.appending(key), in: range)
  }

  /// The number member `key`; nil when absent.
  func number(_ key: String) throws(ContentError) -> Double? {
    guard let value = self[key] else { return nil }
    guard case .number(let number, _) = value else {
      throw ContentError(
        at: path.appending(key), "expected a number, found \(value.shortDescription)")
    }
    return number
  }

  /// The array member `key`; nil when absent.
  func array(_ key: String) throws(ContentError) -> JSONArray? {
    guard let value = self[key] else { return nil }
    guard case .array(let elements) = value else {
      throw ContentError(
        at: path.appending(key), "expected an array, found \(value.shortDescription)")
    }
    return elements
  }

  /// `value` as a string.
  static func string(_ value: JSONValue, at path: JSONPath) throws(ContentError) -> String {
    guard case .string(let text) = value else {
      throw ContentError(at: path, "expected a string, found \(value.shortDescription)")
    }
    return text
  }

  /// `value` as a whole number within `range`.
  static func integer(
    _ value: JSONValue, at path: JSONPath, in range: ClosedRange<Int>
  ) throws(ContentError) -> Int {
    guard case .number(let number, _) = value else {
      throw ContentError(at: path, "expected a whole number, found \(value.shortDescription)")
    }
    guard number == number.rounded() else {
      throw ContentError(at: path, "expected a whole number, found \(value.shortDescription)")
    }
    // Compared as a Double first: a whole number too large for an Int
    // (99999999999999999999) is out of range, not "not a whole number".
    guard number >= Double(range.lowerBound), number <= Double(range.upperBound),
      range.contains(Int(number))
    else {
      throw ContentError(
        at: path,
        "\(value.shortDescription) is out of range; expected \(range.lowerBound)…\(range.upperBound)"
      )
    }
    return Int(number)
  }
}
