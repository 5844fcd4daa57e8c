/// A page's saved state, as UIKit's `NSCoder` is in state restoration: a
/// small tree of named integers, strings, booleans, child coders and lists
/// of child coders. `Codable`, so an app saves it as JSON on quit and reads
/// it back at start.
///
/// Each view controller writes its own state in
/// ``ViewController/encodeRestorableState(with:)`` and reads it back in
/// ``ViewController/decodeRestorableState(with:)``; a container writes each
/// child's state as a child coder. The whole app's state is one call each
/// way:
///
/// ```swift
/// let saved = RestorationCoder(encoding: tabs)      // on quit
/// let skipped = saved.restore(tabs)                 // at start
/// ```
///
/// A saved file may be old, edited or hostile, so reading validates: an
/// accessor returns nil for a missing key or a value of another kind, and
/// ``decodeInt(forKey:clampedTo:)`` keeps a number inside the range the page
/// can use. A number read with ``decodeInt(forKey:)`` may be anything from
/// `Int.min` to `Int.max`: compare it, never compute with it.
public struct RestorationCoder: Codable, Equatable, Sendable {
  /// One stored value.
  enum Value: Equatable, Sendable {
    case int(Int)
    case string(String)
    case bool(Bool)
    case coder(RestorationCoder)
    case coders([RestorationCoder])
  }

  /// The values by key.
  private var values: [String: Value] = [:]

  /// The restore this coder is read in, where its mismatches go; passed on
  /// to the child coders read from it. Not part of the saved state.
  var session: Session?
  /// Where this coder is in the state being restored, as Swift's
  /// `DecodingError` says where: the keys from the top, a list's with the
  /// index of the child (`["tabs[2]", "pages[1]"]`). Not part of the saved
  /// state.
  var codingPath: [String] = []

  /// An empty coder: a child's state to fill with `encode`, or a saved
  /// state that holds nothing, for an app with no saved state to read.
  /// Restoring it changes no page; a container says what it lacks (a tab
  /// bar controller: `it has 0 tabs, the app 2`).
  public init() {}

  /// The state of `page` (and, for a container, of the pages in it).
  @MainActor
  public init(encoding page: ViewController) {
    page.encodeRestorableState(with: &self)
  }

  /// Gives `page` (and the pages in it) the state this coder holds, as far
  /// as it fits them, and returns the steps it skipped (a row that is gone,
  /// a tab fewer), for the app to tell the user. A state that fits returns
  /// none.
  ///
  /// A list that loads its rows and has none yet (see
  /// `ListViewController(title:rows:load:)`) takes its part of the
  /// state once a load has brought them, and the pages above it theirs
  /// after it: what they skip is not in the list returned, and
  /// `completion` hears every mismatch of the whole restore once nothing
  /// waits any more. When nothing waited it runs before this returns. Until
  /// then, saving the app saves what still waits as it was saved, so a run
  /// that ends before a list loaded loses nothing.
  @MainActor
  @discardableResult
  public func restore(
    _ page: ViewController,
    completion: (@MainActor @Sendable ([RestorationMismatch]) -> Void)? = nil
  ) -> [RestorationMismatch] {
    var coder = self
    let session = Session()
    coder.session = session
    coder.codingPath = []
    session.beginWait()
    page.decodeRestorableState(with: coder)
    let found = session.mismatches
    session.completion = completion
    session.endWait()
    return found
  }

  // MARK: Writing

  /// Stores `value` under `key`, replacing what was there.
  public mutating func encode(_ value: Int, forKey key: String) { values[key] = .int(value) }
  /// Stores `value` under `key`, replacing what was there.
  public mutating func encode(_ value: String, forKey key: String) { values[key] = .string(value) }
  /// Stores `value` under `key`, replacing what was there.
  public mutating func encode(_ value: Bool, forKey key: String) { values[key] = .bool(value) }
  /// Stores a child's state under `key`, replacing what was there.
  public mutating func encode(_ child: RestorationCoder, forKey key: String) {
    values[key] = .coder(child)
  }
  /// Stores a list of children's states under `key`, replacing what was there.
  public mutating func encode(_ children: [RestorationCoder], forKey key: String) {
    values[key] = .coders(children)
  }

  // MARK: Reading

  /// The integer stored under `key`, exactly as saved: any `Int`, so
  /// compare it with what fits before using it, or read it with
  /// ``decodeInt(forKey:clampedTo:)``. Nil when there is none.
  public func decodeInt(forKey key: String) -> Int? {
    guard case .int(let value)? = values[key] else { return nil }
    return value
  }

