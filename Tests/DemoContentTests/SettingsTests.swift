import Foundation
import TabBarKit
import Testing

@testable import tabbar_demo

/// The Me page's settings (issue 13): each setting row shows its value and
/// changes it on Enter, live: the theme, the bar style, the badge timer,
/// signing out; the values are saved with `--state`; the content format
/// describes them and refuses a wrong one with its JSON path.
@MainActor
@Suite("demo settings: Me works")
struct SettingsTests {
  /// The demo as it runs in a terminal: a content file's root in an 80×24
  /// memory terminal on a clock moved by hand, its badge timer running.
  @MainActor struct Demo {
    var app: Application
    var terminal: MemoryTerminal
    var root: TabBarController
    var store: SettingsStore
    var clock: ManualClock

    /// The Me tab's root page.
    var me: SettingsPage {
      (root.viewControllers[4] as! NavigationController).rootViewController as! SettingsPage
    }

    /// Presses `keys` (`"5,down,enter"`).
    func press(_ keys: String) {
      for key in try! Key.parseList(keys) { app.send(.key(key)) }
    }

    /// Moves the clock `seconds` on, a second at a time.
    func wait(_ seconds: Int) {
      for _ in 0..<seconds {
        clock.advance(by: .seconds(1))
        app.tick()
      }
    }

    /// The whole screen's text.
    var text: String { terminal.screen.text }

    /// The row of the Me page titled `title`.
    func row(_ title: String) -> ListRow? {
      me.listView.rows.first { $0.title == title }
    }
  }

  static let netease = ContentWalkTests.packageRoot.appendingPathComponent(
    "Examples/netease.json"
  ).path

  /// The demo of `path` (nil: the built-in one), started with `saved`
  /// settings and the command line's `theme` and `barStyle`.
  static func demo(
    _ path: String? = nil, saved: SavedSettings? = nil, theme: ThemeOption? = nil,
    barStyle: TabBarStyle? = nil
  ) throws -> Demo {
    let content = try DemoContent.load(path: path)
    let root = try DemoModel(content: content, loadsAtOnce: true).makeRoot(barStyle: barStyle)
    let store = root.settings
    store.start(saved: saved, theme: theme, barStyle: barStyle)
    let clock = ManualClock()
    let terminal = MemoryTerminal(size: Size(width: 80, height: 24))
    let app = Application(
      root: root, terminal: terminal, clock: clock, animated: false)
    store.run(on: app)
    app.start()
    return Demo(app: app, terminal: terminal, root: root, store: store, clock: clock)
  }

  // MARK: Night mode

