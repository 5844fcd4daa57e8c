import TabBarKit

extension ContentDecoder {
  /// The words of the file: `language`, then the single words of
  /// `strings`, then the key table's of `keys`.
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
      let keys = try ObjectReader(value, at: path, keys: Words.actionNames)
      for name in Words.actionNames.sorted() {
        guard let entry = keys[name] else { continue }
        let object = try ObjectReader(entry, at: path.appending(name), keys: ["help", "hint"])
        var current = words.keys[name] ?? Self.englishWords(of: name)
        if let help = try object.string("help") { current.help = help }
        if let hint = try object.string("hint") { current.hint = hint }
        words.keys[name] = current
      }
    }
    return words
  }

  /// The demo key table's own (English) words for the action `name`.
  private static func englishWords(of name: String) -> Words.KeyWords {
    let binding = KeyMap.demo.bindings.first { Words.name(of: $0.action) == name }
    return Words.KeyWords(help: binding?.help ?? "", hint: binding?.hint)
  }
}