  /// The integer stored under `key`, brought inside `range` (`Int.max`
  /// becomes its upper bound, a negative number its lower one). Nil when
  /// there is none.
  public func decodeInt(forKey key: String, clampedTo range: ClosedRange<Int>) -> Int? {
    decodeInt(forKey: key).map { min(max($0, range.lowerBound), range.upperBound) }
  }

  /// The string stored under `key`, or nil.
  public func decodeString(forKey key: String) -> String? {
    guard case .string(let value)? = values[key] else { return nil }
    return value
  }

  /// The boolean stored under `key`, or nil.
  public func decodeBool(forKey key: String) -> Bool? {
    guard case .bool(let value)? = values[key] else { return nil }
    return value
  }

  /// The child's state stored under `key`, or nil.
  public func decodeCoder(forKey key: String) -> RestorationCoder? {
    guard case .coder(let child)? = values[key] else { return nil }
    return reading(child, at: key)
  }

  /// The children's states stored under `key`; empty when there are none.
  public func decodeCoders(forKey key: String) -> [RestorationCoder] {
    guard case .coders(let children)? = values[key] else { return [] }
    return children.enumerated().map { index, child in reading(child, at: "\(key)[\(index)]") }
  }

  /// `child` as read at `step` of this coder: in the same restore, at a
  /// path one step longer.
  func reading(_ child: RestorationCoder, at step: String?) -> RestorationCoder {
    var child = child
    child.session = session
    child.codingPath = step.map { codingPath + [$0] } ?? codingPath
    return child
  }

  /// Adds a step that the state could not take back to the list
  /// ``restore(_:completion:)`` returns, with where it is in the state
  /// (``RestorationMismatch/codingPath``): for example `row 7 of “Reading”
  /// is gone`. A container stops restoring a child that reported one.
  @MainActor
  public func reportMismatch(_ reason: String) {
    session?.append(RestorationMismatch(codingPath: codingPath, reason: reason))
  }

  /// The values alone, without the restore this coder was read in: what a
  /// page that waits saves in its place.
  var savedValues: RestorationCoder {
    var copy = self
    copy.session = nil
    copy.codingPath = []
    return copy
  }

  /// How many mismatches were reported so far in this restore.
  @MainActor var mismatchCount: Int { session?.mismatches.count ?? 0 }

  // MARK: A child's entry

  /// A child's entry in its container's state: its restoration identifier
  /// (if it has one) and its state. The one place that writes the entry's
  /// keys; ``entryContents`` reads them.
  static func entry(id: String?, state: RestorationCoder) -> RestorationCoder {
    var entry = RestorationCoder()
    if let id { entry.encode(id, forKey: "id") }
    entry.encode(state, forKey: "state")
    return entry
  }

  /// The identifier and the state of an entry made by
  /// ``entry(id:state:)``. The state is read at the entry's own path: the
  /// envelope adds no step (`tabs[2].pages[1]`, not
  /// `tabs[2].state.pages[1].state`).
  var entryContents: (id: String?, state: RestorationCoder) {
    guard case .coder(let state)? = values["state"] else {
      return (decodeString(forKey: "id"), reading(RestorationCoder(), at: nil))
    }
    return (decodeString(forKey: "id"), reading(state, at: nil))
  }

  // MARK: Equality and coding

