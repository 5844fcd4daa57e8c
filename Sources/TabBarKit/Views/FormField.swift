/// One labelled field of a ``FormViewController``: a one-line ``TextField``,
/// with more than one line a ``TextArea``, or a choice among a few options
/// (``init(_:choices:selectedIndex:width:)``); its validation rule; and
/// the error it shows under the field.
///
/// A class, because the form and the app share it: the app keeps the field
/// and reads ``text`` when a button is pressed.
///
/// ```swift
/// let name = FormField("Name", placeholder: "Your name", maximumLength: 40) {
///   $0.isEmpty ? "Enter your name" : nil
/// }
/// ```
@MainActor
public final class FormField {
  /// The editing view: one line or several.
  enum Control: Hashable {
    case line(TextField)
    case area(TextArea)
    case choice(ChoicePicker)
  }

  /// The label shown above or beside the field.
  public var label: String {
    didSet { form?.setNeedsDisplay() }
  }
  /// Rows the field takes: 1 for a one-line field, more for a text area.
  public let lines: Int
  /// The field's columns at most, or nil to take the form's width.
  public var width: Int? {
    didSet { form?.setNeedsDisplay() }
  }
  /// Checks the text: returns the message to show under the field, or nil
  /// when the text is fine. It runs when the focus leaves the field, on
  /// ``FormViewController/validate()``, and after each edit while the field
  /// shows an error (so the error goes as soon as the text is fixed).
  public var validator: ((String) -> String?)?
  /// The error shown under the field, in the theme's error style; nil for
  /// none. ``validate()`` sets it; an app may set one of its own (a server's
  /// answer, say).
  public var error: String? {
    didSet { if error != oldValue { form?.setNeedsDisplay() } }
  }

  /// The text field or area.
  var control: Control
  /// The form the field is in, to redraw it when the field changes from code.
  weak var form: FormViewController?

  /// Creates a field.
  ///
  /// - Parameters:
  ///   - label: The label shown above or beside it.
  ///   - text: The text it starts with.
  ///   - placeholder: Shown, dim, while the field is empty.
  ///   - maximumLength: The most characters it takes; typing stops there
  ///     and a paste is cut there.
  ///   - lines: 1 for a one-line field; more for a text area that many
  ///     rows high, where Enter starts a new line.
  ///   - width: Its columns at most; nil takes the form's width.
  ///   - validator: Returns an error message for text that will not do.
  public init(
    _ label: String, text: String = "", placeholder: String = "", maximumLength: Int? = nil,
    lines: Int = 1, width: Int? = nil, validator: ((String) -> String?)? = nil
  ) {
    self.label = label
    self.lines = max(1, lines)
    self.width = width
    self.validator = validator
    control =
      lines > 1
      ? .area(TextArea(text, placeholder: placeholder, maximumLength: maximumLength))
      : .line(TextField(text, placeholder: placeholder, maximumLength: maximumLength))
  }

  /// True for a text area.
  package var isMultiline: Bool { lines > 1 }

  /// The text and cursor being edited.
  package var editor: TextEditor {
    get {
      switch control {
      case .line(let field): return field.editor
      case .area(let area): return area.editor
      case .choice(let picker): return TextEditor(picker.selection)
      }
    }
    set {
      switch control {
      case .line(var field):
        field.editor = newValue
        control = .line(field)
      case .area(var area):
        area.editor = newValue
        control = .area(area)
      case .choice(var picker):
        // A choice field takes only one of its options.
        guard let index = picker.choices.firstIndex(of: newValue.text) else { return }
        picker.selectedIndex = index
        control = .choice(picker)
      }
      form?.setNeedsDisplay()
    }
  }

  /// The text. Setting it puts the cursor at its end.
  public var text: String {
    get { editor.text }
    set { editor.text = newValue }
  }

  /// Shown, dim, while the field is empty.
  public var placeholder: String {
    get { editor.placeholder }
    set { editor.placeholder = newValue }
  }

