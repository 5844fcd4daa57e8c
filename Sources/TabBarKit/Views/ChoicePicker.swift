/// The editing view of a choice field: one of a few named options, drawn
/// `‹ Finance ›`, that Left and Right (or Space) step through, round the
/// list. The terminal's stand-in for a pop-up button or a segmented control.
struct ChoicePicker: Hashable {
  /// The options, in order; never empty.
  var choices: [String]
  /// The index in ``choices`` of the option chosen.
  var selectedIndex: Int

  init(choices: [String], selectedIndex: Int) {
    self.choices = choices.isEmpty ? [""] : choices
    self.selectedIndex = min(max(0, selectedIndex), self.choices.count - 1)
  }

  /// The option chosen.
  var selection: String { choices[selectedIndex] }

  /// Moves the choice `step` options on, round the list.
  mutating func step(by step: Int) {
    let count = choices.count
    selectedIndex = ((selectedIndex + step) % count + count) % count
  }

  /// Left and Right step through the options; other keys are left.
  mutating func handle(_ key: Key) -> Bool {
    switch key {
    case .left: step(by: -1)
    case .right: step(by: 1)
    default: return false
    }
    return true
  }

  /// A space chooses the next option; other text is dropped.
  mutating func insert(_ text: String) {
    if text == " " { step(by: 1) }
  }

  /// A click on the left arrow chooses the option before, anywhere else
  /// the one after.
  mutating func click(atColumn column: Int) {
    step(by: column < 2 ? -1 : 1)
  }

  /// Draws `‹ Finance ›` on the first row of `rect`: the arrows dim, the
  /// option highlighted while the field has the focus.
  func render(in rect: Rect, theme: Theme, isFocused: Bool, into buffer: inout ScreenBuffer) {
    guard !rect.isEmpty else { return }
    let row = Rect(x: rect.minX, y: rect.minY, width: rect.width, height: 1)
    buffer.fill(row, with: Cell(" ", style: theme[.field]))
    let name = TextWidth.truncate(selection, toWidth: max(0, rect.width - 4))
    buffer.write("‹", at: row.origin, style: theme[.field], maxX: row.maxX)
    let nameX = row.minX + 2
    buffer.write(
      name, at: Point(x: nameX, y: row.minY),
      style: isFocused ? theme[.field].reversed : theme[.field], maxX: row.maxX)
    buffer.write(
      "›", at: Point(x: nameX + TextWidth.width(of: name) + 1, y: row.minY), style: theme[.field],
      maxX: row.maxX)
  }
}

extension FormField {
  /// Creates a choice field: one of `choices`, drawn `‹ Finance ›`, that
  /// Left and Right (or Space) step through while it has the focus. Its
  /// ``text`` is the option chosen; setting ``text`` to one of the options
  /// chooses it.
  ///
  /// ```swift
  /// let category = FormField("Category", choices: ["World", "Finance", "Sport"])
  /// ```
  ///
  /// - Parameters:
  ///   - label: The label shown above or beside it.
  ///   - choices: The options, in the order Right steps through them.
  ///   - selectedIndex: The option it starts on.
  ///   - width: Its columns at most; nil takes the form's width.
  public convenience init(
    _ label: String, choices: [String], selectedIndex: Int = 0, width: Int? = nil
  ) {
    self.init(label, width: width)
    control = .choice(ChoicePicker(choices: choices, selectedIndex: selectedIndex))
  }

  /// The options of a choice field, in order; empty for a text field.
  public var choices: [String] {
    if case .choice(let picker) = control { return picker.choices }
    return []
  }

  /// The index in ``choices`` of the option chosen; 0 for a text field.
  /// Setting it (clamped to the options) chooses another option.
  public var selectedIndex: Int {
    get {
      if case .choice(let picker) = control { return picker.selectedIndex }
      return 0
    }
    set {
      guard case .choice(var picker) = control else { return }
      picker.selectedIndex = min(max(0, newValue), picker.choices.count - 1)
      control = .choice(picker)
      form?.setNeedsDisplay()
    }
  }

  /// True for a choice field.
  package var isChoice: Bool {
    if case .choice = control { return true }
    return false
  }
}
