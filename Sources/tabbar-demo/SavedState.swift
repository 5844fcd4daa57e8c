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
  /// The compose forms' drafts and posted stories (`compose`).
  var compose: ComposeState?
  /// The Me page's settings (Night mode, Bar style, …); nil when none is kept.
  var settings: SavedSettings?

  /// The keys the demo's pages add beside the navigation state's.
  private enum PageKeys: String, CodingKey {
    case compose, settings
  }

  /// A state that keeps only `navigation`.
  init(navigation: NavigationState) {
    self.navigation = navigation
  }

  init(from decoder: any Decoder) throws {
    navigation = try NavigationState(from: decoder)
    let pages = try decoder.container(keyedBy: PageKeys.self)
    // A part that no longer reads is dropped, not the whole state.
    compose = try? pages.decodeIfPresent(ComposeState.self, forKey: .compose)
    settings = try? pages.decodeIfPresent(SavedSettings.self, forKey: .settings)
  }

  func encode(to encoder: any Encoder) throws {
    try navigation.encode(to: encoder)
    var pages = encoder.container(keyedBy: PageKeys.self)
    try pages.encodeIfPresent(compose, forKey: .compose)
    try pages.encodeIfPresent(settings, forKey: .settings)
  }
}
