/// How the cells of the tab bar are laid out.
public enum TabBarStyle: String, Hashable, Sendable, CaseIterable {
  /// Two rows: the glyph above the title, like the NetEase dock. The default.
  case regular
  /// One row: glyph and title side by side.
  case compact
  /// Glyphs only, centred in a one-row cell (CYL's "omit the title").
  case icon

  /// Rows of cells, not counting the rule above them.
  package var cellRows: Int {
    switch self {
    case .regular: return 2
    case .compact, .icon: return 1
    }
  }

  /// Rows the whole bar takes: the rule above the cells plus the cells.
  package var height: Int { cellRows + 1 }
}
