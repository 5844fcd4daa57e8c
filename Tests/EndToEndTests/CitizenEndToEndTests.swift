import Foundation
import Testing

/// What a first-time user met at ordinary terminal sizes, on the real binary
/// in tmux: the key help on a short screen, the More list after a resize.
@Suite("Terminal citizen end to end", .serialized, .timeLimit(.minutes(1)))
struct CitizenEndToEndTests {
  @Test("at 80×15 the help shows every key, Back and Quit included, and how to close it")
  func helpOnAShortScreen() async throws {
    let tmux = try TmuxSession(width: 80, height: 15)
    defer { tmux.kill() }
    // The stories, not "Loading…": Enter on a list still loading opens nothing.
    try await tmux.waitFor("News's stories") { pane in
      pane.row(containing: "Reading") != nil && pane.row(containing: "Loading") == nil
    }
    try tmux.press("Enter")  // a story: Back is one of its keys
    try await tmux.waitFor(text: "‹ News")
    try tmux.press("?")
    let help = try await tmux.waitFor(text: "Keys")
    for text in ["Next tab", "Previous tab", "Back", "Quit", "Plus button", "q quits"] {
      #expect(help.row(containing: text) != nil, "\(text) missing:\n\(help)")
    }
    try tmux.press("q")
    let exit = try await tmux.waitForExit()
    #expect(exit.status == 0, "q quits from the help")
  }

  @Test("at 30×12 the help scrolls to its last key; Esc closes it")
  func helpOnANarrowScreen() async throws {
    let tmux = try TmuxSession(width: 30, height: 12)
    defer { tmux.kill() }
    try await tmux.waitFor(text: "News")
    try tmux.press("?")
    let top = try await tmux.waitFor(text: "Keys ↓")
    #expect(top.row(containing: "esc closes · q quits") != nil, "\(top)")
    #expect(top.row(containing: "Quit") == nil)
    try tmux.press("End")
    let end = try await tmux.waitFor(text: "Keys ↑")
    #expect(end.row(containing: "Quit") != nil, "\(end)")
    try tmux.press("Escape")
    try await tmux.waitFor("the help to close") { $0.row(containing: "Keys") == nil }
  }

  @Test("a More list left on screen by a small terminal gives way to the tab when it grows")
  func moreAfterGrowing() async throws {
    let tmux = try TmuxSession(width: 30, height: 10)
    defer { tmux.kill() }
    try await tmux.waitFor(text: "More")
    try tmux.press("Left")  // from News, Left wraps to the More cell
    try await tmux.waitFor(text: "Video")
    try tmux.resize(width: 80, height: 24)
    let grown = try await tmux.waitFor(text: "Reading")
    #expect(grown.lines.first?.trimmingCharacters(in: .whitespaces) == "News", "\(grown)")
    #expect(grown.row(containing: "More") == nil, "\(grown)")
  }
}
