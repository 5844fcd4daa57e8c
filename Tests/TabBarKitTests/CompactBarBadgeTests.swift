import SnapshotTesting
import TabBarKitTesting
import Testing

@testable import TabBarKit

/// The compact bar's badges beside their titles.
@MainActor
@Suite("compact bar badges")
struct CompactBarBadgeTests {
  /// The fixture's tabs with a word, a count, a dot and a small count.
  static func tabs() -> TabBarController {
    var items = Fixtures.items
    items[1].badge = .text("new")
    items[2].badge = .count(1234)
    items[3].badge = .dot
    items[4].badge = .count(8)
    return Fixtures.tabs(items: items, style: .compact)
  }

  @Test("the compact bar puts a space between a title and its badge, cut titles too")
  func spaceBeforeTheBadge() {
    for width in [80, 50] {
      let app = AppDriver(root: Self.tabs(), size: Size(width: width, height: 8))
      let bar = app.screen.line(7)
      for title in ["Reading", "Re…", "Video", "Vi…", "Topics", "Me"] where bar.contains(title) {
        let after = bar[bar.range(of: title)!.upperBound...]
        #expect(after.first == " ", "“\(title)” is followed by a space at \(width): \(bar)")
      }
      assertSnapshot(of: app.screen, as: .frame, named: "\(width)x8")
    }
  }
}
