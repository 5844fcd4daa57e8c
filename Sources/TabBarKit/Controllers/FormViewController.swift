/// A page of labelled text fields with a row of buttons under them.
///
/// ```swift
/// let name = FormField("Name", placeholder: "Your name") {
///   $0.isEmpty ? "Enter your name" : nil
/// }
/// let bio = FormField("About", lines: 3)
/// let form = FormViewController(title: "Profile", fields: [name, bio], buttons: [
///   FormButton(title: "Save", submits: true) { form in
///     save(name.text, bio.text)
///     form.navigationController?.popViewController()
///   }
/// ])
/// ```
///
/// The keys:
///
/// - Tab and Shift-Tab move the focus to the next or previous field or
///   button, round the form. Down and Up do too from a one-line field (and
///   from the last or first row of a text area); Enter in a one-line field
///   moves on to the next one. Left and Right move between buttons.
/// - In a text field every printable key is typed (`q`, digits and `?`
///   included) and a paste goes in at the cursor; the editing keys are
///   readline's (see <doc:Forms>).
/// - On a choice field, Left and Right (or Space) choose the option.
/// - On a button, Enter or Space runs it.
/// - Esc leaves the page as anywhere else; Ctrl-C quits. Backspace never
///   leaves a form: it deletes in a field and does nothing on a button.
///
/// The form binds Tab and Shift-Tab itself (Enter and Space on a button,
/// Left and Right on a choice field or a row of buttons), and it takes text
/// (``acceptsText``) only while a text field has the focus: there the tab
/// bar's keys give way to it (digits and `+` are typed, ←/→ move the
/// cursor, Tab moves the focus), and the hint names the keys that still get
/// out (`tab next`, `alt-1–9 tabs`, `ctrl-c quit`). On a button or a choice
/// field nothing is typed, so digits, ←/→ past the buttons, `q` and `?`
/// do what they do on any page: a form at a tab's root never traps the
/// keyboard.
///
/// When the focus leaves a field, its ``FormField/validator`` runs and its
/// error shows under it; a button that ``FormButton/submits`` validates
/// every field first. The page scrolls to keep the focused field, its label
/// and its error in view. Labels go beside the fields when the width
/// allows (``labelPosition``), else above them.
open class FormViewController: ViewController {
  /// Where labels go.
  public enum LabelPosition: Hashable, Sendable {
    /// On the row above the field.
    case above
    /// In a column left of the fields, as wide as the longest label (at
    /// most a third of the page); above them when that leaves a field too
    /// narrow.
    case beside
  }

  /// The fields, top to bottom.
  public var fields: [FormField] {
    didSet {
      adoptFields()
      clampFocus()
    }
  }

  /// The buttons, left to right in a row under the fields.
  public var buttons: [FormButton] {
    didSet { clampFocus() }
  }

  /// Where labels go; beside the fields by default.
  public var labelPosition = LabelPosition.beside {
    didSet { setNeedsDisplay() }
  }

  /// What has the focus: fields first, then buttons, in order.
  package private(set) var focusIndex = 0

  /// The first row shown, as the last layout left it.
  var scrollOffset = 0
  /// The frames of the last layout pass, for the mouse and the scroll.
  var laidOut: FormLayout?

  /// Creates a form; the focus starts on the first field.
  public init(title: String, fields: [FormField], buttons: [FormButton] = []) {
    self.fields = fields
    self.buttons = buttons
    super.init(title: title)
    adoptFields()
  }

  private func adoptFields() {
    for field in fields { field.form = self }
    setNeedsDisplay()
  }

  private var itemCount: Int { fields.count + buttons.count }

  private func clampFocus() {
    focusIndex = min(focusIndex, max(0, itemCount - 1))
    setNeedsDisplay()
  }

  // MARK: Focus

  /// The field that has the focus, or nil when a button has it.
  package var focusedField: FormField? {
    fields.indices.contains(focusIndex) ? fields[focusIndex] : nil
  }

  /// The index in ``buttons`` of the button that has the focus, or nil
  /// when a field has it.
  package var focusedButtonIndex: Int? {
    let index = focusIndex - fields.count
    return buttons.indices.contains(index) ? index : nil
  }

  /// Gives `field` the focus (validating the field that had it).
  public func focus(_ field: FormField) {
    guard let index = fields.firstIndex(where: { $0 === field }) else { return }
    moveFocus(to: index)
  }

  /// Gives button `index` the focus (validating the field that had it).
  package func focusButton(at index: Int) {
    guard buttons.indices.contains(index) else { return }
    moveFocus(to: fields.count + index)
  }

