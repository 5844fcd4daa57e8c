import Testing

@testable import TabBarKit

/// A long document (a book) is wrapped only around the screen: what shows,
/// and where each move lands, is what wrapping the whole document shows.
@MainActor
@Suite("long text")
struct LongTextTests {
  /// A seeded document of `count` blocks: English paragraphs of 20 to 120
  /// words, a Chinese one now and then, and a heading every 25 blocks.
  static func book(_ count: Int, seed: UInt64 = 7) -> [TextBlock] {
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let words = [
      "the", "harbour", "council", "met", "on", "Tuesday", "to", "decide", "whether",
      "a", "new", "bridge", "should", "be", "built,", "and", "everyone", "agreed.",
    ]
    let chinese = "新华社北京电，记者从国家统计局获悉。今年前三季度经济运行总体平稳。"
    var blocks: [TextBlock] = []
    for index in 0..<count {
      if index % 25 == 0 {
        blocks.append(.heading("Chapter \(index / 25 + 1)"))
      } else if next(10) == 0 {
        blocks.append(.paragraph(String(repeating: chinese, count: 1 + next(4))))
      } else {
        let length = 20 + next(100)
        blocks.append(
          .paragraph((0..<length).map { _ in words[next(words.count)] }.joined(separator: " ")))
      }
    }
    return blocks
  }

  /// A text view of `blocks` laid out at `size`; `whole` wraps all of it.
  static func view(_ blocks: [TextBlock], size: Size, whole: Bool) -> TextView {
    var view = TextView(blocks: blocks)
    if whole { view.wholeWrapLimit = .max }
    view.layout(width: size.width, height: size.height)
    return view
  }

  /// The text drawn in each row, the scroll bar's column left out.
  static func rows(_ view: TextView, size: Size) -> [String] {
    var buffer = ScreenBuffer(size: size)
    view.render(in: buffer.bounds, theme: .color, into: &buffer)
    return buffer.lines.map { String($0.dropLast()) }
  }

  @Test("opening a long document wraps only the blocks around the screen")
  func openWrapsTheScreen() {
    let blocks = Self.book(3000)
    let size = Size(width: 80, height: 24)
    let lazy = Self.view(blocks, size: size, whole: false)
    let whole = Self.view(blocks, size: size, whole: true)
    #expect(lazy.blocksWrapped < 30, "wrapped \(lazy.blocksWrapped) of 3000 blocks")
    #expect(whole.blocksWrapped == 3000)
    #expect(Self.rows(lazy, size: size) == Self.rows(whole, size: size))
    let estimate = Double(lazy.lines.count) / Double(whole.lines.count)
    #expect(estimate > 0.9 && estimate < 1.1, "line count estimated at \(estimate) of the real one")
  }

  @Test("moves and resizes in a long document land where a whole wrap puts them")
  func movesMatchAWholeWrap() {
    let blocks = Self.book(600, seed: 11)
    var size = Size(width: 60, height: 20)
    var lazy = Self.view(blocks, size: size, whole: false)
    var whole = Self.view(blocks, size: size, whole: true)
    let actions: [Action] = [.moveDown, .moveUp, .pageDown, .pageUp, .moveToBottom, .moveToTop]
    var state: UInt64 = 3
    for step in 0..<400 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let pick = Int((state >> 33) % 12)
      if pick < actions.count {
        let moved = lazy.handle(actions[pick])
        #expect(moved == whole.handle(actions[pick]), "step \(step)")
      } else if pick < 9 {
        let delta = pick == 6 ? 3 : pick == 7 ? -3 : 40
        let moved = lazy.scroll(by: delta)
        #expect(moved == whole.scroll(by: delta), "step \(step)")
      } else if pick == 9 {
        size = Size(width: 30 + Int((state >> 20) % 70), height: 8 + Int((state >> 40) % 30))
      } else if pick == 10 {
        let position = TextPosition(
          block: Int((state >> 20) % 600), offset: Int((state >> 40) % 90))
        lazy.scroll(to: position)
        whole.scroll(to: position)
      }
      lazy.layout(width: size.width, height: size.height)
      whole.layout(width: size.width, height: size.height)
      #expect(lazy.position == whole.position, "step \(step)")
      #expect(Self.rows(lazy, size: size) == Self.rows(whole, size: size), "step \(step)")
    }
    #expect(lazy.blocksWrapped < whole.blocksWrapped)
  }

  @Test("End shows the document's last line at the bottom, and the scroll bar at the end")
  func endIsExact() {
    let blocks = Self.book(3000)
    let size = Size(width: 80, height: 24)
    var lazy = Self.view(blocks, size: size, whole: false)
    let movedToBottom = lazy.handle(.moveToBottom)
    #expect(movedToBottom)
    let lastBlock = TextWrap.lines(blocks[2999].text, width: TextView.textWidth(forWidth: 80))
    let rows = Self.rows(lazy, size: size)
    #expect(rows.last?.trimmingCharacters(in: .whitespaces) == lastBlock.last)
    #expect(lazy.scrollFraction == 1)
    #expect(lazy.scrollOffset == lazy.lines.count - size.height)
    let movedAgain = lazy.handle(.moveToBottom)
    #expect(!movedAgain, "already at the end")
    let movedToTop = lazy.handle(.moveToTop)
    #expect(movedToTop)
    #expect(lazy.position == .start && lazy.scrollOffset == 0)
    #expect(lazy.blocksWrapped < 60)
  }

  @Test("a resize of a long document keeps the paragraph and offset at the top")
  func resizeKeepsTheReadingPosition() {
    let blocks = Self.book(3000)
    var view = Self.view(blocks, size: Size(width: 80, height: 24), whole: false)
    let place = TextPosition(block: 1_500, offset: 40)
    view.scroll(to: place)
    view.layout(width: 80, height: 24)
    /// Whether the top line is the one holding `place`.
    func placeOnTop(_ view: TextView) -> Bool {
      let top = view.lines[view.scrollOffset].position
      let next = view.lines[view.scrollOffset + 1].position
      return top.block == place.block && top <= place && place < next
    }
    #expect(placeOnTop(view))
    for width in [100, 45, 80] {
      view.layout(width: width, height: 30)
      #expect(view.position == place, "a resize is not a move")
      #expect(placeOnTop(view), "at \(width)")
    }
    #expect(view.blocksWrapped < 100)
  }

  @Test("the line count becomes exact once every block has been on screen")
  func lineCountRefines() {
    let blocks = Self.book(300, seed: 5)
    let size = Size(width: 50, height: 20)
    var lazy = Self.view(blocks, size: size, whole: false)
    let whole = Self.view(blocks, size: size, whole: true)
    while lazy.handle(.pageDown) {}
    #expect(lazy.blocksWrapped == 300)
    #expect(lazy.lines.count == whole.lines.count)
    #expect(Array(lazy.lines) == Array(whole.lines))
  }
}
