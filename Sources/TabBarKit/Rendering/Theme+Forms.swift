extension Theme {
  /// The cells of a text field or area: underlined, so an empty field shows
  /// where it is.
  public var fieldText: Style { Style(attributes: .underline) }
  /// The placeholder of an empty field: dim.
  public var fieldPlaceholder: Style { Style(attributes: [.dim, .underline]) }
  /// The cursor of the focused field: a reverse-video cell.
  public var fieldCursor: Style { Style(attributes: [.reverse, .underline]) }
  /// A field's label in a form.
  public var fieldLabel: Style { .plain }
  /// The label of the focused field: bold (and cyan in colour).
  public var focusedFieldLabel: Style {
    isMonochrome ? Style(attributes: .bold) : Style(foreground: .cyan, attributes: .bold)
  }
  /// A validation error under a field: red, or bold in monochrome (its `✗`
  /// marks it either way).
  public var fieldError: Style {
    isMonochrome ? Style(attributes: .bold) : Style(foreground: .red)
  }
  /// A form's button, `[ Save ]`.
  public var formButton: Style { .plain }
  /// The focused button: as the selected list row.
  public var focusedFormButton: Style { selectedRow }
}
