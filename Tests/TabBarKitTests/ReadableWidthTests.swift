import SnapshotTesting
import Testing

@testable import TabBarKit

/// A text page's measure: ``ViewController/readableWidth`` caps its lines
/// and centres them on a wider screen.
@MainActor
@Suite("readable width of text pages")
struct ReadableWidthTests {
  /// The columns of the screen's rows that hold text, leftmost and
  /// rightmost, the scroll bar's last column left out.
  func textColumns(_ screen: ScreenBuffer, rows: Range<Int>) -> (min: Int, max: Int) {
    var low = Int.max
    var high = -1
    for y in rows {
      for x in 0..<(screen.size.width - 1) where screen[x, y].scalar != " " {
        low = min(low, x)
        high = max(high, x)
      }
    }
    return (low, high)
  }

  @Test("a readable width set on the root caps a text page's lines and centres them")
  func capsAndCentres() {
    let tests = TextPageTests()
    let size = Size(width: 160, height: 24)
    let (page, app, terminal) = tests.pushedPage(TextPageTests.englishArticle, size: size)
    let full = textColumns(terminal.screen, rows: 2..<20)
    #expect(full.min == 1 && full.max > 150, "without a readable width the text runs wide")
    page.tabBarController!.readableWidth = 80
    app.tick()
    let capped = textColumns(terminal.screen, rows: 2..<20)
    #expect(capped.max - capped.min + 1 <= 80, "a line takes at most 80 columns")
    #expect(capped.max - capped.min + 1 > 70, "the lines fill the measure")
    // Centred: as many columns free on the left as on the right, to one.
    let right = size.width - 1 - capped.max
    #expect(abs(capped.min - right) <= 3, "left \(capped.min), right \(right)")
    #expect(terminal.screen[size.width - 1, 2].scalar == "┃", "the scroll bar stays at the edge")
    #expect(terminal.screen == app.renderFrame(size: size))
  }

  @Test("narrower than the readable width, a text page uses the whole width as before")
  func narrowScreen() {
    let tests = TextPageTests()
    let size = Size(width: 40, height: 12)
    let (page, app, terminal) = tests.pushedPage(TextPageTests.englishArticle, size: size)
    let before = terminal.screen
    page.tabBarController!.readableWidth = 80
    app.tick()
    #expect(terminal.screen == before)
  }

  @Test("changing the readable width re-wraps and keeps the text at the top of the screen")
  func keepsPosition() {
    let tests = TextPageTests()
    let size = Size(width: 120, height: 12)
    let (page, app, _) = tests.pushedPage(TextPageTests.englishArticle, size: size)
    app.press("down,down,down")
    let position = page.textView.position
    page.tabBarController!.readableWidth = 60
    app.tick()
    #expect(page.textView.wrapWidth == 60)
    #expect(page.textView.position == position)
    page.tabBarController!.readableWidth = nil
    app.tick()
    #expect(page.textView.wrapWidth == TextView.textWidth(forWidth: 120))
  }

  @Test("a page's own readable width wins over its container's; Int.max is the whole width")
  func inherited() {
    let tabs = Fixtures.tabs()
    let page = TextViewController(title: "Article", blocks: TextPageTests.englishArticle)
    tabs.readableWidth = 60
    #expect(page.readableWidth == nil)
    (tabs.viewControllers[0] as! NavigationController).pushViewController(page, animated: false)
    #expect(page.readableWidth == 60)
    page.readableWidth = .max
    let (app, _) = Fixtures.app(tabs, size: Size(width: 100, height: 12))
    app.send(.resize(Size(width: 100, height: 12)))
    #expect(page.textView.wrapWidth == TextView.textWidth(forWidth: 100))
  }

  @Test("an English article with a readable width of 60 at 100×16")
  func snapshot() {
    let tests = TextPageTests()
    let size = Size(width: 100, height: 16)
    let (page, app, terminal) = tests.pushedPage(TextPageTests.englishArticle, size: size)
    page.tabBarController!.readableWidth = 60
    app.tick()
    assertSnapshot(of: terminal.screen, as: .frame)
  }
}
