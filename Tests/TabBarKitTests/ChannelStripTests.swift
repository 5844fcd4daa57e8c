import SnapshotTesting
import TabBarKitTesting
import Testing

@testable import TabBarKit

@MainActor
@Suite("Channel strip")
struct ChannelStripTests {
  static let english = ["Top", "News", "Entertainment", "Sport", "Finance", "Tech"]
  static let chinese = ["头条", "要闻", "娱乐", "体育", "财经", "科技", "汽车", "房产"]

  /// A list per title, its rows named after it, each opening a page.
  static func channels(_ titles: [String], rows: Int = 30) -> [ListViewController] {
    titles.map { title in
      let list = ListViewController(title: title, rows: Fixtures.rows(title, count: rows))
      list.isSearchable = true
      return list
    }
  }

  /// A strip of `titles` as the root of News, in a tab bar like the demo's.
  static func app(
    _ titles: [String] = english, size: Size = Size(width: 80, height: 24),
    color: Bool = true
  ) -> (AppDriver, ChannelStripController, TabBarController) {
    let (strip, tabs) = Self.tabs(titles)
    let app = AppDriver(root: tabs, size: size, colorDepth: color ? .trueColor : .monochrome)
    return (app, strip, tabs)
  }

  static func tabs(_ titles: [String] = english) -> (ChannelStripController, TabBarController) {
    let strip = ChannelStripController(title: "News", channels: channels(titles))
    let reading = ListViewController(title: "Reading", rows: Fixtures.rows("Book"))
    let tabs = TabBarController(viewControllers: [
      NavigationController(rootViewController: strip),
      NavigationController(rootViewController: reading),
    ])
    return (strip, tabs)
  }

  /// The strip's row: under the navigation bar and its rule.
  static let stripRow = NavigationBar.height

  /// The column where `title` starts on the strip's row, nil when it is not
  /// drawn whole.
  static func column(of title: String, in app: AppDriver) -> Int? {
    let line = app.screen.lines[stripRow]
    guard let range = line.range(of: title) else { return nil }
    return TextWidth.width(of: line[..<range.lowerBound])
  }

  /// True when no wide character on screen lost half its cells.
  static func noHalfCells(_ screen: ScreenBuffer) -> Bool {
    for y in 0..<screen.size.height {
      for x in 0..<screen.size.width {
        let cell = screen[x, y]
        if cell.width == 2, x + 1 >= screen.size.width || !screen[x + 1, y].isContinuation {
          return false
        }
        if cell.isContinuation, x == 0 || screen[x - 1, y].width != 2 { return false }
      }
    }
    return true
  }

  // MARK: Keys

  @Test("] and [ select the next and previous channel and wrap around")
  func bracketKeys() throws {
    let (app, strip, _) = Self.app()
    #expect(app.screen.lines[Self.stripRow].contains("Top"))
    #expect(app.screen.lines.contains { $0.contains("Top 1") })
    try app.press("]")
    #expect(strip.selectedIndex == 1)
    #expect(app.screen.lines.contains { $0.contains("News 1") })
    #expect(!app.screen.lines.contains { $0.contains("Top 1") })
    try app.press("[,[")
    #expect(strip.selectedIndex == 5, "left of the first is the last")
    try app.press("]")
    #expect(strip.selectedIndex == 0, "right of the last is the first")
  }

  @Test("the tab bar keeps ← → and the digits; the strip's keys show in the help")
  func keysDoNotFightTheTabBar() throws {
    let (app, strip, tabs) = Self.app()
    try app.press("right")
    #expect(tabs.selectedIndex == 1)
    try app.press("left,]")
    #expect(tabs.selectedIndex == 0 && strip.selectedIndex == 1)
    try app.press("2")
    #expect(tabs.selectedIndex == 1)
    try app.press("1,?")
    let help = app.screen.text
    #expect(help.contains("Previous channel") && !help.contains("switch tabs"))
    #expect(help.contains("Next channel"))
    let groups = app.application.helpGroups()
    let page = try #require(groups.first)
    #expect(page.title == "This page")
    #expect(page.entries.contains { $0.keys == "[" && $0.help.hasPrefix("Previous channel") })
    #expect(page.entries.contains { $0.keys == "]" && $0.help == "Next channel" })
    #expect(app.application.currentHint().parts.contains { $0.text == "[] channels" })
  }

