/// A scrolling document of headings and paragraphs: the state and drawing
/// of a text page. The blocks are wrapped to the width with
/// ``TextWrap`` once per width, in the layout pass;
/// drawing only reads the lines. A long document (a book) is wrapped only
/// around the screen, and further as it scrolls: the scroll bar reads a
/// line count estimated for the rest, and every move lands where wrapping
/// the whole would put it. Up/Down scroll a line, PageUp/PageDown a
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
      resetWrapping()
      if let width = wrapWidth {
        wrapWidth = nil
        rewrap(toWidth: width)
      }
    }
  }
  /// The blocks prepared for wrapping (width-independent), each prepared
  /// the first time it is wrapped; nil for the others.
  private var paragraphs: [TextWrap.Paragraph?] = []
  /// Each block's lines at ``wrapWidth``, as character ranges; nil for a
  /// block not wrapped yet at this width.
  private var wrapped: [[Range<Int>]?] = []
  /// Each block's line count: exact once wrapped, else an estimate from
  /// its UTF-8 size (refined as more blocks are wrapped).
  private var lineCounts: [Int] = []
  /// The index in ``lines`` of each block's first line: the line counts
  /// before it, each with its blank line.
  private var firstLines: [Int] = []
  /// Each block's text size in UTF-8 bytes (the estimate's input).
  private var byteCounts: [Int] = []
  /// The bytes and lines of the blocks wrapped at this width (the
  /// estimate's measure); and the columns a byte came to, as measured so far.
  private var wrappedBytes = 0
  private var wrappedLines = 0
  private var columnsPerByte = 1.1
  /// Documents up to this many UTF-8 bytes are wrapped whole at each width;
  /// a longer one only around the screen (the tests lower it).
  package var wholeWrapLimit = 64 * 1024
  /// Blocks wrapped in all (the tests check that a long document is not
  /// wrapped whole).
  package private(set) var blocksWrapped = 0
  /// The lines at the width of the last layout: every block's wrapped
  /// lines, with a blank line between blocks. In a long document, lines of
  /// blocks far from the screen are not wrapped yet: their number is an
  /// estimate until the screen comes near.
  package var lines: Lines { Lines(view: self) }
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
    resetWrapping()
  }

  /// Columns of text in a rectangle `width` columns wide: one column of
  /// margin at the left, and at the right one of margin and the scroll bar's.
  package static func textWidth(forWidth width: Int) -> Int { max(1, width - 3) }

  /// Columns of text in a rectangle `width` columns wide whose lines take
  /// at most `readableWidth` columns (nil: no limit).
  package static func textWidth(forWidth width: Int, readableWidth: Int?) -> Int {
    min(textWidth(forWidth: width), max(1, readableWidth ?? .max))
  }

  /// Lays the text out in a rectangle `width` × `height`: wraps it when the
  /// width changed, and puts the line holding ``position`` at the top. The
  /// bottom `bottomInset` rows are covered (a translucent tab bar):
  /// lines are drawn there, but scrolling keeps the last line above them.
  /// A line takes at most `readableWidth` columns
  /// (``ViewController/readableWidth``); drawing centres narrower lines.
  package mutating func layout(
    width: Int, height: Int, bottomInset: Int = 0, readableWidth: Int? = nil
  ) {
    let inset = min(max(0, bottomInset), max(0, height - 1))
    self.bottomInset = inset
    visibleLineCount = max(1, height - inset)
    rewrap(toWidth: Self.textWidth(forWidth: width, readableWidth: readableWidth))
    wrapAroundPosition(before: 0, after: 0)
  }

  /// Wraps the blocks to `width` columns, unless they already are: the
  /// whole document when it is short, else the blocks around the screen.
  private mutating func rewrap(toWidth width: Int) {
    guard width != wrapWidth else { return }
    wrapWidth = width
    wrapCount += 1
    wrapped = Array(repeating: nil, count: blocks.count)
    lineCounts = Array(repeating: 1, count: blocks.count)
    wrappedBytes = 0
    wrappedLines = 0
    if byteCounts.reduce(0, +) <= wholeWrapLimit {
      for index in blocks.indices { wrapBlock(index) }
    }
    estimateLineCounts()
    wrapAroundPosition(before: 0, after: 0)
  }

  /// The index of the line that holds `position`: the last line starting at
  /// or before it.
  package func lineIndex(of position: TextPosition) -> Int {
    guard !blocks.isEmpty else { return 0 }
    guard position.block < blocks.count else { return max(0, lineTotal - 1) }
    let block = max(0, position.block)
    return firstLines[block] + line(of: position, inBlock: block)
  }

  /// Puts the line holding `position` at the top, as far as the end of the
  /// document allows: a reading position saved earlier, say.
  public mutating func scroll(to position: TextPosition) {
    self.position = position
    wrapAroundPosition(before: 0, after: 0)
  }

  /// The place in the document drawn at `point`, for a text drawn in
  /// `rect` at the last layout: the start of the line on that row (a
  /// click on a paragraph, say, finds its block). Nil off `rect`, below
  /// the last line, or before the first layout. O(log blocks).
  public func position(at point: Point, in rect: Rect) -> TextPosition? {
    guard wrapWidth != nil, rect.contains(point) else { return nil }
    let index = scrollOffset + point.y - rect.minY
    guard index < lineTotal else { return nil }
    return line(at: index).position
  }

  /// Scrolls by `delta` lines without moving past the ends (the mouse
  /// wheel); returns true when the screen moved. The blocks passed over are
  /// wrapped, so where it lands is exact.
  @discardableResult
  package mutating func scroll(by delta: Int) -> Bool {
    wrapAroundPosition(before: max(0, -delta), after: max(0, delta))
    guard lineTotal > 0 else { return false }
    let target = min(max(0, scrollOffset + delta), maximumScrollOffset)
    guard target != scrollOffset else { return false }
    position = line(at: target).position
    scrollOffset = target
    wrapAroundPosition(before: 0, after: 0)
    return true
  }

  /// The largest first line: the last line at the bottom of the screen.
  private var maximumScrollOffset: Int { max(0, lineTotal - visibleLineCount) }

  /// Scrolls to the last screen: wraps the blocks at the end, as many as
  /// fill it, so the last line is exactly at the bottom.
  private mutating func scrollToBottom() -> Bool {
    guard wrapWidth != nil, lineTotal > 0 else { return false }
    let top = line(at: scrollOffset).position
    var covered = 0
    var index = blocks.count - 1
    var changed = false
    while index >= 0, covered < visibleLineCount + bottomInset {
      changed = wrapBlock(index) || changed
      covered += lineCounts[index] + 1
      index -= 1
    }
    if changed { estimateLineCounts() }
    position = line(at: maximumScrollOffset).position
    wrapAroundPosition(before: 0, after: 0)
    return line(at: scrollOffset).position != top
  }

  /// Scrolls to the first line.
  private mutating func scrollToTop() -> Bool {
    guard lineTotal > 0, scrollOffset != 0 else { return false }
    scroll(to: .start)
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
    case .moveToTop: return scrollToTop()
    case .moveToBottom: return scrollToBottom()
    default: return false
    }
  }

  /// The text of line `index` (an index of ``lines``), as drawn.
  package func text(ofLine index: Int) -> String {
    text(of: line(at: index))
  }

  /// The text of `line`, as drawn.
  private func text(of line: Line) -> String {
    let paragraph = paragraphs[line.block] ?? TextWrap.Paragraph(blocks[line.block].text)
    guard line.range.upperBound <= paragraph.characters.count else { return "" }
    return paragraph.text(of: line.range)
  }

  /// How far down the document the screen is, as of the last layout: 0 at
  /// the top, 1 with the last line on screen (a text that fits the screen
  /// is at 1: it is all shown). 0 while there are no lines: before the
  /// first layout, or for a text without blocks. Times 100, the percent
  /// read that an e-reader shows.
  public var scrollFraction: Double {
    guard lineTotal > 0 else { return 0 }
    let maximum = maximumScrollOffset
    return maximum == 0 ? 1 : Double(scrollOffset) / Double(maximum)
  }

  /// Draws the visible lines into `rect`; call ``layout(width:height:bottomInset:)`` first.
  package func render(in rect: Rect, theme: Theme, into buffer: inout ScreenBuffer) {
    guard !rect.isEmpty else { return }
    // Lines narrower than the rectangle (a readable width) are centred in
    // it; the scroll bar stays in its last column.
    let full = Self.textWidth(forWidth: rect.width)
    let lineWidth = min(wrapWidth ?? full, full)
    let left = rect.minX + max(1, (rect.width - lineWidth) / 2)
    let right = left + lineWidth
    let end = min(lineTotal, scrollOffset + rect.height)
    for (row, index) in (scrollOffset..<max(scrollOffset, end)).enumerated() {
      let line = line(at: index)
      guard !line.range.isEmpty else { continue }
      let block = blocks[line.block]
      let style =
        block.isHeading
        ? theme[.heading]
        : block.url.map { theme[.accent].adding(.underline).linked(to: $0) } ?? theme[.text]
      buffer.write(
        text(of: line), at: Point(x: left, y: rect.minY + row),
        style: style, maxX: min(right, rect.maxX))
    }
    // The scroll bar stays in the uncovered part, where it can be seen.
    let (_, uncovered) = rect.dividedAtBottom(min(bottomInset, rect.height))
    ScrollBar.render(
      contentLength: lineTotal, offset: scrollOffset, in: uncovered, theme: theme, into: &buffer)
  }
}