  /// The most characters the field takes, or nil for no limit.
  public var maximumLength: Int? {
    get { editor.maximumLength }
    set { editor.maximumLength = newValue }
  }

  /// Runs the ``validator`` and shows its message, if any; returns true when
  /// the text is fine. Without a validator the error is left as it is.
  @discardableResult
  public func validate() -> Bool {
    guard let validator else { return error == nil }
    error = validator(text)
    return error == nil
  }

  // MARK: For the form

  /// Does what `key` means to the field; false for a key it leaves.
  func handle(_ key: Key) -> Bool {
    switch control {
    case .line(var field):
      defer { control = .line(field) }
      return field.handle(key)
    case .area(var area):
      defer { control = .area(area) }
      return area.handle(key)
    case .choice(var picker):
      defer { control = .choice(picker) }
      return picker.handle(key)
    }
  }

  /// Inserts typed or pasted text at the cursor; returns true when some of
  /// it was cut at the field's maximum length.
  @discardableResult
  func insert(_ text: String) -> Bool {
    var wasCut = false
    switch control {
    case .line(var field):
      field.editor.insert(text, wasCut: &wasCut)
      control = .line(field)
    case .area(var area):
      area.editor.insert(text, wasCut: &wasCut)
      control = .area(area)
    case .choice(var picker):
      picker.insert(text)
      control = .choice(picker)
    }
    return wasCut
  }

  /// The layout pass, for a field of `size`.
  func layout(size: Size) {
    switch control {
    case .line(var field):
      field.layout(width: size.width)
      control = .line(field)
    case .area(var area):
      area.layout(size: size)
      control = .area(area)
    case .choice: break
    }
  }

  /// Puts the cursor where a click at `point` (from the field's top-left) lands.
  func moveCursor(to point: Point, size: Size) {
    switch control {
    case .line(var field):
      field.moveCursor(toColumn: point.x, width: size.width)
      control = .line(field)
    case .area(var area):
      area.moveCursor(to: point, size: size)
      control = .area(area)
    case .choice(var picker):
      picker.click(atColumn: point.x)
      control = .choice(picker)
    }
  }

  /// The cell of the insertion point when the field is drawn in `rect`;
  /// nil for a choice, which takes no text.
  func cursorPosition(in rect: Rect) -> Point? {
    switch control {
    case .line(let field): return field.cursorPosition(in: rect)
    case .area(let area): return area.cursorPosition(in: rect)
    case .choice: return nil
    }
  }

  /// Draws the field (not its label or error) into `rect`.
  func render(in rect: Rect, theme: Theme, isFocused: Bool, into buffer: inout ScreenBuffer) {
    switch control {
    case .line(let field): field.render(in: rect, theme: theme, isFocused: isFocused, into: &buffer)
    case .area(let area): area.render(in: rect, theme: theme, isFocused: isFocused, into: &buffer)
    case .choice(let picker):
      picker.render(in: rect, theme: theme, isFocused: isFocused, into: &buffer)
    }
  }
}

/// A button of a ``FormViewController``, drawn `[ Title ]` in a row under
/// the fields: Enter or Space on it, or a click, runs its action.
public struct FormButton {
  /// The button's title.
  public var title: String
  /// True for a button that submits: the form validates every field first
  /// (``FormViewController/validate()``) and runs the action only when all
  /// are fine; otherwise the focus goes to the first field with an error.
  public var submits: Bool
  /// What the button does; it gets the form.
  public var action: @MainActor (FormViewController) -> Void

  /// Creates a button.
  public init(
    title: String, submits: Bool = false,
    action: @escaping @MainActor (FormViewController) -> Void
  ) {
    self.title = title
    self.submits = submits
    self.action = action
  }

  /// The button as drawn: `[ Title ]`.
  var label: String { "[ \(title) ]" }
}
