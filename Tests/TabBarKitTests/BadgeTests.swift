import Testing

@testable import TabBarKit

@MainActor
@Suite("Badges")
struct BadgeTests {
  @Test("none, dot, count (0 or less shows nothing, over 99 shows 99+), short text")
  func labels() {
    #expect(Badge.none.label == nil)
    #expect(Badge.dot.label == "●")
    #expect(Badge.count(0).label == nil)
    #expect(Badge.count(-3).label == nil)
    #expect(Badge.count(7).label == "7")
    #expect(Badge.count(99).label == "99")
    #expect(Badge.count(100).label == "99+")
    #expect(Badge.text("new").label == "new")
    #expect(Badge.text("").label == nil)
  }

  @Test("a badge that does not fit becomes a dot: never a wrong number, never a cut word")
  func fitting() {
    #expect(Badge.count(100).label(fitting: 3) == "99+")
    #expect(Badge.count(100).label(fitting: 2) == "●")
    #expect(Badge.text("hello").label(fitting: 3) == "●")
    #expect(Badge.text("new").label(fitting: 3) == "new")
    #expect(Badge.dot.label(fitting: 0) == nil)
  }

  @Test("badges show on items before their tab was ever opened, after the glyph")
  func shownBeforeOpening() {
    var items = Fixtures.items
    items[3].badge = .count(120)
    items[4].badge = .dot
    let (_, terminal) = Fixtures.app(Fixtures.tabs(items: items))
    let glyphRow = terminal.screen.line(22)
    #expect(glyphRow.contains("○99+"))
    #expect(glyphRow.contains("♡●"))
    let badgeX = glyphRow.unicodeScalars.firstIndex(of: "9").map {
      glyphRow.unicodeScalars.distance(from: glyphRow.unicodeScalars.startIndex, to: $0)
    }!
    #expect(terminal.screen[badgeX, 22].style == Theme.color[.badge])
  }

  @Test("a badge never draws over a neighbour cell")
  func neverOverNeighbour() {
    let items = (1...5).map { TabBarItem(title: "T\($0)", glyph: "◆", badge: .text("breaking")) }
    for width in [20, 25, 31] {
      let bar = TabBar(items: items, selectedIndex: 0)
      var buffer = ScreenBuffer(size: Size(width: width, height: 3))
      bar.render(in: buffer.bounds, into: &buffer)
      for (_, frame) in bar.slotFrames(in: buffer.bounds) {
        // The last column of every cell stays blank on the glyph row.
        #expect(buffer[frame.maxX - 1, 1].scalar == " ", "width \(width), cell at \(frame.minX)")
      }
    }
  }

  @Test("an item may clear its badge when its tab is opened")
  func clearsOnSelect() {
    var items = Fixtures.items
    items[3].badge = .dot
    items[3].clearsBadgeOnSelect = true
    items[4].badge = .count(3)
    let tabs = Fixtures.tabs(items: items)
    let (app, _) = Fixtures.app(tabs)
    app.press("4,5")
    #expect(tabs.items[3].badge == .none)
    #expect(tabs.items[4].badge == .count(3), "an item that does not clear keeps its badge")
  }

  @Test("in the compact bar the badge wins over the title: the title is cut first")
  func compactKeepsBadges() {
    var items = Fixtures.items
    items[1].badge = .text("new")
    items[2].badge = .count(1234)
    items[3].badge = .dot
    items[4].badge = .count(8)
    func bar(width: Int) -> String {
      let (_, terminal) = Fixtures.app(
        Fixtures.tabs(items: items, style: .compact), size: Size(width: width, height: 12))
      return terminal.screen.line(11)
    }
    // Wide cells: everything whole.
    #expect(bar(width: 80).contains("☆ Reading new"))
    #expect(bar(width: 80).contains("▷ Video 99+"))
    // 50 columns, cells of 10: titles are cut, badges stay whole.
    let fifty = bar(width: 50)
    #expect(fifty.contains("☆ Re… new"), "\(fifty)")
    #expect(fifty.contains("▷ Vi… 99+"), "\(fifty)")
    #expect(fifty.contains("○ Topi… ●") && fifty.contains("♡ Me 8"), "\(fifty)")
    // 30 columns, cells of 6: the titles go before the badges do.
    let thirty = bar(width: 30)
    #expect(thirty.contains("★new") || thirty.contains("☆new"), "\(thirty)")
    #expect(thirty.contains("▷99+"), "\(thirty)")
    #expect(thirty.contains("●") && thirty.contains("8"), "\(thirty)")
  }
}
