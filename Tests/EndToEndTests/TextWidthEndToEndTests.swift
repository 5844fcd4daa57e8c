import Foundation
import Testing

/// Me's Text width in a real terminal: a story in a wide window keeps to
/// its measure, centred, and the choice is kept with `--state`.
@Suite("text width in a wide terminal", .timeLimit(.minutes(2)))
struct TextWidthEndToEndTests {
  /// The leftmost and rightmost columns holding text in rows 2 and down,
  /// the last column (the scroll bar) left out.
  static func textColumns(_ screen: PaneCapture) -> ClosedRange<Int> {
    var low = Int.max
    var high = 0
    for row in screen.rows.indices.dropFirst(2) {
      for (column, cell) in screen.rows[row].enumerated().dropLast()
      where cell.scalar != " " {
        low = min(low, column)
        high = max(high, column)
      }
    }
    return low...high
  }

  @Test("at 160 columns a story keeps to 80 columns, centred; Narrow, kept by --state, to 60")
  func measureKeptAcrossRuns() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabbar-text-width-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let arguments = ["--no-animation", "--latency", "0", "--state", path]
    let story = "New rail line opens to the coast"
    do {
      let tmux = try TmuxSession(arguments: arguments, width: 160, height: 30)
      defer { tmux.kill() }
      try await tmux.waitFor(text: "Markets rally")
      try tmux.press("Down", "Down", "Enter")
      let normal = try await tmux.waitFor(text: "By Priya Nair")
      let columns = Self.textColumns(normal)
      #expect(columns.count <= 80 && columns.count > 70, "\(columns)\n\(normal)")
      #expect(abs(columns.lowerBound - (159 - columns.upperBound)) <= 3, "centred: \(columns)")
      // Me's Text width, the tenth row: Normal, Wide, Narrow.
      try tmux.press("5")
      try await tmux.waitFor(text: "Text width")
      for _ in 0..<9 { try tmux.press("Down") }
      try tmux.press("Enter", "Enter")
      try await tmux.waitFor(text: "Narrow")
      try tmux.press("q")
      _ = try await tmux.waitForExit()
    }
    let tmux = try TmuxSession(arguments: arguments, width: 160, height: 30)
    defer { tmux.kill() }
    try await tmux.waitFor(text: "Narrow")
    // News comes back with the story open, as it was left.
    try tmux.press("1")
    let narrow = try await tmux.waitFor(text: "By Priya Nair")
    #expect(narrow.row(containing: story) != nil)
    let columns = Self.textColumns(narrow)
    #expect(columns.count <= 60 && columns.count > 50, "\(columns)\n\(narrow)")
    #expect(abs(columns.lowerBound - (159 - columns.upperBound)) <= 3, "centred: \(columns)")
  }
}
