import Foundation
import Testing

/// SPEC, Layers: the library never imports ncurses. Its DocC catalog counts:
/// a code sample there with `import NcursesTerminal` reads as the library
/// importing the terminal, and slipped back in twice.
@Suite("layers")
struct LayerTests {
  @Test("Layers: no file under Sources/TabBarKit, DocC included, has an ncurses import line")
  func libraryImportsNoCurses() throws {
    let root = DemoBinary.packageRoot.appendingPathComponent("Sources/TabBarKit")
    let files = try #require(FileManager.default.enumerator(atPath: root.path))
    var offenders: [String] = []
    var scanned = 0
    for case let file as String in files where file.hasSuffix(".swift") || file.hasSuffix(".md") {
      scanned += 1
      let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        let code = line.trimmingCharacters(in: .whitespaces)
        let isImport = code.hasPrefix("import ") || code.hasPrefix("#include")
        if isImport, code.lowercased().contains("curses") {
          offenders.append("\(file):\(number + 1): \(code)")
        }
      }
    }
    #expect(scanned > 50, "the walk found the library's files")
    #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
  }
}
