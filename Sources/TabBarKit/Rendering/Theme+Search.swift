extension Theme {
  /// The part of a row that matches the list's filter, over the row's own
  /// style `base`: underlined yellow, or underlined on the selected row and
  /// in monochrome.
  public func match(on base: Style) -> Style {
    var style = base
    style.attributes.insert(.underline)
    if !isMonochrome, base.background == .default { style.foreground = .yellow }
    return style
  }

  /// The list's filter field: what was typed.
  public var searchField: Style { .plain }
}
