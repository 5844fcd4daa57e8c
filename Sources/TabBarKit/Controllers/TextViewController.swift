/// A page that shows a document of headings and paragraphs (``TextView``),
/// wrapped to the width (or to ``ViewController/readableWidth``, centred):
/// Up/Down scroll a line, PageUp/PageDown and
/// Space a screen, Home/End to the ends, and so does the mouse wheel. A
/// resize re-wraps the text and keeps the same text at the top of the screen.
///
/// ```swift
/// let article = TextViewController(title: "Article", blocks: [
///   .heading("Rain returns to the north"),
///   .paragraph("Forecasters expect the first heavy rain of the season…"),
/// ])
/// navigationController?.pushViewController(article)
/// ```
open class TextViewController: ViewController {
  /// The document, its wrapped lines and the scroll position.
  public var textView: TextView

  /// Creates a text page.
  public init(title: String, blocks: [TextBlock]) {
    textView = TextView(blocks: blocks)
    super.init(title: title)
  }

  override open func viewWillLayout(in rect: Rect) {
    // Wraps only when the width changed. Under a translucent bar the lines
    // run on, but scrolling keeps the last line above it.
    // A readable width narrower than the page wraps the text to it.
    textView.layout(
      width: rect.width, height: rect.height, bottomInset: safeAreaInsets.bottom,
      readableWidth: readableWidth)
  }

  override open func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    textView.render(in: rect, theme: theme, into: &buffer)
  }

  /// The scrolling keys, bound even while the text fits: a resize can make
  /// the text fit or not from one frame to the next, and the hint should
  /// not flicker with it.
  override open var keyBindings: [KeyBinding] {
    guard !textView.blocks.isEmpty else { return [] }
    let words = interfaceStrings
    return [
      KeyBinding([.up, .character("k")], .moveUp, words[.moveUp]),
      // Reading on is the page's main key: a short rule keeps `↑↓ move`.
      KeyBinding([.down, .character("j")], .moveDown, words[.moveDown], hintImportance: .high),
      KeyBinding([.pageUp], .pageUp, words[.pageUp]),
      KeyBinding([.pageDown, .character(" ")], .pageDown, words[.pageDown]),
      KeyBinding([.home, .character("g")], .moveToTop, words[.moveToTop]),
      KeyBinding([.end, .character("G")], .moveToBottom, words[.moveToBottom]),
    ]
  }

  override open func handle(_ action: Action) -> Bool {
    textView.handle(action)
  }

  override open func handleMouse(_ event: MouseEvent, in rect: Rect) -> Bool {
    switch event.kind {
    case .wheelUp: return textView.scroll(by: -3)
    case .wheelDown: return textView.scroll(by: 3)
    case .press:
      // A click on the scroll bar pages (``ScrollBar``).
      let bar = textView.scrollBarClick(at: event.position, in: rect)
      return bar.hit && (bar.action.map { textView.handle($0) } ?? true)
    }
  }
}
