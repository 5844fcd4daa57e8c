#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads the bytes of a feed (RSS 2.0, RSS 1.0, Atom 1.0, JSON Feed 1.0 and 1.1) into a
/// ``Feed``.
///
/// XML goes through libxml2 with entity expansion and every external load off: a document
/// that declares an entity is refused before any is expanded (XML bombs, XXE), nothing is
/// fetched from the network, the encoding declared in the prolog (ISO-8859-1, Windows-1252,
/// UTF-16…) is read or refused in one line. JSON is told apart by its first character.
/// Parsing is O(n) in the bytes; call it off the main thread for large feeds.
public enum FeedParser {
  /// The most items read from one feed; the rest are ignored.
  public static let maximumItems = 2_000

  /// Reads the feed in `bytes`.
  ///
  /// - Parameters:
  ///   - bytes: the document, as fetched.
  ///   - baseURL: the address it came from, to resolve relative links (`/story/1`).
  /// - Returns: the feed, its text clean of markup and control characters.
  /// - Throws: a ``FeedError`` of kind ``FeedError/Kind/parse`` whose line says what is wrong
  ///   and where.
  public static func parse(_ bytes: [UInt8], baseURL: String? = nil) throws(FeedError) -> Feed {
    var start = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
    guard start < bytes.count else { throw FeedError(.parse, "not a feed: the document is empty") }
    let base = baseURL.flatMap(LinkResolver.init)
    // Every format may carry HTML, which libxml2 renders: without it, one line, whatever the
    // format (never the markup shown raw).
    try XMLLibrary.load()
    if bytes[start] == UInt8(ascii: "{") {
      return try JSONFeedReader.read(Array(bytes[start...]), base: base)
    }
    return try XMLFeedReader.read(bytes, base: base)
  }
}

/// Resolves the links of a feed against the address it came from, and keeps only http and
/// https links (an item's link is opened in a browser).
struct LinkResolver {
  let scheme: String
  let origin: String

  init?(_ url: String) {
    guard let schemeEnd = url.firstRange(of: "://") else { return nil }
    scheme = url[..<schemeEnd.lowerBound].lowercased()
    guard scheme == "http" || scheme == "https" else { return nil }
    let rest = url[schemeEnd.upperBound...]
    let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    origin = scheme + "://" + host
  }

  /// `link` made absolute, or nil when it is not http or https.
  static func resolve(_ link: String?, against base: LinkResolver?) -> String? {
    guard let link else { return nil }
    let clean = FeedText.clean(link)
    guard !clean.isEmpty, !clean.contains(" ") else { return nil }
    let lower = clean.lowercased()
    if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return clean }
    guard let base else { return nil }
    if clean.hasPrefix("//") { return base.scheme + ":" + clean }
    if clean.hasPrefix("/") { return base.origin + clean }
    return nil
  }
}

/// A stable identifier made of an item's fields, for items without guid, id or link: FNV-1a,
/// 64 bits, in hex.
func digest(_ parts: String...) -> String {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for part in parts {
    for byte in part.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    hash ^= 0xFF
    hash &*= 0x100_0000_01b3
  }
  let hex = String(hash, radix: 16)
  return String(repeating: "0", count: 16 - hex.count) + hex
}

extension FeedItem {
  /// An item from the fields a reader found, cleaned and defaulted.
  init(
    rawID: String?, rawTitle: String?, titleIsHTML: Bool, link: String?, author: String?,
    date: Date?, summaryBlocks: [FeedBlock], contentBlocks: [FeedBlock]
  ) {
    var title = rawTitle.map { titleIsHTML ? HTMLText.inline(html: $0) : FeedText.clean($0) } ?? ""
    let body = contentBlocks.isEmpty ? summaryBlocks : contentBlocks
    let summarySource = summaryBlocks.isEmpty ? contentBlocks : summaryBlocks
    let summary = FeedText.truncated(
      summarySource.prefix(3).map(\.text).joined(separator: " "), to: FeedItem.summaryLimit)
    if title.isEmpty {
      title = summary.isEmpty ? "Untitled" : FeedText.truncated(summary, to: 80)
    }
    let id =
      rawID.map(FeedText.clean).flatMap { $0.isEmpty ? nil : $0 }
      ?? link ?? digest(title, date.map { "\($0.timeIntervalSince1970)" } ?? "", summary)
    self.init(
      id: id, title: title, link: link,
      author: author.map(FeedText.clean).flatMap { $0.isEmpty ? nil : $0 }, date: date,
      summary: summary, body: body)
  }
}
