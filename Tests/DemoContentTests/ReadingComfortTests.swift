import Foundation
import TabBarKit
import Testing

@testable import tabbar_demo

/// Reading comfort: the measure of text pages and Me's Text width, the
/// progress on the rows of books, chapters and clips, and `/` on Reading
/// finding what the chapters say.
@MainActor
@Suite("demo content: text width, progress on rows, search inside chapters")
struct ReadingComfortTests {
  /// The demo in a memory terminal of `size`, its settings started as
  /// `--state` starts them, from `saved`.
  static func app(
    _ path: String? = nil, size: Size, saved: SavedSettings? = nil
  ) throws -> (Application, MemoryTerminal, DemoRootController) {
    let content = try DemoContent.load(path: path)
    let model = DemoModel(content: content, loadsAtOnce: true)
    let root = try model.makeRoot(barStyle: nil)
    root.settings.start(saved: saved, theme: nil, barStyle: nil)
    return DemoHarness.start(root, size: size)
  }

  static func press(_ names: String, _ app: Application) throws {
    try DemoHarness.press(names, app)
  }

  /// The leftmost and rightmost columns holding text on rows 2 to the end,
  /// the scroll bar's column left out.
  static func textColumns(_ screen: ScreenBuffer) -> ClosedRange<Int> {
    var low = Int.max
    var high = 0
    for y in 2..<screen.size.height {
      for x in 0..<(screen.size.width - 1) where screen[x, y].scalar != " " {
        low = min(low, x)
        high = max(high, x)
      }
    }
    return low...high
  }

  /// The first line on `terminal`'s screen that `matches`; the test
  /// fails, showing the screen, when none does.
  static func line(
    of terminal: MemoryTerminal, where matches: (Substring) -> Bool
  ) throws -> Substring {
    let text = terminal.screen.text
    let line = text.split(separator: "\n").first(where: matches)
    return try #require(line, "\(text)")
  }

  /// Me's rows from the top down to Text width, then Enter `times` times.
  static func textWidthKeys(_ times: Int) -> String {
    (["5", "home"] + Array(repeating: "down", count: 9) + Array(repeating: "enter", count: times))
      .joined(separator: ",")
  }

  // MARK: The measure

  @Test("a story at 160 columns keeps to about 80 columns of text, centred")
  func storyMeasure() throws {
    let (app, terminal, _) = try Self.app(size: Size(width: 160, height: 30))
    try Self.press("1,down,down,enter", app)
    let columns = Self.textColumns(terminal.screen)
    #expect(columns.count <= 80 && columns.count > 70, "\(columns)")
    let right = 159 - columns.upperBound
    #expect(abs(columns.lowerBound - right) <= 3, "centred: \(columns)")
  }

