import Foundation
import NewsFeeds
import TabBarKit
import Testing

@testable import tabbar_demo

/// Me's Refresh feeds: every feed channel fetches again by itself on the
/// period chosen, as `r` does, through the app's timers; none while it is
/// Off or the app shows no feed. Headless (the fetch blocks), on a manual
/// clock, with the feed in a file the test rewrites.
@MainActor
@Suite("demo: Me's Refresh feeds")
struct FeedRefreshTests {
  typealias Folder = FeedChannelsTests.Folder

  /// A run of the built-in content with News's channel the feed at `path`
  /// (none when nil), on a manual clock, its timers running as in a
  /// terminal; `saved`, the settings a `--state` file gave.
  @MainActor
  struct Run {
    let app: Application
    let clock = ManualClock()
    let terminal = MemoryTerminal(size: Size(width: 80, height: 16))
    let root: DemoRootController

    init(feed path: String?, folder: Folder, saved: SavedSettings? = nil) throws {
      let content = try DemoContent.load(path: nil)
      let model = DemoModel(
        content: content, loadsAtOnce: true,
        feeds: FeedOptions(
          sources: path.map { [.file($0)] } ?? [], cache: folder.cache, atOnce: true))
      root = try model.makeRoot(barStyle: nil)
      root.settings.start(saved: saved, theme: nil, barStyle: nil)
      app = Application(root: root, terminal: terminal, clock: clock, animated: false)
      app.start()
      // As the demo does when it runs in a terminal: the settings' timers start.
      root.settings.run(on: app)
    }

    /// Presses keys by name, as `--keys` does, and draws.
    func press(_ names: String) throws { try FeedChannelsTests.press(names, app) }

    /// The app's clock moves on by `duration`, and the timers due fire.
    func wait(_ duration: Duration) {
      clock.advance(by: duration)
      app.tick()
    }

    var lines: [String] { terminal.screen.text.split(separator: "\n").map(String.init) }

    var channel: FeedChannelPage {
      get throws {
        try #require(try FeedChannelsTests.strip(root).channels.first as? FeedChannelPage)
      }
    }
  }

  static func write(_ titles: [String], to path: String) throws {
    try FeedChannelsTests.rss(titles).write(toFile: path, atomically: true, encoding: .utf8)
  }

  @Test("on every 5 minutes, the feed refreshes by itself: new stories on top under their line")
  func refreshesOnThePeriod() throws {
    let folder = try Folder()
    let path = folder.path + "/desk.rss"
    try Self.write(["Harbour reopens", "Ferry strike ends"], to: path)
    let run = try Run(feed: path, folder: folder)
    run.root.settings.setFeedRefresh(.every5)
    try Self.write(["Bridge opens", "Harbour reopens", "Ferry strike ends"], to: path)
    run.wait(.seconds(4 * 60 + 59))
    #expect(!run.terminal.screen.text.contains("Bridge opens"), "not before the period")
    run.wait(.seconds(2))
    let lines = run.lines
    let line = try #require(lines.firstIndex { $0.contains("1 new story") }, "\(lines)")
    #expect(lines[line + 1].contains("Bridge opens"), "\(lines)")
    #expect(lines[line + 2].contains("Harbour reopens"), "\(lines)")
    // And again a period later.
    try Self.write(["Tide record", "Bridge opens", "Harbour reopens"], to: path)
    run.wait(.seconds(5 * 60))
    #expect(try run.channel.items.map(\.title).first == "Tide record")
  }

  @Test("a refresh that fails keeps every story under the offline line, and the next one works")
  func failureKeepsTheStories() throws {
    let folder = try Folder()
    let path = folder.path + "/desk.rss"
    try Self.write(["Harbour reopens", "Ferry strike ends"], to: path)
    let run = try Run(feed: path, folder: folder)
    run.root.settings.setFeedRefresh(.every15)
    try FileManager.default.removeItem(atPath: path)
    run.wait(.seconds(15 * 60))
    let screen = run.terminal.screen.text
    #expect(screen.contains("offline · updated"), "\(screen)")
    #expect(screen.contains("Harbour reopens") && screen.contains("Ferry strike ends"))
    try Self.write(["Bridge opens", "Harbour reopens", "Ferry strike ends"], to: path)
    run.wait(.seconds(15 * 60))
    #expect(!run.terminal.screen.text.contains("offline"), "\(run.terminal.screen.text)")
    #expect(run.terminal.screen.text.contains("Bridge opens"))
  }

