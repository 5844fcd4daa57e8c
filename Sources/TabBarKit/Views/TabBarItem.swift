/// What a tab shows in the bar: a title, a glyph, and the glyph it shows while
/// selected (T1).
public struct TabBarItem: Hashable, Sendable {
  /// The title under (or beside) the glyph.
  public var title: String
  /// A short picture, usually one character (`☆`).
  public var glyph: String
  /// The glyph while the tab is selected (`★`); the plain glyph when nil.
  public var selectedGlyph: String?

  /// Creates an item.
  public init(title: String, glyph: String = "•", selectedGlyph: String? = nil) {
    self.title = title
    self.glyph = glyph
    self.selectedGlyph = selectedGlyph
  }

  /// The glyph to draw in the given state.
  public func glyph(selected: Bool) -> String {
    selected ? (selectedGlyph ?? glyph) : glyph
  }
}
