import TabBarKit
import Testing

@testable import tabbar_demo

/// The demo's forms while a field is typed into: digits, `q` and `?` are
/// text there, whatever the tab bar and the app bind them to elsewhere.
@MainActor
@Suite("the demo's forms while typing")
struct FormTypingTests {
  @Test("the compose form's title takes digits, q and ? as text")
  func composeTakesDigitsAndQ() throws {
    let (app, _, root, _) = try ComposeTests.app()
    app.send(.key(.character("+")))
    let form = try #require(ComposeTests.form(root))
    ComposeTests.type("2 q?1", app)
    #expect(form.fields[0].text == "2 q?1")
    #expect(!app.isFinished && root.selectedIndex == 0)
    app.send(.key(.tab))
    ComposeTests.type("q3", app)
    #expect(form.fields[1].text == "q3", "the body takes them too")
  }

  @Test("the comment form takes digits and q as text")
  func commentTakesDigitsAndQ() throws {
    let (app, _, root) = try ReadingFlowTests.app()
    try ReadingFlowTests.press("down,enter,c,w", app)
    let form = try #require(ReadingFlowTests.top(root) as? CommentFormPage)
    try ReadingFlowTests.press("2,q,1", app)
    #expect(form.fields[0].text == "2q1")
    #expect(!app.isFinished && root.selectedIndex == 0)
  }
}
