import SnapshotTesting
import TabBarKitTesting
import Testing

@testable import TabBarKit

extension Snapshotting where Value == ScreenBuffer, Format == String {
  /// The frame's text, then its style layer (one letter per cell, see `Style.letter`).
  static var frame: Snapshotting {
    Snapshotting<String, String>.lines.pullback { buffer in
      buffer.textAndStyles
    }
  }
}

@MainActor
@Suite("Screen snapshots")
struct ScreenSnapshotTests {
  static let chineseItems = [
    TabBarItem(title: "新闻", glyph: "□", selectedGlyph: "■"),
    TabBarItem(title: "阅读", glyph: "☆", selectedGlyph: "★"),
    TabBarItem(title: "视频直播", glyph: "▷", selectedGlyph: "▶"),
    TabBarItem(title: "热门话题讨论区", glyph: "○", selectedGlyph: "●"),
    TabBarItem(title: "我的", glyph: "♡", selectedGlyph: "♥"),
  ]

  func frame(
    _ root: TabBarController, keys: String = "", size: Size = Size(width: 80, height: 24),
    color: Bool = true
  ) -> ScreenBuffer {
    let app = AppDriver(root: root, size: size, colorDepth: color ? .trueColor : .monochrome)
    #expect(throws: Never.self) { try app.press(keys) }
    // The terminal's screen, built from diffs, must equal a fresh render.
    #expect(app.screen == app.application.renderFrame(size: size))
    return app.screen
  }

  @Test("the root page with the regular bar")
  func root() {
    assertSnapshot(of: frame(Fixtures.tabs()), as: .frame)
  }

  @Test("a pushed page has a back label and no bar")
  func pushedPage() {
    assertSnapshot(of: frame(Fixtures.tabs(), keys: "2,down,enter"), as: .frame)
  }

  @Test("the compact bar")
  func compact() {
    assertSnapshot(of: frame(Fixtures.tabs(style: .compact), keys: "3"), as: .frame)
  }

  @Test("a Chinese-titled bar lines up and cuts wide titles whole")
  func chineseBar() {
    let tabs = Fixtures.tabs(items: Self.chineseItems)
    assertSnapshot(of: frame(tabs, keys: "4"), as: .frame, named: "80x24")
    assertSnapshot(
      of: frame(Fixtures.tabs(items: Self.chineseItems), size: Size(width: 37, height: 12)),
      as: .frame, named: "37x12")
  }

  @Test("a narrow terminal of 30 columns")
  func narrow() {
    assertSnapshot(
      of: frame(Fixtures.tabs(), keys: "5", size: Size(width: 30, height: 14)), as: .frame)
  }

  @Test("in monochrome the selected tab and row are reverse video")
  func monochrome() {
    assertSnapshot(of: frame(Fixtures.tabs(), keys: "2", color: false), as: .frame)
  }

  @Test("the help overlay lists the key table")
  func help() {
    assertSnapshot(of: frame(Fixtures.tabs(), keys: "?"), as: .frame)
  }

  @Test("on a short screen the help uses two columns, cut with …, Back and Quit shown")
  func helpShort() {
    assertSnapshot(
      of: frame(Fixtures.tabs(), keys: "?", size: Size(width: 80, height: 15)), as: .frame,
      named: "80x15")
  }

  @Test("on a narrow screen the help scrolls, cut with …, and says how to close and quit")
  func helpNarrow() {
    assertSnapshot(
      of: frame(Fixtures.tabs(), keys: "?", size: Size(width: 30, height: 15)), as: .frame,
      named: "30x15")
    assertSnapshot(
      of: frame(Fixtures.tabs(), keys: "?,end", size: Size(width: 30, height: 15)), as: .frame,
      named: "30x15.end")
  }

  @Test("below the minimum size, the too-small message")
  func tooSmall() {
    assertSnapshot(
      of: frame(Fixtures.tabs(), size: Size(width: 18, height: 6)), as: .frame)
  }
}
