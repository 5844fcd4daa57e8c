import TabBarKit
import Testing

@testable import tabbar_demo

/// Language → 中文 reaches the words the demo's own pages show, live: a
/// feed's loading and error lines, and the title of the Post form.
@MainActor
@Suite("demo content: the language switches live")
struct LiveLanguageTests {
  /// The built-in demo in an 80×24 memory terminal whose feeds load from
  /// `network`, on a clock moved by hand.
  static func app(_ network: SimulatedNetwork) throws -> (
    Application, MemoryTerminal, DemoRootController, ManualClock
  ) {
    let model = DemoModel(content: try DemoContent.load(path: nil), network: network)
    let root = try model.makeRoot(barStyle: nil)
    root.settings.start(saved: nil, theme: nil, barStyle: nil)
    let clock = ManualClock()
    let terminal = MemoryTerminal(size: Size(width: 80, height: 24))
    let app = Application(root: root, terminal: terminal, clock: clock, animated: false)
    app.start()
    return (app, terminal, root, clock)
  }

  @Test("a feed's Loading… turns Chinese while it loads, and its error line too")
  func loadingFollowsLanguage() throws {
    let (app, terminal, root, clock) = try Self.app(
      SimulatedNetwork(latency: .seconds(2), failsLoads: true))
    #expect(terminal.screen.text.contains("Loading…"))
    root.settings.setChinese(true)
    app.tick()
    #expect(terminal.screen.text.contains("正在加载…"), "\(terminal.screen.text)")
    clock.advance(by: .seconds(3))
    app.tick()
    #expect(terminal.screen.text.contains("网络不可用"))
    root.settings.setChinese(false)
    app.tick()
    #expect(terminal.screen.text.contains("the network is unreachable"))
  }

  @Test("the Post form opened after the switch to Chinese has a Chinese title")
  func formTitleFollowsLanguage() throws {
    let (app, terminal, root, _) = try Self.app(.standard)
    root.settings.setChinese(true)
    app.send(.key(.character("+")))
    let form = try #require(ComposeTests.form(root))
    #expect(form.title == "写新闻")
    #expect(terminal.screen.text.contains("写新闻"))
    app.send(.key(.escape))
    root.settings.setChinese(false)
    app.send(.key(.character("+")))
    #expect(ComposeTests.form(root)?.title == "Compose")
  }
}