// MARK: Wrapping around the screen

extension TextView {
  /// The wrapped lines of a ``TextView``: a block's lines are read from
  /// its wrapping, and for a block not wrapped yet (far from the screen in
  /// a long document) worked out on the spot.
  package struct Lines: RandomAccessCollection {
    /// The text view the lines are of.
    let view: TextView
    /// The first line: 0.
    package var startIndex: Int { 0 }
    /// The line count, estimated for the blocks not wrapped yet.
    package var endIndex: Int { view.lineTotal }
    /// Line `index`.
    package subscript(index: Int) -> Line { view.line(at: index) }
  }

  /// Lines in the document at this width: exact for wrapped blocks,
  /// estimated for the rest; 0 before the first layout.
  var lineTotal: Int {
    guard let last = lineCounts.indices.last else { return 0 }
    return firstLines[last] + lineCounts[last]
  }

  /// Line `index` of the document.
  func line(at index: Int) -> Line {
    // The last block whose first line is at or before `index`.
    var low = 0
    var high = firstLines.count
    while low < high {
      let mid = (low + high) / 2
      if firstLines[mid] <= index { low = mid + 1 } else { high = mid }
    }
    let block = max(0, low - 1)
    let inBlock = index - firstLines[block]
    if let ranges = wrapped[block], let paragraph = paragraphs[block] {
      if inBlock < ranges.count { return Line(block: block, range: ranges[inBlock]) }
      let end = paragraph.characters.count + 1
      return Line(block: block, range: end..<end)
    }
    // Not wrapped yet: wrapped here and not kept, its estimated line count kept.
    let paragraph = TextWrap.Paragraph(blocks[block].text)
    let ranges = paragraph.lineRanges(width: wrapWidth ?? 1)
    if inBlock >= lineCounts[block] || ranges.isEmpty {
      let end = paragraph.characters.count + 1
      return Line(block: block, range: end..<end)
    }
    return Line(block: block, range: ranges[min(inBlock, ranges.count - 1)])
  }

