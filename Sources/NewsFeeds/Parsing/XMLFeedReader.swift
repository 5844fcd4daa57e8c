internal import CLibXML2

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// libxml2, opened (`dlopen`) and set up once per process, the first time a feed is parsed:
/// a run without feeds never loads it (CLibXML2.h says why).
enum XMLLibrary {
  /// Why libxml2 could not be loaded, in one line; nil once it is (loading it now if need be,
  /// from whichever thread gets here first).
  static var loadError: String? {
    cxml_load().map { "libxml2 could not be loaded: " + FeedText.clean(String(cString: $0)) }
  }

  /// Loads libxml2, or throws the line to show on the feed's channel.
  static func load() throws(FeedError) {
    if let loadError { throw FeedError(.parse, loadError) }
  }

  /// Why the library `file` could not serve as libxml2, as ``loadError`` words it; nil when it
  /// could. For tests: a machine without libxml2 is one where `libxml2.so.2` fails this.
  static func problem(opening file: String) -> String? {
    var error = [CChar](repeating: 0, count: 512)
    guard cxml_check_library(file, &error, error.count) == 0 else { return nil }
    let reason = error.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    return "libxml2 could not be loaded: " + FeedText.clean(reason)
  }
}

/// RSS 2.0, RSS 1.0 (RDF) and Atom 1.0 through libxml2.
enum XMLFeedReader {
  static let atom = "http://www.w3.org/2005/Atom"
  static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
  static let rss1: Set<String> = [
    "http://purl.org/rss/1.0/", "http://my.netscape.com/rdf/simple/0.9/",
  ]
  static let content: Set<String> = ["http://purl.org/rss/1.0/modules/content/"]
  static let dublinCore: Set<String> = ["http://purl.org/dc/elements/1.1/"]
  static let xhtml = "http://www.w3.org/1999/xhtml"

