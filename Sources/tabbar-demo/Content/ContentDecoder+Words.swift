import TabBarKit

extension ContentDecoder {
  /// The words of the file: `language`, then the single words of
  /// `strings`, then the keys' of `keys`.
  static func words(_ top: ObjectReader) throws(ContentError) -> Words {
    var words = Words()
    if let name = try top.string("language") {
      guard let language = Words.Language(rawValue: name) else {
        let names = Words.Language.allCases.map { ContentError.quoted($0.rawValue) }
        throw ContentError(
          at: JSONPath.root.appending("language"),
          "unknown language \(ContentError.quoted(name)); expected "
            + names.joined(separator: " or "))
      }
      words = Words(language)
    }
    if let value = top["strings"] {
      let path = JSONPath.root.appending("strings")
      let names = Words.stringNames
      let strings = try ObjectReader(value, at: path, keys: Set(names.keys))
      for (name, keyPath) in names.sorted(by: { $0.key < $1.key }) {
        if let text = try strings.string(name) { words[keyPath: keyPath] = text }
      }
    }
    if let value = top["keys"] {
      let path = JSONPath.root.appending("keys")
      let names = Words.keyNames
      let keys = try ObjectReader(value, at: path, keys: Set(names.keys))
      for (name, keyPath) in names.sorted(by: { $0.key < $1.key }) {
        guard let entry = keys[name] else { continue }
        let object = try ObjectReader(entry, at: path.appending(name), keys: ["help", "hint"])
        if let help = try object.string("help") { words[keyPath: keyPath].help = help }
        // A key without a hint gets none: the hint's room is short.
        if let hint = try object.string("hint"), words[keyPath: keyPath].hint != nil {
          words[keyPath: keyPath].hint = hint
        }
      }
    }
    return words
  }
}