  /// Moves the focus `step` items on, round the form as Tab does.
  package func moveFocus(by step: Int) {
    guard itemCount > 0 else { return }
    moveFocus(to: ((focusIndex + step) % itemCount + itemCount) % itemCount)
  }

  /// Moves the focus to item `index` (fields, then buttons); the field that
  /// loses it is validated.
  private func moveFocus(to index: Int) {
    guard index != focusIndex, (0..<itemCount).contains(index) else { return }
    let left = focusedField
    focusIndex = index
    left?.validate()
    setNeedsDisplay()
  }

  /// Validates every field and shows their errors; moves the focus to the
  /// first field with one. Returns true when every field is fine.
  @discardableResult
  public func validate() -> Bool {
    var firstInvalid: Int?
    for (index, field) in fields.enumerated() where !field.validate() {
      firstInvalid = firstInvalid ?? index
    }
    if let firstInvalid {
      focusIndex = firstInvalid
      setNeedsDisplay()
    }
    return firstInvalid == nil
  }

  /// Runs button `index` as Enter on it does: a button that submits
  /// validates the form first and does nothing more when a field is wrong.
  package func pressButton(at index: Int) {
    guard buttons.indices.contains(index) else { return }
    let button = buttons[index]
    if button.submits, !validate() { return }
    button.action(self)
    setNeedsDisplay()
  }

  // MARK: Keys

  /// True while a text field (one line or more) has the focus: printable
  /// keys are typed into it, and the tab bar's digits and ←/→ give way to
  /// it. False on a button or a choice field, where nothing is typed (see
  /// ``FormViewController``).
  override open var acceptsText: Bool {
    guard let field = focusedField else { return false }
    return !field.isChoice
  }

  /// Types `text` into the focused text field; a paste on a button or a
  /// choice field is dropped. A paste cut at the field's maximum length (or
  /// at the editor's limit of 100,000 characters) says so in a toast.
  override open func insertText(_ text: String) {
    guard let field = focusedField, !field.isChoice else { return }
    let wasCut = field.insert(text)
    revalidate(field)
    // A typed key at the limit just stops; a paste that lost its end says so.
    if wasCut, !text.dropFirst().isEmpty {
      showToast(interfaceStrings.pasteCut(count: field.editor.limit))
    }
  }

  /// Tab and Shift-Tab move the focus. On a button, Enter and Space press
  /// it (the hint names the button: `enter save`), and Left and Right move
  /// between buttons when there are two or more; on a choice field, Left
  /// and Right (and Space) choose the option. Being bindings, these win
  /// over the tab bar's ←/→ on this page only.
  override open var keyBindings: [KeyBinding] {
    guard itemCount > 0 else { return [] }
    let words = interfaceStrings
    var bindings: [KeyBinding] = []
    if let button = focusedButtonIndex {
      var press = KeyBinding(
        [.enter, .character(" ")], .activate, words[.pressButton], hintImportance: .high)
      press.hint = "enter \(buttons[button].title.lowercased())"
      bindings.append(press)
      if buttons.count > 1 {
        bindings += [
          KeyBinding([.left], .previousButton, words[InterfaceStrings.LibraryKey.previousButton]),
          KeyBinding([.right], .nextButton, words[InterfaceStrings.LibraryKey.nextButton]),
        ]
      }
    } else if let field = focusedField, field.isChoice {
      bindings += [
        KeyBinding([.left], .previousChoice, words[InterfaceStrings.LibraryKey.previousChoice]),
        KeyBinding(
          [.right, .character(" ")], .nextChoice, words[InterfaceStrings.LibraryKey.nextChoice]),
      ]
    }
    bindings += [
      KeyBinding([.tab], .focusNext, words[.nextField], hintImportance: .high),
      KeyBinding([.backTab], .focusPrevious, words[.previousField]),
    ]
    return bindings
  }

  override open func handle(_ action: Action) -> Bool {
    switch action {
    case .focusNext: moveFocus(by: 1)
    case .focusPrevious: moveFocus(by: -1)
    case .activate:
      guard let button = focusedButtonIndex else { return false }
      pressButton(at: button)
    case .previousButton, .nextButton:
      guard let button = focusedButtonIndex else { return false }
      focusButton(at: button + (action == .nextButton ? 1 : -1))
    case .previousChoice, .nextChoice:
      guard let field = focusedField, field.isChoice else { return false }
      field.selectedIndex =
        (field.selectedIndex + (action == .nextChoice ? 1 : field.choices.count - 1))
        % field.choices.count
      revalidate(field)
    default: return false
    }
    return true
  }

