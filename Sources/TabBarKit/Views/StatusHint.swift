/// The keys that work on the page on screen, in a few words (`↑↓ move ·
/// enter open · ? keys`), drawn in a bar's rule. Made from the ``KeyMap``, so
/// it cannot name a key that does nothing.
///
/// When the rule is too short for every part, the hint keeps the most
/// important ones, as bubbles' help view keeps what fits and ends in `…`:
/// ``KeyBinding/HintImportance/high`` first (a page's main key, its
/// containers' keys, `? keys`), then `normal`, then `low`, and at one
/// importance the parts nearest the focused page first, the app's last. The
/// parts kept stay in their usual order, and `…` ends a hint that left any
/// out.
package struct StatusHint: Equatable, Sendable {
  /// One part of the hint: its words, how much they matter, and how far up
  /// the focus chain their owner is.
  package struct Part: Equatable, Sendable {
    /// The words, such as `enter open`.
    package var text: String
    /// How much the part matters on a short rule.
    package var importance: KeyBinding.HintImportance
    /// 0 for the focused page, 1 for its container, and so on; the app's
    /// table is past the root.
    package var distance: Int

    /// A part of `text`.
    package init(
      _ text: String, importance: KeyBinding.HintImportance = .normal, distance: Int = 0
    ) {
      self.text = text
      self.importance = importance
      self.distance = distance
    }
  }

  /// The parts, in the order they are drawn: the root's first, the app's last.
  package let parts: [Part]
  private let widths: [Int]
  /// The indices of ``parts``, the one to keep first first.
  private let keepOrder: [Int]

  /// The mark that ends a hint that left parts out.
  static let ellipsis = "…"

  /// A hint of `parts`, in the order they are drawn.
  package init(parts: [Part]) {
    self.parts = parts
    self.widths = parts.map { TextWidth.width(of: $0.text) }
    keepOrder = parts.indices.sorted { a, b in
      let (x, y) = (parts[a], parts[b])
      if x.importance != y.importance { return x.importance > y.importance }
      if x.distance != y.distance { return x.distance < y.distance }
      return a < b
    }
  }

  /// A hint of `parts` of one importance and owner, in the order given.
  package init(parts: [String]) {
    self.init(parts: parts.map { Part($0) })
  }

  /// The parts joined by ` · `.
  package var text: String { parts.map(\.text).joined(separator: " · ") }

  /// ` hint ` as drawn in `columns` (six rule columns kept around it): the
  /// whole hint, or the most important parts that fit followed by `…`;
  /// nil when not even the most important part fits with it.
  ///
  /// Complexity: O(n log n), n the number of parts (a handful).
  package func text(fitting columns: Int) -> String? {
    guard !parts.isEmpty else { return nil }
    // ` a · b · c `: the parts, three columns a separator, a space each end.
    let whole = widths.reduce(0, +) + 3 * (parts.count - 1) + 2
    if whole + 6 <= columns { return " " + text + " " }
    // Keep parts in order of importance while they fit beside ` · …`.
    let room = columns - 6 - 2 - 3 - TextWidth.width(of: Self.ellipsis)
    var kept: [Bool] = Array(repeating: false, count: parts.count)
    var width = 0
    for index in keepOrder {
      let added = widths[index] + (width == 0 ? 0 : 3)
      guard width + added <= room else { break }
      width += added
      kept[index] = true
    }
    guard width > 0 else { return nil }
    let shown = parts.indices.filter { kept[$0] }.map { parts[$0].text }
    return " " + (shown + [Self.ellipsis]).joined(separator: " · ") + " "
  }

  /// Writes the hint into a rule, right-aligned with two rule columns after it.
  func draw(rightAlignedIn rule: Rect, theme: Theme, into buffer: inout ScreenBuffer) {
    guard let text = text(fitting: rule.width) else { return }
    let x = rule.maxX - 2 - TextWidth.width(of: text)
    buffer.write(text, at: Point(x: x, y: rule.minY), style: theme[.hint], maxX: rule.maxX)
  }
}
