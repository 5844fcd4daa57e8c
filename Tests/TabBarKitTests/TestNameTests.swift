import Foundation
import Testing

/// A failing test is read by its name: the name must say what it checks.
@Suite("test names")
struct TestNameTests {
  /// The name of every `@Test` and `@Suite` under `Tests/`, with its place.
  static func names() throws -> [(place: String, name: String)] {
    let tests = DocCommentTests.files(under: "Tests", ending: ".swift")
    var names: [(String, String)] = []
    for file in tests {
      let text = try String(contentsOf: file, encoding: .utf8)
      // `@Test("…"` or `@Test(` with the name on the next line.
      for match in text.matches(of: /@(?:Test|Suite)\(\s*"((?:[^"\\]|\\.)*)"/) {
        let line = text[..<match.range.lowerBound].count(where: { $0 == "\n" }) + 1
        names.append(("\(file.lastPathComponent):\(line)", String(match.output.1)))
      }
    }
    return names
  }

  /// A name that cites an id instead of saying what it checks: one that
  /// starts with ids or an issue number and a colon (`T7: …`, `N3, T2: …`,
  /// `13: …`), or with a bare number, which reads as one (`50 resizes…`),
  /// or ends with ids in parentheses (`Navigation (N1, N2)`).
  static func citesAnID(_ name: String) -> Bool {
    let id = #"(?:[A-Z][0-9]+[a-z]?|[0-9]{1,3})"#
    let leading = try! Regex("^\(id)(?:(?:, | and |/)\(id))*: |^[0-9][0-9,]* ")
    let trailing = try! Regex(#"\((?:[A-Z][0-9]+[a-z]?)(?:, [A-Z][0-9]+[a-z]?)*\)$"#)
    return name.contains(leading) || name.contains(trailing)
  }

  @Test("the check tells a name that cites an id from one that says what it checks")
  func theCheckRecognisesIDs() {
    #expect(Self.citesAnID("T7: left and right switch tabs"))
    #expect(Self.citesAnID("N3, T2: the bar slides with the page"))
    #expect(Self.citesAnID("13: the player pauses"))
    #expect(Self.citesAnID("50 resizes in a burst equal a fresh start"))
    #expect(!Self.citesAnID("a burst of 50 resizes equals a fresh start"))
    #expect(Self.citesAnID("Navigation (N1, N2, N4)"))
    #expect(!Self.citesAnID("left and right switch tabs and wrap around"))
    #expect(!Self.citesAnID("C1 introducers in 8-bit form are strings"))
    #expect(!Self.citesAnID("the same form at 40×12: labels beside"))
    #expect(!Self.citesAnID("Linux console F1–F5 decode as function keys"))
  }

  @Test("no test or suite name cites a rule id or an issue number instead of a behaviour")
  func noNameCitesAnID() throws {
    let names = try Self.names()
    #expect(names.count > 500, "found only \(names.count) names: is the walk broken?")
    let citing = names.filter { Self.citesAnID($0.name) }.map { "\($0.place): \($0.name)" }
    #expect(citing.isEmpty, "names that cite ids:\n\(citing.joined(separator: "\n"))")
  }
}
