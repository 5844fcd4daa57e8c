/// A scrolling document of headings and paragraphs: the state and drawing
/// of a text page. The blocks are wrapped to the width with
/// ``TextWrap`` once per width, in ``layout(width:height:bottomInset:)``;
/// drawing only reads the lines. Up/Down scroll a line, PageUp/PageDown a
/// screen, Home/End to the ends; a scroll bar in the last column shows where
/// the screen is in the document.
///
/// The position kept is the text at the top of the screen (a
/// ``TextPosition``), not a line number: after a resize re-wraps the text,
/// the line holding that text is on top again.
public struct TextView {
  /// One line on screen: a wrapped piece of a block, or the blank line
  /// between two blocks.
  package struct Line: Hashable, Sendable {
    /// The block the line comes from.
    package var block: Int
    /// The line's characters in the block's text; for the blank line after
    /// a block, an empty range at the block's character count plus one.
    package var range: Range<Int>

    /// Where the line starts in the document.
    package var position: TextPosition { TextPosition(block: block, offset: range.lowerBound) }
  }

  /// The document.
  public var blocks: [TextBlock] {
    didSet {
      paragraphs = blocks.map { TextWrap.Paragraph($0.text) }
      if let width = wrapWidth {
        wrapWidth = nil
        rewrap(toWidth: width)
      }
    }
  }
  /// The blocks prepared for wrapping (width-independent).
  private var paragraphs: [TextWrap.Paragraph]
  /// The lines at the width of the last layout: every block's wrapped
  /// lines, with a blank line between blocks.
  package private(set) var lines: [Line] = []
  /// The width in columns the lines were wrapped to; nil before the first layout.
  package private(set) var wrapWidth: Int?
  /// The text at the top of the screen as the user's moves left it. A
  /// resize never changes it, so a terminal made narrow and then wide
  /// again shows the same lines as before.
  public private(set) var position = TextPosition.start
  /// The first line on screen: the line holding ``position``, moved up as
  /// little as leaves no blank rows after the last line.
  package private(set) var scrollOffset = 0
  /// Lines that fit on screen above any covered rows, as of the last layout.
  package private(set) var visibleLineCount = 1
  /// Rows at the bottom of the text's rectangle that something covers (a
  /// translucent tab bar), as of the last layout.
  package private(set) var bottomInset = 0
  /// Times the blocks were wrapped: once per width (the tests check it).
  private(set) var wrapCount = 0

  /// Creates a text view of `blocks`.
  package init(blocks: [TextBlock]) {
    self.blocks = blocks
    self.paragraphs = blocks.map { TextWrap.Paragraph($0.text) }
  }

  /// Columns of text in a rectangle `width` columns wide: one column of
  /// margin at the left, and at the right one of margin and the scroll bar's.
  package static func textWidth(forWidth width: Int) -> Int { max(1, width - 3) }

  /// Lays the text out in a rectangle `width` × `height`: wraps it when the
  /// width changed, and puts the line holding ``position`` at the top. The
  /// bottom `bottomInset` rows are covered (a translucent tab bar):
  /// lines are drawn there, but scrolling keeps the last line above them.
  package mutating func layout(width: Int, height: Int, bottomInset: Int = 0) {
    let inset = min(max(0, bottomInset), max(0, height - 1))
    self.bottomInset = inset
    visibleLineCount = max(1, height - inset)
    rewrap(toWidth: Self.textWidth(forWidth: width))
    updateScrollOffset()
  }

  /// Wraps every block to `width` columns, unless they already are.
  private mutating func rewrap(toWidth width: Int) {
    guard width != wrapWidth else { return }
    wrapWidth = width
    wrapCount += 1
    var lines: [Line] = []
    lines.reserveCapacity(self.lines.count)
    for (index, paragraph) in paragraphs.enumerated() {
      if index > 0 {
        // The blank line between blocks belongs to the block before it.
        let end = paragraphs[index - 1].characters.count + 1
        lines.append(Line(block: index - 1, range: end..<end))
      }
      for range in paragraph.lineRanges(width: width) {
        lines.append(Line(block: index, range: range))
      }
    }
    self.lines = lines
    updateScrollOffset()
  }

