/// The members of a JSON object, in the order the file gives them.
///
/// A content file has one small object for each of its rows (100,000 in the
/// scale benchmark): kept as a dictionary each one cost a hash table, and
/// was half the memory at start. The members are an array instead, looked
/// up by comparing keys while there are few; a large object (`pages`) also
/// keeps an index by key.
struct JSONObject: Equatable, Sequence {
  /// One member.
  typealias Element = (key: JSONKey, value: JSONValue)

  /// The members as the file gives them; no key twice.
  private(set) var elements: [Element] = []
  /// Each key's place in ``elements``, once there are more than
  /// ``indexedCount`` members.
  private var index: [JSONKey: Int]?

  /// Past this many members, keys are found through ``index``.
  static let indexedCount = 12

  /// An object with no members.
  init() {}

  /// The members `elements`, in their order; no key may be there twice.
  init(uniqueElements elements: ArraySlice<Element>) {
    self.elements = Array(elements)
    if elements.count > Self.indexedCount {
      var built: [JSONKey: Int] = [:]
      built.reserveCapacity(elements.count)
      for (place, element) in self.elements.enumerated() { built[element.key] = place }
      index = built
    }
  }

  /// The members of `dictionary`, in no particular order (for tests).
  init(_ dictionary: [JSONKey: JSONValue]) {
    for (key, value) in dictionary { _ = add(key, value) }
  }

  /// How many members there are.
  var count: Int { elements.count }

  /// The keys, in the file's order.
  var keys: [JSONKey] { elements.map(\.key) }

  /// The value of `key`, or nil when the object has no such member.
  subscript(key: JSONKey) -> JSONValue? {
    guard let place = place(of: key) else { return nil }
    return elements[place].value
  }

  /// Adds a member; false (and nothing changed) when `key` is already there.
  mutating func add(_ key: JSONKey, _ value: JSONValue) -> Bool {
    if place(of: key) != nil { return false }
    elements.append((key, value))
    if index != nil {
      index?[key] = elements.count - 1
    } else if elements.count > Self.indexedCount {
      var built: [JSONKey: Int] = [:]
      built.reserveCapacity(elements.count * 2)
      for (place, element) in elements.enumerated() { built[element.key] = place }
      index = built
    }
    return true
  }

  /// Gives the member `key` the value `value`, in its place; nothing when
  /// there is no such member.
  mutating func replace(_ key: JSONKey, with value: JSONValue) {
    guard let place = place(of: key) else { return }
    elements[place].value = value
  }

  private func place(of key: JSONKey) -> Int? {
    if let index { return index[key] }
    return elements.firstIndex { $0.key == key }
  }

  /// The members in the file's order.
  func makeIterator() -> IndexingIterator<[Element]> {
    elements.makeIterator()
  }

  /// Equal when both have the same keys with equal values, in any order,
  /// as two dictionaries are.
  static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.count == rhs.count && lhs.elements.allSatisfy { rhs[$0.key] == $0.value }
  }
}
