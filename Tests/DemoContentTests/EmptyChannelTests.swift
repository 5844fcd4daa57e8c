import Foundation
import TabBarKit
import Testing

@testable import tabbar_demo

/// A channel whose every story is of a blocked topic says so, and how to
/// unblock it, instead of showing an empty screen.
@MainActor
@Suite("demo content: a channel emptied by blocked topics")
struct EmptyChannelTests {
  typealias Flow = ReadingFlowTests

  @Test("Sport blocked: the Sport channel says every topic is blocked and where to unblock")
  func sportBlocked() throws {
    let (app, terminal, root) = try Flow.app()
    root.model.settings.setToggle("Sport", true)
    try Flow.press("],],]", app)
    let text = terminal.screen.text
    #expect(text.contains("Every topic of this channel is blocked"), "\(text)")
    #expect(text.contains("Me › Blocked topics"))
    // Unblocked, the stories are back and the words gone.
    root.model.settings.setToggle("Sport", false)
    try Flow.press("5,1", app)
    #expect(!terminal.screen.text.contains("Every topic of this channel is blocked"))
    #expect(terminal.screen.text.contains("Sport ·"), "\(terminal.screen.text)")
  }

  @Test("in 中文 at 40 columns the words wrap, and the way to unblock is never cut off")
  func sportBlockedInChinese() throws {
    let (app, terminal, root) = try Flow.app(size: Size(width: 40, height: 20))
    root.model.settings.setChinese(true)
    root.model.settings.setToggle("Sport", true)
    try Flow.press("],],]", app)
    let text = terminal.screen.text.split(separator: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces) }.joined()
    #expect(text.contains("本频道的话题都已屏蔽"), "\(terminal.screen.text)")
    #expect(text.contains("屏蔽的话题”中取消屏蔽。"), "\(terminal.screen.text)")
  }

  @Test("a channel with a story left, or with nothing blocked, says nothing of blocking")
  func notEmptied() throws {
    let (app, terminal, root) = try Flow.app()
    root.model.settings.setToggle("Weather", true)
    try Flow.press("]", app)
    #expect(!terminal.screen.text.contains("blocked"), "\(terminal.screen.text)")
  }

  @Test("Topics: a section emptied by blocking says so, and Enter on it keeps the headers in place")
  func emptySectionInTopics() throws {
    let (app, terminal, root) = try Flow.app()
    root.model.settings.setToggle("Sport", true)
    try Flow.press("4", app)
    #expect(terminal.screen.line(3).contains("▸ Sport (0) · blocked"), "\(terminal.screen.text)")
    try Flow.press("down,enter", app)
    let topics = try #require(Flow.top(root) as? TopicsPage)
    #expect(topics.expandedIndex == nil, "an empty section stays closed")
    #expect(terminal.screen.line(4).contains("▸ Culture (4)"), "\(terminal.screen.text)")
    #expect(terminal.screen.text.contains("Every story of Sport is blocked"))
    // A section with stories still opens.
    try Flow.press("down,enter", app)
    #expect(topics.expandedIndex == 2)
  }
}
