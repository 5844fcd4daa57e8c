/// A framed box in the middle of the screen listing the keys (I4), built
/// from the same ``KeyMap`` the input handling uses.
public struct HelpOverlay: Sendable {
  /// The key table.
  public var keyMap: KeyMap
  /// Titles the app gave actions (``ViewController/actionNames``).
  public var names: [Action: String]
  /// Colours or monochrome.
  public var theme: Theme

  /// Creates the overlay.
  public init(keyMap: KeyMap, names: [Action: String] = [:], theme: Theme = .color) {
    self.keyMap = keyMap
    self.names = names
    self.theme = theme
  }

  /// Draws the box centred in `rect`, cut to fit.
  public func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let entries = keyMap.helpEntries(names: names)
    let keyWidth = entries.map { TextWidth.width(of: $0.keys) }.max() ?? 0
    let helpWidth = entries.map { TextWidth.width(of: $0.help) }.max() ?? 0
    let width = min(rect.width, keyWidth + helpWidth + 7)
    let height = min(rect.height, entries.count + 4)
    guard width >= 6, height >= 3 else { return }
    let box = Rect(
      x: rect.minX + (rect.width - width) / 2, y: rect.minY + (rect.height - height) / 2,
      width: width, height: height)
    buffer.fill(box)
    drawFrame(box, into: &buffer)
    let title = TextWidth.truncate(" Keys ", toWidth: width - 2)
    buffer.writeCentered(
      title, in: Rect(x: box.minX + 1, y: box.minY, width: width - 2, height: 1),
      style: theme.overlayBorder)
    for (line, entry) in entries.prefix(height - 4).enumerated() {
      let y = box.minY + 2 + line
      let keyX = box.minX + 2
      buffer.write(
        entry.keys, at: Point(x: keyX, y: y), style: theme.overlayKey, maxX: box.maxX - 2)
      buffer.write(
        entry.help, at: Point(x: keyX + keyWidth + 2, y: y), maxX: box.maxX - 2)
    }
    let footer = TextWidth.truncate("any key closes", toWidth: width - 2)
    buffer.writeCentered(
      footer,
      in: Rect(
        x: box.minX + 1, y: box.maxY - 1, width: width - 2,
        height: 1), style: theme.separator)
  }

  private func drawFrame(_ box: Rect, into buffer: inout ScreenBuffer) {
    let style = theme.overlayBorder
    let inner = String(repeating: "─", count: box.width - 2)
    buffer.write("┌" + inner + "┐", at: box.origin, style: style)
    buffer.write("└" + inner + "┘", at: Point(x: box.minX, y: box.maxY - 1), style: style)
    for y in (box.minY + 1)..<(box.maxY - 1) {
      buffer.write("│", at: Point(x: box.minX, y: y), style: style)
      buffer.write("│", at: Point(x: box.maxX - 1, y: y), style: style)
    }
  }
}
