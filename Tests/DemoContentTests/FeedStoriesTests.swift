import Foundation
import NewsFeeds
import TabBarKit
import Testing

@testable import tabbar_demo

/// A feed's stories go everywhere a story of the content file goes: they
/// open where they were left, in this run and the next (`--state`); `/`
/// finds them; `n` and `p` walk them; History, Favourites and `--open`
/// reach them; and a story posted with `+` goes on top of News's first
/// channel as it does without feeds. Headless (the fetch blocks), with the
/// feed in a file the test writes.
@MainActor
@Suite("demo: a feed's stories as the content's")
struct FeedStoriesTests {
  typealias Folder = FeedChannelsTests.Folder

  /// A feed of `titles`, newest first, each story 40 paragraphs long.
  static func longRSS(_ titles: [String]) -> String {
    let paragraphs = (1...40).map { "&lt;p&gt;Paragraph \($0) of the story.&lt;/p&gt;" }.joined()
    let items = titles.enumerated().map { index, title in
      "<item><guid>\(title)</guid><title>\(title)</title>"
        + "<pubDate>\(23 - index) Nov 2026 08:00:00 GMT</pubDate>"
        + "<description>\(paragraphs)</description></item>"
    }
    return #"<?xml version="1.0"?><rss version="2.0"><channel><title>Desk</title>"#
      + items.joined() + "</channel></rss>"
  }

  /// A run of the built-in content with News's channel the feed at `path`,
  /// as the binary starts it with `--state statePath` (the file read into
  /// the app before it starts) and `--open` (when given).
  @MainActor
  struct Run {
    let app: Application
    let terminal = MemoryTerminal(size: Size(width: 80, height: 16))
    let root: DemoRootController
    let session: StateSession

    init(feed path: String, folder: Folder, open: String? = nil) throws {
      let content = try DemoContent.load(path: nil)
      let model = DemoModel(
        content: content, loadsAtOnce: true,
        feeds: FeedOptions(sources: [.file(path)], cache: folder.cache, atOnce: true))
      root = try model.makeRoot(barStyle: nil)
      session = StateSession(
        path: folder.path + "/state.json", content: ContentState.name(ofContentAt: nil))
      _ = session.restore(into: root, theme: nil, barStyle: nil)
      root.model.feeds.restoreRead(root.model.reading.history)
      if let open { try OpenPath(text: open).follow(in: root) }
      app = Application(root: root, terminal: terminal, clock: ManualClock(), animated: false)
      app.start()
    }

    func press(_ names: String) throws { try FeedChannelsTests.press(names, app) }

    /// Saves as a quit does.
    func quit() {
      session.save(root)
    }

    var story: FeedStoryPage? { root.stacks[0].topViewController as? FeedStoryPage }

    var channel: FeedChannelPage {
      get throws {
        try #require(try FeedChannelsTests.strip(root).channels.first as? FeedChannelPage)
      }
    }
  }

  @Test("a feed's story left part-read opens where it was left, in this run and the next")
  func resumesWhereLeft() throws {
    let folder = try Folder()
    let path = folder.path + "/desk.rss"
    try Self.longRSS(["Harbour reopens", "Ferry strike ends"]).write(
      toFile: path, atomically: true, encoding: .utf8)
    let run = try Run(feed: path, folder: folder)
    try run.press("down,enter,pgdn,pgdn")
    let left = try #require(run.story).textView.position
    #expect(left != .start)
    let screen = run.terminal.screen.text
    try run.press("esc,enter")
    #expect(run.story?.item.title == "Ferry strike ends")
    #expect(run.story?.textView.position == left)
    #expect(run.terminal.screen.text == screen, "the same words on screen")
    try run.press("esc")
    run.quit()

    // The feed brings a story on top meanwhile: the place is the story's, not its row's.
    try Self.longRSS(["Bridge opens", "Harbour reopens", "Ferry strike ends"]).write(
      toFile: path, atomically: true, encoding: .utf8)
    let next = try Run(feed: path, folder: folder)
    try next.press("down,down,enter")
    #expect(next.story?.item.title == "Ferry strike ends")
    #expect(next.story?.textView.position == left)
    // A story never opened starts at its top.
    try next.press("esc,home,enter")
    #expect(next.story?.item.title == "Bridge opens")
    #expect(next.story?.textView.position == .start)
  }

  @Test("History, Favourites and the read marks of a feed's stories come back with --state")
  func keptByState() throws {
    let folder = try Folder()
    let path = folder.path + "/desk.rss"
    try FeedChannelsTests.rss(["Harbour reopens", "Ferry strike ends"]).write(
      toFile: path, atomically: true, encoding: .utf8)
    let run = try Run(feed: path, folder: folder)
    try run.press("down,enter,f,esc")
    let id = try #require(run.root.model.reading.history.first)
    run.quit()
    let next = try Run(feed: path, folder: folder)
    #expect(next.root.model.reading.history.first == id)
    #expect(next.root.model.reading.favourites.first == id)
    let channel = try next.channel
    #expect(!channel.listView.rows[1].emphasis.contains(.bold), "read: not bold")
    #expect(channel.listView.rows[0].emphasis.contains(.bold))
    #expect(channel.tabBarItem.badge == .count(1))
    // Me's Favourites opens it.
    let row = try #require(next.root.model.feedStoryRow(id))
    #expect(row.title == "Ferry strike ends" && row.detail == "Desk")
    let page = try #require(row.destination?() as? FeedStoryPage)
    #expect(page.item.title == "Ferry strike ends")
  }

