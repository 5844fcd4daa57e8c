import Foundation
import TabBarKit
import Testing

/// Whole characters per cell (P6) in a real terminal: titles with a combining
/// mark, a skin tone, a ZWJ sequence, VS16, decomposed Hangul and a flag take
/// the same columns in tmux, drawn through ncurses, as in the headless frame,
/// so the library's widths agree with the terminal's; in a locale that is not
/// UTF-8 too, where they are drawn as ASCII stand-ins.
@Suite("grapheme clusters in a terminal", .serialized, .timeLimit(.minutes(1)))
struct GraphemeEndToEndTests {
  /// Rows whose titles hold clusters, each followed by a marker, with a
  /// detail at the right of the row.
  static let content = #"""
    {
      "tabs": [{"title": "News", "glyph": "□", "selectedGlyph": "■", "page": "news"},
               {"title": "Me", "page": "me"}],
      "pages": {
        "news": {"rows": [
          {"title": "cafe\u0301 @1 end", "detail": "d1 · 1h"},
          {"title": "\ud83d\udc4d\ud83c\udffd @2 end", "detail": "d2 · 2h"},
          {"title": "\ud83d\udc69\u200d\ud83d\udcbb @3 end", "detail": "d3 · 3h"},
          {"title": "\u2764\ufe0f \u1100\u1161\u11a8 \ud83c\uddfa\ud83c\uddf8 @4 end", "detail": "d4 · 4h"}
        ]},
        "me": {"rows": ["Profile"]}
      }
    }
    """#

  /// The markers to find: after the clusters, and the details.
  static let markers = ["@1", "@2", "@3", "@4", "d1", "d2", "d3", "d4"]

  @Test(
    "clusters take the same columns in tmux (through ncurses) as in the headless frame",
    arguments: [false, true])
  func columnsAgreeWithTmux(asciiLocale: Bool) async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabbar-graphemes-\(UUID().uuidString).json").path
    try Data(Self.content.utf8).write(to: URL(fileURLWithPath: path))
    defer { unlink(path) }

    let headless = try await DemoBinary.run(["--headless", "--size", "80x24", "--content", path])
    #expect(headless.status == 0, "stderr: \(headless.standardError)")
    let lines = headless.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    // Where the library put each marker: its row, and the columns before it.
    var expected: [String: (x: Int, y: Int)] = [:]
    for marker in Self.markers {
      let y = try #require(lines.firstIndex { $0.contains(marker) }, "\(marker) in the frame")
      let prefix = try #require(lines[y].range(of: marker)).lowerBound
      expected[marker] = (TextWidth.width(of: lines[y][..<prefix]), y)
    }

    // In a locale that is not UTF-8 every cluster is an ASCII stand-in and
    // `?`s, as wide.
    let tmux = try TmuxSession(
      arguments: ["--content", path, "--no-animation"],
      environment: asciiLocale ? ["LANG": "C", "LC_ALL": "C"] : [:])
    defer { tmux.kill() }
    let screen = try await tmux.waitFor("the rows") { $0.row(containing: "d4") != nil }
    for marker in Self.markers {
      let shown = try Self.position(of: marker, in: tmux)
      let wanted = try #require(expected[marker])
      #expect(
        shown.x == wanted.x && shown.y == wanted.y,
        "\(marker): tmux \(shown), library \(wanted)")
    }
    for marker in Self.markers.prefix(4) {
      let y = try #require(expected[marker]).y
      let text = String(lines[y].reversed().drop { $0 == " " }.reversed())
      let row = screen.text(ofRow: y)
      if asciiLocale {
        #expect(row.unicodeScalars.allSatisfy { $0.isASCII }, "row \(y): \(row.debugDescription)")
        #expect(
          TextWidth.width(of: row) == TextWidth.width(of: text), "row \(y): \(row.debugDescription)"
        )
      } else {
        // The rows read the same, cluster for cluster.
        #expect(
          row.unicodeScalars.elementsEqual(text.unicodeScalars),
          "row \(y): tmux \(row.debugDescription), library \(text.debugDescription)")
      }
    }
    try tmux.press("q")
    #expect(try await tmux.waitForExit().status == 0)
  }

  /// The cell where `needle` (ASCII, on screen once) starts, as tmux counts
  /// columns: its copy mode's cursor after a search.
  static func position(of needle: String, in tmux: TmuxSession) throws -> (x: Int, y: Int) {
    let target = ["-t", tmux.sessionName]
    try tmux.tmux(["copy-mode"] + target)
    defer { _ = try? tmux.tmux(["send-keys"] + target + ["-X", "cancel"]) }
    try tmux.tmux(["send-keys"] + target + ["-X", "history-bottom"])
    try tmux.tmux(["send-keys"] + target + ["-X", "search-backward", needle])
    let report = try tmux.tmux(
      ["display-message", "-p"] + target + ["#{copy_cursor_x} #{copy_cursor_y}"])
    let numbers = report.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    guard numbers.count == 2 else {
      throw TmuxSession.Failure(description: "no cursor for \(needle): \(report)")
    }
    return (numbers[0], numbers[1])
  }
}
