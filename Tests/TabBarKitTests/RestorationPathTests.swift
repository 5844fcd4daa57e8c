import Testing

@testable import TabBarKit

/// A restore says where in the saved state each mismatch is, as Swift's
/// `DecodingError` says where a value did not decode.
@MainActor
@Suite("restoration mismatches carry their coding path")
struct RestorationPathTests {
  @Test("each mismatch names the keys from the top down to the page that reported it")
  func pathsOfMismatches() {
    let tabs = DeepLinkAndStateTests.tabsWithAccordion()
    let state = DeepLinkAndStateTests.state(
      selectedTab: 5,
      stacks: [
        [DeepLinkAndStateTests.list(row: 1, opens: [1]), DeepLinkAndStateTests.list(row: 31)],
        [DeepLinkAndStateTests.accordion(section: 6)],
        [DeepLinkAndStateTests.list(row: 1)],
      ])
    let mismatches = state.restore(tabs)
    #expect(
      mismatches.map(\.debugDescription) == [
        "it has 3 tabs, the app 2",
        "tabs[0].pages[1]: row 31 of “News 1” is gone",
        "tabs[1].pages[0]: section 6 of “Topics” is gone",
        "its tab 5 is gone",
      ])
    #expect(mismatches.map(\.codingPath)[1] == ["tabs[0]", "pages[1]"])
    #expect(
      mismatches.map(\.description)[1] == "tab 1: row 31 of “News 1” is gone",
      "the user still reads the tab counted from 1")
  }

  @Test("a page saved under another restoration identifier is reported at its place")
  func pathOfAPageThatIsNotTheOneSaved() {
    let page = ListViewController(title: "Inbox", rows: [ListRow("One")])
    page.restorationIdentifier = "inbox"
    let stack = NavigationController(rootViewController: page)
    var saved = RestorationCoder()
    saved.encode(
      [RestorationCoder.entry(id: "outbox", state: RestorationCoder())], forKey: "pages")
    let mismatches = saved.restore(stack)
    #expect(mismatches.map(\.debugDescription) == ["pages[0]: “Inbox” is not the page saved there"])
  }

  @Test("a child's entry is written with its identifier and state, and read back the same")
  func entryRoundTrip() {
    var state = RestorationCoder()
    state.encode(3, forKey: "row")
    let entry = RestorationCoder.entry(id: "news", state: state)
    #expect(entry.decodeString(forKey: "id") == "news")
    #expect(entry.entryContents.id == "news" && entry.entryContents.state == state)
    let anonymous = RestorationCoder.entry(id: nil, state: state)
    #expect(anonymous.entryContents.id == nil && anonymous.entryContents.state == state)
  }
}
