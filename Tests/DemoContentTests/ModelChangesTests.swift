import TabBarKit
import Testing

@testable import tabbar_demo

/// The model tells the pages that show it what changed (``ModelObservers``),
/// and the pages rebuild their rows: nothing searches the controller tree.
@MainActor
@Suite("demo model: pages observe its changes")
struct ModelChangesTests {
  /// An object whose only use is to own an observation.
  final class Owner {}

  @Test("an observer hears each change in order while its owner lives, and nothing once it goes")
  func observersFollowTheirOwners() {
    let observers = ModelObservers<Int>()
    var heard: [String] = []
    var first: Owner? = Owner()
    let second = Owner()
    observers.observe(by: first!) { heard.append("first \($0)") }
    observers.observe(by: second) { heard.append("second \($0)") }
    observers.send(1)
    first = nil
    observers.send(2)
    #expect(heard == ["first 1", "second 1", "second 2"])
  }

  @Test("many owners come and go: the living ones still hear every change")
  func manyOwners() {
    let observers = ModelObservers<Int>()
    var kept: [Owner] = []
    var count = 0
    for index in 0..<1_000 {
      let owner = Owner()
      observers.observe(by: owner) { _ in count += 1 }
      if index % 10 == 0 { kept.append(owner) }
    }
    observers.send(0)
    #expect(count == kept.count)
  }

  /// The demo's root on the built-in content, its lists built, nothing on screen.
  static func root() throws -> DemoRootController {
    try DemoModel(content: DemoContent.load(path: nil), loadsAtOnce: true).makeRoot(barStyle: nil)
  }

  /// The detail of the row titled `title` in `list`.
  static func detail(_ title: String, in list: ListViewController) -> String? {
    list.listView.rows.first { $0.title == title }?.detail
  }

  @Test("comments taken back from --state after the lists were made show in their counts")
  func restoredCommentsReachTheLists() throws {
    let root = try Self.root()
    let news = try ComposeTests.news(root)
    let topics = try #require(root.stacks[3].rootViewController as? AccordionController)
    let section = try #require(
      topics.sections.lazy.compactMap { $0.content as? ListViewController }
        .first { Self.detail("Local team wins the cup final", in: $0) != nil })
    let declared = try #require(root.model.comments.count(of: "story-cup-final"))
    let title = "Local team wins the cup final"
    #expect(Self.detail(title, in: news) == "Sport · 6h · \(declared)\u{A0}comments")

    let written = ContentFile.Comment(author: "Me", time: "now", text: "Umbrellas.", likes: 0)
    root.model.comments.restore(
      CommentState(written: [.init(story: "story-cup-final", comment: written)]))
    #expect(Self.detail(title, in: news) == "Sport · 6h · \(declared + 1)\u{A0}comments")
    #expect(
      Self.detail(title, in: section) == "#football · \(declared + 1)\u{A0}comments",
      "a Topics section")
  }

  @Test("a story posted from code goes to the top of its tab's list, and its tab's badge follows")
  func postReachesItsTab() throws {
    let root = try Self.root()
    let news = try ComposeTests.news(root)
    ComposeTests.post("Ferry timetable", root)
    #expect(news.listView.rows.first?.title == "Ferry timetable")
    #expect(root.viewControllers[0].tabBarItem.badge == .text("new"))
    let identity = try #require(root.compose.posts.first?.identity)
    root.compose.seen(identity)
    #expect(root.viewControllers[0].tabBarItem.badge == Badge.none, "seen: the badge goes")
  }
}