  override open func handle(_ key: Key) -> Bool {
    guard itemCount > 0 else { return false }
    if let field = focusedField {
      if field.handle(key) {
        revalidate(field)
        return true
      }
      switch key {
      case .up: moveFocus(to: focusIndex - 1)
      case .down: moveFocus(to: focusIndex + 1)
      case .enter: moveFocus(to: focusIndex + 1)
      default: return false
      }
      return true
    }
    guard focusedButtonIndex != nil else { return false }
    switch key {
    case .up: if !fields.isEmpty { moveFocus(to: fields.count - 1) }
    case .down, .backspace, .delete: break
    default: return false
    }
    return true
  }

  /// After an edit, a field that shows an error is checked again, so the
  /// error goes as soon as the text is right.
  private func revalidate(_ field: FormField) {
    if field.error != nil { field.validate() }
  }

  // MARK: Layout and drawing

  override open func viewWillLayout(in rect: Rect) {
    let layout = FormLayout(form: self, width: rect.width)
    laidOut = layout
    for (field, frame) in zip(fields, layout.fields) { field.layout(size: frame.field.size) }
    let height = max(1, rect.height - safeAreaInsets.bottom)
    scrollOffset = layout.scrollOffset(from: scrollOffset, showing: focusIndex, height: height)
    // A text area taller than the page: the row being typed on shows, at
    // every size.
    if let field = focusedField, layout.fields.indices.contains(focusIndex),
      let cursor = field.cursorPosition(in: layout.fields[focusIndex].field)
    {
      if cursor.y >= scrollOffset + height { scrollOffset = cursor.y - height + 1 }
      if cursor.y < scrollOffset { scrollOffset = cursor.y }
    }
  }

  override open func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    guard !rect.isEmpty else { return }
    let layout = layout(width: rect.width)
    // Drawn whole off screen, then the rows in view copied: scrolling is one
    // offset, and nothing is written outside the page's rectangle.
    let offset = max(0, scrollOffset)
    var page = ScreenBuffer(
      size: Size(width: rect.width, height: max(offset + rect.height, layout.height)))
    for (index, (field, frame)) in zip(fields, layout.fields).enumerated() {
      let focused = index == focusIndex
      let label = TextWidth.truncate(field.label, toWidth: frame.label.width)
      page.write(
        label, at: frame.label.origin, style: focused ? theme[.heading] : theme[.text],
        maxX: frame.label.maxX)
      field.render(in: frame.field, theme: theme, isFocused: focused, into: &page)
      if focused { placeCursor(at: field.cursorPosition(in: frame.field), in: &page) }
      if let error = field.error, let errorFrame = frame.error {
        let text = TextWidth.truncate("✗ " + error, toWidth: errorFrame.width)
        page.write(text, at: errorFrame.origin, style: theme[.error], maxX: errorFrame.maxX)
      }
    }
    for (index, (button, frame)) in zip(buttons, layout.buttons).enumerated() {
      let focused = fields.count + index == focusIndex
      page.write(
        TextWidth.truncate(button.label, toWidth: frame.width), at: frame.origin,
        style: focused ? theme[.focusedButton] : theme[.button], maxX: frame.maxX)
    }
    buffer.draw(page, at: Point(x: rect.minX, y: rect.minY - offset), clip: rect)
  }

  /// The last layout pass's frames, or new ones when it was for another width.
  private func layout(width: Int) -> FormLayout {
    if let laidOut, laidOut.width == width { return laidOut }
    return FormLayout(form: self, width: width)
  }

  /// A click on a field (or its label) focuses it and puts the cursor
  /// there; a click on a button runs it.
  override open func handleMouse(_ event: MouseEvent, in rect: Rect) -> Bool {
    guard event.kind == .press, rect.contains(event.position) else { return false }
    let layout = layout(width: rect.width)
    let point = Point(
      x: event.position.x - rect.minX, y: event.position.y - rect.minY + scrollOffset)
    for (field, frame) in zip(fields, layout.fields) {
      if frame.field.contains(point) {
        focus(field)
        field.moveCursor(
          to: Point(x: point.x - frame.field.minX, y: point.y - frame.field.minY),
          size: frame.field.size)
        return true
      }
      if frame.label.contains(point) {
        focus(field)
        return true
      }
    }
    for (index, frame) in layout.buttons.enumerated() where frame.contains(point) {
      focusButton(at: index)
      pressButton(at: index)
      return true
    }
    return false
  }
}

extension Action {
  /// ← on a form's row of buttons.
  static let previousButton = Action.custom("TabBarKit.previousButton")
  /// → on a form's row of buttons.
  static let nextButton = Action.custom("TabBarKit.nextButton")
  /// ← on a form's choice field.
  static let previousChoice = Action.custom("TabBarKit.previousChoice")
  /// → and Space on a form's choice field.
  static let nextChoice = Action.custom("TabBarKit.nextChoice")
}
