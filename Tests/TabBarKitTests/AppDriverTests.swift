import TabBarKit
import TabBarKitTesting
import Testing

/// `AppDriver`, the testing product's way to run an app in a test.
@MainActor
@Suite("AppDriver (TabBarKitTesting)")
struct AppDriverTests {
  /// A page that counts the seconds of a timer and keeps what is typed.
  final class TickerPage: ViewController {
    private(set) var ticks = 0
    private(set) var typed = ""
    var takesText = false

    init() { super.init(title: "Ticker") }

    override func viewDidAppear() {
      schedule(every: .seconds(1)) { [weak self] in
        self?.ticks += 1
        self?.setNeedsDisplay()
      }
    }

    override var acceptsText: Bool { takesText }
    override func insertText(_ text: String) {
      typed += text
      setNeedsDisplay()
    }

    override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
      buffer.write("ticks \(ticks)", at: rect.origin)
      buffer.write(
        "typed \(typed)", at: Point(x: rect.minX, y: rect.minY + 1),
        style: Style(attributes: .bold))
    }
  }

  @Test("press takes key names; an unknown name throws and presses nothing")
  func pressByName() throws {
    let tabs = Fixtures.tabs()
    let app = AppDriver(root: tabs)
    try app.press("2,down,enter")
    #expect(tabs.selectedIndex == 1)
    #expect(app.screen.lines[0].contains("Reading 2"))
    let error = #expect(throws: KeyNameError.self) { try app.press("esc,nope") }
    #expect(error?.name == "nope")
    #expect(app.screen.lines[0].contains("Reading 2"), "esc before the bad name was not pressed")
    app.press(.escape)
    #expect(!app.screen.lines[0].contains("Reading 2"))
  }

  @Test("screen lines are the full width; style lines give a letter per cell")
  func screenLines() throws {
    let app = AppDriver(root: TickerPage(), size: Size(width: 20, height: 8))
    #expect(app.screen.lines.count == 8)
    #expect(app.screen.lines[0] == "ticks 0" + String(repeating: " ", count: 13))
    #expect(app.screen.styleLines[1] == "BBBBBB" + String(repeating: ".", count: 14))
    #expect(app.screen.textAndStyles.hasSuffix("-- styles --\n" + app.screen.styleText + "\n"))
  }

  @Test("advance fires a timer as often as the time passed, then draws")
  func advanceFiresEachTime() {
    let page = TickerPage()
    let app = AppDriver(root: page, size: Size(width: 20, height: 8))
    app.advance(by: .milliseconds(999))
    #expect(page.ticks == 0)
    app.advance(by: .seconds(5))
    #expect(page.ticks == 5)
    #expect(app.clock.now == .milliseconds(5999))
    #expect(app.screen.lines[0].hasPrefix("ticks 5 "))
  }

  @Test("type sends characters to a page that takes text; paste sends one piece")
  func typeAndPaste() {
    let page = TickerPage()
    page.takesText = true
    let app = AppDriver(root: page, size: Size(width: 30, height: 8))
    app.type("quit")
    #expect(!app.isFinished, "q is text on a page that takes text")
    app.paste(" now")
    #expect(page.typed == "quit now")
    #expect(app.screen.lines[1].hasPrefix("typed quit now"))
    page.takesText = false
    app.type("q")
    #expect(app.isFinished)
  }

  @Test("resize draws the new frame at the new size")
  func resize() {
    let app = AppDriver(root: Fixtures.tabs())
    app.resize(to: Size(width: 40, height: 12))
    #expect(app.screen.size == Size(width: 40, height: 12))
    #expect(app.screen == app.application.renderFrame(size: Size(width: 40, height: 12)))
  }

  @Test("a monochrome driver draws no colours")
  func monochrome() {
    let app = AppDriver(root: Fixtures.tabs(), colorDepth: .monochrome)
    #expect(!app.screen.styleText.contains("S"))
    #expect(AppDriver(root: Fixtures.tabs()).screen.styleText.contains("S"))
  }

  /// A page whose task waits off the main actor, then starts another task
  /// and posts work, as a page that loads and then refines would.
  final class ChainPage: ViewController {
    private(set) var steps: [String] = []

    init() { super.init(title: "Chain") }

    @concurrent nonisolated static func fetch() async -> String {
      await Task.yield()
      return "fetched"
    }

    override func viewDidAppear() {
      startTask { [weak self] in
        let word = await Self.fetch()
        guard let self else { return }
        steps.append(word)
        startTask { [weak self] in
          await Task.yield()
          self?.steps.append("second task")
          self?.setNeedsDisplay()
        }
        application?.post { [weak self] in self?.steps.append("posted") }
        setNeedsDisplay()
      }
    }

    override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
      buffer.write(steps.sorted().joined(separator: ", "), at: rect.origin)
    }
  }

  @Test("settle lets a page's task, the task it starts and the work it posts finish, then draws")
  func settleRunsTasksAndPosts() async {
    let page = ChainPage()
    let app = AppDriver(root: page, size: Size(width: 40, height: 8))
    #expect(app.screen.lines[0].allSatisfy { $0 == " " }, "nothing has run yet")
    await app.settle()
    #expect(page.steps.count == 3)
    #expect(app.screen.lines[0].hasPrefix("fetched, posted, second task"), "and it was drawn")
    #expect(app.application.root.runningTasks.isEmpty)
  }
}
