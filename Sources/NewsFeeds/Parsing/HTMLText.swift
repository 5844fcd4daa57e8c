internal import CLibXML2

/// Markup rendered as text: the HTML of an RSS description, an Atom `html` or `xhtml`
/// content, a JSON Feed `content_html`, turned into headings and paragraphs.
///
/// The HTML goes through libxml2's HTML parser (a real one: it decodes every HTML entity, copes
/// with unclosed tags, never fetches anything). Then a walk of the tree: `h1`–`h6` make
/// headings; `p`, `div`, `br`, list items, quotations, table rows and the other block elements
/// end a paragraph; `li` starts with `• `; `img` leaves its `alt` text in brackets; `script`,
/// `style` and other things that are not text are dropped. Each block is cleaned by
/// ``FeedText/clean(_:)``, so no tag, entity or control character reaches the text.
enum HTMLText {
  /// The blocks of an HTML fragment.
  static func blocks(html: String) -> [FeedBlock] {
    guard html.contains(where: { $0 == "<" || $0 == "&" }) else {
      return plainBlocks(html)
    }
    // Without libxml2 the feed was refused before its markup got here (XMLLibrary.load).
    guard XMLLibrary.loadError == nil else { return plainBlocks(html) }
    let bytes = Array(ControlShelter.hide(html).utf8)
    let options = Int32(
      HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
        | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOBLANKS.rawValue)
    guard
      let document = bytes.withUnsafeBufferPointer({ buffer in
        buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
          cxml_html_read_memory($0, Int32(buffer.count), nil, "UTF-8", options)
        }
      })
    else { return plainBlocks(html) }
    defer { cxml_free_doc(document) }
    var builder = BlockBuilder()
    var child = document.pointee.children
    while let node = child {
      builder.walk(XMLNode(pointer: node), depth: 0)
      child = node.pointee.next
    }
    return builder.finish()
  }

  /// The blocks of an element tree already parsed (Atom's `xhtml` content).
  static func blocks(of node: XMLNode) -> [FeedBlock] {
    var builder = BlockBuilder()
    for child in node.children { builder.walk(child, depth: 0) }
    return builder.finish()
  }

  /// Plain text (a JSON Feed `content_text`, an Atom `text` construct) as paragraphs: blank
  /// lines separate them.
  static func plainBlocks(_ text: String) -> [FeedBlock] {
    var blocks: [FeedBlock] = []
    var paragraph = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.allSatisfy(\.isWhitespace) {
        appendParagraph(&blocks, paragraph)
        paragraph = ""
      } else {
        paragraph += paragraph.isEmpty ? String(line) : " " + line
      }
    }
    appendParagraph(&blocks, paragraph)
    return blocks
  }

  /// An HTML fragment as one line of text (a title that holds markup or entities).
  static func inline(html: String) -> String {
    guard html.contains(where: { $0 == "<" || $0 == "&" }) else { return FeedText.clean(html) }
    return FeedText.clean(blocks(html: html).map(\.text).joined(separator: " "))
  }

  private static func appendParagraph(_ blocks: inout [FeedBlock], _ text: String) {
    let clean = FeedText.clean(text)
    if !clean.isEmpty { blocks.append(.paragraph(clean)) }
  }
}

/// Turns a walk of HTML nodes into blocks.
private struct BlockBuilder {
  private var blocks: [FeedBlock] = []
  private var current = ""
  private var prefix = ""
  /// Nodes deeper than this are skipped: the HTML parser keeps no depth limit of its own, and
  /// the walk is recursive.
  private let maximumDepth = 128
  /// The text kept in all: a body longer than this ends with its last whole block.
  private let maximumBytes = 1 << 20
  private var bytes = 0

  private static let dropped: Set<String> = [
    "script", "style", "head", "title", "noscript", "template", "iframe", "object", "embed",
    "svg", "math", "canvas", "audio", "video", "button", "select", "input", "textarea", "form",
  ]
  private static let blockElements: Set<String> = [
    "p", "div", "section", "article", "aside", "header", "footer", "nav", "main", "blockquote",
    "pre", "ul", "ol", "dl", "dt", "dd", "table", "thead", "tbody", "tfoot", "tr", "figure",
    "figcaption", "address", "hr", "br", "details", "summary", "center", "body", "html",
  ]

