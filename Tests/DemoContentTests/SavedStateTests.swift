import Foundation
import TabBarKit
import Testing

@testable import tabbar_demo

/// What `--state` finds wrong in the numbers it loads, and what it keeps
/// of a file another run saved meanwhile, without a terminal or a file.
@Suite("saved state: numbers and merging")
struct SavedStateTests {
  /// The first bad number of `json`.
  static func badNumber(_ json: String) throws -> SavedState.NumberProblem? {
    SavedState.firstBadNumber(in: try JSONParser.parse(Array(json.utf8)))
  }

  @Test("a fraction or an integer past Int is found with its path and its text as written")
  func badNumbers() throws {
    #expect(try Self.badNumber(#"{"a": [1, {"b": 9223372036854775807}], "c": -1}"#) == nil)
    #expect(try Self.badNumber(#"{"a": 2.0, "b": 1e3, "c": -9223372036854775808}"#) == nil)
    #expect(
      try Self.badNumber(#"{"a": [0, {"b": 1.5}]}"#) == .fraction(path: "a[1].b", written: "1.5"))
    #expect(
      try Self.badNumber(#"{"x": {"row": 9223372036854775808}}"#)
        == .outOfRange(path: "x.row", written: "9223372036854775808"))
    #expect(try Self.badNumber(#"{"a": -1e19}"#) == .outOfRange(path: "a", written: "-1e19"))
    #expect(try Self.badNumber("2.5") == .fraction(path: "the top", written: "2.5"))
  }

  @Test("a whole number in a message is written in digits, however large")
  func wholeNumbersInDigits() {
    #expect(JSONValue.format(8) == "8")
    #expect(JSONValue.format(-12) == "-12")
    #expect(JSONValue.format(1e20) == "100000000000000000000")
    #expect(JSONValue.format(-0x1p63) == "-9223372036854775808")
    #expect(JSONValue.format(0x1p64) == "18446744073709551616")
    #expect(JSONValue.format(1.5) == "1.5")
    #expect(JSONValue.format(1e300).count == 301)
    // As the file writes it, when known: a Double holds this one as 1e+20.
    #expect(
      JSONValue.number(1e20, written: "99999999999999999999").shortDescription
        == "99999999999999999999")
    #expect(JSONValue.number(-1e15, written: "-1e15").shortDescription == "-1000000000000000")
  }

  /// A post with `title`, posted at `time` milliseconds (nil: no id, as
  /// files saved before posts had one).
  static func post(_ title: String, at time: Int?) -> ComposeState.Post {
    ComposeState.Post(
      tab: 0, title: title, body: "b", category: "", byline: "You", time: "now",
      id: time.map { "\($0)-\(title.count)" })
  }

  static func withPosts(_ posts: [ComposeState.Post]) -> SavedState {
    var state = SavedState(restoration: RestorationCoder())
    state.compose = ComposeState(posts: posts)
    return state
  }

  @Test("saving over another run's file keeps its posts this run lacks, newest first, none twice")
  func mergesPostsByIdentity() {
    let shared = Self.post("old", at: 100)
    let ours = Self.withPosts([Self.post("mine", at: 300), shared])
    let theirs = Self.withPosts([Self.post("theirs", at: 400), Self.post("early", at: 200), shared])
    let merged = ours.keepingPosts(of: theirs)
    #expect(merged.compose?.posts.map(\.title) == ["theirs", "mine", "early", "old"])
    // Everything but the posts is this run's.
    #expect(merged.restoration == ours.restoration && merged.settings == ours.settings)
    // Nothing to add: unchanged.
    #expect(ours.keepingPosts(of: ours) == ours)
    #expect(ours.keepingPosts(of: Self.withPosts([])) == ours)
  }

  @Test("posts without an id are told apart by their whole text, and the list stays capped")
  func mergesOldPostsAndCaps() {
    let ours = Self.withPosts([Self.post("a", at: nil)])
    let theirs = Self.withPosts([Self.post("a", at: nil), Self.post("b", at: nil)])
    #expect(ours.keepingPosts(of: theirs).compose?.posts.map(\.title) == ["a", "b"])

    let many = (0..<30).map { Self.post("p\($0)", at: 1000 - $0) }
    let merged = Self.withPosts(Array(many.prefix(15))).keepingPosts(
      of: Self.withPosts(Array(many.suffix(15))))
    #expect(merged.compose?.posts.count == ComposeState.maximumPosts)
    #expect(merged.compose?.posts.first?.title == "p0")
  }
}
