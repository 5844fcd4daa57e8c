import TabBarKit

/// Everything `--state FILE` keeps between runs: where the user was (the
/// state each page saves of itself, the library's ``RestorationCoder``) and
/// what the demo's own pages keep beside it.
///
/// The file is one JSON object, versioned by its `version` key (2): the
/// pages' state sits under `restoration`, and each kind of thing the demo
/// keeps adds one optional key of its own beside it, absent when there is
/// nothing to keep. A file saved before the pages saved themselves (version
/// 1, with no `version` key: `selectedIndex` and `stacks` at the top level)
/// still loads: its settings, draft and posts are kept, and where the user
/// was is not read (``isFromOlderVersion``): the demo starts on the first
/// tab and says so in one warning line.
struct SavedState: Codable, Equatable {
  /// The version this demo writes.
  static let version = 2

  /// Each page's saved state, from the tab bar controller down; empty in
  /// a state read from an older file.
  var restoration: RestorationCoder
  /// The compose forms' drafts and posted stories (`compose`).
  var compose: ComposeState?
  /// The Me page's settings (Night mode, Bar style, …); nil when none is kept.
  var settings: SavedSettings?
  /// True when the file was saved by a version of the demo before this
  /// format: where the user was is not restored.
  var isFromOlderVersion = false

  private enum Keys: String, CodingKey {
    case version, restoration, compose, settings
    // Version 1's position, read only to recognise such a file.
    case selectedIndex, stacks
  }

  /// A state that keeps only `restoration`.
  init(restoration: RestorationCoder) {
    self.restoration = restoration
  }

  /// Reads a saved state.
  ///
  /// - Throws: a `DecodingError` for a file that is not one: no `version`
  ///   and no version-1 position, a version this demo does not know, or no
  ///   `restoration`.
  init(from decoder: any Decoder) throws {
    let keys = try decoder.container(keyedBy: Keys.self)
    if let version = try keys.decodeIfPresent(Int.self, forKey: .version) {
      guard version == Self.version else {
        throw DecodingError.dataCorruptedError(
          forKey: .version, in: keys,
          debugDescription: "version \(version), this tabbar-demo reads \(Self.version)")
      }
      restoration = try keys.decode(RestorationCoder.self, forKey: .restoration)
    } else {
      // Version 1: a position of the old shape makes it a saved state.
      _ = try keys.decode(Int.self, forKey: .selectedIndex)
      _ = try keys.decode([[RestorationCoder]].self, forKey: .stacks)
      restoration = RestorationCoder()
      isFromOlderVersion = true
    }
    // A part that no longer reads is dropped, not the whole state.
    compose = try? keys.decodeIfPresent(ComposeState.self, forKey: .compose)
    settings = try? keys.decodeIfPresent(SavedSettings.self, forKey: .settings)
  }

  /// Writes the state in this version's format.
  func encode(to encoder: any Encoder) throws {
    var keys = encoder.container(keyedBy: Keys.self)
    try keys.encode(Self.version, forKey: .version)
    try keys.encode(restoration, forKey: .restoration)
    try keys.encodeIfPresent(compose, forKey: .compose)
    try keys.encodeIfPresent(settings, forKey: .settings)
  }
}
