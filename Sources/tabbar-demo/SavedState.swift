import TabBarKit

/// Everything `--state FILE` keeps between runs: where the user was (the
/// library's ``NavigationState``) and what the demo's own pages keep.
///
/// The file stays one JSON object. The navigation state's keys sit at its
/// top level, as they did before the demo kept anything else, so an older
/// file still loads; each kind of thing the demo keeps adds one optional
/// key of its own beside them, absent when there is nothing to keep.
struct SavedState: Codable, Equatable {
  /// The selected tab, every tab's stack and list positions.
  var navigation: NavigationState

  /// A state that keeps only `navigation`.
  init(navigation: NavigationState) {
    self.navigation = navigation
  }

  init(from decoder: any Decoder) throws {
    navigation = try NavigationState(from: decoder)
    settings = try decoder.container(keyedBy: SettingsKey.self)
      .decodeIfPresent(SavedSettings.self, forKey: .settings)
  }

  func encode(to encoder: any Encoder) throws {
    try navigation.encode(to: encoder)
    var settingsContainer = encoder.container(keyedBy: SettingsKey.self)
    try settingsContainer.encodeIfPresent(settings, forKey: .settings)
  }

  /// The Me page's settings (Night mode, Bar style, …); nil when none is kept.
  var settings: SavedSettings?

  private enum SettingsKey: String, CodingKey { case settings }
}