  /// The largest first line: the last line at the bottom of the screen.
  private var maximumScrollOffset: Int { max(0, lines.count - visibleLineCount) }

  /// The index of the line that holds `position`: the last line starting at
  /// or before it.
  package func lineIndex(of position: TextPosition) -> Int {
    var low = 0
    var high = lines.count
    while low < high {
      let mid = (low + high) / 2
      if lines[mid].position <= position { low = mid + 1 } else { high = mid }
    }
    return max(0, low - 1)
  }

  private mutating func updateScrollOffset() {
    scrollOffset = min(lineIndex(of: position), maximumScrollOffset)
  }

  /// Puts the line holding `position` at the top, as far as the end of the
  /// document allows: a reading position saved earlier, say.
  public mutating func scroll(to position: TextPosition) {
    self.position = position
    updateScrollOffset()
  }

  /// Scrolls by `delta` lines without moving past the ends (the mouse
  /// wheel); returns true when the screen moved.
  @discardableResult
  package mutating func scroll(by delta: Int) -> Bool {
    guard !lines.isEmpty else { return false }
    let target = min(max(0, scrollOffset + delta), maximumScrollOffset)
    guard target != scrollOffset else { return false }
    scrollOffset = target
    position = lines[target].position
    return true
  }

  /// The lines a page scrolls: a screen, less one line that stays in view.
  package var pageLength: Int { max(1, visibleLineCount - 1) }

  /// Scrolls for a movement action; false for other actions or when the
  /// screen did not move. Space (``Action/activate``) pages down, as in a pager.
  package mutating func handle(_ action: Action) -> Bool {
    switch action {
    case .moveUp: return scroll(by: -1)
    case .moveDown: return scroll(by: 1)
    case .pageUp: return scroll(by: -pageLength)
    case .pageDown, .activate: return scroll(by: pageLength)
    case .moveToTop: return scroll(by: -scrollOffset)
    case .moveToBottom: return scroll(by: maximumScrollOffset - scrollOffset)
    default: return false
    }
  }

  /// The text of line `index` (an index of ``lines``), as drawn.
  package func text(ofLine index: Int) -> String {
    let line = lines[index]
    guard line.range.upperBound <= paragraphs[line.block].characters.count else { return "" }
    return paragraphs[line.block].text(of: line.range)
  }

  /// How far down the document the screen is: 0 at the top, 1 with the last
  /// line on screen.
  package var scrollFraction: Double {
    let maximum = maximumScrollOffset
    return maximum == 0 ? 1 : Double(scrollOffset) / Double(maximum)
  }

  /// Draws the visible lines into `rect`; call ``layout(width:height:bottomInset:)`` first.
  package func render(in rect: Rect, theme: Theme, into buffer: inout ScreenBuffer) {
    guard !rect.isEmpty else { return }
    let left = rect.minX + 1
    let right = left + Self.textWidth(forWidth: rect.width)
    let end = min(lines.count, scrollOffset + rect.height)
    for (row, index) in (scrollOffset..<max(scrollOffset, end)).enumerated() {
      let line = lines[index]
      guard !line.range.isEmpty else { continue }
      let style = blocks[line.block].isHeading ? theme[.heading] : theme[.text]
      buffer.write(
        paragraphs[line.block].text(of: line.range), at: Point(x: left, y: rect.minY + row),
        style: style, maxX: min(right, rect.maxX))
    }
    // The scroll bar stays in the uncovered part, where it can be seen.
    let (_, uncovered) = rect.dividedAtBottom(min(bottomInset, rect.height))
    ScrollBar.render(
      contentLength: lines.count, offset: scrollOffset, in: uncovered, theme: theme, into: &buffer)
  }
}
