import Foundation
import NewsFeeds
import TabBarKit
import Testing

@testable import tabbar_demo

/// News's channels as news feeds (`--feed`, a list page's `feeds`): the
/// fixture feeds of the feed engine's tests read from files, headless (the
/// fetch blocks, so each frame shows its result), with a cache in a folder
/// of the test's own.
@MainActor
@Suite("demo: News's channels as news feeds")
struct FeedChannelsTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("NewsFeedsTests/Fixtures")

  static func fixture(_ name: String) -> FeedSource {
    .file(fixtures.appendingPathComponent(name).path)
  }

  /// A fresh folder, removed when the value goes.
  final class Folder {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("feeds36-\(UUID().uuidString)").path
    init() throws {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    var cache: FeedCache { FeedCache(directory: path + "/cache/tabbar-demo") }
  }

  /// The built-in content with News's channels the `feeds`, started on a
  /// memory terminal; `now` is the time the stories age to.
  static func app(
    _ feeds: [FeedSource], cache: FeedCache, now: Date? = nil,
    size: Size = Size(width: 80, height: 16)
  ) throws -> (Application, MemoryTerminal, DemoRootController) {
    let content = try DemoContent.load(path: nil)
    let model = DemoModel(
      content: content, loadsAtOnce: true,
      feeds: FeedOptions(sources: feeds, cache: cache, atOnce: true))
    if let now { model.feeds.now = { now } }
    let root = try model.makeRoot(barStyle: nil)
    return DemoHarness.start(root, size: size)
  }

  static func press(_ names: String, _ app: Application) throws {
    try DemoHarness.press(names, app)
  }

  /// News's strip of channels.
  static func strip(_ root: DemoRootController) throws -> ChannelStripController {
    try #require(root.stacks[0].viewControllers.first as? ChannelStripController)
  }

  /// A feed of `titles`, newest first, one a day back from 2026-11-23.
  static func rss(_ titles: [String]) -> String {
    let items = titles.enumerated().map { index, title in
      "<item><guid>\(title)</guid><title>\(title)</title>"
        + "<pubDate>\(23 - index) Nov 2026 08:00:00 GMT</pubDate></item>"
    }
    return #"<?xml version="1.0"?><rss version="2.0"><channel><title>Desk</title>"#
      + items.joined() + "</channel></rss>"
  }

  @Test("News's channels are the feeds in the order given, each titled by its feed")
  func channelsAreTheFeeds() throws {
    let folder = try Folder()
    let (_, terminal, root) = try Self.app(
      [Self.fixture("a.rss"), Self.fixture("b.atom"), Self.fixture("c.json")],
      cache: folder.cache, size: Size(width: 100, height: 16))
    let strip = try Self.strip(root)
    #expect(
      strip.channels.map(\.title) == [
        "Harbour Gazette & Tides", "Field Notes", "The Clockmaker's Weekly",
      ])
    #expect(strip.selectedIndex == 0)
    let screen = terminal.screen.text
    #expect(screen.contains("Harbour Gazette & Tides 3"), "\(screen)")
    #expect(screen.contains("New rail line opens to the coast"), "\(screen)")
    #expect(screen.contains("Storm warning for the weekend"), "\(screen)")
    // The built-in stories are gone from News.
    #expect(!screen.contains("New rail line opens to the coast ›\n Harbour"), "\(screen)")
  }

  @Test("a story of a feed shows its title, byline, text and link; n goes to the next one")
  func storyPage() throws {
    let folder = try Folder()
    let (app, terminal, root) = try Self.app(
      [Self.fixture("a.rss")], cache: folder.cache, size: Size(width: 80, height: 30))
    try Self.press("enter", app)
    let screen = terminal.screen.text
    #expect(screen.contains("‹ News"), "\(screen)")
    #expect(screen.contains("Priya Nair · "), "\(screen)")
    #expect(screen.contains("Harbour Gazette & Tides"), "\(screen)")
    #expect(screen.contains("A line seven years in the making"), "\(screen)")
    #expect(screen.contains("Link: https://gazette.example/rail"), "\(screen)")
    #expect(!screen.contains("<script>") && !screen.contains("alert"), "\(screen)")
    try Self.press("n", app)
    let next = try #require(root.stacks[0].topViewController as? FeedStoryPage)
    #expect(next.item.title == "Storm warning for the weekend")
    #expect(terminal.screen.text.contains("Gusts of 90 km/h"), "\(terminal.screen.text)")
  }

  @Test("an opened story is no longer bold, and the channel's unread count drops")
  func unreadStories() throws {
    let folder = try Folder()
    let (app, terminal, root) = try Self.app([Self.fixture("a.rss")], cache: folder.cache)
    let channel = try #require(try Self.strip(root).channels.first as? FeedChannelPage)
    #expect(channel.listView.rows.allSatisfy { $0.emphasis.contains(.bold) })
    #expect(channel.tabBarItem.badge == .count(3))
    try Self.press("down,enter,esc", app)
    #expect(channel.tabBarItem.badge == .count(2))
    #expect(!channel.listView.rows[1].emphasis.contains(.bold))
    #expect(channel.listView.rows[0].emphasis.contains(.bold))
    #expect(terminal.screen.text.contains("Harbour Gazette & Tides 2"), "\(terminal.screen.text)")
  }

  @Test("a feed's story read goes to History, f puts it in Favourites, and both open it")
  func historyAndFavourites() throws {
    let folder = try Folder()
    let (app, terminal, root) = try Self.app([Self.fixture("a.rss")], cache: folder.cache)
    try Self.press("enter,f", app)
    let story = try #require(root.stacks[0].topViewController as? FeedStoryPage)
    #expect(root.model.reading.history.first == story.id)
    #expect(root.model.reading.favourites.first == story.id)
    #expect(terminal.screen.text.contains("★ Priya Nair"), "\(terminal.screen.text)")
    let row = try #require(root.model.feedStoryRow(story.id))
    #expect(row.title == "New rail line opens to the coast")
    #expect(row.detail == "Harbour Gazette & Tides")
    let opened = try #require(row.destination?() as? FeedStoryPage)
    #expect(opened.id == story.id)
    // What --state keeps of History makes the story read in the next run.
    let (_, _, next) = try Self.app([Self.fixture("a.rss")], cache: folder.cache)
    next.model.reading.restore(root.model.reading.state)
    next.model.feeds.restoreRead(next.model.reading.history)
    #expect(next.model.reading.favourites.first == story.id)
    let channel = try #require(try Self.strip(next).channels.first as? FeedChannelPage)
    #expect(channel.tabBarItem.badge == .count(2))
  }

  @Test("offline, a second run shows the cached stories under a dim offline line")
  func offlineFromTheCache() throws {
    let folder = try Folder()
    let path = folder.path + "/desk.rss"
    try Self.rss(["Harbour reopens", "Ferry strike ends"]).write(
      toFile: path, atomically: true, encoding: .utf8)
    _ = try Self.app([.file(path)], cache: folder.cache)
    try FileManager.default.removeItem(atPath: path)
    let later = Date().addingTimeInterval(2 * 3600 + 60)
    let (app, terminal, root) = try Self.app([.file(path)], cache: folder.cache, now: later)
    let screen = terminal.screen.text
    let lines = screen.split(separator: "\n").map(String.init)
    let offline = try #require(lines.firstIndex { $0.contains("offline · updated 2h ago") })
    #expect(lines[offline + 1].contains("Harbour reopens"), "\(screen)")
    #expect(screen.contains("Ferry strike ends"), "\(screen)")
    #expect(try Self.strip(root).channels.first?.title == "Desk")
    // Drawn dim.
    let styles = terminal.screen.styleText.split(separator: "\n").map(String.init)
    #expect(styles[offline].dropFirst().hasPrefix("DDDDDDD"), "\(styles[offline])")
    // In Chinese too.
    root.settings.setChinese(true)
    app.tick()
    #expect(terminal.screen.text.contains("离线 · 2小时前更新"), "\(terminal.screen.text)")
  }

  @Test("r brings the new stories on top with a line that counts them")
  func newStoriesOnTop() throws {
    let folder = try Folder()
    let path = folder.path + "/desk.rss"
    try Self.rss(["Harbour reopens", "Ferry strike ends"]).write(
      toFile: path, atomically: true, encoding: .utf8)
    let (app, terminal, _) = try Self.app([.file(path)], cache: folder.cache)
    #expect(!terminal.screen.text.contains("new stor"))
    try Self.rss(["Bridge opens", "Tide record", "Harbour reopens", "Ferry strike ends"]).write(
      toFile: path, atomically: true, encoding: .utf8)
    try Self.press("r", app)
    let lines = terminal.screen.text.split(separator: "\n").map(String.init)
    let line = try #require(lines.firstIndex { $0.contains("2 new stories") }, "\(lines)")
    #expect(lines[line + 1].contains("Bridge opens"), "\(lines)")
    #expect(lines[line + 2].contains("Tide record"), "\(lines)")
    #expect(lines[line + 3].contains("Harbour reopens"), "\(lines)")
  }

  @Test("a feed that is not a feed shows why on its channel; the other channels work")
  func badFeed() throws {
    let folder = try Folder()
    let (app, terminal, root) = try Self.app(
      [Self.fixture("malformed.rss"), Self.fixture("b.atom")], cache: folder.cache)
    let screen = terminal.screen.text
    let errors = screen.split(separator: "\n").filter { $0.contains("not a feed") }
    #expect(errors.count == 1, "\(screen)")
    #expect(screen.contains("retry"), "\(screen)")
    try Self.press("]", app)
    #expect(try Self.strip(root).selectedIndex == 1)
    #expect(terminal.screen.text.contains("Field Notes"), "\(terminal.screen.text)")
    #expect(terminal.screen.text.contains("Clouds & the cirrus season"), "\(terminal.screen.text)")
  }

  // MARK: Where feeds come from

  @Test("--feed is repeatable and keeps the order given")
  func commandLine() throws {
    guard
      case .run(let demo) = try TabBarDemo.invocation([
        "--feed", "http://127.0.0.1:1/a.rss", "--feed=https://example.org/b.atom",
        "--feed", Self.fixtures.appendingPathComponent("c.json").path,
      ])
    else { Issue.record("not a run"); return }
    let sources = try demo.feedOptions().sources
    #expect(
      sources == [
        .url("http://127.0.0.1:1/a.rss"), .url("https://example.org/b.atom"),
        Self.fixture("c.json"),
      ])
  }

  @Test("a bad --feed is refused with one line that names it")
  func badCommandLine() {
    func error(_ value: String) -> String? {
      do {
        _ = try TabBarDemo.invocation(["--feed", value])
        return nil
      } catch {
        return error.description
      }
    }
    #expect(
      error("ftp://example.org/a.rss")?.hasPrefix("--feed 'ftp://example.org/a.rss': ") == true)
    #expect(error("/no/such/feed.rss")?.contains("No such file or directory") == true)
    #expect(error("http://") != nil)
    #expect(error(Self.fixtures.path)?.contains("is a folder") == true)
    for value in ["ftp://x", "/no/such/feed.rss", "http://"] {
      #expect(error(value)?.contains("\n") == false)
    }
  }

  /// The error of a content file whose list page has `feeds`, or nil.
  static func error(feeds: String) -> String? {
    let file =
      #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"rows": [], "feeds": "#
      + feeds + "}}}"
    do {
      _ = try ContentFile(bytes: Array(file.utf8), file: "f.json")
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test("a list page's feeds are its channels; a bad one is refused with its JSON path")
  func contentFeeds() throws {
    #expect(Self.error(feeds: #"["https://example.org/a.rss", "b.json"]"#) == nil)
    #expect(
      Self.error(feeds: "[]")
        == #"f.json: pages.a.feeds: no feeds; give at least one, or leave "feeds" out"#)
    #expect(Self.error(feeds: #"["gopher://x"]"#)?.hasPrefix("f.json: pages.a.feeds[0]: ") == true)
    #expect(Self.error(feeds: "[1]")?.contains("pages.a.feeds[0]") == true)
    let file =
      #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"rows": [], "feeds": ["#
      + "\"\(Self.fixtures.appendingPathComponent("b.atom").path)\"]}}}"
    let content = try ContentFile(bytes: Array(file.utf8), file: "f.json")
    let model = DemoModel(content: content, loadsAtOnce: true)
    #expect(model.feeds.sources["a"] == [Self.fixture("b.atom")])
  }

  // MARK: The browser

  @Test("o's browser is $BROWSER's first command with the link as an argument, never as code")
  func browser() async throws {
    let folder = try Folder()
    let script = folder.path + "/browser.sh"
    let record = folder.path + "/opened"
    try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(record)'\n".write(
      toFile: script, atomically: true, encoding: .utf8)
    chmod(script, 0o755)
    // Read by sh rather than executed: a script written a moment ago can
    // fail to exec with "Text file busy" while a process forked meanwhile
    // by a test beside this one still holds its writing descriptor.
    let opener = LinkOpener(browser: "/bin/sh \(script) %s:firefox")
    #expect(opener.command == "/bin/sh \(script) %s" && opener.program == "/bin/sh")
    let link = "https://example.org/a?b=1&c=$(touch \(folder.path)/pwned);d=`id`"
    guard case .success = opener.open(link, application: nil) else {
      Issue.record("did not start")
      return
    }
    var opened = ""
    for _ in 0..<100 where opened.isEmpty {
      opened = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
      if opened.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
    }
    #expect(opened == link + "\n")
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/pwned"))
    // No such program: a failure that says so.
    let missing = LinkOpener(browser: "/no/such/browser")
    guard case .failure(let failure) = missing.open(link, application: nil) else {
      Issue.record("a missing browser was reported opened")
      return
    }
    #expect(failure.description.contains("not found"))
    #expect(LinkOpener(browser: nil).command == "xdg-open")
    #expect(LinkOpener(browser: " :").command == "xdg-open")
  }
}
