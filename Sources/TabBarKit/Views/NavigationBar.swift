/// The bar at the top of a navigation stack: the page title in the
/// middle and, below the root, `‹ Previous` at the left; a rule under it.
package struct NavigationBar: Sendable {
  /// The title of the top page.
  package var title: String
  /// The title of the page below, or nil at the root.
  package var backTitle: String?
  /// Colours or monochrome.
  package var theme: Theme
  /// Key hints written into the rule at the right, when there is room.
  package var hint: StatusHint?

  /// Rows the bar takes: the title row and the rule.
  package static let height = 2
  /// Blank columns at least between the back label and the title.
  static let backLabelGap = 3

  /// Creates a navigation bar.
  package init(title: String, backTitle: String?, theme: Theme = .color) {
    self.title = title
    self.backTitle = backTitle
    self.theme = theme
  }

  /// The back label as drawn, `‹ Previous`, cut to at most a third of `width`.
  package func backLabel(width: Int) -> String? {
    guard let backTitle else { return nil }
    return TextWidth.truncate("‹ " + backTitle, toWidth: max(3, width / 3))
  }

  /// The columns of the back label when the bar is `rect` (for clicks).
  package func backLabelFrame(in rect: Rect) -> Rect? {
    guard let label = backLabel(width: rect.width) else { return nil }
    return Rect(x: rect.minX + 1, y: rect.minY, width: TextWidth.width(of: label), height: 1)
  }

  /// Draws the bar into the top ``height`` rows of `rect`.
  package func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let (titleRow, rest) = rect.dividedAtTop(1)
    guard !titleRow.isEmpty else { return }
    buffer.fill(titleRow)
    var titleSpace = titleRow
    if let label = backLabel(width: rect.width), let frame = backLabelFrame(in: rect) {
      buffer.write(label, at: frame.origin, style: theme[.backLabel], maxX: frame.maxX)
      // The title is centred on the screen, clear of the back label by
      // three columns so the two never read as one phrase ("‹ News   New
      // rail…"); a title too long for that starts after the gap and takes
      // the rest of the row.
      let margin = frame.maxX + Self.backLabelGap - rect.minX
      let centred = titleRow.inset(by: EdgeInsets(left: margin, right: margin))
      if TextWidth.width(of: title) <= centred.width {
        titleSpace = centred
      } else {
        let after = titleRow.inset(by: EdgeInsets(left: margin, right: 1))
        if after.width > 0 {
          buffer.write(
            TextWidth.truncate(title, toWidth: after.width), at: after.origin,
            style: theme[.navigationTitle], maxX: after.maxX)
        }
        titleSpace = .zero
      }
    }
    if !titleSpace.isEmpty {
      buffer.writeCentered(title, in: titleSpace, style: theme[.navigationTitle])
    }
    let rule = rest.dividedAtTop(1).top
    if !rule.isEmpty {
      buffer.drawRule(in: rule, style: theme[.separator])
      hint?.draw(rightAlignedIn: rule, theme: theme, into: &buffer)
    }
  }
}
