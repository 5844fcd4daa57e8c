/// A one-line text field: a text editor drawn in one row of terminal
/// columns. Focused, it is drawn in the theme's ``Theme/Part/focusedField``
/// style and puts the terminal's own cursor at the insertion point
/// (``cursorPosition(in:)``), where input methods and screen readers
/// look for it.
///
/// A CJK character takes two columns: the cursor stands before or after
/// it, never inside it. When the text is wider than the field, the field scrolls sideways
/// as little as keeps the cursor in view, and scrolls back when text is
/// deleted, so it never shows blank columns it could fill. An empty field
/// shows its placeholder, dim.
///
/// ```swift
/// var name = TextField(placeholder: "Your name", maximumLength: 40)
/// _ = name.insert("Hello 世界")
/// name.layout(width: 20)
/// name.render(in: rect, theme: .color, isFocused: true, into: &buffer)
/// ```
public struct TextField: Hashable, Sendable {
  /// The text and the cursor.
  package var editor: TextEditor
  /// The first column shown, as the last layout left it.
  private var anchor = 0

  /// Creates a field holding `text`.
  public init(_ text: String = "", placeholder: String = "", maximumLength: Int? = nil) {
    editor = TextEditor(text, maximumLength: maximumLength, placeholder: placeholder)
  }

  /// The text. Setting it puts the cursor at its end.
  public var text: String {
    get { editor.text }
    set { editor.text = newValue }
  }

  /// The first column of the text shown in a field `width` columns wide:
  /// the last layout's, moved as little as shows the cursor, and no further
  /// right than leaves the end of the text (and the cursor after it) at the
  /// right edge.
  package func scrollOffset(width: Int) -> Int {
    let width = max(1, width)
    let column = editor.cursorColumn
    var offset = anchor
    if column < offset { offset = column }
    if column + editor.cursorWidth > offset + width { offset = column + editor.cursorWidth - width }
    return max(0, min(offset, editor.columns(0..<editor.characters.count) + 1 - width))
  }

  /// The layout pass: keeps the scroll position for a field `width` columns wide.
  public mutating func layout(width: Int) {
    anchor = scrollOffset(width: width)
  }

  /// Does what `key` means to a one-line field (readline's editing keys,
  /// see <doc:Forms>); false for a key it leaves.
  @discardableResult
  public mutating func handle(_ key: Key) -> Bool { editor.handle(key) }

  /// Inserts typed or pasted text at the cursor, newlines as spaces.
  @discardableResult
  public mutating func insert(_ text: String) -> Bool { editor.insert(text) }

  /// Puts the cursor where a click at `column` of a field `width` columns
  /// wide lands: before the character there.
  package mutating func moveCursor(toColumn column: Int, width: Int) {
    let row = TextEditor.Row(range: 0..<editor.characters.count, endsLine: true)
    editor.setCursor(editor.index(in: row, atColumn: scrollOffset(width: width) + column))
  }

  /// The cell of the insertion point when the field is drawn in `rect`:
  /// the column after the characters before the cursor (a wide character
  /// counts two), less the columns scrolled out of view on the left. Always
  /// inside the field's row.
  public func cursorPosition(in rect: Rect) -> Point {
    let x = editor.cursorColumn - scrollOffset(width: rect.width)
    return Point(x: rect.minX + min(max(0, x), max(0, rect.width - 1)), y: rect.minY)
  }

  /// Draws the field into the first row of `rect`: the text (or the
  /// placeholder) in the theme's field style, or its focused-field style
  /// when `isFocused`. The page that draws a focused field puts the
  /// terminal's cursor at ``cursorPosition(in:)``
  /// (``ViewController/placeCursor(at:in:)``).
  public func render(
    in rect: Rect, theme: Theme, isFocused: Bool, into buffer: inout ScreenBuffer
  ) {
    guard !rect.isEmpty else { return }
    let row = Rect(x: rect.minX, y: rect.minY, width: rect.width, height: 1)
    let style = isFocused ? theme[.focusedField] : theme[.field]
    buffer.fill(row, with: Cell(" ", style: style))
    if editor.isEmpty {
      renderPlaceholder(editor.placeholder, in: row, theme: theme, fieldStyle: style, into: &buffer)
      return
    }
    var offset = scrollOffset(width: rect.width)
    if !isFocused {
      // Without a cursor there is no cell to keep after the text: a field
      // scrolled to its end shows the end at its right edge (one column
      // wide, the last character instead of nothing).
      offset = min(offset, max(0, editor.columns(0..<editor.characters.count) - rect.width))
    }
    editor.drawRow(
      0..<editor.characters.count, from: offset, at: rect.origin, width: rect.width,
      style: style, into: &buffer)
  }
}

/// Draws `placeholder` in `row`, in the theme's placeholder colour on the
/// field's background: the placeholder of an empty field or text area.
func renderPlaceholder(
  _ placeholder: String, in row: Rect, theme: Theme, fieldStyle: Style,
  into buffer: inout ScreenBuffer
) {
  let shown = TextWidth.truncate(placeholder, toWidth: row.width)
  var style = theme[.placeholder]
  if style.background == .default { style.background = fieldStyle.background }
  buffer.write(shown, at: row.origin, style: style, maxX: row.maxX)
}
