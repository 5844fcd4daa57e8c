/// One block of a text page's document: a heading, a paragraph, or a
/// paragraph that links to a URL. Each is wrapped to the page's width; a
/// blank line separates blocks.
public enum TextBlock: Hashable, Sendable {
  /// A heading, drawn bold.
  case heading(String)
  /// A paragraph of running text. A `\n` inside it starts a new line.
  case paragraph(String)
  /// A paragraph whose every cell links to `url` (``Style/link``), drawn
  /// underlined in the theme's accent: a terminal that knows hyperlinks
  /// opens the URL on a click anywhere in it, on each of its lines, even
  /// where a long URL is wrapped. The text may be the URL itself or words
  /// (`.link("Read the whole story", url: story.url)`).
  case link(String, url: String)

  /// The block's text, a heading's or a paragraph's.
  public var text: String {
    switch self {
    case .heading(let text), .paragraph(let text), .link(let text, _): return text
    }
  }

  /// The URL of a ``link(_:url:)``; nil for other blocks.
  package var url: String? {
    if case .link(_, let url) = self { return url }
    return nil
  }

  /// True for a heading.
  package var isHeading: Bool {
    if case .heading = self { return true }
    return false
  }
}

/// A place in a text page's document: a block and a character (`Character`)
/// offset in its text. A text page keeps the position of its first visible
/// line, so a re-wrap at another width shows the same text at the top.
public struct TextPosition: Hashable, Sendable, Comparable {
  /// The block's index in the document.
  public var block: Int
  /// The offset of a character in the block's text, in `Character`s. The
  /// blank line after a block is at the block's character count plus one.
  public var offset: Int

  /// Creates a position.
  public init(block: Int, offset: Int) {
    self.block = block
    self.offset = offset
  }

  /// The start of the document.
  public static let start = TextPosition(block: 0, offset: 0)

  /// Document order: by block, then by offset.
  public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
    (lhs.block, lhs.offset) < (rhs.block, rhs.offset)
  }
}
