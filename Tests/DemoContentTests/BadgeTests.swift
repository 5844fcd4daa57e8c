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
