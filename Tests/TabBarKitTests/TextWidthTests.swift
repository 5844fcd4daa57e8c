import Glibc
import Testing

@testable import TabBarKit

@MainActor
@Suite("Text width")
struct TextWidthTests {
  @Test("ASCII is one column, CJK two, combining marks none")
  func widths() {
    #expect(TextWidth.width(of: "News") == 4)
    #expect(TextWidth.width(of: "新闻") == 4)
    #expect(TextWidth.width(of: "网易新闻 News") == 13)
    #expect(TextWidth.width(of: "e\u{301}") == 1)
    #expect(TextWidth.width(of: "ｗｉｄｅ") == 8)
    #expect(TextWidth.width(of: "") == 0)
  }

  @Test("the tables agree with glibc's wcwidth in C.UTF-8 for every code point")
  func tablesMatchGlibc() throws {
    let previous = String(cString: setlocale(LC_CTYPE, nil))
    defer { setlocale(LC_CTYPE, previous) }
    try #require(setlocale(LC_CTYPE, "C.UTF-8") != nil)
    // wcwidth is hidden from Swift's Glibc module (it needs _XOPEN_SOURCE): look it up.
    typealias WCWidth = @convention(c) (Int32) -> Int32
    let symbol = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "wcwidth"))
    let wcwidth = unsafeBitCast(symbol, to: WCWidth.self)
    var mismatches: [UInt32] = []
    for value in UInt32(0x20)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let libc = Int(wcwidth(Int32(bitPattern: value)))
      let ours = TextWidth.isUnprintable(scalar) ? -1 : TextWidth.width(of: scalar)
      if value != 0x7F, libc != ours, mismatches.count < 10 { mismatches.append(value) }
    }
    #expect(mismatches.isEmpty, "first mismatches: \(mismatches.map { String($0, radix: 16) })")
  }

  @Test("a title that does not fit is cut with an ellipsis")
  func truncation() {
    #expect(TextWidth.truncate("Reading", toWidth: 7) == "Reading")
    #expect(TextWidth.truncate("Reading", toWidth: 5) == "Read…")
    #expect(TextWidth.truncate("Reading", toWidth: 1) == "…")
    #expect(TextWidth.truncate("Reading", toWidth: 0) == "")
  }

  @Test("a wide character is never split by a cut")
  func truncationKeepsWideCharactersWhole() {
    // 新闻中心 is 8 columns; 6 columns hold 新闻 (4) and the ellipsis, not half of 中.
    #expect(TextWidth.truncate("新闻中心", toWidth: 6) == "新闻…")
    #expect(TextWidth.truncate("新闻中心", toWidth: 5) == "新闻…")
    #expect(TextWidth.truncate("新闻中心", toWidth: 4) == "新…")
    for width in 0...9 {
      #expect(TextWidth.width(of: TextWidth.truncate("新闻中心视频", toWidth: width)) <= width)
    }
  }
}

@MainActor
@Suite("Sanitising")
struct SanitizerTests {
  @Test("escape sequences, bell, C1 and bidi overrides never reach a cell raw")
  func controlCharactersBecomeVisible() {
    var buffer = ScreenBuffer(size: Size(width: 40, height: 1))
    buffer.write("a\u{1b}[31mred\u{07}\u{9b}x\u{202e}z", at: .zero)
    let scalars = buffer.cells.map(\.scalar.value)
    for raw: UInt32 in [0x1B, 0x07, 0x9B, 0x202E] { #expect(!scalars.contains(raw)) }
    #expect(buffer.line(0).hasPrefix("a␛[31mred␇�x�z"))
  }

  @Test("a scalar is shown as itself only when it is safe: controls get pictures, zero-width goes")
  func visibleScalars() {
    #expect(Sanitizer.visible("a") == "a")
    #expect(Sanitizer.visible("中") == "中")
    #expect(Sanitizer.visible("\u{1b}") == "␛")
    #expect(Sanitizer.visible("\u{07}") == "␇")
    #expect(Sanitizer.visible("\u{9b}") == Sanitizer.replacement)
    #expect(Sanitizer.visible("\u{202e}") == Sanitizer.replacement)
    #expect(Sanitizer.visible("\u{200b}") == nil, "a zero-width space is dropped")
  }

  @Test("sanitised text reads as the screen draws it, clusters whole and controls as pictures")
  func sanitizedText() {
    let text = "a\u{1b}[31mred\u{07} e\u{301} 👩‍💻\u{202e}z"
    #expect(Sanitizer.sanitized(text) == "a␛[31mred␇ e\u{301} 👩‍💻�z")
    #expect(Sanitizer.sanitized("\u{301}x\u{200b}y") == "xy", "no mark without a base")
    #expect(Sanitizer.sanitized("plain words, 中文") == "plain words, 中文")
    var buffer = ScreenBuffer(size: Size(width: 40, height: 1))
    buffer.write(text, at: .zero)
    #expect(buffer.line(0).hasPrefix(Sanitizer.sanitized(text)), "the same as a cell shows")
  }
}
