#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A news feed as read from RSS 2.0, Atom 1.0 or JSON Feed 1.1: its title and its items.
///
/// Every string in it is plain text: markup rendered, entities decoded, control characters and
/// escape sequences removed (see ``FeedText``), so it can be drawn as it is.
public struct Feed: Sendable, Hashable, Codable {
  /// The format the feed was written in.
  public enum Format: String, Sendable, Hashable, Codable {
    /// RSS 2.0 (and the RSS 0.9x it grew from).
    case rss
    /// RSS 1.0, RDF Site Summary.
    case rdf
    /// Atom 1.0 (RFC 4287).
    case atom
    /// JSON Feed 1.0 or 1.1.
    case jsonFeed
  }

  /// The feed's title (`Untitled feed` when it has none).
  public var title: String
  /// The site the feed belongs to, when it says.
  public var link: String?
  /// The format it was read from.
  public var format: Format
  /// The items in the order the feed lists them.
  public var items: [FeedItem]

  /// A feed with the given title, link, format and items.
  public init(title: String, link: String? = nil, format: Format, items: [FeedItem]) {
    self.title = title
    self.link = link
    self.format = format
    self.items = items
  }
}

/// One story of a feed.
public struct FeedItem: Sendable, Hashable, Codable, Identifiable {
  /// What identifies the item across fetches: the feed's guid or id, else its link, else a
  /// digest of its title and date. Items are merged by it.
  public var id: String
  /// The headline (`Untitled` when the item has none).
  public var title: String
  /// The address of the full story, when the item has one (http or https only).
  public var link: String?
  /// Who wrote it, when the feed says.
  public var author: String?
  /// When it was published (or else last updated), when the feed gives a date it can read.
  public var date: Date?
  /// A short plain-text summary for a list row: the item's summary or description, or else the
  /// start of its content, on one line, at most ``FeedItem/summaryLimit`` characters.
  public var summary: String
  /// The story as paragraphs and headings: the item's full content when it has one, else its
  /// description or summary.
  public var body: [FeedBlock]

  /// The longest ``summary``, in characters.
  public static let summaryLimit = 300

  /// An item with the given fields.
  public init(
    id: String, title: String, link: String? = nil, author: String? = nil, date: Date? = nil,
    summary: String = "", body: [FeedBlock] = []
  ) {
    self.id = id
    self.title = title
    self.link = link
    self.author = author
    self.date = date
    self.summary = summary
    self.body = body
  }
}

/// One block of a story's text: a heading or a paragraph, plain text on one line.
public struct FeedBlock: Sendable, Hashable, Codable {
  /// What the block is.
  public enum Kind: String, Sendable, Hashable, Codable {
    /// A heading (`h1`–`h6`).
    case heading
    /// A paragraph: a `p`, a list item (starting `• `), a quotation, a table row, or text that
    /// stood between blocks.
    case paragraph
  }

  /// Heading or paragraph.
  public var kind: Kind
  /// The text, whitespace collapsed, never empty.
  public var text: String

  /// A block of the given kind and text.
  public init(_ kind: Kind, _ text: String) {
    self.kind = kind
    self.text = text
  }

  /// A paragraph.
  public static func paragraph(_ text: String) -> FeedBlock { FeedBlock(.paragraph, text) }
  /// A heading.
  public static func heading(_ text: String) -> FeedBlock { FeedBlock(.heading, text) }
}
