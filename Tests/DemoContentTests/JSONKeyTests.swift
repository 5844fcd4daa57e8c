import Testing

@testable import tabbar_demo

/// Content-file keys compare as JSON does, by Unicode scalars: `é` written
/// precomposed and `e` + combining accent are two keys, though Swift's `==`
/// on strings calls them equal. The start-up path compares and hashes them
/// as UTF-8 bytes, which must keep that meaning.
@Suite("content file: keys compare by scalars")
struct JSONKeyTests {
  @Test("keys that are canonically equivalent are still different keys")
  func scalarsNotCanonical() {
    let precomposed = JSONKey("caf\u{E9}")
    let decomposed = JSONKey("cafe\u{301}")
    #expect("caf\u{E9}" == "cafe\u{301}", "Swift's String == is canonical")
    #expect(precomposed != decomposed)
    #expect(Set([precomposed, decomposed]).count == 2)
    #expect(precomposed == JSONKey("caf\u{E9}"))
    #expect(precomposed.hashValue == JSONKey("caf\u{E9}").hashValue)
  }

  @Test("keys sort by code point, wide and astral characters included")
  func codePointOrder() {
    let keys = ["b", "a", "é", "z", "新", "😀", "A", "ab"].map(JSONKey.init)
    #expect(
      keys.sorted().map(\.text)
        == ["A", "a", "ab", "b", "z", "é", "新", "😀"])
  }

  @Test("a string with escapes and one without parse to what they say")
  func strings() throws {
    let value = try JSONParser.parse(
      Array(#"{"a": "plain 新闻", "b": "tab\there \u00e9 \"q\""}"#.utf8))
    guard case .object(let members) = value else {
      Issue.record("not an object: \(value)")
      return
    }
    #expect(members[JSONKey("a")] == .string("plain 新闻"))
    #expect(members[JSONKey("b")] == .string("tab\there \u{E9} \"q\""))
  }
}