  @Test("Night mode steps Auto, Off, On: the whole app switches theme, live")
  func nightMode() throws {
    let demo = try Self.demo()
    demo.press("5")
    #expect(demo.root.theme == .standard, "Auto on a terminal whose background is not known")
    #expect(demo.row("Night mode")?.detail == "Auto")
    // Row 7 of Me.
    demo.press("down,down,down,down,down,down,enter")
    #expect(demo.row("Night mode")?.detail == "Off")
    #expect(demo.root.theme == .standard)
    let day = demo.terminal.screen
    demo.press("enter")
    #expect(demo.root.theme == .dark)
    #expect(demo.store.nightMode == .on)
    #expect(demo.row("Night mode")?.detail == "On")
    #expect(
      demo.text.contains(
        "Night mode                                                                 On"))
    // Every page draws in it: the bar and the rows, not only the row changed.
    let night = demo.terminal.screen
    #expect(night == demo.app.renderFrame(size: Size(width: 80, height: 24)))
    let barRow = 23
    #expect(
      (0..<80).contains { night[$0, barRow].style != day[$0, barRow].style },
      "the tab bar did not change style")
    demo.press("enter")
    #expect(demo.root.theme == .standard)
    #expect(demo.row("Night mode")?.detail == "Auto")
  }

  @Test("Night mode Auto follows the terminal's background when it becomes known")
  func nightModeAuto() throws {
    let demo = try Self.demo()
    #expect(demo.store.nightMode == .auto && demo.root.theme == .standard)
    demo.terminal.background = .light
    demo.app.tick()
    #expect(demo.root.theme == .light)
    #expect(demo.terminal.screen[0, 0].style.background == Theme.light[.background].background)
    demo.terminal.background = .dark
    demo.app.tick()
    #expect(demo.root.theme == .dark)
    demo.store.setNightMode(.off)
    demo.terminal.background = .light
    demo.app.tick()
    #expect(demo.root.theme == .standard, "Off keeps the day theme whatever the terminal")
  }

  @Test("the file's themes name the day and the night theme")
  func themesFromTheFile() throws {
    let file = #"""
      {"themes": {"day": "light", "night": "dark"},
       "tabs": [{"title": "Me", "page": "me"}],
       "pages": {"me": {"rows": [{"title": "Night", "setting": "nightMode"}]}}}
      """#
    let content = try ContentFile(bytes: Array(file.utf8), file: "f.json")
    #expect(content.themes == ContentFile.Themes(day: .light, night: .dark))
    let root = try DemoModel(content: content).makeRoot(barStyle: nil)
    let store = root.settings
    store.start(saved: nil, theme: nil, barStyle: nil)
    #expect(root.theme == .light)
    store.setNightMode(.on)
    #expect(root.theme == .dark)
  }

  // MARK: Bar style

  @Test("Bar style steps the tab bar through regular, compact and icon, live")
  func barStyle() throws {
    let demo = try Self.demo()
    demo.press("5," + Array(repeating: "down", count: 7).joined(separator: ",") + ",enter")
    #expect(demo.root.barStyle == .compact)
    #expect(demo.row("Bar style")?.detail == "Compact")
    // One row of bar: the titles sit beside the glyphs on the last row.
    #expect(demo.terminal.screen.line(23).contains("News"))
    #expect(demo.terminal.screen.line(23).contains("□"))
    demo.press("enter")
    #expect(demo.root.barStyle == .icon)
    #expect(demo.row("Bar style")?.detail == "Icon")
    #expect(!demo.terminal.screen.line(23).contains("News"))
    demo.press("enter")
    #expect(demo.root.barStyle == .regular)
    #expect(demo.row("Bar style")?.detail == "Regular")
  }

  // MARK: Notifications

  @Test("Notifications off cancels the badge timer; on starts it again")
  func notifications() throws {
    let demo = try Self.demo()
    let me = demo.root.viewControllers[4]
    #expect(me.tabBarItem.badge == .count(3))
    demo.wait(3)
    #expect(me.tabBarItem.badge == .count(4))
    let timer = try #require(demo.store.badgeTimer)

    demo.press("5," + Array(repeating: "down", count: 8).joined(separator: ",") + ",enter")
    #expect(!demo.store.notifications)
    #expect(!timer.isActive)
    #expect(demo.store.badgeTimer == nil)
    #expect(demo.row("Notifications")?.detail == "Off")
    demo.wait(12)
    #expect(me.tabBarItem.badge == .count(4), "the timer still runs")

    demo.press("enter")
    #expect(demo.row("Notifications")?.detail == "On")
    #expect(demo.store.badgeTimer?.isActive == true)
    demo.wait(3)
    #expect(me.tabBarItem.badge == .count(5))
  }

  // MARK: Sign out, Clear cache

  @Test(
    "Sign out asks first; Cancel keeps you signed in, Sign out signs out, Enter signs in")
  func signOut() throws {
    let demo = try Self.demo()
    demo.press("5,end,enter")
    #expect(demo.root.presentedViewController is AlertController)
    #expect(demo.text.contains("Sign out?"))
    #expect(demo.text.contains("[ Cancel ]  [ Sign out ]"))
    demo.press("esc")
    #expect(demo.root.presentedViewController == nil)
    #expect(demo.store.signedIn)
    #expect(demo.row("Sign out") != nil)

    // Enter chooses Cancel, the safe default of a destructive dialog.
    demo.press("enter,enter")
    #expect(demo.root.presentedViewController == nil && demo.store.signedIn)
    // Right moves to Sign out.
    demo.press("enter,right,enter")
    #expect(!demo.store.signedIn)
    #expect(demo.row("Sign in") != nil)
    #expect(demo.text.contains("Signed out"))
    demo.wait(4)
    demo.press("enter")
    #expect(demo.root.presentedViewController == nil, "signing in asks nothing")
    #expect(demo.store.signedIn)
    #expect(demo.row("Sign out") != nil)
    #expect(demo.text.contains("Signed in"))
  }

  @Test("Clear cache asks first, then shows a size of 0 and says so")
  func clearCache() throws {
    let demo = try Self.demo()
    demo.press("5,end," + Array(repeating: "up", count: 5).joined(separator: ","))
    #expect(demo.me.listView.selectedRow?.title == "Clear cache")
    #expect(demo.row("Clear cache")?.detail == "24 MB")
    demo.press("enter")
    #expect(demo.text.contains("Clear cache?"))
    demo.press("enter")
    #expect(demo.row("Clear cache")?.detail == "24 MB", "Enter chose Cancel")
    demo.press("enter,right,enter")
    #expect(demo.row("Clear cache")?.detail == "0 MB")
    #expect(demo.text.contains("Cache cleared"))
  }

  // MARK: Switches, choices, Blocked topics

  @Test("a switch flips, a choice steps to its next value and round again")
  func switchesAndChoices() throws {
    // The Chinese file's Blocked topics are switches.
    let demo = try Self.demo(Self.netease)
    demo.press("5," + Array(repeating: "down", count: 11).joined(separator: ",") + ",enter")
    let nav = try #require(demo.root.viewControllers[4] as? NavigationController)
    let blocked = try #require(nav.topViewController as? SettingsPage)
    demo.press("enter")
    #expect(blocked.listView.rows[0].detail == "显示")
    #expect(demo.store.toggles["明星八卦"] == false)
    // The format still has choices; neither built-in file keeps one.
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "choices-\(UInt64.random(in: 0 ... .max)).json")
    defer { try? FileManager.default.removeItem(at: file) }
    let json =
      #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"rows": ["#
      + #"{"title": "Size", "choices": ["Small", "Large"]}, {"title": "B", "page": "b"}]}, "#
      + #""b": {"body": ["One paragraph.", "Another one."]}}}"#
    try Data(json.utf8).write(to: file)
    let small = try Self.demo(file.path)
    let page = try #require(
      (small.root.viewControllers[0] as? NavigationController)?.rootViewController
        as? SettingsPage)
    #expect(page.listView.rows[0].detail == "Small")
    small.press("enter")
    #expect(page.listView.rows[0].detail == "Large")
    small.press("enter")
    #expect(page.listView.rows[0].detail == "Small")
  }

  @Test("Language switches the bar, the hint and the words of the pages to Chinese and back")
  func languageSwitchesLive() throws {
    let demo = try Self.demo()
    demo.press("5,end," + Array(repeating: "up", count: 6).joined(separator: ","))
    #expect(demo.me.listView.selectedRow?.title == "Language")
    #expect(demo.row("Language")?.detail == "English")
    demo.press("enter")
    // Me's own rows speak Chinese too, this one among them.
    #expect(demo.row("语言")?.detail == "中文")
    #expect(demo.row("夜间模式") != nil && demo.row("Night mode") == nil)
    let lines = demo.text.split(separator: "\n")
    #expect(lines.last?.contains("新闻") == true && lines.last?.contains("我的") == true)
    #expect(demo.text.contains("enter 更改"), "\(demo.text)")
    demo.press("enter")
    #expect(demo.text.split(separator: "\n").last?.contains("News") == true)
    #expect(demo.text.contains("enter change"))
  }

  @Test("Blocked topics opens a list of topics, the first four blocked, that can be shown again")
  func blockedTopics() throws {
    let demo = try Self.demo()
    demo.press("5," + Array(repeating: "down", count: 11).joined(separator: ",") + ",enter")
    let nav = try #require(demo.root.viewControllers[4] as? NavigationController)
    let blocked = try #require(nav.topViewController as? SettingsPage)
    #expect(blocked.title == "Blocked topics")
    #expect(blocked.listView.rows.map(\.detail) == ["Blocked"] * 4 + ["Shown"] * 2)
    demo.press("enter")
    #expect(blocked.listView.rows[0].detail == "Shown")
    #expect(demo.text.contains("Celebrity gossip"))
  }

  /// The titles of the rows of News, and of Topics' Sport section, as
  /// they show on their next layout.
  static func sportRows(_ demo: Demo) throws -> (news: [String], topics: [String]) {
    let news = try ComposeTests.news(demo.root)
    let topics = try #require(
      (demo.root.viewControllers[3] as? NavigationController)?.rootViewController
        as? AccordionController)
    let sport = try #require(
      topics.sections.first { $0.title.hasPrefix("Sport") }?.content as? ListViewController)
    for list in [news, sport] { list.viewWillLayout(in: Rect(x: 0, y: 0, width: 80, height: 20)) }
    return (news.listView.rows.map(\.title), sport.listView.rows.map(\.title))
  }

  @Test("blocking a topic hides its stories from News and Topics; the count follows")
  func blockingHidesStories() throws {
    let demo = try Self.demo()
    let sportStory = "Local team wins the cup final"
    var rows = try Self.sportRows(demo)
    #expect(rows.news.contains(sportStory) && rows.topics.contains(sportStory))
    let newsCount = rows.news.count
    demo.press("5")
    #expect(demo.row("Blocked topics")?.detail == "4")
    // Block Sport (the fifth topic), then unblock two of the first four.
    demo.press(Array(repeating: "down", count: 11).joined(separator: ",") + ",enter")
    demo.press(Array(repeating: "down", count: 4).joined(separator: ",") + ",enter")
    #expect(demo.store.toggles["Sport"] == true)
    rows = try Self.sportRows(demo)
    #expect(!rows.news.contains(sportStory) && rows.topics.isEmpty)
    #expect(rows.news.count == newsCount - 4, "the four Sport stories left News")
    demo.press("home,enter,down,enter,esc")
    #expect(demo.row("Blocked topics")?.detail == "3", "Sport, Lottery results and Reality TV")
    // Unblocking Sport brings its stories back, where they were.
    demo.store.setToggle("Sport", false)
    rows = try Self.sportRows(demo)
    #expect(rows.news.count == newsCount && rows.topics.contains(sportStory))
  }

  @Test("Topics' headers count the stories each section still shows")
  func topicsHeadersCount() throws {
    let demo = try Self.demo()
    let topics = try #require(
      (demo.root.viewControllers[3] as? NavigationController)?.rootViewController
        as? AccordionController)
    demo.press("4")
    #expect(topics.sections.map(\.title).contains("Sport (4)"))
    demo.store.setToggle("Sport", true)
    demo.press("5,4")
    #expect(
      topics.sections.map(\.title).contains("Sport (0) · blocked"),
      "\(topics.sections.map(\.title))")
    demo.store.setToggle("Sport", false)
    demo.press("5,4")
    #expect(topics.sections.map(\.title).contains("Sport (4)"))
  }

  @Test("the blocked topics are saved with the state and hide their stories in the next run")
  func blockedTopicsSaved() throws {
    let demo = try Self.demo()
    demo.store.setToggle("Sport", true)
    let saved = try JSONDecoder().decode(
      SavedSettings.self, from: JSONEncoder().encode(demo.store.saved))
    let next = try Self.demo(saved: saved)
    #expect(!(try Self.sportRows(next).news.contains("Local team wins the cup final")))
  }

  @Test("the Chinese file's settings speak Chinese: values and the dialog")
  func chinese() throws {
    let demo = try Self.demo(Self.netease)
    demo.press("5")
    #expect(demo.row("夜间模式")?.detail == "自动")
    #expect(demo.row("底栏样式")?.detail == "标准")
    #expect(demo.row("推送通知")?.detail == "开")
    demo.press("end,enter")
    #expect(demo.text.contains("退出登录？"))
    #expect(demo.text.contains("[ 取消 ]  [ 退出登录 ]"))
    demo.press("right,enter")
    #expect(demo.row("登录") != nil)
    #expect(demo.text.contains("已退出登录"))
  }

  // MARK: Saved with --state

  @Test("the settings are saved in the state file and restored at start")
  func savedAndRestored() throws {
    let demo = try Self.demo()
    demo.store.setNightMode(.on)
    demo.store.setBarStyle(.icon)
    demo.store.setNotifications(false)
    demo.store.setSignedIn(false)
    demo.store.setChinese(true)
    var state = SavedState(restoration: RestorationCoder(encoding: demo.root))
    state.settings = demo.store.saved

    let bytes = try StateFile.encode(state).bytes
    let json = String(decoding: bytes, as: UTF8.self)
    #expect(json.contains(#""nightMode" : true"#))
    #expect(json.contains(#""barStyle" : "icon""#))
    let loaded = try JSONDecoder().decode(SavedState.self, from: Data(bytes))
    #expect(loaded == state)

    let next = try Self.demo(saved: loaded.settings)
    next.press("5")
    #expect(next.root.theme == .dark)
    #expect(next.root.barStyle == .icon)
    #expect(next.store.badgeTimer == nil)
    // Saved in Chinese, Me's rows come back in Chinese.
    #expect(next.row("夜间模式")?.detail == "开")
    #expect(next.row("推送通知")?.detail == "关")
    #expect(next.row("登录") != nil)
    #expect(next.row("语言")?.detail == "中文")
    #expect(next.root.viewControllers[0].tabBarItem.title == "新闻")
    next.wait(6)
    // Signed out: Me has no badge, and nothing brings one back.
    #expect(next.root.viewControllers[4].tabBarItem.badge == Badge.none)
    next.store.setSignedIn(true)
    #expect(next.root.viewControllers[4].tabBarItem.badge == .count(3))
  }

  @Test("a state file without settings (an older one) loads, with the settings at first")
  func olderStateFile() throws {
    let demo = try Self.demo()
    let bytes = try StateFile.encode(
      SavedState(restoration: RestorationCoder(encoding: demo.root))
    ).bytes
    #expect(!String(decoding: bytes, as: UTF8.self).contains("settings"))
    let loaded = try JSONDecoder().decode(SavedState.self, from: Data(bytes))
    #expect(loaded.settings == nil)
  }

  @Test("--theme and --bar-style given on the command line win over saved settings")
  func commandLineWins() throws {
    let saved = SavedSettings(nightMode: true, barStyle: "icon")
    let demo = try Self.demo(saved: saved, theme: .fixed(.light), barStyle: .compact)
    #expect(demo.root.theme == .light)
    #expect(demo.store.nightMode == .off, "light is not the night theme")
    #expect(demo.root.barStyle == .compact)
    let dark = try Self.demo(saved: SavedSettings(nightMode: false), theme: .fixed(.dark))
    #expect(dark.root.theme == .dark)
    #expect(dark.store.nightMode == .on, "dark is the night theme")
    let auto = try Self.demo(saved: SavedSettings(nightMode: true), theme: .auto)
    #expect(auto.store.nightMode == .auto && auto.root.theme == .standard)
    #expect(dark.root.barStyle == .regular, "the file's style")
  }

  // MARK: The format

  /// The error the demo gives for the Me page `page`.
  static func error(forPage page: String) -> String {
    let file = #"{"tabs": [{"title": "Me", "page": "me"}], "pages": {"me": "# + page + "}}"
    do {
      _ = try ContentFile(bytes: Array(file.utf8), file: "f.json")
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test(
    "a wrong setting row is refused with its JSON path",
    arguments: [
      (
        #"{"rows": [{"title": "A", "setting": "textSize"}]}"#,
        #"f.json: pages.me.rows[0].setting: unknown setting "textSize"; expected "nightMode", "#
          + #""barStyle", "notifications", "signOut", "clearCache", "language", "textWidth" or "#
          + #""feedRefresh""#
      ),
      (
        #"{"rows": [{"title": "A", "toggle": "yes"}]}"#,
        #"f.json: pages.me.rows[0].toggle: expected true or false, found "yes""#
      ),
      (
        #"{"rows": [{"title": "A", "choices": ["one"]}]}"#,
        #"f.json: pages.me.rows[0].choices: give at least two choices"#
      ),
      (
        #"{"rows": [{"title": "A", "toggle": true, "page": "me"}]}"#,
        #"f.json: pages.me.rows[0]: a row has "toggle" (a setting) or "page", not both"#
      ),
      (
        #"{"rows": [{"title": "A", "toggle": true, "choices": ["a", "b"]}]}"#,
        #"f.json: pages.me.rows[0]: a row has "toggle" or "choices", not both"#
      ),
      (
        #"{"rows": [{"title": "A", "setting": "nightMode", "strings": {"yes": "Y"}}]}"#,
        #"f.json: pages.me.rows[0].strings: unknown key "yes"; expected one of "auto", "off", "on""#
      ),
      (
        #"{"rows": [{"title": "A", "page": "me", "strings": {"on": "Y"}}]}"#,
        #"f.json: pages.me.rows[0].strings: only a setting row ("setting", "toggle" or "choices") "#
          + #"has "strings""#
      ),
    ])
  func badSettingRows(_ page: String, _ message: String) {
    #expect(Self.error(forPage: page) == message)
  }

  @Test("an unknown theme in themes is refused with its JSON path")
  func badTheme() {
    let file =
      #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"rows": []}}, "#
      + #""themes": {"night": "midnight"}}"#
    #expect(throws: ContentError.self) {
      try ContentFile(bytes: Array(file.utf8), file: "f.json")
    }
    do {
      _ = try ContentFile(bytes: Array(file.utf8), file: "f.json")
    } catch {
      #expect(
        "\(error)"
          == #"f.json: themes.night: unknown theme "midnight"; expected "standard", "dark" or "light""#
      )
    }
  }
}

extension Array {
  /// `count` copies of `element`'s array, end to end.
  fileprivate static func * (array: Array, count: Int) -> Array {
    (0..<count).flatMap { _ in array }
  }
}

/// The walk of Me's setting rows: each one acts on the app, not only on
/// its own label.
@MainActor
@Suite("demo settings: every setting acts")
struct EverySettingActsTests {
  /// Me's screen, text and styles, a few seconds after the row at `index`
  /// was changed `times` times (0: left alone), without the lines that
  /// name the row.
  static func me(_ path: String? = nil, row index: Int, changed times: Int) throws -> [String] {
    let demo = try SettingsTests.demo(path)
    demo.press((["5", "home"] + Array(repeating: "down", count: index)).joined(separator: ","))
    let titleBefore = demo.me.listView.rows[index].title
    for _ in 0..<times {
      demo.press("enter")
      // A dialog asks first: its confirming button, right of Cancel.
      if demo.root.presentedViewController is AlertController { demo.press("right,enter") }
    }
    // Toasts go, and the badge timer (if it runs) ticks: every 3 s in the
    // built-in file, 5 s in the Chinese one.
    demo.wait(6)
    let titles = [titleBefore, demo.me.listView.rows[index].title]
    let text = demo.terminal.screen.text.split(separator: "\n", omittingEmptySubsequences: false)
    let styles = demo.terminal.screen.styleText.split(
      separator: "\n", omittingEmptySubsequences: false)
    var kept: [String] = []
    for (line, styled) in zip(text, styles) where !titles.contains(where: { line.contains($0) }) {
      kept.append(line + "\n" + styled)
    }
    return kept
  }

  @Test(
    "every setting row of Me changes something on screen besides its own row",
    arguments: ContentWalkTests.files)
  func everySettingRowActs(_ file: ContentWalkTests.File) throws {
    let probe = try SettingsTests.demo(file.path)
    probe.press("5")
    // Clear cache empties the cache, whose size is on its own row only:
    // it leaves Downloads (the reader's saved clips) alone. Text width acts
    // on the text pages (ReadingComfortTests checks them), not on Me; Refresh
    // feeds on the feeds' channels, in time (FeedRefreshTests).
    let settings = probe.me.entries.indices.filter {
      probe.me.entries[$0].setting != nil
        && probe.me.entries[$0].setting?.kind != .app(.clearCache)
        && probe.me.entries[$0].setting?.kind != .app(.textWidth)
        && probe.me.entries[$0].setting?.kind != .app(.feedRefresh)
    }
    #expect(settings.count >= 4)
    for index in settings {
      let title = probe.me.entries[index].title
      let left = try Self.me(file.path, row: index, changed: 0)
      // A value that steps through several (Night mode: Auto, Off, On) may
      // show nothing for one step (Auto is Off on an unknown background):
      // some step of one round must.
      let acts = try (1...3).contains { try Self.me(file.path, row: index, changed: $0) != left }
      #expect(acts, "\(file.name): \(title) changes nothing but its own row")
    }
  }
}

/// The walk of the Blocked topics switches of both content files: each one
/// changes more than its own label.
@MainActor
@Suite("demo settings: every Blocked topics switch acts")
struct BlockedTopicSwitchesActTests {
  /// What a Blocked topics switch can change besides its label: the rows
  /// of News, the rows of Topics' sections, and Me's count of blocked topics.
  static func outside(_ demo: SettingsTests.Demo) -> [String] {
    var lists: [ListViewController] = []
    for tab in demo.root.viewControllers {
      switch (tab as? NavigationController)?.rootViewController {
      case let list as FeedViewController: lists.append(list)
      case let strip as ChannelStripController:
        lists += strip.channels.compactMap { $0 as? ListViewController }
      case let accordion as AccordionController:
        lists += accordion.sections.compactMap { $0.content as? ListViewController }
      default: break
      }
    }
    let rect = Rect(x: 0, y: 0, width: 80, height: 20)
    for list in lists { list.viewWillLayout(in: rect) }
    let me = demo.me
    me.viewWillAppear()
    let count = me.listView.rows[me.entries.firstIndex { $0.page == BlockedTopics.page }!].detail
    return ["count \(count)"] + lists.map { $0.listView.rows.map(\.title).joined(separator: "|") }
  }

  @Test(
    "every Blocked topics switch changes Me's count, and a topic with stories changes News",
    arguments: ContentWalkTests.files)
  func everySwitchActs(_ file: ContentWalkTests.File) throws {
    let demo = try SettingsTests.demo(file.path)
    let model = try #require(demo.root as? DemoRootController).model
    let content = model.content
    guard case .list(let rows, _)? = content.pages[JSONKey(BlockedTopics.page)]?.kind else {
      Issue.record("\(file.name) has no Blocked topics page")
      return
    }
    #expect(rows.count >= 5, "\(file.name)")
    let page = SettingsPage(title: "Blocked topics", rows: Array(rows), model: model)
    let categories = Set(
      content.pages.values.compactMap {
        if case .text(let article) = $0.kind { article.category.lowercased() } else { nil }
      })
    var topicsWithStories = 0
    for (index, row) in rows.enumerated() {
      let before = Self.outside(demo)
      let label = page.listView.rows[index].detail
      page.change(index)
      let after = Self.outside(demo)
      #expect(page.listView.rows[index].detail != label, "\(file.name): \(row.title)")
      #expect(after.first != before.first, "\(file.name): \(row.title) leaves the count alone")
      if categories.contains(row.title.lowercased()) {
        topicsWithStories += 1
        #expect(
          after.dropFirst() != before.dropFirst(),
          "\(file.name): \(row.title) hides or shows no story")
      }
      page.change(index)
      #expect(Self.outside(demo) == before, "\(file.name): \(row.title) twice is no change")
    }
    #expect(topicsWithStories >= 2, "\(file.name)")
  }
}
