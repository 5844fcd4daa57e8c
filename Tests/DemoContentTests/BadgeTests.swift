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

/// Me's count badge is the number of unread messages in Messages.
@MainActor
@Suite("demo content: Me's badge counts unread messages")
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

  @Test("Me's badge counts the unread messages and clears once each is opened")
  func badgeClearsWhenRead() throws {
    let demo = try SettingsTests.demo()
    let me = demo.root.viewControllers[4]
    #expect(me.tabBarItem.badge == .count(3))
    #expect(demo.row("Messages")?.detail == "3 new")
    let page = try Self.messages(demo)
    #expect(Self.unread(page) == 3)
    demo.press("enter")
    #expect(me.tabBarItem.badge == .count(2), "opening a message marks it read")
    demo.press("esc")
    #expect(Self.unread(page) == 2)
    demo.press("enter,esc")
    #expect(me.tabBarItem.badge == .count(2), "a message read again counts once")
    demo.press("down,enter,esc,down,enter,esc")
    #expect(me.tabBarItem.badge == Badge.none)
    #expect(Self.unread(page) == 0)
    demo.press("esc")
    #expect(demo.row("Messages")?.detail == "0 new")
  }

  @Test("the badge timer brings news alerts; the badge always equals the unread messages shown")
  func timerAddsUnreadMessages() throws {
    let demo = try SettingsTests.demo()
    let me = demo.root.viewControllers[4]
    let page = try Self.messages(demo)
    demo.press("enter,esc")
    for _ in 0..<4 {
      demo.wait(3)
      #expect(me.tabBarItem.badge == .count(Self.unread(page)))
    }
    #expect(Self.unread(page) == 6, "two of three left, and four alerts")
    let top = try #require(page.listView.rows.first)
    #expect(top.title.hasPrefix("Breaking: ") && top.emphasis.contains(.bold))
    #expect(demo.text.contains(top.title), "an alert shows on the open page at once")
    // The alert opens its News story, and is read.
    demo.press("home,enter")
    let nav = try #require(me as? NavigationController)
    #expect(nav.topViewController is StoryPage)
    #expect(top.title.hasSuffix(nav.topViewController.title))
    #expect(me.tabBarItem.badge == .count(5))
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
