internal import CLibXML2

#if canImport(Glibc)
  import Glibc
#endif

/// A read-only view of one libxml2 node, valid while its document lives.
struct XMLNode {
  let pointer: xmlNodePtr

  var isElement: Bool { pointer.pointee.type == XML_ELEMENT_NODE }

  /// The local name (without prefix), as libxml2 keeps it.
  var name: String {
    guard let name = pointer.pointee.name else { return "" }
    return String(cString: name)
  }

  /// The namespace URI, or "" when the node has none.
  var namespace: String {
    guard let ns = pointer.pointee.ns, let href = ns.pointee.href else { return "" }
    return String(cString: href)
  }

  /// The namespace prefix, or "".
  var prefix: String {
    guard let ns = pointer.pointee.ns, let prefix = ns.pointee.prefix else { return "" }
    return String(cString: prefix)
  }

  /// The child nodes, in order.
  var children: some Sequence<XMLNode> {
    sequence(first: pointer.pointee.children, next: { $0?.pointee.next }).lazy
      .compactMap { $0.map(XMLNode.init) }
  }

  /// The child elements, in order.
  var elements: some Sequence<XMLNode> { children.filter(\.isElement) }

  /// The first child element with this local name in one of `namespaces` ("" for none).
  func element(_ name: String, in namespaces: Set<String>) -> XMLNode? {
    elements.first { $0.name == name && namespaces.contains($0.namespace) }
  }

  /// The value of an attribute without namespace, or nil.
  func attribute(_ name: String) -> String? {
    var attribute = pointer.pointee.properties
    while let current = attribute {
      if let attributeName = current.pointee.name, String(cString: attributeName) == name,
        current.pointee.ns == nil
      {
        var text = ""
        var child = current.pointee.children
        while let node = child {
          if let content = node.pointee.content { text += String(cString: content) }
          child = node.pointee.next
        }
        return text
      }
      attribute = current.pointee.next
    }
    return nil
  }

  /// The text inside the node: its text and CDATA descendants, concatenated, at most
  /// `limit` UTF-8 bytes. Entity references are never followed (they are refused before a
  /// document gets here, and only the predefined ones were ever expanded).
  func text(limit: Int = 1 << 20) -> String {
    var bytes: [UInt8] = []
    collectText(into: &bytes, limit: limit, depth: 0)
    return String(decoding: bytes, as: UTF8.self)
  }

  private func collectText(into bytes: inout [UInt8], limit: Int, depth: Int) {
    guard depth < 256 else { return }
    var child = pointer.pointee.children
    while let node = child, bytes.count < limit {
      switch node.pointee.type {
      case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
        if let content = node.pointee.content {
          let count = min(strlen(content), limit - bytes.count)
          bytes.append(contentsOf: UnsafeBufferPointer(start: content, count: count))
        }
      case XML_ELEMENT_NODE:
        XMLNode(pointer: node).collectText(into: &bytes, limit: limit, depth: depth + 1)
      default:
        break
      }
      child = node.pointee.next
    }
  }
}