  mutating func walk(_ node: XMLNode, depth: Int) {
    guard depth < maximumDepth, bytes < maximumBytes else { return }
    switch node.pointer.pointee.type {
    case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
      if let content = node.pointer.pointee.content {
        let text = ControlShelter.restore(String(cString: content))
        bytes += text.utf8.count
        current += text
      }
    case XML_ELEMENT_NODE:
      let name = node.name.lowercased()
      if Self.dropped.contains(name) { return }
      switch name {
      case "h1", "h2", "h3", "h4", "h5", "h6":
        flush()
        for child in node.children { walk(child, depth: depth + 1) }
        flush(as: .heading)
      case "li":
        flush()
        prefix = "• "
        for child in node.children { walk(child, depth: depth + 1) }
        flush()
      case "img":
        if let alt = node.attribute("alt"), !FeedText.clean(alt).isEmpty {
          current += " [\(ControlShelter.restore(alt))] "
        }
      case "td", "th":
        current += " "
        for child in node.children { walk(child, depth: depth + 1) }
        current += " "
      default:
        let isBlock = Self.blockElements.contains(name)
        if isBlock { flush() }
        for child in node.children { walk(child, depth: depth + 1) }
        if isBlock { flush() }
      }
    default:
      break
    }
  }

  private mutating func flush(as kind: FeedBlock.Kind = .paragraph) {
    let text = FeedText.clean(current)
    if !text.isEmpty {
      blocks.append(FeedBlock(kind, kind == .paragraph ? prefix + text : text))
      prefix = ""
    }
    current = ""
  }

  mutating func finish() -> [FeedBlock] {
    flush()
    return blocks
  }
}

/// Carries control characters through libxml2's HTML parser, which drops them (`&#27;` and a
/// raw ESC alike) but keeps what followed: `&#27;[31m` would come out as the visible text
/// `[31m`, the rest of an escape sequence. Before parsing, each control character (raw or as
/// a numeric reference) becomes a code point of the supplementary private use area B
/// (U+10FF00 + its value); after, it becomes the control character again, so that
/// ``FeedText/clean(_:)`` removes the whole sequence it starts.
enum ControlShelter {
  private static let base: UInt32 = 0x10_FF00

  private static func isControl(_ value: UInt32) -> Bool {
    (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D)
      || (0x7F...0x9F).contains(value)
  }

  /// `html` with its control characters and their numeric references moved out of the way.
  static func hide(_ html: String) -> String {
    var scalars = Array(html.unicodeScalars)
    guard scalars.contains(where: { $0 == "&" || isControl($0.value) }) else { return html }
    var out = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if isControl(scalar.value) {
        out.append(Unicode.Scalar(base + scalar.value)!)
        index += 1
        continue
      }
      if scalar == "&", index + 2 < scalars.count, scalars[index + 1] == "#",
        let (value, length) = numericReference(scalars, from: index + 2), isControl(value)
      {
        out.append(Unicode.Scalar(base + value)!)
        index += 2 + length
        continue
      }
      out.append(scalar)
      index += 1
    }
    scalars.removeAll()
    return String(out)
  }

  /// `text` with the sheltered control characters put back.
  static func restore(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.value >= base }) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar.value >= base, scalar.value <= base + 0x9F {
        out.append(Unicode.Scalar(scalar.value - base)!)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// The value of `27;`, `x1b;` or `X1B` at `start` (after `&#`), and how many scalars it
  /// takes (the `;` included when present).
  private static func numericReference(_ scalars: [Unicode.Scalar], from start: Int)
    -> (UInt32, Int)?
  {
    var index = start
    var radix: UInt32 = 10
    if index < scalars.count, scalars[index] == "x" || scalars[index] == "X" {
      radix = 16
      index += 1
    }
    var value: UInt32 = 0
    let digitsStart = index
    while index < scalars.count, index - digitsStart < 8,
      let digit = Character(scalars[index]).hexDigitValue, UInt32(digit) < radix
    {
      value = value * radix + UInt32(digit)
      index += 1
    }
    guard index > digitsStart else { return nil }
    if index < scalars.count, scalars[index] == ";" { index += 1 }
    return (value, index - start)
  }
}
