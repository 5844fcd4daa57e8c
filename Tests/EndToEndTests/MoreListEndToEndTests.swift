import Testing

/// The `More` list in a real terminal that is resized while the list is on
/// screen: it lists the tabs behind `More` at each size.
@Suite("the More list across resizes end to end", .serialized, .timeLimit(.minutes(1)))
struct MoreListEndToEndTests {
  /// The tab titles listed under the navigation bar, top to bottom: the
  /// rows between the bar's rule and the first blank row.
  static func listed(_ screen: PaneCapture) -> [String] {
    var titles: [String] = []
    for row in 2..<screen.rows.count {
      let words = screen.text(ofRow: row).split(separator: " ")
      // A row is "<glyph>  <title>  <badge>": the title is its second word.
      guard words.count >= 2 else { break }
      titles.append(String(words[1]))
    }
    return titles
  }

  /// The demo's tabs in order.
  static let tabs = ["News", "Reading", "Video", "Topics", "Me"]

  @Test(
    "shrinking and growing the terminal while the More list shows keeps it the tabs behind More")
  func resizeWhileShown() async throws {
    let tmux = try TmuxSession(arguments: ["--no-animation"], width: 30, height: 14)
    defer { tmux.kill() }
    try await tmux.waitFor(text: "News")
    try tmux.press("Left")  // More, the last cell
    let first = try await tmux.waitFor("the More list") {
      Self.listed($0) == ["Video", "Topics", "Me"]
    }
    #expect(first.text(ofRow: 0).contains("More"), "\(first)")
    // Narrower: Reading loses its cell and joins the list; wider again: it
    // has its cell back and leaves the list.
    // At 30 columns News and Reading have cells; at 24 and 20 News alone.
    for (width, shown) in [(24, 1), (30, 2), (20, 1), (30, 2)] {
      try tmux.resize(width: width, height: 14)
      let screen = try await tmux.waitFor("the More list at \(width) columns") {
        $0.text(ofRow: 1) == String(repeating: "─", count: width)
          && Self.listed($0) == Array(Self.tabs.dropFirst(shown))
      }
      #expect(screen.text(ofRow: 0).contains("More"), "More is still on screen:\n\(screen)")
    }
  }
}
