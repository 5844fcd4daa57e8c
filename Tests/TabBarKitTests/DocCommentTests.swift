import Foundation
import Testing

/// What an app author reads: the doc comments and the DocC articles.
@Suite("documentation for app authors")
struct DocCommentTests {
  /// The package's root, from this file's path.
  static let root = URL(filePath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Every file under `folder` whose name ends in `suffix`.
  static func files(under folder: String, ending suffix: String) -> [URL] {
    let base = root.appending(path: folder)
    let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
    return (walker?.allObjects as? [URL] ?? []).filter { $0.path.hasSuffix(suffix) }
  }

  /// A rule id of the spec such as `T7` or `N3`, in parentheses or after a comma.
  static var ruleID: Regex<Substring> { /[(,] ?[TNRIHAKCP][0-9]+\b/ }

  @Test("no doc comment of the library and no article cites a rule id")
  func noRuleIDs() throws {
    let sources = Self.files(under: "Sources/TabBarKit", ending: ".swift")
    let articles = Self.files(under: "Sources/TabBarKit/TabBarKit.docc", ending: ".md")
    #expect(sources.count > 50 && articles.count > 5)
    var found: [String] = []
    for file in sources + articles {
      let isArticle = file.pathExtension == "md"
      for (n, line) in try String(contentsOf: file, encoding: .utf8).split(
        separator: "\n", omittingEmptySubsequences: false
      ).enumerated()
      where (isArticle || line.trimmingCharacters(in: .whitespaces).hasPrefix("///"))
        && line.contains(Self.ruleID)
      {
        found.append("\(file.lastPathComponent):\(n + 1): \(line)")
      }
    }
    #expect(found.isEmpty, "rule ids in what app authors read:\n\(found.joined(separator: "\n"))")
  }
}
