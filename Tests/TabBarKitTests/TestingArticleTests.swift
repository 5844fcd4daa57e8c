import TabBarKit
import TabBarKitTesting
import Testing

/// The code of the DocC article "Testing your app" (TestingYourApp.md), as
/// the article prints it, inside a suite: the article's free functions are
/// its methods, and its `ClockPage` is nested.
@MainActor
@Suite("the Testing your app article")
struct TestingArticleTests {
  func makeTabs() throws -> TabBarController {
    let titles = ["Home", "Search", "Me"]
    let pages = titles.map { title in
      let list = ListViewController(
        title: title,
        rows: (1...30).map { n in
          ListRow("\(title) \(n)") { ListViewController(title: "\(title) \(n)", rows: []) }
        })
      list.isSearchable = true  // `/` filters the rows
      return NavigationController(rootViewController: list)
    }
    let items = zip(titles, ["⌂", "?", "☺"]).map { TabBarItem(title: $0, glyph: $1) }
    return try TabBarController(viewControllers: pages, items: items)
  }

  @Test("the article's screen test: the first tab and its selected row")
  func theFirstTabIsSelected() throws {
    let app = AppDriver(root: try makeTabs(), size: Size(width: 40, height: 12))
    #expect(app.screen.lines[0].contains("Home"))
    #expect(app.screen.lines[2].hasPrefix(" Home 1 "))
    #expect(app.screen.styleLines[2].hasPrefix("SSSS"))  // the selected row
  }

  @Test("the article's style test: the selected tab is bold in the dark theme")
  func theSelectedTabIsBoldInTheDarkTheme() throws {
    let tabs = try makeTabs()
    tabs.theme = .dark
    let app = AppDriver(root: tabs, size: Size(width: 40, height: 12))
    try app.press("2")
    #expect(app.text(inRow: 11, where: \.isBold) == "Search")  // the bar's titles
    let selected = Theme.dark[.barSelectedItem]
    #expect(app.style(of: "Search", inRow: 11)?.background == selected.background)
    #expect(app.style(of: "Me", inRow: 11)?.isBold == false)
  }

  @Test("the article's toast test: the toast on screen, then none after three seconds")
  func archivingSaysSo() {
    let inbox = ListViewController(title: "Inbox", rows: [ListRow("Lunch on Friday?")])
    let app = AppDriver(root: NavigationController(rootViewController: inbox))
    inbox.showToast("Archived")
    app.tick()
    #expect(app.toast == "Archived")
    app.advance(by: .seconds(3))  // a toast shows for three seconds
    #expect(app.toast == nil)
  }

  @Test("the article's key test: Enter opens a row, Esc goes back")
  func enterOpensARowAndEscGoesBack() throws {
    let app = AppDriver(root: try makeTabs(), size: Size(width: 40, height: 12))
    try app.press("2,down,enter")
    #expect(app.screen.lines[0].contains("Search 2"))
    try app.press("esc")
    #expect(app.screen.lines[2].hasPrefix(" Search 1 "))
  }

  @Test("the article's text test: / searches the list")
  func slashSearchesTheList() throws {
    let app = AppDriver(root: try makeTabs(), size: Size(width: 40, height: 12))
    try app.press("/")
    app.type("29")
    #expect(app.screen.text.contains("Home 29"))
    #expect(!app.screen.text.contains("Home 28"))
  }

  @Test("the article's mouse test: a click on the bar switches tabs, the wheel scrolls")
  func aClickOnTheBarSwitchesTabs() throws {
    let tabs = try makeTabs()
    let app = AppDriver(root: tabs, size: Size(width: 40, height: 12))
    app.click(x: 33, y: 11)  // the third of three tabs
    #expect(tabs.selectedIndex == 2)
    app.scroll(x: 10, y: 5)
    #expect(!app.screen.text.contains("Me 1 "))
  }

  /// Counts the seconds it has been on screen.
  final class ClockPage: ViewController {
    private var seconds = 0

    init() { super.init(title: "Clock") }

    override func viewDidAppear() {
      schedule(every: .seconds(1)) { [weak self] in
        self?.seconds += 1
        self?.setNeedsDisplay()
      }
    }

    override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
      buffer.write("\(seconds) s", at: rect.origin)
    }
  }

  @Test("the article's timer test: the clock page counts seconds")
  func theClockPageCountsSeconds() {
    let app = AppDriver(
      root: NavigationController(rootViewController: ClockPage()),
      size: Size(width: 40, height: 12))
    app.advance(by: .seconds(3))
    #expect(app.screen.lines[2].hasPrefix("3 s"))
  }

  /// Loads a greeting; `r` loads it again.
  final class GreetingPage: ListViewController {
    private var loads = 0

    init() { super.init(title: "Greeting") }

    override func handle(_ action: Action) -> Bool {
      guard action == .refresh else { return super.handle(action) }
      loads += 1
      startTask { [weak self] in
        guard let self else { return }
        await Task.yield()  // stands for a real `await`
        apply([ListRow("Hello, load \(loads)")])
      }
      return true
    }
  }

  /// The article's key table: the standard keys and `r`.
  let keys = KeyMap.standard.adding([
    KeyBinding([.character("r")], .refresh, help: "Load again", hint: "r refresh")
  ])

  @Test("the article's task test: settle lets the task that r started finish, then draws")
  func rLoadsAgain() async throws {
    let app = AppDriver(
      root: NavigationController(rootViewController: GreetingPage()),
      size: Size(width: 40, height: 12), keyMap: keys)
    try app.press("r")
    #expect(!app.screen.text.contains("Hello"), "the task has not run yet")
    await app.settle()  // the task ran, and its rows are drawn
    #expect(app.screen.text.contains("Hello, load 1"))
    try app.press("r")
    await app.settle()
    #expect(app.screen.text.contains("Hello, load 2"))
  }

  @Test("the article's test without the driver")
  func theSameWithoutTheDriver() throws {
    let terminal = MemoryTerminal(
      size: Size(width: 40, height: 12), events: [.key(.character("2"))])
    let app = Application(root: try makeTabs(), terminal: terminal, animated: false)
    try app.run()
    #expect(terminal.screen.lines[0].contains("Search"))
  }

  @Test("the article's animated claim: the slide plays on advance")
  func animatedPushPlaysOnAdvance() throws {
    let app = AppDriver(
      root: try makeTabs(), size: Size(width: 40, height: 12), animated: true)
    try app.press("enter")
    let firstFrame = app.screen
    app.advance(by: .seconds(2))
    #expect(app.screen != firstFrame, "the slide moved on")
    #expect(app.screen.lines[0].contains("Home 1"))
    #expect(app.screen == app.application.renderFrame(size: app.screen.size))
  }
}
