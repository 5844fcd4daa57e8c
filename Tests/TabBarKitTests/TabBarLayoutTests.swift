import Testing

@testable import TabBarKit

@MainActor
@Suite("Tab bar layout")
struct TabBarLayoutTests {
  @Test("cells are equal, leftover columns go to the leftmost, the bar spans the width")
  func equalWidths() {
    for count in 1...9 {
      for width in count...200 {
        let spans = TabBar.cellSpans(count: count, width: width)
        let widths = spans.map(\.count)
        #expect(spans.count == count)
        #expect(spans.first?.lowerBound == 0 && spans.last?.upperBound == width)
        #expect(widths.max()! - widths.min()! <= 1)
        // Wider cells come first: the widths never increase from left to right.
        #expect(widths == widths.sorted(by: >))
        for (a, b) in zip(spans, spans.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
      }
    }
    #expect(TabBar.cellSpans(count: 5, width: 82).map(\.count) == [17, 17, 16, 16, 16])
  }

  @Test("the regular bar draws glyph over title, one cell per item")
  func regularCells() {
    let bar = TabBar(items: Fixtures.items, selectedIndex: 1)
    var buffer = ScreenBuffer(size: Size(width: 50, height: 3))
    bar.render(in: buffer.bounds, into: &buffer)
    #expect(buffer.line(0) == String(repeating: "─", count: 50))
    #expect(buffer.line(1).split(separator: " ") == ["□", "★", "▷", "○", "♡"])
    #expect(buffer.line(2).split(separator: " ") == ["News", "Reading", "Video", "Topics", "Me"])
  }

  @Test("the selected cell is bold on the selection background, or reverse in monochrome")
  func selectedCellIsDistinct() {
    for theme in [Theme.color, Theme.monochrome] {
      let bar = TabBar(items: Fixtures.items, selectedIndex: 2, theme: theme)
      var buffer = ScreenBuffer(size: Size(width: 50, height: 3))
      bar.render(in: buffer.bounds, into: &buffer)
      let selected = buffer[25, 2].style
      let other = buffer[5, 2].style
      #expect(selected != other)
      #expect(selected.attributes.contains(.bold))
      if theme.isMonochrome {
        #expect(selected.attributes.contains(.reverse))
        #expect(selected.foreground == .default && selected.background == .default)
      } else {
        #expect(selected.background != .default)
      }
    }
  }

  @Test("the compact bar is one row with glyph and title side by side")
  func compactCells() {
    let bar = TabBar(items: Fixtures.items, selectedIndex: 0, style: .compact)
    var buffer = ScreenBuffer(size: Size(width: 60, height: 2))
    bar.render(in: buffer.bounds, into: &buffer)
    #expect(buffer.line(1).contains("■ News"))
    #expect(buffer.line(1).contains("♡ Me"))
  }

  @Test("wide titles are cut inside their cell and never spill into the next")
  func wideTitlesStayInTheirCells() {
    let items = ["新闻中心", "阅读", "视频直播间", "话题", "我的"].map { TabBarItem(title: $0) }
    for width in [20, 23, 30, 37] {
      let bar = TabBar(items: items, selectedIndex: 0)
      var buffer = ScreenBuffer(size: Size(width: width, height: 3))
      bar.render(in: buffer.bounds, into: &buffer)
      let frames = bar.slotFrames(in: buffer.bounds).map(\.frame)
      for frame in frames {
        // The cell's own text: its first column is never the right half of a wide
        // character, and its last column never starts one.
        #expect(!buffer[frame.minX, 2].isContinuation)
        #expect(buffer[frame.maxX - 1, 2].width < 2)
      }
    }
  }

  @Test("a size change relays the bar out and reports the new item width")
  func widthChangeNotification() {
    let tabs = Fixtures.tabs()
    var widths: [Int] = []
    tabs.onItemWidthChange = { widths.append($0) }
    let (app, terminal) = Fixtures.app(tabs)
    terminal.resize(to: Size(width: 50, height: 24))
    app.send(terminal.readEvent(timeout: nil)!)
    app.press("down")  // no size change: no new notification
    #expect(widths == [16, 10])
    #expect(terminal.screen.line(23).split(separator: " ").count == 5)
  }
}
