/// Where a form's labels, fields, errors and buttons go on its page, in
/// page coordinates (column 0 the page's left edge, row 0 its top before
/// scrolling): made in the layout pass, read by drawing and the mouse.
struct FormLayout {
  /// A field's parts.
  struct FieldFrame {
    /// The label.
    var label: Rect
    /// The field itself.
    var field: Rect
    /// The error under the field, when it shows one.
    var error: Rect?

    /// The rows the field takes with its label and error.
    var rows: Range<Int> {
      min(label.minY, field.minY)..<max(field.maxY, error?.maxY ?? 0)
    }
  }

  /// The page width the layout is for.
  var width: Int
  /// The fields' frames, in order.
  var fields: [FieldFrame] = []
  /// The buttons' frames, in order.
  var buttons: [Rect] = []
  /// Rows the whole form takes, its margins included.
  var height = 0

  /// Columns kept clear at each side of the page.
  static func margin(width: Int) -> Int { width >= 30 ? 2 : 1 }

  /// The narrowest a field may be beside its label; below it labels go above.
  static let minimumFieldWidthBeside = 12

  /// Lays out `form` in a page `width` columns wide: a blank row on top;
  /// each field with its label (beside or above it) and its error, a blank
  /// row after it; then the buttons, side by side, on as many rows as they need.
  @MainActor
  init(form: FormViewController, width: Int) {
    self.width = width
    let margin = Self.margin(width: width)
    let inner = max(1, width - 2 * margin)
    let labelWidth = form.fields.map { TextWidth.width(of: $0.label) }.max() ?? 0
    let labelColumn = min(labelWidth + 2, inner / 3)
    let beside =
      form.labelPosition == .beside && labelWidth > 0
      && inner - labelColumn >= Self.minimumFieldWidthBeside
    var y = 1
    for field in form.fields {
      let fieldX = margin + (beside ? labelColumn : 0)
      let room = margin + inner - fieldX
      let fieldWidth = min(room, max(1, field.width ?? room))
      let label: Rect
      if beside {
        label = Rect(x: margin, y: y, width: labelColumn - 1, height: 1)
      } else {
        label = Rect(x: margin, y: y, width: inner, height: 1)
        y += 1
      }
      let frame = Rect(x: fieldX, y: y, width: fieldWidth, height: field.lines)
      y += field.lines
      var error: Rect?
      if field.error != nil {
        error = Rect(x: fieldX, y: y, width: room, height: 1)
        y += 1
      }
      fields.append(FieldFrame(label: label, field: frame, error: error))
      y += 1
    }
    var x = margin
    for button in form.buttons {
      let w = min(inner, TextWidth.width(of: button.label))
      if x > margin, x + w > margin + inner {
        x = margin
        y += 1
      }
      buttons.append(Rect(x: x, y: y, width: w, height: 1))
      x += w + 2
    }
    height = y + (form.buttons.isEmpty ? 0 : 2)
  }

  /// The rows item `index` takes (fields, then buttons).
  func rows(of index: Int) -> Range<Int>? {
    if fields.indices.contains(index) { return fields[index].rows }
    let button = index - fields.count
    guard buttons.indices.contains(button) else { return nil }
    return buttons[button].minY..<buttons[button].maxY
  }

  /// The first row shown in a page `height` rows high: `offset` moved as
  /// little as shows item `index` whole (its field first, when the item is
  /// taller than the page), and no further down than fills the page.
  func scrollOffset(from offset: Int, showing index: Int, height: Int) -> Int {
    var offset = offset
    if let rows = rows(of: index) {
      if rows.upperBound > offset + height { offset = rows.upperBound - height }
      if rows.lowerBound < offset { offset = rows.lowerBound }
      if fields.indices.contains(index), fields[index].field.minY >= offset + height {
        offset = fields[index].field.minY
      }
    }
    return max(0, min(offset, self.height - height))
  }
}
