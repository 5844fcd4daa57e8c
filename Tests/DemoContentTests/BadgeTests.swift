import Foundation
import TabBarKit
import Testing

@testable import tabbar_demo

/// The demo's badges settle once the user has seen what they point to.
@MainActor
@Suite("demo content: badges")
struct BadgeTests {
  @Test("Video's new badge clears when Video is opened, and stays cleared")
  func videoNewClears() throws {
    let (app, _, root) = try ReadingLogTests.app()
    let video = root.viewControllers[2]
    #expect(video.tabBarItem.badge != Badge.none)
    try ReadingLogTests.press("3,1", app)
    #expect(video.tabBarItem.badge == Badge.none)
  }
}

/// Me's count badge is the number of new messages, those not seen in
/// Messages yet; news alerts come a few, then fewer.
@MainActor
@Suite("demo content: Me's badge counts new messages")
struct UnreadBadgeTests {
  /// The Messages page, opened from Me.
  static func messages(_ demo: SettingsTests.Demo) throws -> MessagesPage {
    demo.press("5,home,down,enter")
    let nav = try #require(demo.root.viewControllers[4] as? NavigationController)
    return try #require(nav.topViewController as? MessagesPage)
  }

  /// The messages shown in bold: the unread ones.
  static func unread(_ page: MessagesPage) -> Int {
    page.listView.rows.count { $0.emphasis.contains(.bold) }
  }

  /// Me's badge as a number: 0 for none.
  static func count(_ demo: SettingsTests.Demo) -> Int {
    if case .count(let count) = demo.root.viewControllers[4].tabBarItem.badge { return count }
    return 0
  }

  @Test("visiting Messages clears Me's badge and its N new; the unread stay bold until opened")
  func visitingMarksSeen() throws {
    let demo = try SettingsTests.demo()
    let me = demo.root.viewControllers[4]
    #expect(me.tabBarItem.badge == .count(3))
    #expect(demo.row("Messages")?.detail == "3 new")
    let page = try Self.messages(demo)
    #expect(me.tabBarItem.badge == Badge.none, "what the list shows is seen")
    #expect(Self.unread(page) == 3, "seen is not read: each is still bold")
    demo.press("enter,esc")
    #expect(Self.unread(page) == 2, "opening a message marks it read")
    demo.press("esc")
    #expect(demo.row("Messages")?.detail == "0 new")
    #expect(me.tabBarItem.badge == Badge.none)
  }

  @Test("news alerts come a few, then fewer: each wait is longer than the one before")
  func alertsSlowDown() throws {
    let demo = try SettingsTests.demo()
    var arrivals: [Int] = []
    for second in 1...100 {
      let before = Self.count(demo)
      demo.wait(1)
      if Self.count(demo) > before { arrivals.append(second) }
    }
    // Every 3 s in the file: at 3 and 6, then 12, 24, 48 and 96 s.
    #expect(arrivals == [3, 6, 12, 24, 48, 96])
    #expect(Inbox.alertSpacing(after: 40) == 64, "never slower than 64 intervals")
  }

  @Test("an alert that comes while Messages shows is seen there; one after counts on Me's badge")
  func alertWhileMessagesShows() throws {
    let demo = try SettingsTests.demo()
    let me = demo.root.viewControllers[4]
    let page = try Self.messages(demo)
    demo.wait(3)
    let top = try #require(page.listView.rows.first)
    #expect(top.title.hasPrefix("Breaking: ") && top.emphasis.contains(.bold))
    #expect(demo.text.contains(top.title), "an alert shows on the open page at once")
    #expect(me.tabBarItem.badge == Badge.none)
    demo.press("esc")
    demo.wait(3)
    #expect(me.tabBarItem.badge == .count(1))
    #expect(demo.row("Messages")?.detail == "1 new")
    // The alert opens its News story, and is read.
    let messages = try Self.messages(demo)
    #expect(me.tabBarItem.badge == Badge.none)
    demo.press("home,enter")
    let nav = try #require(me as? NavigationController)
    #expect(nav.topViewController is StoryPage)
    demo.press("esc")
    #expect(Self.unread(messages) == 4, "three of the file's and one alert left")
  }

  @Test("what was seen stays seen in the next run, from --state")
  func seenKept() throws {
    let demo = try SettingsTests.demo()
    _ = try Self.messages(demo)
    let model = try #require(demo.root as? DemoRootController).model
    let state = model.inbox.state
    #expect(state.seen.count == 3 && state.read.isEmpty)
    let next = try SettingsTests.demo()
    try #require(next.root as? DemoRootController).model.inbox.restore(state)
    #expect(next.root.viewControllers[4].tabBarItem.badge == Badge.none)
    #expect(try #require(next.root as? DemoRootController).model.inbox.unreadCount == 3)
    // A file saved before seen was kept: the messages read were seen.
    let old = try JSONDecoder().decode(
      InboxState.self, from: Data(#"{"read": [{"id": "message-welcome"}]}"#.utf8))
    let older = try SettingsTests.demo()
    try #require(older.root as? DemoRootController).model.inbox.restore(old)
    #expect(older.root.viewControllers[4].tabBarItem.badge == .count(2))
  }

  @Test("signed out, Me has no badge however long the app runs; signed in, the count is back")
  func signedOutNoBadge() throws {
    let demo = try SettingsTests.demo()
    let me = demo.root.viewControllers[4]
    demo.store.setSignedIn(false)
    demo.wait(9)
    #expect(me.tabBarItem.badge == Badge.none)
    demo.store.setSignedIn(true)
    #expect(me.tabBarItem.badge == .count(3))
  }
}
