/// A mark at the top-right of a tab's glyph. Badges live on the item, so
/// they show before the tab was ever opened.
public enum Badge: Hashable, Sendable {
  /// No badge.
  case none
  /// A red dot, `●`.
  case dot
  /// A number: 0 or less shows nothing; over 99 shows `99+`.
  case count(Int)
  /// Short text such as `new`; a dot where it does not fit whole.
  case text(String)

  /// The largest count shown as a number (UIKit and CYL use 99).
  package static let maximumCount = 99

  /// The text drawn, or nil when nothing shows.
  package var label: String? {
    switch self {
    case .none: return nil
    case .dot: return "●"
    case .count(let n) where n <= 0: return nil
    case .count(let n) where n > Self.maximumCount: return "\(Self.maximumCount)+"
    case .count(let n): return String(n)
    case .text(let text): return text.isEmpty ? nil : text
    }
  }

  /// The label when it fits in `columns`; a count or a text that does not
  /// becomes a dot, so a badge never claims a wrong number, never reads
  /// as a cut word (`n…`) and never spills into a neighbour.
  package func label(fitting columns: Int) -> String? {
    guard let label, columns > 0 else { return nil }
    if TextWidth.width(of: label) <= columns { return label }
    return "●"
  }
}
