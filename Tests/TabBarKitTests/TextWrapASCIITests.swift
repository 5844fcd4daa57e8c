import Testing

@testable import TabBarKit

/// ASCII text is prepared for wrapping byte by byte; it must wrap exactly as
/// when it is prepared character by character.
@Suite("wrapping ASCII text")
struct TextWrapASCIITests {
  @Test("ASCII text breaks at the same places as when read character by character")
  func sameBreaksAsCharacterByCharacter() {
    var random = SplitMix64(seed: 25)
    let pieces = [
      "word", "a", " ", "  ", "\t", "\n", "\r\n", "\r", "-", "well-known", "(", ")", "\"",
      "'", ".", ",", "!", "?", ";", ":", "[", "]", "{", "}", "\u{7}", "\u{1B}", "~", "0123",
      "supercalifragilistic",
    ]
    for step in 0..<300 {
      let text = (0..<Int.random(in: 0...40, using: &random))
        .map { _ in pieces.randomElement(using: &random)! }.joined()
      let quick = TextWrap.Paragraph(text)
      let general = TextWrap.Paragraph(characterByCharacter: text)
      #expect(quick.characters == general.characters, "step \(step): \(text.debugDescription)")
      for width in [1, 2, 5, 13, 40, 80] {
        #expect(
          quick.lineRanges(width: width) == general.lineRanges(width: width),
          "step \(step), width \(width): \(text.debugDescription)")
        #expect(
          quick.width(of: 0..<quick.characters.count)
            == general.width(of: 0..<general.characters.count))
      }
    }
  }
}
