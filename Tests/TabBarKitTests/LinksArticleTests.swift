import TabBarKit
import TabBarKitTesting
import Testing

/// The code of the DocC article "Links and other programs"
/// (LinksAndOtherPrograms.md), as the article shows it, so that its
/// samples compile and do what it says. Only the namespace is added.
@MainActor
enum LinksArticle {
  // MARK: The article's code

  final class StoryPage: TextViewController {
    let url: String
    /// The browser and its options; the link goes last.
    var browser = ["w3m"]

    init(title: String, text: String, url: String) {
      self.url = url
      super.init(title: title, blocks: [.paragraph(text), .link("Read on the web", url: url)])
    }

    override var keyBindings: [KeyBinding] {
      super.keyBindings + [
        KeyBinding([.character("o")], .openLink, help: "Open the link", hint: "o open")
      ]
    }

    override func handle(_ action: Action) -> Bool {
      guard action == .openLink else { return super.handle(action) }
      do {
        let exit = try application?.runInForeground(browser + [url])
        if let exit, !exit.succeeded { showToast("\(browser[0]) \(exit)") }
      } catch {
        showToast(error.description)  // "w3m: No such file or directory"
      }
      return true
    }
  }

  static func drawLink(into buffer: inout ScreenBuffer, at point: Point, theme: Theme, url: String)
  {
    buffer.write("Read on the web", at: point, style: theme[.accent].linked(to: url))
  }
}

extension Action {
  fileprivate static let openLink = Action.custom("openLink")
}

@MainActor
@Suite("the links and other programs article")
struct LinksArticleTests {
  typealias StoryPage = LinksArticle.StoryPage

  func app(browser: [String]) -> (AppDriver, StoryPage) {
    let page = StoryPage(title: "Rail", text: "A new line.", url: "https://example.com/rail")
    page.browser = browser
    return (AppDriver(root: NavigationController(rootViewController: page)), page)
  }

  @Test("the article's test: o leaves the terminal to the browser and takes it back")
  func articleTest() throws {
    let page = StoryPage(title: "Rail", text: "A new line.", url: "https://example.com/rail")
    page.browser = ["true"]
    let app = AppDriver(root: NavigationController(rootViewController: page))
    try app.press("o")
    #expect(app.terminal.releaseCount == 1 && !app.terminal.isReleased)
  }

  @Test(
    "the story's link line is drawn linked, and the frame after the browser repaints every cell")
  func linkLineAndFullRepaint() throws {
    let (app, _) = app(browser: ["true"])
    let row = try #require(app.screen.lines.firstIndex { $0.contains("Read on the web") })
    #expect(app.style(of: "Read on the web", inRow: row)?.link == "https://example.com/rail")
    #expect(app.screen.styleLines[row].contains("LLLLLLLLLLLLLLL"))
    #expect(app.style(of: "A new line.")?.link == nil)
    try app.press("o")
    #expect(app.terminal.lastFrameCellCount == 80 * 24, "the whole screen is drawn again")
    #expect(app.toast == nil, "a browser that succeeds says nothing")
  }

  @Test("the program's status comes back, and a program that cannot start is one line")
  func statusesAndFailures() throws {
    let (failing, _) = app(browser: ["/bin/sh", "-c", "exit 3", "sh"])
    try failing.press("o")
    #expect(failing.toast == "/bin/sh exited with status 3")
    #expect(failing.terminal.releaseCount == 1 && !failing.terminal.isReleased)
    let (killed, _) = app(browser: ["/bin/sh", "-c", "kill -TERM $$", "sh"])
    try killed.press("o")
    #expect(killed.toast == "/bin/sh killed by signal 15")
    let (missing, _) = app(browser: ["no-such-browser-36"])
    try missing.press("o")
    #expect(missing.toast == "no-such-browser-36: No such file or directory")
    #expect(!missing.terminal.isReleased, "the terminal is back after a failed start too")
  }

  @Test("the program gets its arguments as given and the environment asked for")
  func argumentsAndEnvironment() throws {
    let (app, _) = app(browser: [])
    let script = #"[ "$1" = "a b;c" ] && [ "$GREETING" = "hi" ] && [ -z "$HOME" ]"#
    let exit = try app.application.runInForeground(
      ["/bin/sh", "-c", script, "sh", "a b;c"], environment: ["GREETING": "hi"])
    #expect(exit == .exited(0))
    #expect(throws: ForegroundError.self) { try app.application.runInForeground([]) }
  }

  @Test("the article's drawing code links the cells it writes")
  func drawingCode() {
    var buffer = ScreenBuffer(size: Size(width: 20, height: 1))
    LinksArticle.drawLink(
      into: &buffer, at: Point(x: 1, y: 0), theme: .standard, url: "https://example.com/")
    #expect(buffer[1, 0].style.link == "https://example.com/")
    #expect(buffer[0, 0].style.link == nil && buffer[16, 0].style.link == nil)
  }
}
