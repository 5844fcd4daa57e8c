/// A multi-line text field: a text editor whose lines wrap to the width
/// of the area (after a space when a row has one, never inside a wide
/// character), scrolled vertically so the cursor's row is always in view.
///
/// Enter starts a new line and a paste keeps its lines; Up and Down move
/// by rows as drawn, keeping the column; Page Up and Page Down by a screen.
/// Focused, it puts the terminal's cursor at the insertion point, as
/// ``TextField`` does.
public struct TextArea: Hashable, Sendable {
  /// The text and the cursor.
  package var editor: TextEditor
  /// The first row shown, as the last layout left it.
  private var anchor = 0
  /// The size of the last layout: Up and Down move through rows of its width.
  private var laidOutSize: Size?

  /// Creates a text area holding `text`.
  public init(_ text: String = "", placeholder: String = "", maximumLength: Int? = nil) {
    editor = TextEditor(
      text, isMultiline: true, maximumLength: maximumLength, placeholder: placeholder)
  }

  /// The text, lines separated by `\n`. Setting it puts the cursor at its end.
  public var text: String {
    get { editor.text }
    set { editor.text = newValue }
  }

  /// The first row shown in an area of `size`: the last layout's, moved as
  /// little as shows the cursor's row, and no further down than fills the area.
  package func scrollOffset(for size: Size) -> Int {
    let rows = editor.rows(wrappingAt: size.width)
    let height = max(1, size.height)
    let row = editor.location(of: editor.cursor, in: rows).row
    var offset = anchor
    if row < offset { offset = row }
    if row >= offset + height { offset = row - height + 1 }
    return max(0, min(offset, rows.count - height))
  }

  /// The layout pass: keeps the scroll position, and the width Up and Down
  /// move in, for an area of `size`.
  public mutating func layout(size: Size) {
    anchor = scrollOffset(for: size)
    laidOutSize = size
  }

  /// Does what `key` means to a text area (readline's editing keys, see
  /// <doc:Forms>), and Page Up and Page Down move
  /// by the area's height; false for a key it leaves, such as Up on the
  /// first row.
  @discardableResult
  public mutating func handle(_ key: Key) -> Bool {
    let width = laidOutSize?.width ?? .max
    switch key {
    case .pageUp, .pageDown:
      let rows = max(1, (laidOutSize?.height ?? 1) - 1)
      for _ in 0..<rows {
        let moved =
          key == .pageUp ? editor.moveUp(wrappingAt: width) : editor.moveDown(wrappingAt: width)
        if !moved { break }
      }
      return true
    default:
      return editor.handle(key, wrappingAt: width)
    }
  }

  /// Inserts typed or pasted text at the cursor, newlines kept.
  @discardableResult
  public mutating func insert(_ text: String) -> Bool { editor.insert(text) }

  /// Puts the cursor where a click at `point` (from the area's top-left)
  /// of an area of `size` lands.
  package mutating func moveCursor(to point: Point, size: Size) {
    let rows = editor.rows(wrappingAt: size.width)
    let index = min(max(0, scrollOffset(for: size) + point.y), rows.count - 1)
    editor.setCursor(editor.index(in: rows[index], atColumn: point.x))
  }

  /// The cell of the insertion point when the area is drawn in `rect`: on
  /// the cursor's row as wrapped to the width, less the rows scrolled out of
  /// view above, after the columns before it on that row (a wide character
  /// counts two). Always inside `rect`.
  public func cursorPosition(in rect: Rect) -> Point {
    let rows = editor.rows(wrappingAt: rect.width)
    let (row, column) = editor.location(of: editor.cursor, in: rows)
    let line = row - scrollOffset(for: rect.size)
    return Point(
      x: rect.minX + min(max(0, column), max(0, rect.width - 1)),
      y: rect.minY + min(max(0, line), max(0, rect.height - 1)))
  }

  /// Draws the area into `rect`: the rows in view (or the placeholder) in
  /// the theme's field style, or its focused-field style when `isFocused`.
  /// The page that draws a focused area puts the terminal's cursor at
  /// ``cursorPosition(in:)``.
  public func render(
    in rect: Rect, theme: Theme, isFocused: Bool, into buffer: inout ScreenBuffer
  ) {
    guard !rect.isEmpty else { return }
    let style = isFocused ? theme[.focusedField] : theme[.field]
    buffer.fill(rect, with: Cell(" ", style: style))
    if editor.isEmpty {
      let row = rect.dividedAtTop(1).top
      renderPlaceholder(editor.placeholder, in: row, theme: theme, fieldStyle: style, into: &buffer)
      return
    }
    let rows = editor.rows(wrappingAt: rect.width)
    let offset = scrollOffset(for: rect.size)
    for line in 0..<min(rect.height, rows.count - offset) {
      let row = rows[offset + line]
      editor.drawRow(
        row.range, from: 0, at: Point(x: rect.minX, y: rect.minY + line), width: rect.width,
        style: style, into: &buffer)
    }
  }
}
