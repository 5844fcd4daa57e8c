import TabBarKit
import Testing

@testable import tabbar_demo

/// Me's History and Favourites follow what the reader does: reading a story
/// puts it first in History, once; `f` on a story favourites it.
@MainActor
@Suite("demo content: history and favourites")
struct ReadingLogTests {
  static func app() throws -> (Application, MemoryTerminal, DemoRootController) {
    let content = try DemoContent.load(path: nil)
    let root = try DemoModel(content: content, loadsAtOnce: true).makeRoot(barStyle: nil)
    let terminal = MemoryTerminal(size: Size(width: 80, height: 24))
    let app = Application(root: root, terminal: terminal, clock: ManualClock(), animated: false)
    app.start()
    return (app, terminal, root)
  }

  static func press(_ names: String, _ app: Application) throws {
    for key in try Key.parseList(names) { app.send(.key(key)) }
  }

  @Test("reading a story puts it first in History, newest first, with no duplicates")
  func readingFillsHistory() throws {
    let (app, terminal, root) = try Self.app()
    let before = root.model.reading.history
    #expect(!before.isEmpty)
    // The third News story, then the first, then the third again.
    try Self.press("down,down,enter,esc,up,up,enter,esc,down,down,enter,esc", app)
    let history = root.model.reading.history
    #expect(history.count == Set(history).count, "duplicates: \(history)")
    let third = try #require(history.first)
    #expect(history.dropFirst().first != third)
    #expect(history.count <= before.count + 2)
    // Me shows the count, and History lists the story first.
    try Self.press("5", app)
    #expect(terminal.screen.text.contains("History"))
    let meRow = try #require(
      terminal.screen.text.split(separator: "\n").first { $0.contains(" History ") })
    #expect(meRow.contains("\(history.count)"), "\(meRow)")
    try Self.press("down,down,down,enter", app)
    let firstRow = terminal.screen.line(2)
    let title = try #require(root.model.content.row(opening: third)?.title)
    #expect(firstRow.contains(title), "\(terminal.screen.text)")
  }

  @Test("f on a story adds it to Favourites, and f again takes it out")
  func favouriteKey() throws {
    let (app, terminal, root) = try Self.app()
    let log = root.model.reading
    try Self.press("enter", app)
    let story = try #require(log.history.first)
    #expect(!log.isFavourite(story))
    try Self.press("f", app)
    #expect(log.favourites.first == story)
    #expect(terminal.screen.text.contains("Added to Favourites"), "\(terminal.screen.text)")
    try Self.press("f", app)
    #expect(!log.isFavourite(story))
  }

  @Test("the log kept by --state comes back, and stories the content lacks are dropped")
  func restoresWhatTheContentHas() throws {
    let (_, _, root) = try Self.app()
    let log = root.model.reading
    log.restore(
      ReadingState(
        history: ["story-rain", "nowhere", "story-rain"].map { .init(id: $0) }, favourites: []))
    #expect(log.history == ["story-rain"])
    #expect(log.favourites.isEmpty)
  }
}
