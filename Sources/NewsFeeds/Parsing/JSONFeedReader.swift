#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// JSON Feed 1.0 and 1.1 (https://jsonfeed.org/version/1.1) through Foundation's JSONDecoder.
enum JSONFeedReader {
  static func read(_ bytes: [UInt8], base: LinkResolver?) throws(FeedError) -> Feed {
    let document: Document
    do {
      document = try JSONDecoder().decode(Document.self, from: Data(bytes))
    } catch let error as DecodingError {
      throw FeedError(.parse, "not a JSON Feed: \(describe(error))")
    } catch {
      throw FeedError(.parse, "not a JSON Feed: \(error)")
    }
    guard document.version?.hasPrefix("https://jsonfeed.org/version/") == true else {
      throw FeedError(.parse, "not a JSON Feed: no \"version\" naming jsonfeed.org")
    }
    let feedAuthor = document.authors?.first?.name ?? document.author?.name
    return Feed(
      title: document.title.map(FeedText.clean).flatMap { $0.isEmpty ? nil : $0 }
        ?? "Untitled feed",
      link: LinkResolver.resolve(document.home_page_url, against: base), format: .jsonFeed,
      items: (document.items ?? []).prefix(FeedParser.maximumItems).map { item in
        let content =
          item.content_html.map(HTMLText.blocks(html:))
          ?? item.content_text.map(HTMLText.plainBlocks) ?? []
        return FeedItem(
          rawID: item.id?.text, rawTitle: item.title, titleIsHTML: false,
          link: LinkResolver.resolve(item.url ?? item.external_url, against: base),
          author: item.authors?.first?.name ?? item.author?.name ?? feedAuthor,
          date: (item.date_published ?? item.date_modified).flatMap(FeedDate.rfc3339),
          summaryBlocks: item.summary.map(HTMLText.plainBlocks) ?? [], contentBlocks: content)
      })
  }

  /// A decoding error as `items[2].id: expected a string or a number`.
  private static func describe(_ error: DecodingError) -> String {
    func path(_ keys: [any CodingKey]) -> String {
      var text = ""
      for key in keys {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += text.isEmpty ? key.stringValue : "." + key.stringValue
        }
      }
      return text.isEmpty ? "" : text + ": "
    }
    switch error {
    case .typeMismatch(let type, let context):
      return "\(path(context.codingPath))expected \(typeName(type))"
    case .valueNotFound(let type, let context):
      return "\(path(context.codingPath))expected \(typeName(type)), found null"
    case .keyNotFound(let key, let context):
      return "\(path(context.codingPath))missing \"\(key.stringValue)\""
    case .dataCorrupted(let context):
      let underlying = context.underlyingError.map { "\($0)" } ?? context.debugDescription
      return "\(path(context.codingPath))\(FeedText.clean(underlying))"
    @unknown default:
      return "\(error)"
    }
  }

  private static func typeName(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is [Item].Type, is [Author].Type: "an array"
    case is Identifier.Type: "a string or a number"
    default: "an object"
    }
  }

  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// The fields of a JSON Feed that the item model uses; the others are ignored.
  private struct Document: Decodable {
    var version: String?
    var title: String?
    var home_page_url: String?
    var author: Author?
    var authors: [Author]?
    var items: [Item]?
  }

  // swift-format-ignore: AlwaysUseLowerCamelCase
  private struct Item: Decodable {
    var id: Identifier?
    var url: String?
    var external_url: String?
    var title: String?
    var content_html: String?
    var content_text: String?
    var summary: String?
    var date_published: String?
    var date_modified: String?
    var author: Author?
    var authors: [Author]?
  }

  private struct Author: Decodable {
    var name: String?
  }

  /// An item's id: a string by the specification, a number in some feeds.
  private struct Identifier: Decodable {
    var text: String

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let string = try? container.decode(String.self) {
        text = string
      } else if let number = try? container.decode(Int64.self) {
        text = String(number)
      } else if let number = try? container.decode(Double.self) {
        text = String(number)
      } else {
        throw DecodingError.typeMismatch(
          Identifier.self,
          .init(codingPath: decoder.codingPath, debugDescription: "a string or a number"))
      }
    }
  }
}
