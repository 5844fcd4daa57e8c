import Testing

@testable import TabBarKit

@MainActor
@Suite("Screen buffer and diff")
struct ScreenBufferTests {
  @Test("a wide character takes two cells and nothing spills past the clip")
  func wideCharacters() {
    var buffer = ScreenBuffer(size: Size(width: 6, height: 1))
    let end = buffer.write("新闻x", at: .zero)
    #expect(end == 5)
    #expect(buffer[1, 0].isContinuation)
    #expect(buffer.line(0) == "新闻x ")
    // A wide character that would cross the clip is replaced by a space.
    var clipped = ScreenBuffer(size: Size(width: 6, height: 1), fill: Cell("."))
    clipped.write("ab新", at: .zero, maxX: 3)
    #expect(clipped.line(0) == "ab ...")
  }

  @Test("overwriting half of a wide character blanks the other half")
  func overwritingHalves() {
    var buffer = ScreenBuffer(size: Size(width: 4, height: 1))
    buffer.write("新闻", at: .zero)
    buffer.write("x", at: Point(x: 1, y: 0))
    #expect(buffer.line(0) == " x闻")
    buffer.write("y", at: Point(x: 2, y: 0))
    #expect(buffer.line(0) == " xy ")
    #expect(!buffer.cells.contains { $0.isContinuation })
  }

  @Test("The diff lists exactly the cells that changed")
  func diff() {
    var a = ScreenBuffer(size: Size(width: 10, height: 3))
    a.write("hello", at: .zero)
    var b = a
    b.write("J", at: .zero)
    b.write("!", at: Point(x: 9, y: 2))
    let updates = b.diff(from: a)
    #expect(updates.map { [$0.x, $0.y] } == [[0, 0], [9, 2]])
    var replay = a
    replay.apply(updates)
    #expect(replay == b)
    // A size change redraws every cell.
    #expect(b.diff(from: ScreenBuffer(size: .zero)).count == 30)
  }

  @Test("a frame's text drops trailing spaces per row, keeps inner ones and wide characters")
  func frameText() {
    var buffer = ScreenBuffer(size: Size(width: 12, height: 3))
    buffer.write("a  b", at: Point(x: 1, y: 0))
    buffer.write("头条", at: Point(x: 0, y: 1))
    #expect(buffer.text == " a  b\n头条\n")
    var wide = ScreenBuffer(size: Size(width: 100_000, height: 1))
    wide.write("x", at: Point(x: 50_000, y: 0))
    #expect(wide.text == String(repeating: " ", count: 50_000) + "x")
  }
}
