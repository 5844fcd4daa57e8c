/// The keys that work on the page on screen, in a few words (`↑↓ move ·
/// enter open · ? keys`), drawn in a bar's rule. Made from the ``KeyMap``, so
/// it cannot name a key that does nothing.
package struct StatusHint: Equatable, Sendable {
  /// The parts, in key-table order.
  package let parts: [String]
  private let widths: [Int]

  /// A hint of `parts`.
  package init(parts: [String]) {
    self.parts = parts
    self.widths = parts.map { TextWidth.width(of: $0) }
  }

  /// The parts joined by ` · `.
  package var text: String { parts.joined(separator: " · ") }

  /// ` hint ` as drawn in `columns` (six rule columns kept around it): the
  /// whole hint, or its last parts when the first ones do not fit; nil when
  /// not even the last part fits.
  package func text(fitting columns: Int) -> String? {
    var first = 0
    // ` a · b · c `: the parts, three columns a separator, a space each end.
    var width = widths.reduce(0, +) + 3 * max(0, parts.count - 1) + 2
    while first < parts.count {
      if width + 6 <= columns {
        return " " + parts[first...].joined(separator: " · ") + " "
      }
      width -= widths[first] + (first < parts.count - 1 ? 3 : 0)
      first += 1
    }
    return nil
  }

  /// Writes the hint into a rule, right-aligned with two rule columns after it.
  func draw(rightAlignedIn rule: Rect, theme: Theme, into buffer: inout ScreenBuffer) {
    guard let text = text(fitting: rule.width) else { return }
    let x = rule.maxX - 2 - TextWidth.width(of: text)
    buffer.write(text, at: Point(x: x, y: rule.minY), style: theme[.hint], maxX: rule.maxX)
  }
}