  @Test("Me's Text width steps Normal, Wide, Narrow; every text page follows, live")
  func textWidthSetting() throws {
    let (app, terminal, root) = try Self.app(size: Size(width: 160, height: 30))
    try Self.press("1,down,down,enter", app)
    let story = try #require(
      (root.viewControllers[0] as? NavigationController)?.topViewController as? StoryPage)
    try Self.press(Self.textWidthKeys(0), app)
    #expect(terminal.screen.text.contains("Text width"))
    #expect(terminal.screen.text.contains("Normal"))
    try Self.press("enter", app)
    #expect(root.settings.measure == .wide && terminal.screen.text.contains("Wide"))
    try Self.press("1", app)
    #expect(Self.textColumns(terminal.screen).count > 140, "Wide: the whole width")
    #expect(story.textView.wrapWidth ?? 0 > 140)
    try Self.press(Self.textWidthKeys(1), app)
    #expect(root.settings.measure == .narrow && terminal.screen.text.contains("Narrow"))
    try Self.press("1", app)
    let narrow = Self.textColumns(terminal.screen)
    #expect(narrow.count <= 60 && narrow.count > 50, "Narrow: \(narrow)")
  }

  @Test("the text width is kept by --state with the other settings")
  func textWidthSaved() throws {
    let (app, _, root) = try Self.app(size: Size(width: 100, height: 30))
    #expect(root.settings.saved.textWidth == nil, "Normal, the default, is not written")
    try Self.press(Self.textWidthKeys(2), app)
    let saved = root.settings.saved
    #expect(saved.textWidth == "narrow")
    let data = try JSONEncoder().encode(saved)
    let decoded = try JSONDecoder().decode(SavedSettings.self, from: data)
    let (_, _, again) = try Self.app(size: Size(width: 100, height: 30), saved: decoded)
    #expect(again.settings.measure == .narrow)
    #expect(again.readableWidth == 60)
  }

  @Test("Text width reads in 中文 after the switch, and the example file words it")
  func textWidthInChinese() throws {
    let (app, terminal, root) = try Self.app(size: Size(width: 60, height: 30))
    root.settings.setChinese(true)
    try Self.press(Self.textWidthKeys(0), app)
    #expect(terminal.screen.text.contains("正文宽度"), "\(terminal.screen.text)")
    #expect(terminal.screen.text.contains("适中"))
    try Self.press("enter", app)
    #expect(terminal.screen.text.contains("全宽"))
    let (neteaseApp, netease, _) = try Self.app(
      ReadingFlowTests.netease, size: Size(width: 60, height: 30))
    try Self.press(Self.textWidthKeys(0), neteaseApp)
    #expect(netease.screen.text.contains("正文宽度") && netease.screen.text.contains("适中"))
  }

  // MARK: Progress on rows

  @Test("a book's row names the chapter read last, a chapter's row and a clip's how far")
  func progressOnRows() throws {
    let (app, terminal, _) = try Self.app(size: Size(width: 80, height: 24))
    // The first book, its third chapter, a page down, and back to the book.
    try Self.press("2,down,enter,down,down,enter,pgdn,esc", app)
    let chapterRow = try Self.line(of: terminal) { $0.contains("3. The Storm") }
    #expect(chapterRow.contains("%"), "\(chapterRow)")
    #expect(!chapterRow.contains(" 0%"))
    try Self.press("esc", app)
    let bookRow = try Self.line(of: terminal) { $0.hasPrefix(" The Long Way Home") }
    #expect(bookRow.contains("chapter 3 of 5"), "\(bookRow)")
    // A clip played for a while.
    try Self.press("3,enter", app)
    app.tick()
    try Self.press("right,right,right,esc", app)
    let clipRow = try Self.line(of: terminal) { $0.contains("Street food at dawn") }
    #expect(clipRow.contains("% · 2:10"), "\(clipRow)")
  }

  @Test("progress comes first in a row's detail, so that 40 columns still show it")
  func progressAtForty() throws {
    let (app, terminal, _) = try Self.app(size: Size(width: 40, height: 24))
    try Self.press("2,down,enter,down,down,enter,pgdn,esc,esc", app)
    let bookRow = try Self.line(of: terminal) { $0.hasPrefix(" The Long Way Home") }
    #expect(bookRow.contains("chapter 3"), "\(bookRow)")
  }

  @Test("progress reads in 中文 after the switch")
  func progressInChinese() throws {
    let (app, terminal, root) = try Self.app(size: Size(width: 80, height: 24))
    try Self.press("2,down,enter,down,down,enter,pgdn,esc,esc", app)
    root.settings.setChinese(true)
    app.tick()
    #expect(terminal.screen.text.contains("第3/5章"), "\(terminal.screen.text)")
    #expect(!terminal.screen.text.contains("chapter 3 of 5"))
  }

  // MARK: Search

  @Test("/ on Reading finds a book by what its chapters say, and opens it on those chapters")
  func searchInsideChapters() throws {
    let (app, terminal, _) = try Self.app(size: Size(width: 80, height: 24))
    // "lighthouse" is in no title or byline of Reading, only in chapters.
    try Self.press("2,/,l,i,g,h,t,h,o,u,s,e,enter", app)
    let text = terminal.screen.text
    #expect(text.contains("Letters from the Coast"), "\(text)")
    #expect(!text.contains("The Long Way Home"), "\(text)")
    try Self.press("down,enter", app)
    let book = terminal.screen.text
    #expect(book.contains("/ lighthouse"), "the book opens filtered: \(book)")
    #expect(book.contains("4. Fog"))
    #expect(!book.contains("1. Reading the Sky"), "\(book)")
    try Self.press("esc", app)
    #expect(terminal.screen.text.contains("1. Reading the Sky"), "Esc shows every chapter")
  }

  @Test("a book opened after Reading's filter was cleared shows every chapter")
  func bookOpensWholeOnceFilterCleared() throws {
    let (app, terminal, _) = try Self.app(size: Size(width: 80, height: 24))
    try Self.press("2,/,l,i,g,h,t,h,o,u,s,e,enter,down,esc", app)
    let reading = terminal.screen.text
    #expect(reading.contains("The Long Way Home"), "the filter is cleared: \(reading)")
    // The selection stays on the book the filter found.
    try Self.press("enter", app)
    let book = terminal.screen.text
    #expect(book.contains("A Field Guide to Clouds"), "\(book)")
    #expect(!book.contains("/ lighthouse"), "\(book)")
    #expect(book.contains("1. Reading the Sky"), "\(book)")
  }

  // MARK: Likes

  @Test("a comment count never wraps away from its word, in English or in 中文, at any width")
  func commentCountStaysWithItsWord() throws {
    let (_, _, root) = try Self.app(size: Size(width: 80, height: 24))
    let model = root.model
    for chinese in [false, true] {
      model.settings.setChinese(chinese)
      let flow = model.settings.strings.flow
      let word = chinese ? "跟贴" : "comments"
      // A row's detail, the count under a byline, the line at a story's end.
      let texts = [
        model.detail("Weather · 2h", counting: "story-rain"),
        DemoStrings.fill(flow.commentCount, ["count": "12"]),
        DemoStrings.fill(flow.commentsLine, ["count": "12"]),
      ]
      for text in texts {
        #expect(text.contains(word), "\(text)")
        // From the width of the count and its word: narrower, they must part.
        for width in TextWidth.width(of: "12 " + word)...40 {
          let lines = TextWrap.lines(text, width: width)
          #expect(
            !lines.contains { $0.hasPrefix(word) }, "\(text) at \(width) columns: \(lines)")
        }
      }
    }
  }

  @Test("a like count never wraps away from its heart")
  func likeCountStaysWithItsUnit() throws {
    for width in 20...40 {
      let (app, terminal, _) = try Self.app(size: Size(width: width, height: 40))
      try Self.press("1,down,down,enter,c", app)
      let lines = terminal.screen.text.split(separator: "\n").map {
        $0.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "┃│")))
      }
      #expect(!lines.contains { $0.hasSuffix("♥") }, "at \(width) columns:\n\(lines)")
    }
  }
}