  static func read(_ bytes: [UInt8], base: LinkResolver?) throws(FeedError) -> Feed {
    try XMLLibrary.load()
    guard bytes.count < Int(Int32.max) else { throw FeedError(.tooLarge, "feed is too large") }
    let result: Result<Feed, FeedError> = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { start in
        guard let context = cxml_create_memory_parser_ctxt(start, Int32(buffer.count)) else {
          return .failure(FeedError(.parse, "not a feed: the XML parser could not start"))
        }
        defer {
          if let document = context.pointee.myDoc { cxml_free_doc(document) }
          context.pointee.myDoc = nil
          cxml_free_parser_ctxt(context)
        }
        // No entity substitution (XML_PARSE_NOENT), no DTD loading (XML_PARSE_DTDLOAD), no
        // network, no messages on stderr. And any entity declaration stops the parser.
        let options =
          XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
        cxml_ctxt_use_options(context, Int32(options))
        let state = ParseState()
        context.pointee._private = Unmanaged.passUnretained(state).toOpaque()
        context.pointee.sax.pointee.entityDecl = { userData, _, _, _, _, _ in
          guard let context = userData?.assumingMemoryBound(to: xmlParserCtxt.self) else { return }
          ParseState.of(context).declaredEntity = true
          cxml_stop_parser(context)
        }
        // The first error is the one to show: later ones follow from it ("Premature end of
        // data" after a mismatched tag).
        context.pointee.sax.pointee.serror = { userData, error in
          guard let context = userData?.assumingMemoryBound(to: xmlParserCtxt.self), let error
          else { return }
          let state = ParseState.of(context)
          guard state.firstError == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue
          else { return }
          let message = error.pointee.message.map { String(cString: $0) } ?? "not well-formed"
          state.firstError = (Int(error.pointee.code), Int(error.pointee.line), message)
        }
        context.pointee.sax.pointee.resolveEntity = nil
        cxml_parse_document(context)
        context.pointee._private = nil
        if state.declaredEntity {
          return .failure(
            FeedError(
              .parse, "refused: the feed declares XML entities, which are never expanded"))
        }
        guard context.pointee.wellFormed != 0, let document = context.pointee.myDoc,
          let root = cxml_doc_get_root_element(document)
        else { return .failure(parseError(state.firstError, context)) }
        return Result { () throws(FeedError) in try readDocument(XMLNode(pointer: root), base: base)
        }
      }
    }
    return try result.get()
  }

  /// The parser's last error as one line: `not a feed: line 3: Opening and ending tag mismatch`.
  private static func parseError(
    _ first: (code: Int, line: Int, message: String)?, _ context: xmlParserCtxtPtr
  ) -> FeedError {
    let last = context.pointee.lastError
    let code = first?.code ?? Int(last.code)
    let line = first?.line ?? Int(last.line)
    let message = FeedText.clean(
      first?.message ?? last.message.map { String(cString: $0) } ?? "not well-formed")
    if code == Int(XML_ERR_UNSUPPORTED_ENCODING.rawValue) {
      return FeedError(.parse, "unsupported encoding: \(message)")
    }
    if code == Int(XML_ERR_DOCUMENT_EMPTY.rawValue) {
      return FeedError(.parse, "not a feed: the document is empty")
    }
    return FeedError(.parse, "not a feed: \(line > 0 ? "line \(line): " : "")\(message)")
  }

  private static func readDocument(_ root: XMLNode, base: LinkResolver?) throws(FeedError) -> Feed {
    switch (root.name, root.namespace) {
    case ("rss", ""):
      guard let channel = root.element("channel", in: [""]) else {
        throw FeedError(.parse, "not a feed: <rss> without a <channel>")
      }
      let items = channel.elements.lazy.filter { $0.name == "item" && $0.namespace == "" }
      return feed(channel: channel, items: items, format: .rss, base: base)
    case ("RDF", rdf):
      guard let channel = root.elements.first(where: { $0.name == "channel" }) else {
        throw FeedError(.parse, "not a feed: RSS 1.0 without a <channel>")
      }
      let items = root.elements.lazy.filter { $0.name == "item" && rss1.contains($0.namespace) }
      return feed(channel: channel, items: items, format: .rdf, base: base)
    case ("feed", atom):
      return atomFeed(root, base: base)
    default:
      let name = root.prefix.isEmpty ? root.name : root.prefix + ":" + root.name
      throw FeedError(
        .parse, "not a feed: the document is <\(FeedText.clean(name))>, not RSS or Atom")
    }
  }

  // MARK: RSS

  private static func feed(
    channel: XMLNode, items: some Sequence<XMLNode>, format: Feed.Format, base: LinkResolver?
  ) -> Feed {
    let plain = Set([""]).union(rss1)
    let title = channel.element("title", in: plain).map { HTMLText.inline(html: $0.text()) }
    let link = LinkResolver.resolve(channel.element("link", in: plain)?.text(), against: base)
    return Feed(
      title: title.flatMap { $0.isEmpty ? nil : $0 } ?? "Untitled feed", link: link,
      format: format,
      items: items.prefix(FeedParser.maximumItems).map { rssItem($0, plain: plain, base: base) })
  }

  private static func rssItem(_ item: XMLNode, plain: Set<String>, base: LinkResolver?)
    -> FeedItem
  {
    let guid = item.element("guid", in: plain)
    let guidText = guid?.text().trimmingSpaces
    var link = LinkResolver.resolve(item.element("link", in: plain)?.text(), against: base)
    if link == nil, let guid, guid.attribute("isPermaLink")?.lowercased() != "false" {
      link = LinkResolver.resolve(guidText, against: base)
    }
    let author =
      item.element("creator", in: dublinCore)?.text()
      ?? item.element("author", in: plain)?.text()
    let date =
      item.element("pubDate", in: plain).flatMap { FeedDate.parse($0.text().trimmingSpaces) }
      ?? item.element("date", in: dublinCore).flatMap { FeedDate.parse($0.text().trimmingSpaces) }
    let description = item.element("description", in: plain).map {
      HTMLText.blocks(html: $0.text())
    }
    let content = item.element("encoded", in: content).map { HTMLText.blocks(html: $0.text()) }
    return FeedItem(
      rawID: guidText ?? item.attribute("about"),
      rawTitle: item.element("title", in: plain)?.text(),
      titleIsHTML: true, link: link, author: author, date: date,
      summaryBlocks: description ?? [], contentBlocks: content ?? [])
  }

  // MARK: Atom

  private static func atomFeed(_ root: XMLNode, base: LinkResolver?) -> Feed {
    let feedAuthor = root.element("author", in: [atom])?.element("name", in: [atom])?.text()
    let entries = root.elements.lazy.filter { $0.name == "entry" && $0.namespace == atom }
    let title = root.element("title", in: [atom]).map(atomInline)
    return Feed(
      title: title.flatMap { $0.isEmpty ? nil : $0 } ?? "Untitled feed",
      link: atomLink(root, base: base), format: .atom,
      items: entries.prefix(FeedParser.maximumItems).map { entry in
        let author =
          entry.element("author", in: [atom])?.element("name", in: [atom])?.text() ?? feedAuthor
        let published = entry.element("published", in: [atom]).flatMap {
          FeedDate.parse($0.text().trimmingSpaces)
        }
        let updated = entry.element("updated", in: [atom]).flatMap {
          FeedDate.parse($0.text().trimmingSpaces)
        }
        let content = entry.element("content", in: [atom]).flatMap { node in
          node.attribute("src") == nil ? atomBlocks(node) : nil
        }
        let title = entry.element("title", in: [atom]).map(atomInline)
        return FeedItem(
          rawID: entry.element("id", in: [atom])?.text(), rawTitle: title, titleIsHTML: false,
          link: atomLink(entry, base: base), author: author, date: published ?? updated,
          summaryBlocks: entry.element("summary", in: [atom]).map(atomBlocks) ?? [],
          contentBlocks: content ?? [])
      })
  }

  /// The `alternate` link of a feed or entry (a link without `rel` is one).
  private static func atomLink(_ node: XMLNode, base: LinkResolver?) -> String? {
    let links = node.elements.filter { $0.name == "link" && $0.namespace == atom }
    let alternate = links.first { ($0.attribute("rel") ?? "alternate") == "alternate" }
    return LinkResolver.resolve(alternate?.attribute("href"), against: base)
  }

  /// An Atom text construct (RFC 4287 §3.1) as blocks.
  private static func atomBlocks(_ node: XMLNode) -> [FeedBlock] {
    switch node.attribute("type")?.lowercased() {
    case "html", "text/html":
      return HTMLText.blocks(html: node.text())
    case "xhtml", "application/xhtml+xml":
      let div = node.element("div", in: [xhtml]) ?? node
      return HTMLText.blocks(of: div)
    default:
      return HTMLText.plainBlocks(node.text())
    }
  }

  /// An Atom text construct as one line.
  private static func atomInline(_ node: XMLNode) -> String {
    FeedText.clean(atomBlocks(node).map(\.text).joined(separator: " "))
  }
}

/// What the SAX hooks of one parse found, reached through the parser context's `_private`.
private final class ParseState {
  var declaredEntity = false
  var firstError: (code: Int, line: Int, message: String)?

  static func of(_ context: xmlParserCtxtPtr) -> ParseState {
    Unmanaged<ParseState>.fromOpaque(context.pointee._private).takeUnretainedValue()
  }
}
