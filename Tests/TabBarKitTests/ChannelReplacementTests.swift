import TabBarKitTesting
import Testing

@testable import TabBarKit

/// Replacing a strip's channels: the pages that leave are taken out, the
/// ones that stay keep their place, the new ones come in, whatever the
/// number of channels.
@MainActor
@Suite("Channel strip: replacing the channels")
struct ChannelReplacementTests {
  /// A page that counts its moves in and out of a container.
  final class MovingPage: ViewController {
    var movesIn = 0
    var movesOut = 0

    override func didMove(toParent parent: ViewController?) {
      if parent == nil { movesOut += 1 } else { movesIn += 1 }
    }
  }

  static func pages(_ count: Int, _ prefix: String) -> [MovingPage] {
    (0..<count).map { MovingPage(title: "\(prefix)\($0)") }
  }

  @Test("the pages that leave go out once each, those that stay stay, the new ones come in")
  func replacesByIdentity() {
    let old = Self.pages(6, "old ")
    let strip = ChannelStripController(title: "News", channels: old)
    #expect(old.allSatisfy { $0.parent === strip && $0.movesIn == 1 })
    let staying = [old[4], old[1]]
    let new = Self.pages(3, "new ")
    strip.channels = [new[0], staying[0], new[1], staying[1], new[2]]

    for page in old where !staying.contains(where: { $0 === page }) {
      #expect(page.parent == nil && page.movesOut == 1, "\(page.title) did not leave once")
    }
    for page in staying {
      #expect(page.parent === strip && page.movesIn == 1 && page.movesOut == 0, "\(page.title)")
    }
    #expect(new.allSatisfy { $0.parent === strip && $0.movesIn == 1 })
    #expect(strip.children.count == 5)
    #expect(
      Set(strip.children.map(ObjectIdentifier.init))
        == Set(strip.channels.map(ObjectIdentifier.init)))
    #expect(strip.selectedIndex == 0)
  }

  @Test("ten thousand channels replaced by as many: every old one out, every new one in")
  func replacesManyChannels() {
    let old = Self.pages(10_000, "old ")
    let strip = ChannelStripController(title: "News", channels: old)
    let new = Self.pages(10_000, "new ")
    strip.channels = new
    #expect(old.allSatisfy { $0.parent == nil && $0.movesOut == 1 })
    #expect(new.allSatisfy { $0.parent === strip && $0.movesIn == 1 })
    #expect(strip.children.count == 10_000)
    #expect(strip.children.first === new.first && strip.children.last === new.last)
  }
}