  @Test("keys work between refreshes, and a refresh keeps the story open and the selection")
  func refreshKeepsThePlace() throws {
    let folder = try Folder()
    let path = folder.path + "/desk.rss"
    try Self.write(["Harbour reopens", "Ferry strike ends"], to: path)
    let run = try Run(feed: path, folder: folder)
    run.root.settings.setFeedRefresh(.every5)
    try run.press("down")
    try Self.write(["Bridge opens", "Harbour reopens", "Ferry strike ends"], to: path)
    run.wait(.seconds(5 * 60))
    let channel = try run.channel
    #expect(channel.listView.selectedRow?.title == "Ferry strike ends")
    try run.press("enter")
    try Self.write(
      ["Tide record", "Bridge opens", "Harbour reopens", "Ferry strike ends"], to: path)
    run.wait(.seconds(5 * 60))
    let story = try #require(run.root.stacks[0].topViewController as? FeedStoryPage)
    #expect(story.item.title == "Ferry strike ends")
    try run.press("esc")
    #expect(channel.items.first?.title == "Tide record")
    #expect(channel.listView.selectedRow?.title == "Ferry strike ends")
  }

  @Test("no timer while Refresh feeds is Off, nor in an app without feeds")
  func noTimerWhenOff() throws {
    let folder = try Folder()
    let path = folder.path + "/desk.rss"
    try Self.write(["Harbour reopens"], to: path)
    let run = try Run(feed: path, folder: folder)
    #expect(run.root.settings.feedRefresh == .off, "Off until chosen, as newsboat's auto-reload")
    #expect(run.root.settings.feedTimer == nil)
    run.root.settings.setFeedRefresh(.every30)
    #expect(run.root.settings.feedTimer != nil)
    run.root.settings.setFeedRefresh(.off)
    #expect(run.root.settings.feedTimer == nil)
    let without = try Run(feed: nil, folder: folder)
    without.root.settings.setFeedRefresh(.every5)
    #expect(without.root.settings.feedTimer == nil)
    // The setting is kept all the same, for a run with feeds.
    #expect(without.root.settings.saved.feedRefresh == 5)
  }

  @Test("Me's Refresh feeds steps Off, 5, 15, 30 and 60 minutes, in English and in 中文")
  func meRowSteps() throws {
    let folder = try Folder()
    let run = try Run(feed: nil, folder: folder)
    let me = try #require(run.root.stacks[4].rootViewController as? SettingsPage)
    let index = try #require(me.entries.firstIndex { $0.setting?.kind == .app(.feedRefresh) })
    #expect(me.entries[index].title == "Refresh feeds")
    try run.press("5,home," + Array(repeating: "down", count: index).joined(separator: ","))
    var details: [String] = []
    for _ in 0..<5 {
      details.append(me.listView.rows[index].detail)
      try run.press("enter")
    }
    #expect(
      details == ["Off", "Every 5 min", "Every 15 min", "Every 30 min", "Every 60 min"])
    #expect(me.listView.rows[index].detail == "Off", "and round again")
    #expect(run.terminal.screen.text.contains("Refresh feeds"))
    try run.press("enter")
    run.root.settings.setChinese(true)
    run.app.tick()
    #expect(me.listView.rows[index].title == "自动刷新")
    #expect(me.listView.rows[index].detail == "每5分钟")
    #expect(run.terminal.screen.text.contains("自动刷新"), "\(run.terminal.screen.text)")
  }

  @Test("--state keeps Refresh feeds, and the next run refreshes on that period")
  func keptByState() throws {
    let folder = try Folder()
    let path = folder.path + "/desk.rss"
    try Self.write(["Harbour reopens"], to: path)
    let statePath = folder.path + "/state.json"
    let first = try Run(feed: path, folder: folder)
    first.root.settings.setFeedRefresh(.every30)
    let session = StateSession(path: statePath, content: ContentState.name(ofContentAt: nil))
    session.save(first.root)
    #expect(session.problems.isEmpty, "\(session.problems)")
    let saved = try String(contentsOfFile: statePath, encoding: .utf8)
    #expect(saved.contains("\"feedRefresh\""), "\(saved)")

    // The next run, as the binary starts it: the state file read into the app.
    let content = try DemoContent.load(path: nil)
    let model = DemoModel(
      content: content, loadsAtOnce: true,
      feeds: FeedOptions(sources: [.file(path)], cache: folder.cache, atOnce: true))
    let root = try model.makeRoot(barStyle: nil)
    let next = StateSession(path: statePath, content: ContentState.name(ofContentAt: nil))
    _ = next.restore(into: root, theme: nil, barStyle: nil)
    #expect(root.settings.feedRefresh == .every30)
    let clock = ManualClock()
    let app = Application(
      root: root, terminal: MemoryTerminal(size: Size(width: 80, height: 16)), clock: clock,
      animated: false)
    app.start()
    root.settings.run(on: app)
    #expect(root.settings.feedTimer != nil)
    try Self.write(["Bridge opens", "Harbour reopens"], to: path)
    clock.advance(by: .seconds(30 * 60))
    app.tick()
    let channel = try #require(try FeedChannelsTests.strip(root).channels.first as? FeedChannelPage)
    #expect(channel.items.first?.title == "Bridge opens")
  }
}