  /// The line of `position` counted from the start of its block `block`:
  /// the last line starting at or before it, or the blank line after the
  /// block. 0 in a block not wrapped yet.
  func line(of position: TextPosition, inBlock block: Int) -> Int {
    guard let ranges = wrapped[block], let paragraph = paragraphs[block] else { return 0 }
    if block < blocks.count - 1, position.offset > paragraph.characters.count {
      return ranges.count
    }
    var low = 0
    var high = ranges.count
    while low < high {
      let mid = (low + high) / 2
      if ranges[mid].lowerBound <= position.offset { low = mid + 1 } else { high = mid }
    }
    return max(0, low - 1)
  }

  /// Forgets every block's preparation and wrapping: the blocks changed.
  mutating func resetWrapping() {
    paragraphs = Array(repeating: nil, count: blocks.count)
    byteCounts = blocks.map { $0.text.utf8.count }
    wrapped = Array(repeating: nil, count: blocks.count)
    lineCounts = []
    firstLines = []
    wrappedBytes = 0
    wrappedLines = 0
  }

  /// Wraps block `index` at ``wrapWidth`` (preparing it first if it never
  /// was); false when it already was.
  @discardableResult
  mutating func wrapBlock(_ index: Int) -> Bool {
    guard let width = wrapWidth, wrapped[index] == nil else { return false }
    if paragraphs[index] == nil { paragraphs[index] = TextWrap.Paragraph(blocks[index].text) }
    let ranges = paragraphs[index]!.lineRanges(width: width)
    wrapped[index] = ranges
    lineCounts[index] = ranges.count
    wrappedBytes += byteCounts[index]
    wrappedLines += ranges.count
    blocksWrapped += 1
    return true
  }

  /// Estimates the line count of each block not wrapped yet from its size
  /// and the columns a byte came to in the blocks wrapped so far, and
  /// counts each block's first line.
  mutating func estimateLineCounts() {
    guard let width = wrapWidth else { return }
    if wrappedBytes > 0 {
      columnsPerByte = Double(wrappedLines * width) / Double(wrappedBytes)
    }
    let linesPerByte = columnsPerByte / Double(width)
    var next = 0
    firstLines = Array(repeating: 0, count: blocks.count)
    for index in blocks.indices {
      if wrapped[index] == nil {
        lineCounts[index] = max(1, Int((Double(byteCounts[index]) * linesPerByte).rounded()))
      }
      firstLines[index] = next
      next += lineCounts[index] + 1
    }
  }

  /// Wraps the blocks around ``position``: `before` lines above it and
  /// `after` below, each beyond a screen (two below), so the screen and a
  /// scroll from it land on exact lines; then puts the line holding
  /// ``position`` at the top, as far as the end allows.
  mutating func wrapAroundPosition(before: Int, after: Int) {
    guard wrapWidth != nil, !blocks.isEmpty else {
      scrollOffset = 0
      return
    }
    let screen = visibleLineCount + bottomInset
    let block = min(max(0, position.block), blocks.count - 1)
    var changed = wrapBlock(block)
    let inBlock =
      position.block < blocks.count ? line(of: position, inBlock: block) : lineCounts[block]
    var covered = lineCounts[block] + 1 - inBlock
    var next = block + 1
    while covered < after + 2 * screen, next < blocks.count {
      changed = wrapBlock(next) || changed
      covered += lineCounts[next] + 1
      next += 1
    }
    covered = inBlock
    var previous = block - 1
    while covered < before + screen, previous >= 0 {
      changed = wrapBlock(previous) || changed
      covered += lineCounts[previous] + 1
      previous -= 1
    }
    if changed || firstLines.count != blocks.count { estimateLineCounts() }
    scrollOffset = min(lineIndex(of: position), maximumScrollOffset)
  }
}
