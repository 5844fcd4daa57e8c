import Foundation
import NcursesTerminal
import Testing

@testable import TabBarKit

/// The code of the DocC article "Saving and restoring your pages"
/// (SavingAndRestoringYourPages.md), as the article shows it, so that its
/// samples compile and do what it says. Only the namespace and the tabs the
/// app code needs are added.
@MainActor
enum RestoringArticle {
  // MARK: The article's code

  final class ChapterPage: ViewController {
    let lines: [String]
    private(set) var firstLine = 0

    init(title: String, lines: [String]) {
      self.lines = lines
      super.init(title: title)
      restorationIdentifier = "chapter"
    }

    override func encodeRestorableState(with coder: inout RestorationCoder) {
      coder.encode(firstLine, forKey: "firstLine")
    }

    override func decodeRestorableState(with coder: RestorationCoder) {
      // The file may be old or edited: keep the number inside the chapter.
      firstLine =
        coder.decodeInt(forKey: "firstLine", clampedTo: 0...max(0, lines.count - 1)) ?? 0
    }

    override var keyBindings: [KeyBinding] {
      [KeyBinding([.down, .character("j")], .moveDown, help: "Read on", hint: "↓ read on")]
    }

    override func handle(_ action: Action) -> Bool {
      guard action == .moveDown, firstLine < lines.count - 1 else { return false }
      firstLine += 1
      return true
    }

    override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
      for (row, line) in lines.dropFirst(firstLine).prefix(rect.height).enumerated() {
        buffer.write(line, at: Point(x: rect.minX + 1, y: rect.minY + row), maxX: rect.maxX)
      }
    }
  }

  final class BookPage: ViewController {
    let chapters: [ChapterPage]
    private(set) var openChapter: Int?

    init(title: String, chapters: [ChapterPage]) {
      self.chapters = chapters
      super.init(title: title)
    }

    override func openChild(at position: Int) throws(DeepLinkError) -> ViewController {
      // Compared before it is used: the position may be any number.
      guard position >= 1, position <= chapters.count, let nav = navigationController else {
        throw DeepLinkError(reason: "“\(title)” has no chapter \(position)")
      }
      openChapter = position
      nav.pushViewController(chapters[position - 1], animated: false)
      return chapters[position - 1]
    }

    override var openChildPositions: [Int] { openChapter.map { [$0] } ?? [] }
  }

  /// Where the app keeps the user's place between runs.
  @MainActor
  final class StateStore {
    let url: URL
    /// What the saved state had that the app's pages no longer have.
    private(set) var skipped: [RestorationMismatch] = []

    init(url: URL) { self.url = url }

    /// At start: the saved state, if there is one.
    func restore(_ tabs: TabBarController) {
      guard let data = try? Data(contentsOf: url),
        let saved = try? JSONDecoder().decode(RestorationCoder.self, from: data)
      else { return }
      // Every step it could not take back, once the lists that load have loaded.
      saved.restore(tabs) { [weak self] skipped in self?.skipped = skipped }
    }

    /// On the way out: where the user is now.
    func save(_ tabs: TabBarController) {
      guard let data = try? JSONEncoder().encode(RestorationCoder(encoding: tabs)) else { return }
      try? data.write(to: url, options: .atomic)
    }
  }

  /// The article's app: never run by the tests (it takes the terminal), but
  /// compiled with them.
  static func runApp(stateURL: URL) throws -> Never {
    let tabs = makeTabs()
    let store = StateStore(url: stateURL)
    store.restore(tabs)
    let ending = try TerminalApp.runAndReturn(willTerminate: { _ in store.save(tabs) }) { tabs }
    if !store.skipped.isEmpty {
      print("restored what matched: " + store.skipped.map(\.description).joined(separator: "; "))
    }
    TerminalApp.exit(ending)  // dies of the signal that stopped it, as a shell expects
  }

  // MARK: The app around it

  /// A book of `chapters` chapters of ten lines, in a tab beside a list.
  static func makeTabs(chapters: Int = 3) -> TabBarController {
    let book = BookPage(
      title: "Book",
      chapters: (1...chapters).map { chapter in
        ChapterPage(
          title: "Chapter \(chapter)", lines: (1...10).map { "Chapter \(chapter), line \($0)" })
      })
    let news = ListViewController(title: "News", rows: Fixtures.rows("News"))
    return TabBarController(viewControllers: [
      NavigationController(rootViewController: news),
      NavigationController(rootViewController: book),
    ])
  }
}

@MainActor
@Suite("The saving and restoring article")
struct SavingAndRestoringArticleTests {
  @Test("a chapter opened by a deep link comes back at the line it was read to, through a file")
  func chapterRoundTrip() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("restoring-article-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }
    let tabs = RestoringArticle.makeTabs()
    let (app, _) = Fixtures.app(tabs)
    try tabs.open(path: [2, 3])
    app.press("down,down,down,down")
    RestoringArticle.StateStore(url: url).save(tabs)

    let again = RestoringArticle.makeTabs()
    let store = RestoringArticle.StateStore(url: url)
    store.restore(again)
    #expect(store.skipped == [])
    let (_, terminal) = Fixtures.app(again)
    #expect(terminal.screen.line(0).contains("Chapter 3"))
    #expect(terminal.screen.text.contains("Chapter 3, line 5"))
    #expect(!terminal.screen.text.contains("Chapter 3, line 4"))
    #expect(terminal.screen.text == app.lastFrame.text)
  }

  @Test("the article's store keeps what a restore could not take back, to tell the user")
  func skippedStepsAreKept() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("restoring-article-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }
    let tabs = RestoringArticle.makeTabs()
    try tabs.open(path: [2, 3])
    RestoringArticle.StateStore(url: url).save(tabs)

    let shorter = RestoringArticle.makeTabs(chapters: 2)
    let store = RestoringArticle.StateStore(url: url)
    store.restore(shorter)
    #expect(store.skipped.map(\.description) == ["tab 2: “Book” has no chapter 3"])
  }

  @Test("a chapter saved at Int.max comes back at its last line; a missing chapter is an error")
  func hostileNumbers() throws {
    let chapter = RestoringArticle.ChapterPage(title: "C", lines: ["a", "b", "c"])
    var coder = RestorationCoder()
    coder.encode(Int.max, forKey: "firstLine")
    chapter.decodeRestorableState(with: coder)
    #expect(chapter.firstLine == 2)
    coder.encode(-5, forKey: "firstLine")
    chapter.decodeRestorableState(with: coder)
    #expect(chapter.firstLine == 0)
    #expect(throws: DeepLinkError(step: 2, reason: "“Book” has no chapter 9")) {
      try RestoringArticle.makeTabs().open(path: [2, 9])
    }
  }
}