  @Test("one channel binds no strip keys")
  func oneChannel() {
    let strip = ChannelStripController(title: "News", channels: Self.channels(["Top"]))
    #expect(strip.keyBindings.isEmpty)
    #expect(!strip.handle(.nextChannel))
  }

  @Test("each channel keeps its own selection and scroll position")
  func ownScrollPositions() throws {
    let (app, strip, _) = Self.app(size: Size(width: 60, height: 12))
    let lists = strip.channels.map { $0 as! ListViewController }
    try app.press("pgdn,down,down")
    let topSelection = lists[0].listView.selectedIndex
    let topScroll = lists[0].listView.scrollOffset
    #expect(topSelection > 2 && topScroll > 0)
    try app.press("],down")
    #expect(lists[1].listView.selectedIndex == 1)
    try app.press("[")
    #expect(lists[0].listView.selectedIndex == topSelection)
    #expect(lists[0].listView.scrollOffset == topScroll)
    #expect(app.screen.lines.contains { $0.contains("Top \(topSelection + 1)") })
    try app.press("]")
    #expect(lists[1].listView.selectedIndex == 1 && lists[1].listView.scrollOffset == 0)
  }

  @Test("Enter opens the selected channel's row and Esc comes back to the same channel")
  func openAndBack() throws {
    let (app, strip, tabs) = Self.app()
    try app.press("],],down,enter")
    let nav = try #require(tabs.viewControllers[0] as? NavigationController)
    #expect(nav.topViewController.title == "Entertainment 2")
    try app.press("esc")
    #expect(nav.topViewController === strip && strip.selectedIndex == 2)
    #expect(app.screen.lines[Self.stripRow].contains("Entertainment"))
  }

  // MARK: Search

  @Test("/ filters the selected channel as a plain list; [ is typed into the filter")
  func searchInAChannel() throws {
    let (app, strip, _) = Self.app()
    try app.press("],/")
    app.type("ws 1[")
    #expect(strip.selectedIndex == 1, "the bracket was typed, not a channel switch")
    let news = strip.channels[1] as! ListViewController
    #expect(news.listView.filter == "ws 1[")
    try app.press("backspace,enter")
    #expect(news.listView.itemCounts.shown == 11)  // News 1, News 10…19
    #expect(app.screen.lines.contains { $0.contains("11 of 30") })
    try app.press("[")
    #expect(strip.selectedIndex == 0)
    #expect(!app.screen.text.contains("of 30"), "Top has no filter")
    try app.press("]")
    #expect(news.listView.filter == "ws 1", "the filter stayed with its channel")
  }

  // MARK: Mouse

  @Test("a click on a channel's title selects it; a click under the strip goes to its rows")
  func clicks() throws {
    let (app, strip, tabs) = Self.app()
    let x = try #require(Self.column(of: "Sport", in: app))
    app.click(x: x + 2, y: Self.stripRow)
    #expect(strip.selectedIndex == 3)
    let style = app.screen[x, Self.stripRow].style
    #expect(style.foreground == strip.theme[.accent].foreground)
    #expect(style.attributes.contains(.underline) && style.attributes.contains(.bold))
    app.click(x: 0, y: Self.stripRow)  // left of Top: no title there
    #expect(strip.selectedIndex == 3)
    app.click(x: 5, y: Self.stripRow + 3)  // the third row of Sport
    let nav = try #require(tabs.viewControllers[0] as? NavigationController)
    #expect(nav.topViewController.title == "Sport 3")
  }

  // MARK: Scrolling sideways

