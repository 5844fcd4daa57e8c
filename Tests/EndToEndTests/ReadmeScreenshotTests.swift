import Foundation
import Testing

/// README screenshots are frames the renderer produced: `make screenshots`
/// writes them, and this test fails as soon as the renderer draws something
/// else, so the README cannot go stale.
@Suite("README screenshots")
struct ReadmeScreenshotTests {
  struct Screenshot {
    var arguments: [String]
    var text: String
    var line: Int
  }

  /// Every ```text block that follows a `<!-- screenshot: ARGS -->` line.
  static func screenshots() throws -> [Screenshot] {
    let readme = try String(
      contentsOf: DemoBinary.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = readme.components(separatedBy: "\n")
    var found: [Screenshot] = []
    for (index, line) in lines.enumerated()
    where line.hasPrefix("<!-- screenshot: ") && line.hasSuffix(" -->") {
      guard index + 1 < lines.count, lines[index + 1] == "```text",
        let end = lines[(index + 2)...].firstIndex(of: "```")
      else { continue }
      let arguments = line.dropFirst("<!-- screenshot: ".count).dropLast(" -->".count)
        .split(separator: " ").map(String.init)
      found.append(
        Screenshot(
          arguments: arguments, text: lines[(index + 2)..<end].joined(separator: "\n"),
          line: index + 1))
    }
    return found
  }

  @Test("every README screenshot is what tabbar-demo --headless prints today")
  func readmeMatchesRenderer() async throws {
    let screenshots = try Self.screenshots()
    #expect(!screenshots.isEmpty, "README.md has no <!-- screenshot: … --> block")
    for shot in screenshots {
      let result = try await DemoBinary.run(["--headless"] + shot.arguments)
      #expect(result.status == 0)
      let rendered = result.standardOutput.trimmingCharacters(in: .newlines)
      let readme = shot.text.components(separatedBy: "\n")
      let now = rendered.components(separatedBy: "\n")
      let firstDifference = zip(readme, now).enumerated().first { $0.element.0 != $0.element.1 }
      #expect(
        rendered == shot.text,
        """
        README.md line \(shot.line) (\(shot.arguments.joined(separator: " "))) is stale: \
        row \(firstDifference?.offset ?? min(readme.count, now.count)) differs; \
        run `make screenshots`
        """)
    }
  }
}
