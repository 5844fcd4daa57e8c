/// Where a value sits in a JSON document, written the way JavaScript reaches
/// it: `tabs[2].badge`, `pages.story.rows[0].page`, `pages["my page"]`.
struct JSONPath: Equatable, CustomStringConvertible {
  /// One step down: a member of an object or an element of an array.
  enum Component: Equatable {
    case key(String)
    case index(Int)
  }

  /// The steps from the top level, outermost first.
  var components: [Component] = []

  /// The top level of the document.
  static let root = JSONPath()

  /// The member `key` of the object at this path.
  func appending(_ key: String) -> JSONPath {
    JSONPath(components: components + [.key(key)])
  }

  /// The element `index` of the array at this path.
  func appending(_ index: Int) -> JSONPath {
    JSONPath(components: components + [.index(index)])
  }

  /// `tabs[2].badge`; `top level` for the root.
  var description: String {
    if components.isEmpty { return "top level" }
    var text = ""
    for component in components {
      switch component {
      case .index(let index):
        text += "[\(index)]"
      case .key(let key) where Self.isIdentifier(key):
        text += text.isEmpty ? key : "." + key
      case .key(let key):
        text += "[\(ContentError.quoted(key))]"
      }
    }
    return text
  }

  /// True when `key` can follow a dot: ASCII letters, digits, `_` and `-`,
  /// not starting with a digit or `-`.
  private static func isIdentifier(_ key: String) -> Bool {
    guard let first = key.unicodeScalars.first, first != "-", !("0"..."9").contains(first) else {
      return false
    }
    return key.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || $0 == "_" || $0 == "-"
    }
  }
}