  @Test("/ finds a feed's stories by title, and Enter opens the one found")
  func search() throws {
    let folder = try Folder()
    let path = folder.path + "/desk.rss"
    try FeedChannelsTests.rss(["Harbour reopens", "Ferry strike ends", "Tide record"]).write(
      toFile: path, atomically: true, encoding: .utf8)
    let run = try Run(feed: path, folder: folder)
    try run.press("/")
    run.app.send(.paste("ferry"))
    try run.press("enter")
    let channel = try run.channel
    #expect(channel.listView.shownRows.map(\.title) == ["Ferry strike ends"])
    try run.press("enter")
    #expect(run.story?.item.title == "Ferry strike ends")
  }

  @Test("n and p walk a feed's stories in the channel's order, and say so at either end")
  func nextAndPrevious() throws {
    let folder = try Folder()
    let path = folder.path + "/desk.rss"
    try FeedChannelsTests.rss(["Harbour reopens", "Ferry strike ends", "Tide record"]).write(
      toFile: path, atomically: true, encoding: .utf8)
    let run = try Run(feed: path, folder: folder)
    try run.press("enter,p")
    #expect(run.story?.item.title == "Harbour reopens")
    #expect(
      run.terminal.screen.text.contains("This is the first one"), "\(run.terminal.screen.text)")
    try run.press("n,n")
    #expect(run.story?.item.title == "Tide record")
    try run.press("p")
    #expect(run.story?.item.title == "Ferry strike ends")
    #expect(try run.channel.listView.selectedRow?.title == "Ferry strike ends")
    // One page on the stack over the channel, whatever the walk.
    #expect(run.root.stacks[0].viewControllers.count == 2)
  }

  @Test("--open 1/2 opens the second story of News's first feed")
  func deepLink() throws {
    let folder = try Folder()
    let path = folder.path + "/desk.rss"
    try FeedChannelsTests.rss(["Harbour reopens", "Ferry strike ends"]).write(
      toFile: path, atomically: true, encoding: .utf8)
    let run = try Run(feed: path, folder: folder, open: "1/2")
    #expect(run.story?.item.title == "Ferry strike ends")
    #expect(run.terminal.screen.text.contains("Ferry strike ends"))
    #expect(throws: DeepLinkError.self) {
      try OpenPath(text: "1/9").follow(in: run.root)
    }
  }

  @Test("the story open at quit is open again with --state")
  func storyOpenAtQuit() throws {
    let folder = try Folder()
    let path = folder.path + "/desk.rss"
    try FeedChannelsTests.rss(["Harbour reopens", "Ferry strike ends"]).write(
      toFile: path, atomically: true, encoding: .utf8)
    let run = try Run(feed: path, folder: folder)
    try run.press("down,enter")
    run.quit()
    let next = try Run(feed: path, folder: folder)
    #expect(next.story?.item.title == "Ferry strike ends")
  }

  @Test("with feeds, a story posted with + goes on top of News's first channel, badge and all")
  func postedStory() throws {
    let folder = try Folder()
    let path = folder.path + "/desk.rss"
    try FeedChannelsTests.rss(["Harbour reopens", "Ferry strike ends"]).write(
      toFile: path, atomically: true, encoding: .utf8)
    let run = try Run(feed: path, folder: folder)
    try run.press("5,+")
    for character in "Bridge to open" { run.app.send(.key(.character(character))) }
    try run.press("tab")
    for character in "The bridge opens on Monday." { run.app.send(.key(.character(character))) }
    try run.press("tab,tab,enter")
    #expect(run.root.selectedIndex == 0, "the reader lands on News")
    let channel = try run.channel
    #expect(channel.listView.rows.first?.title == "Bridge to open")
    #expect(channel.listView.selectedIndex == 0)
    #expect(run.terminal.screen.text.contains("Posted to News"), "\(run.terminal.screen.text)")
    let lines = run.terminal.screen.text.split(separator: "\n").map(String.init)
    let post = try #require(lines.firstIndex { $0.contains("Bridge to open") }, "\(lines)")
    #expect(lines[post + 1].contains("Harbour reopens"), "the feed's stories under it")
    // The feed's unread count is the feed's: the post is the reader's own.
    #expect(channel.tabBarItem.badge == .count(2))
    // A refresh keeps it on top, and its row opens its page.
    try FeedChannelsTests.rss(["Tide record", "Harbour reopens", "Ferry strike ends"]).write(
      toFile: path, atomically: true, encoding: .utf8)
    try run.press("r")
    #expect(channel.listView.rows.map(\.title).prefix(2) == ["Bridge to open", "Tide record"])
    try run.press("home,enter")
    let page = try #require(run.root.stacks[0].topViewController as? TextViewController)
    #expect(page.textView.blocks.contains(.paragraph("The bridge opens on Monday.")))
    try run.press("esc")

    // Posted from elsewhere, News shows a badge until the reader goes there.
    try run.press("2")
    run.root.compose.publish(
      ComposeState.Post(
        tab: 0, title: "Second post", body: "Body", category: "", byline: "You", time: "now"),
      badge: .text("new"), toast: nil)
    run.app.tick()
    #expect(run.root.viewControllers[0].tabBarItem.badge == .text("new"))
    try run.press("1")
    #expect(run.root.viewControllers[0].tabBarItem.badge == Badge.none)
    #expect(channel.listView.rows.first?.title == "Second post")

    // And --state keeps the posts, on top of the feed's stories in the next run.
    run.quit()
    let next = try Run(feed: path, folder: folder)
    #expect(
      try next.channel.listView.rows.map(\.title).prefix(3)
        == ["Second post", "Bridge to open", "Tide record"])
  }
}
