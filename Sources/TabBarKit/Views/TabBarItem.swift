/// What a tab shows in the bar: a title, a glyph, and the glyph it shows while
/// selected.
public struct TabBarItem: Hashable, Sendable {
  /// The title under (or beside) the glyph.
  public var title: String
  /// A short picture, usually one character (`☆`).
  public var glyph: String
  /// The glyph while the tab is selected (`★`); the plain glyph when nil.
  public var selectedGlyph: String?
  /// The badge at the top-right of the glyph.
  public var badge: Badge
  /// True to clear the badge when the tab is opened, as the NetEase dock does.
  public var clearsBadgeOnSelect: Bool

  /// Creates an item.
  public init(
    title: String, glyph: String = "•", selectedGlyph: String? = nil, badge: Badge = .none,
    clearsBadgeOnSelect: Bool = false
  ) {
    self.title = title
    self.glyph = glyph
    self.selectedGlyph = selectedGlyph
    self.badge = badge
    self.clearsBadgeOnSelect = clearsBadgeOnSelect
  }

  /// The glyph to draw in the given state.
  package func glyph(selected: Bool) -> String {
    selected ? (selectedGlyph ?? glyph) : glyph
  }
}