  @Test("channels wider than the screen scroll to keep the selected one in view, with ‹ and ›")
  func scrollsSideways() throws {
    let (app, strip, _) = Self.app(size: Size(width: 30, height: 12))
    var line = app.screen.lines[Self.stripRow]
    #expect(line.hasSuffix("›") && !line.hasPrefix("‹"))
    #expect(!line.contains("Finance"))
    for index in 1..<Self.english.count {
      try app.press("]")
      #expect(strip.selectedIndex == index)
      #expect(
        Self.column(of: Self.english[index], in: app) != nil,
        "\(Self.english[index]) is on screen")
    }
    line = app.screen.lines[Self.stripRow]
    #expect(line.hasPrefix("‹") && !line.hasSuffix("›"))
    #expect(!line.contains("Top"))
    // A click on ‹ brings the channel just out of view on the left.
    let before = strip.firstShownIndex
    app.click(x: 0, y: Self.stripRow)
    #expect(strip.selectedIndex == before - 1)
    #expect(Self.column(of: Self.english[before - 1], in: app) != nil)
    // Wider again, the strip shows every channel from the first.
    app.resize(to: Size(width: 80, height: 24))
    #expect(strip.firstShownIndex == 0)
    #expect(Self.english.allSatisfy { app.screen.lines[Self.stripRow].contains($0) })
  }

  @Test(
    "on narrow screens wide titles are never cut in half, whichever channel is selected",
    arguments: [20, 21, 22, 23, 25])
  func narrowScreens(width: Int) throws {
    let (app, strip, _) = Self.app(Self.chinese, size: Size(width: width, height: 12))
    for _ in 0...Self.chinese.count {
      #expect(Self.noHalfCells(app.screen), "channel \(strip.selectedIndex) at \(width)")
      #expect(Self.column(of: Self.chinese[strip.selectedIndex], in: app) != nil)
      #expect(app.screen == app.application.renderFrame(size: app.screen.size))
      try app.press("]")
    }
  }

  @Test("a strip narrower than the app allows draws no half a wide title, nor past its edge")
  func narrowerStrip() {
    let strip = ChannelStripController(title: "News", channels: Self.channels(Self.chinese))
    for width in 1...12 {
      for index in Self.chinese.indices {
        strip.selectChannel(at: index)
        var buffer = ScreenBuffer(size: Size(width: width + 2, height: 3))
        let rect = Rect(x: 1, y: 0, width: width, height: 3)
        strip.viewWillLayout(in: rect)
        strip.render(in: rect, into: &buffer)
        #expect(Self.noHalfCells(buffer), "channel \(index) at \(width)")
        #expect(buffer[0, 0].character == " " && buffer[width + 1, 0].character == " ")
        if width >= 8 {
          #expect(buffer.line(0).contains(Self.chinese[index]), "channel \(index) at \(width)")
        }
      }
    }
  }

  @Test("a title wider than the strip is cut whole, with …")
  func longTitle() {
    let strip = ChannelStripController(
      title: "News", channels: Self.channels(["国际新闻与评论", "体育"]))
    var buffer = ScreenBuffer(size: Size(width: 9, height: 4))
    strip.viewWillLayout(in: buffer.bounds)
    strip.render(in: buffer.bounds, into: &buffer)
    #expect(buffer.line(0) == "  国际… ›")
    #expect(Self.noHalfCells(buffer))
  }

  // MARK: Lifecycle

  @Test("only the selected channel appears; switching goes in UIKit's order")
  func lifecycle() throws {
    let log = LifecycleLog()
    let pages = ["A", "B", "C"].map { RecordingPage($0, log: log, rows: Fixtures.rows($0)) }
    let strip = ChannelStripController(title: "Strip", channels: pages)
    let app = AppDriver(root: NavigationController(rootViewController: strip))
    #expect(log.entries == ["A.willAppear", "A.didAppear"])
    #expect(pages.map(\.isVisible) == [true, false, false])
    log.entries = []
    try app.press("]")
    #expect(log.entries == ["A.willDisappear", "B.willAppear", "A.didDisappear", "B.didAppear"])
    log.entries = []
    strip.selectChannel(at: 1)
    strip.selectChannel(at: 7)
    #expect(log.entries.isEmpty, "the selected one, and one past the end, change nothing")
    strip.channels = Array(pages.reversed())
    #expect(strip.selectedIndex == 0)
    #expect(log.entries == ["B.willDisappear", "C.willAppear", "B.didDisappear", "C.didAppear"])
    #expect(pages.allSatisfy { $0.parent === strip })
  }

  // MARK: State

  @Test("the selected channel and each channel's rows are saved and restored")
  func stateRoundTrip() throws {
    let (app, strip, tabs) = Self.app()
    try app.press("down,down,],],],pgdn,down")
    let sport = strip.channels[3] as! ListViewController
    let sportRow = sport.listView.selectedIndex
    let state = RestorationCoder(encoding: tabs)

    let (restoredStrip, restoredTabs) = Self.tabs()
    #expect(state.restore(restoredTabs) == [])
    #expect(restoredStrip.selectedIndex == 3)
    let lists = restoredStrip.channels.map { $0 as! ListViewController }
    #expect(lists[0].listView.selectedIndex == 2)
    #expect(lists[3].listView.selectedIndex == sportRow)
    #expect(lists[3].listView.scrollOffset == sport.listView.scrollOffset)
    let again = AppDriver(root: restoredTabs)
    #expect(again.screen.text == app.screen.text)
    #expect(again.screen.styleLines == app.screen.styleLines)
  }

  @Test("a page opened from a channel is restored over that channel")
  func openedPageRoundTrip() throws {
    let (app, _, tabs) = Self.app()
    try app.press("],],down,down,enter")
    let state = RestorationCoder(encoding: tabs)
    let (restoredStrip, restoredTabs) = Self.tabs()
    #expect(state.restore(restoredTabs) == [])
    let nav = try #require(restoredTabs.viewControllers[0] as? NavigationController)
    #expect(nav.viewControllers.map(\.title) == ["News", "Entertainment 3"])
    #expect(restoredStrip.selectedIndex == 2)
    let again = AppDriver(root: restoredTabs)
    try again.press("esc")
    try app.press("esc")
    #expect(again.screen.text == app.screen.text)
  }

  @Test("a deep link goes through the strip to the selected channel's rows")
  func deepLink() throws {
    let (strip, tabs) = Self.tabs()
    strip.selectChannel(at: 3)
    try tabs.open(path: [1, 4])
    let nav = try #require(tabs.viewControllers[0] as? NavigationController)
    #expect(nav.topViewController.title == "Sport 4")
    #expect(strip.openChildPositions == [4])
    let empty = ChannelStripController(title: "Empty", channels: [])
    #expect(throws: DeepLinkError.self) { try empty.openChild(at: 1) }
  }

  @Test("a saved channel that is gone is reported and the rest restored")
  func goneChannel() throws {
    let (app, _, tabs) = Self.app()
    try app.press("[,down")  // Tech, the sixth channel
    let state = RestorationCoder(encoding: tabs)
    let (fewer, fewerTabs) = Self.tabs(["Top", "News"])
    let mismatches = state.restore(fewerTabs).map(\.description)
    #expect(
      mismatches == [
        "tab 1: “News” had 6 channels, it has 2", "tab 1: channel 6 of “News” is gone",
      ])
    #expect(fewer.selectedIndex == 0)
  }

  // MARK: Badges

  @Test("a channel's badge shows beside its title: a count, a dot or a short text")
  func badges() throws {
    let (app, strip, _) = Self.app()
    strip.channels[1].tabBarItem.badge = .count(3)
    strip.channels[2].tabBarItem.badge = .dot
    strip.channels[3].tabBarItem.badge = .text("new")
    app.tick()
    let row = app.screen.lines[Self.stripRow]
    #expect(row.contains("Top │ News 3 │ Entertainment ● │ Sport new │ Finance"), "\(row)")
    let count = try #require(app.position(of: "News 3"))
    let badge = app.style(x: count.x + 5, y: count.y)
    #expect(badge == Theme.standard[.badge], "the tab bar's badge style: \(badge)")
    #expect(app.style(x: count.x, y: count.y) == Theme.standard[.text], "the title keeps its own")
    let dot = try #require(app.position(of: "●"))
    #expect(app.style(x: dot.x, y: dot.y) == Theme.standard[.badgeDot])
    // A count of 0 shows nothing, and the strip closes up.
    strip.channels[1].tabBarItem.badge = .count(0)
    app.tick()
    #expect(app.screen.lines[Self.stripRow].contains("Top │ News │ Entertainment ●"))
  }

  @Test("a badge that clears on selection goes when its channel is selected")
  func badgeClearsOnSelection() throws {
    let (app, strip, _) = Self.app()
    strip.channels[1].tabBarItem = TabBarItem(
      title: "News", badge: .count(12), clearsBadgeOnSelect: true)
    strip.channels[2].tabBarItem.badge = .count(5)
    app.tick()
    #expect(app.screen.lines[Self.stripRow].contains("News 12"))
    try app.press("],]")
    #expect(strip.channels[1].tabBarItem.badge == .none)
    #expect(strip.channels[2].tabBarItem.badge == .count(5), "kept: its item does not clear")
    #expect(app.screen.lines[Self.stripRow].contains("News │ Entertainment 5"))
  }

  @Test("a badge counts in the strip's width: the strip scrolls and clicks by it")
  func badgeWidth() throws {
    let (app, strip, _) = Self.app(size: Size(width: 40, height: 12))
    for channel in strip.channels { channel.tabBarItem.badge = .count(120) }
    app.tick()
    let row = app.screen.lines[Self.stripRow]
    #expect(row.contains("Top 99+ │ News 99+"), "\(row)")
    #expect(row.hasSuffix("›"), "more lies to the right: \(row)")
    let news = try #require(app.position(of: "News 99+"))
    app.click(x: news.x + 6, y: news.y)  // on the badge
    #expect(strip.selectedIndex == 1)
    try app.press("],],]")
    #expect(app.screen.lines[Self.stripRow].contains("Finance 99+"))
    #expect(Self.noHalfCells(app.screen))
  }

  // MARK: Snapshots

  /// The demo-like strip: News in channels over stories with their times.
  static func demoLike(_ titles: [String], story: String) -> TabBarController {
    let channels = titles.enumerated().map { index, title in
      ListViewController(
        title: title,
        rows: (1...12).map { row in
          ListRow("\(title) \(story) \(row)", detail: "\(index + row)h")
        })
    }
    let strip = ChannelStripController(title: titles == english ? "News" : "新闻", channels: channels)
    let items = titles == english ? Fixtures.items : ScreenSnapshotTests.chineseItems
    let stacks: [ViewController] =
      [NavigationController(rootViewController: strip)]
      + items.dropFirst().map {
        NavigationController(rootViewController: ListViewController(title: $0.title))
      }
    let tabs = try! TabBarController(viewControllers: stacks, items: items)
    if titles != english { tabs.interfaceStrings = .simplifiedChinese }
    return tabs
  }

  func frame(_ root: TabBarController, keys: String, size: Size) throws -> ScreenBuffer {
    let app = AppDriver(root: root, size: size)
    try app.press(keys)
    #expect(app.screen == app.application.renderFrame(size: size))
    return app.screen
  }

  @Test("snapshots of the strip in English and Chinese, wide and narrow")
  func snapshots() throws {
    let english = Self.english
    let chinese = Self.chinese
    assertSnapshot(
      of: try frame(
        Self.demoLike(english, story: "story"), keys: "],],],down",
        size: Size(width: 80, height: 24)),
      as: .frame, named: "english-80x24")
    assertSnapshot(
      of: try frame(
        Self.demoLike(english, story: "story"), keys: "],],],down",
        size: Size(width: 40, height: 12)),
      as: .frame, named: "english-40x12")
    assertSnapshot(
      of: try frame(
        Self.demoLike(chinese, story: "新闻"), keys: "],],],down", size: Size(width: 80, height: 24)),
      as: .frame, named: "chinese-80x24")
    assertSnapshot(
      of: try frame(
        Self.demoLike(chinese, story: "新闻"), keys: "],],],],],],],down",
        size: Size(width: 40, height: 12)),
      as: .frame, named: "chinese-40x12")
  }

  @Test("snapshots of channel badges: counts, a dot and text, wide and narrow")
  func badgeSnapshots() throws {
    for (size, name) in [
      (Size(width: 80, height: 24), "80x24"), (Size(width: 40, height: 12), "40x12"),
    ] {
      let tabs = Self.demoLike(Self.english, story: "story")
      let strip = try #require(
        (tabs.viewControllers[0] as? NavigationController)?.rootViewController
          as? ChannelStripController)
      strip.channels[1].tabBarItem.badge = .count(3)
      strip.channels[2].tabBarItem.badge = .dot
      strip.channels[3].tabBarItem.badge = .text("live")
      strip.channels[4].tabBarItem.badge = .count(250)
      assertSnapshot(
        of: try frame(tabs, keys: "],],]", size: size), as: .frame, named: "badges-\(name)")
    }
  }
}
