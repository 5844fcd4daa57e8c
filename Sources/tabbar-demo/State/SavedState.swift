import TabBarKit

/// Everything `--state FILE` keeps between runs: the settings, and for each
/// content file the app ran on, where the user was (the state each page
/// saves of itself, the library's ``RestorationCoder``) and what the
/// demo's own pages keep beside it (``ContentState``).
///
/// The file is one JSON object, versioned by its `version` key (3). The
/// parts of the content of the run that saved it sit at the top level:
/// `content` names it, the pages' state is under `restoration`, and each
/// kind of thing the demo keeps adds one optional key of its own beside
/// it, absent when there is nothing to keep. The parts of the other content
/// files the file was used with are kept unchanged under `otherContents`,
/// the one used last first, so that a run with another `--content` loses
/// none of them. A file of version 2 (no `content`, no `otherContents`)
/// loads as the parts of whatever content reads it. A file saved before the
/// pages saved themselves (version 1, with no `version` key:
/// `selectedIndex` and `stacks` at the top level) still loads: its
/// settings, draft and posts are kept, and where the user was is not read
/// (``isFromOlderVersion``): the demo starts on the first tab and says so in
/// one warning line.
@dynamicMemberLookup
struct SavedState: Codable, Equatable {
  /// The version this demo writes.
  static let version = 3
  /// The versions it reads (and version 1, which has no `version` key).
  static let readVersions = 2...3

  /// The parts of the content of the run that saved it; its `restoration`,
  /// `compose`… read as the state's own (`state.restoration`).
  var current: ContentState
  /// The Me page's settings (Night mode, Bar style, …), which every
  /// content shares; nil when none is kept.
  var settings: SavedSettings?
  /// The parts of the other content files, the one used last first.
  var otherContents: [ContentState] = []
  /// True when the file was saved by a version of the demo before this
  /// format: where the user was is not restored.
  var isFromOlderVersion = false
  /// What was wrong in the file that did not stop it from loading (a key
  /// given twice), for the warning; never saved.
  var warnings: [String] = []

  private enum Keys: String, CodingKey {
    case version, settings, otherContents
    // Read only to recognise a file of version 2 or 3.
    case restoration
    // Version 1's position, read only to recognise such a file.
    case selectedIndex, stacks
  }

  /// A state that keeps only `restoration`, of no content in particular.
  init(restoration: RestorationCoder) {
    current = ContentState(restoration: restoration)
  }

  /// A part of the current content's: `state.comments` is
  /// `state.current.comments`.
  subscript<Part>(dynamicMember part: WritableKeyPath<ContentState, Part>) -> Part {
    get { current[keyPath: part] }
    set { current[keyPath: part] = newValue }
  }

  /// Reads a saved state.
  ///
  /// - Throws: a `DecodingError` for a file that is not one: no `version`
  ///   and no version-1 position, a version this demo does not know, or no
  ///   `restoration`.
  init(from decoder: any Decoder) throws {
    let keys = try decoder.container(keyedBy: Keys.self)
    if let version = try keys.decodeIfPresent(Int.self, forKey: .version) {
      guard Self.readVersions.contains(version) else {
        throw DecodingError.dataCorruptedError(
          forKey: .version, in: keys,
          debugDescription: "version \(version), this tabbar-demo reads \(Self.version)")
      }
      _ = try keys.decode(RestorationCoder.self, forKey: .restoration)
      current = try ContentState(from: decoder)
    } else {
      // Version 1: a position of the old shape makes it a saved state.
      _ = try keys.decode(Int.self, forKey: .selectedIndex)
      _ = try keys.decode([[RestorationCoder]].self, forKey: .stacks)
      current = try ContentState(from: decoder)
      isFromOlderVersion = true
    }
    // A part that no longer reads is dropped, not the whole state.
    settings = try? keys.decodeIfPresent(SavedSettings.self, forKey: .settings)
    let others = try? keys.decodeIfPresent([Lenient].self, forKey: .otherContents)
    otherContents = others?.compactMap(\.part) ?? []
  }

  /// Writes the state in this version's format.
  func encode(to encoder: any Encoder) throws {
    var keys = encoder.container(keyedBy: Keys.self)
    try keys.encode(Self.version, forKey: .version)
    try keys.encodeIfPresent(settings, forKey: .settings)
    if !otherContents.isEmpty { try keys.encode(otherContents, forKey: .otherContents) }
    try current.encode(to: encoder)
  }

  /// An element of `otherContents` that may not read: then it alone is
  /// dropped.
  private struct Lenient: Decodable {
    var part: ContentState?
    init(from decoder: any Decoder) throws { part = try? ContentState(from: decoder) }
  }

  /// The parts kept for `content` (``ContentState/content``): the current
  /// ones when they are of `content` or of no content in particular (a
  /// file of version 2), else those of `otherContents` with that name; nil
  /// when none are kept.
  func parts(of content: String?) -> ContentState? {
    if current.content == nil || current.content == content { return current }
    return content.flatMap { name in otherContents.first { $0.content == name } }
  }
}

// MARK: Numbers

extension SavedState {
  /// What is wrong with a number in a saved state, found before it is
  /// decoded: JSONDecoder calls both `1.5` and `99999999999999999999`,
  /// where an `Int` goes, "not valid JSON".
  enum NumberProblem: Equatable {
    /// A number with a fraction: every number a state holds is an integer.
    case fraction(path: String, written: String)
    /// An integer past `Int`'s range: no position can be that far.
    case outOfRange(path: String, written: String)
  }

  /// The first number in `value` (the parsed file) that no saved state
  /// holds, with its path and its text as written; nil when there is none.
  static func firstBadNumber(in value: JSONValue, at path: String = "") -> NumberProblem? {
    switch value {
    case .number(let number, let written):
      let place = path.isEmpty ? "the top" : path
      let isLiteralInteger = written.allSatisfy { $0 == "-" || ("0"..."9").contains($0) }
      if isLiteralInteger {
        return Int(written) == nil ? .outOfRange(path: place, written: written) : nil
      }
      if number.rounded() != number { return .fraction(path: place, written: written) }
      // -2⁶³ is the lowest Int; 2⁶³ the first past the highest.
      let fits = number >= -0x1p63 && number < 0x1p63
      return fits ? nil : .outOfRange(path: place, written: written)
    case .array(let items):
      for (index, item) in items.enumerated() {
        if let found = firstBadNumber(in: item, at: "\(path)[\(index)]") { return found }
      }
      return nil
    case .object(let fields):
      for (key, field) in fields.sorted(by: { $0.key < $1.key }) {
        let place = path.isEmpty ? key.text : "\(path).\(key.text)"
        if let found = firstBadNumber(in: field, at: place) { return found }
      }
      return nil
    case .null, .bool, .string:
      return nil
    }
  }
}