  /// Two coders are equal when they hold the same values.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.values == rhs.values }

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Reads a JSON object. A value of no kind the coder holds (a fraction,
  /// null) is left out, so its accessor finds nothing.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    for key in container.allKeys {
      if let value = try? container.decode(Bool.self, forKey: key) {
        values[key.stringValue] = .bool(value)
      } else if let value = try? container.decode(Int.self, forKey: key) {
        values[key.stringValue] = .int(value)
      } else if let value = try? container.decode(String.self, forKey: key) {
        values[key.stringValue] = .string(value)
      } else if let value = try? container.decode([RestorationCoder].self, forKey: key) {
        values[key.stringValue] = .coders(value)
      } else if let value = try? container.decode(RestorationCoder.self, forKey: key) {
        values[key.stringValue] = .coder(value)
      }
    }
  }

  /// Writes a JSON object.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    for (key, value) in values {
      let key = Key(stringValue: key)
      switch value {
      case .int(let value): try container.encode(value, forKey: key)
      case .string(let value): try container.encode(value, forKey: key)
      case .bool(let value): try container.encode(value, forKey: key)
      case .coder(let value): try container.encode(value, forKey: key)
      case .coders(let value): try container.encode(value, forKey: key)
      }
    }
  }

  // MARK: Size

  /// Keeps the first half of the longest list of children in the tree (the
  /// deepest navigation stack loses its top pages, as a restore stops where
  /// the saved stack does); false when no list has more than one child.
  /// An app that must keep its saved state under a size calls it until it
  /// fits:
  ///
  /// ```swift
  /// var state = RestorationCoder(encoding: tabs)
  /// while try JSONEncoder().encode(state).count > limit, state.halveLongestList() {}
  /// ```
  ///
  /// Complexity: O(n) in the number of values in the tree.
  public mutating func halveLongestList() -> Bool {
    guard let (path, count) = longestList(), count > 1 else { return false }
    cut(path[...], to: count / 2)
    return true
  }

  /// The keys down to the longest list, with its length.
  private func longestList() -> (path: [(key: String, index: Int?)], count: Int)? {
    var best: (path: [(key: String, index: Int?)], count: Int)?
    for (key, value) in values {
      switch value {
      case .coder(let child):
        if let found = child.longestList(), found.count > best?.count ?? 0 {
          best = ([(key, nil)] + found.path, found.count)
        }
      case .coders(let children):
        if children.count > best?.count ?? 0 { best = ([(key, -1)], children.count) }
        for (index, child) in children.enumerated() {
          if let found = child.longestList(), found.count > best?.count ?? 0 {
            best = ([(key, index)] + found.path, found.count)
          }
        }
      default:
        break
      }
    }
    return best
  }

  private mutating func cut(_ path: ArraySlice<(key: String, index: Int?)>, to count: Int) {
    guard let step = path.first else { return }
    switch (values[step.key], step.index) {
    case (.coders(let children), .some(-1)):
      values[step.key] = .coders(Array(children.prefix(count)))
    case (.coders(var children), .some(let index)):
      children[index].cut(path.dropFirst(), to: count)
      values[step.key] = .coders(children)
    case (.coder(var child), nil):
      child.cut(path.dropFirst(), to: count)
      values[step.key] = .coder(child)
    default:
      break
    }
  }

  /// One restore: the mismatches its pages reported, and how many parts
  /// of it still wait for a list's rows. On the main actor, as the pages
  /// that report to it and the loads they wait for: no lock.
  @MainActor
  final class Session {
    /// What the pages reported, in order.
    private(set) var mismatches: [RestorationMismatch] = []
    /// The parts of the restore still waiting.
    private var waits = 0
    /// Hears every mismatch once nothing waits any more.
    var completion: (@MainActor @Sendable ([RestorationMismatch]) -> Void)?

    func append(_ mismatch: RestorationMismatch) { mismatches.append(mismatch) }

    /// A part of the restore starts waiting.
    func beginWait() { waits += 1 }

    /// A part of the restore is done: with none left waiting, the
    /// completion hears every mismatch.
    func endWait() {
      waits -= 1
      guard waits == 0, let completion else { return }
      self.completion = nil
      completion(mismatches)
    }
  }
}

/// A step of a saved state that the app's pages no longer have, found by
/// ``RestorationCoder/restore(_:completion:)``: the page or stack stops before it.
public struct RestorationMismatch: Equatable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible
{
  /// Where in the saved state, as Swift's `DecodingError.Context.codingPath`:
  /// the keys from the top, a list's with the child's index, from 0
  /// (`["tabs[2]", "pages[1]"]` for the second page of the third tab's
  /// stack). Empty for the top controller itself.
  public var codingPath: [String]
  /// What is missing, for example `row 7 of “Reading” is gone`.
  package var reason: String

  /// Creates a mismatch.
  package init(codingPath: [String], reason: String) {
    self.codingPath = codingPath
    self.reason = reason
  }

  /// The tab (from 0) the mismatch is in, when the path starts at a tab
  /// bar controller's tab; nil for the tab bar controller itself.
  package var tab: Int? {
    guard let first = codingPath.first, first.hasPrefix("tabs["), first.hasSuffix("]") else {
      return nil
    }
    return Int(first.dropFirst(5).dropLast())
  }

  /// For the user: `tab 2: row 7 of “Reading” is gone`, counting tabs from
  /// 1 as the number keys do.
  public var description: String {
    tab.map { "tab \($0 + 1): \(reason)" } ?? reason
  }

  /// For the developer, with the whole path:
  /// `tabs[1].pages[0]: row 7 of “Reading” is gone`.
  public var debugDescription: String {
    codingPath.isEmpty ? reason : codingPath.joined(separator: ".") + ": " + reason
  }
}
