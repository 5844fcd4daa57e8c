import Foundation
import TabBarKit
import Testing

@testable import tabbar_demo

/// The story page's link line: drawn as a hyperlink (``Style/link``), on
/// each of its wrapped lines, and nowhere else.
@MainActor
@Suite("demo: a feed story's link is a hyperlink")
struct FeedStoryLinkTests {
  typealias Channels = FeedChannelsTests

  @Test("the link line's cells link to the story, the rest of the page does not")
  func linkLineIsLinked() throws {
    let folder = try Channels.Folder()
    let (app, terminal, _) = try Channels.app(
      [Channels.fixture("a.rss")], cache: folder.cache, size: Size(width: 80, height: 30))
    try Channels.press("enter", app)
    let screen = terminal.screen
    let row = try #require(
      screen.lines.firstIndex { $0.contains("Link: https://gazette.example/rail") })
    let linked = (0..<80).filter { screen[$0, row].style.link == "https://gazette.example/rail" }
    #expect(
      String(linked.map { screen[$0, row].character }) == "Link: https://gazette.example/rail",
      "exactly the line's text is linked")
    for y in 0..<30 where y != row {
      #expect(!(0..<80).contains { screen[$0, y].style.link != nil }, "row \(y) has no link")
    }
    #expect(screen.styleLine(row).trimmingCharacters(in: ["."]).allSatisfy { $0 == "L" })
  }

  @Test("on a narrow screen a long link wraps, and every line of it links to the story")
  func wrappedLinkLinksEveryLine() throws {
    let folder = try Channels.Folder()
    let (app, terminal, _) = try Channels.app(
      [Channels.fixture("a.rss")], cache: folder.cache, size: Size(width: 24, height: 30))
    try Channels.press("enter", app)
    let screen = terminal.screen
    let rows = (0..<30).filter { y in
      (0..<24).contains { screen[$0, y].style.link == "https://gazette.example/rail" }
    }
    #expect(rows.count >= 2, "\(screen.text)")
    // Every linked cell, row after row, spells the line (the wrap drops the space).
    let text = rows.map { y in
      String((0..<24).filter { screen[$0, y].style.link != nil }.map { screen[$0, y].character })
    }.joined()
    #expect(text.filter { $0 != " " } == "Link:https://gazette.example/rail", "\(text)")
  }
}
