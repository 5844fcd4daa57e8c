import TabBarKitTesting
import Testing

@testable import TabBarKit

/// The hint in the bar's rule on a short rule: a page's main key and its
/// containers' keys are kept, the rest gives way, and `…` says so.
@MainActor
@Suite("the hint on a short rule")
struct HintImportanceTests {
  /// The demo's News in miniature: a strip of channels over lists whose
  /// rows open, five tabs and a plus button with a title in the middle of
  /// the bar.
  static func news() throws -> TabBarController {
    let channels = ChannelStripTests.english.map { title in
      let list = ListViewController(title: title, rows: Fixtures.rows(title))
      list.isSearchable = true
      return list
    }
    let strip = ChannelStripController(title: "News", channels: channels)
    let stacks =
      [NavigationController(rootViewController: strip)]
      + Fixtures.items.dropFirst().map {
        NavigationController(
          rootViewController: ListViewController(title: $0.title, rows: Fixtures.rows($0.title)))
      }
    let tabs = try TabBarController(viewControllers: stacks, items: Fixtures.items)
    try tabs.setPlusButton(
      PlusButton(
        title: "Post", index: 2,
        action: .present({ ListViewController(title: "Compose", rows: []) })))
    return tabs
  }

  @Test("at 80 columns the strip's [] shows beside the list's enter, and … ends the hint")
  func stripKeysBesideEnter() throws {
    let app = AppDriver(root: try Self.news(), size: Size(width: 80, height: 24))
    let rule = app.screen.lines[21]
    #expect(rule.contains("[] channels · enter open · …"), "\(rule)")
    #expect(!rule.contains("/ search"), "a page's other keys give way first: \(rule)")
    // Wide enough for all: every part, no …
    app.resize(to: Size(width: 160, height: 24))
    let wide = app.screen.lines[21]
    #expect(wide.contains("←→ tabs · + post · [] channels ·"), "\(wide)")
    #expect(wide.contains("enter open · ? keys") && !wide.contains("…"), "\(wide)")
  }

  @Test("a pushed page on a narrow rule keeps esc back and its enter; the rest gives way")
  func pushedPage() throws {
    let app = AppDriver(root: try Self.news(), size: Size(width: 40, height: 24))
    try app.press("enter")
    let rule = app.screen.lines[1]
    #expect(rule.hasSuffix("─ esc back · enter open · … ──"), "\(rule)")
  }

  @Test("the hint keeps parts by importance, then nearest the page, in their own order")
  func keepOrder() {
    let hint = StatusHint(parts: [
      .init("←→ tabs", importance: .high, distance: 2),
      .init("+ post", importance: .low, distance: 2),
      .init("[] channels", importance: .high, distance: 1),
      .init("↑↓ move", importance: .normal, distance: 0),
      .init("enter open", importance: .high, distance: 0),
      .init("? keys", importance: .high, distance: 3),
    ])
    #expect(hint.text(fitting: 200) == " " + hint.text + " ")
    // enter open, [] channels, ←→ tabs, ? keys, then ↑↓ move, then + post.
    #expect(hint.text(fitting: 36) == " [] channels · enter open · … ")
    #expect(hint.text(fitting: 46) == " ←→ tabs · [] channels · enter open · … ")
    #expect(
      hint.text(fitting: 66) == " ←→ tabs · [] channels · ↑↓ move · enter open · ? keys · … ")
    #expect(hint.text(fitting: 22) == " enter open · … ")
    #expect(hint.text(fitting: 10) == nil, "not even the first part fits beside …")
  }

  @Test("the help line for [ reads plainly")
  func previousChannelHelp() throws {
    let app = AppDriver(root: try Self.news(), size: Size(width: 80, height: 24))
    try app.press("?")
    #expect(app.screen.text.contains("Previous channel"))
    #expect(!app.screen.text.contains("switch tabs"))
  }
}
