import Testing

@testable import tabbar_demo

/// The content file's UTF-8 check, eight ASCII bytes at a time and a table
/// for the rest, finds the first bad byte where Swift's own decoder does.
@Suite("demo content: the UTF-8 check")
struct UTF8CheckTests {
  /// The offset of the first ill-formed sequence, as the standard
  /// library's decoder finds it, a scalar at a time.
  static func reference(_ bytes: [UInt8]) -> Int? {
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): offset += encoded.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  @Test("random text, well formed or not, fails at the byte Swift's decoder fails at")
  func againstTheDecoder() {
    var generator = SystemRandomNumberGenerator()
    // Pieces that make well-formed text and the classic ill-formed kinds:
    // overlong forms, surrogates, past U+10FFFF, cut sequences, stray bytes.
    let pieces: [[UInt8]] = [
      Array("plain ascii text ".utf8), Array("新闻".utf8), Array("é".utf8), Array("😀".utf8),
      [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
      [0xE4, 0xB8], [0x80], [0xFF], [0xF0, 0x9F, 0x98],
    ]
    for _ in 0..<2_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...12, using: &generator) {
        // Well-formed pieces most of the time, so that errors come late.
        let index =
          Bool.random(using: &generator) && Bool.random(using: &generator)
          ? Int.random(in: 0..<pieces.count, using: &generator)
          : Int.random(in: 0..<4, using: &generator)
        bytes += pieces[index]
      }
      #expect(JSONParser.firstInvalidUTF8(in: bytes) == Self.reference(bytes), "\(bytes)")
    }
  }
}
