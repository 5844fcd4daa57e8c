import TabBarKitTesting
import Testing

@testable import TabBarKit

/// `AppDriver` answers cell by cell and row by row what a style layer of one
/// letter a cell cannot: under the dark and light themes every cell has a
/// background, yet bold, dim, reverse and the colours can still be asserted.
@MainActor
@Suite("the test driver's styles per cell and per row")
struct AppDriverStyleTests {
  static func app(theme: Theme = .dark, colorDepth: ColorDepth = .trueColor) -> AppDriver {
    let tabs = Fixtures.tabs()
    tabs.theme = theme
    return AppDriver(root: tabs, size: Size(width: 80, height: 24), colorDepth: colorDepth)
  }

  @Test("under the dark theme the selected tab's title is the bar's only bold text")
  func boldUnderADarkTheme() throws {
    let app = Self.app()
    #expect(app.screen.styleLines[23].allSatisfy { $0 == "S" }, "the letters cannot tell")
    #expect(app.text(inRow: 23, where: \.isBold) == "News")
    try app.press("2")
    #expect(app.text(inRow: 23, where: \.isBold) == "Reading")
    #expect(app.style(of: "Reading", inRow: 23)?.isBold == true)
    #expect(app.style(of: "News", inRow: 23)?.isBold == false)
    #expect(app.style(of: "Reading", inRow: 21) == nil, "not on the rule")
  }

  @Test("a cell's foreground and background, and a row's, are the theme's")
  func colours() throws {
    let app = Self.app()
    let selected = Theme.dark[.selectedRow]
    // The selected row, the list's first, under the navigation bar, up to
    // the scroll bar in the last column.
    #expect(app.styles(inRow: 2).dropLast().allSatisfy { $0.background == selected.background })
    #expect(app.style(x: 1, y: 2).foreground == selected.foreground)
    #expect(app.style(x: 1, y: 3).background == Theme.dark[.background].background)
    let bar = (
      selected: app.style(of: "News", inRow: 23), plain: app.style(of: "Reading", inRow: 23)
    )
    #expect(bar.selected?.background == Theme.dark[.barSelectedItem].background)
    #expect(bar.plain?.background == Theme.dark[.background].background)
    #expect(app.text(inRow: 3, where: { $0.background == selected.background }).isEmpty)
  }

  @Test("reverse video without colours, and dim text, read per cell")
  func reverseAndDim() throws {
    let app = Self.app(theme: .standard, colorDepth: .monochrome)
    #expect(app.style(x: 1, y: 2).isReversed, "the selected row in monochrome")
    #expect(!app.style(x: 1, y: 3).isReversed)
    #expect(app.text(inRow: 21, where: \.isDim).contains("enter open"), "the hint is dim")
  }

  @Test("a wide character's second column answers with its style; positions count columns")
  func wideCharacters() throws {
    let tabs = TabBarController(viewControllers: [
      NavigationController(
        rootViewController: ListViewController(
          title: "新闻", rows: [ListRow("头条 news"), ListRow("要闻")]))
    ])
    let app = AppDriver(root: tabs, size: Size(width: 40, height: 12))
    let start = try #require(app.position(of: "头条"))
    #expect(app.position(of: "news") == Point(x: start.x + 5, y: start.y))
    #expect(app.style(x: start.x + 1, y: start.y) == app.style(x: start.x, y: start.y))
  }

  @Test("the toast on screen, and none once its time is up")
  func toast() throws {
    let page = ListViewController(title: "Inbox", rows: [ListRow("Lunch")])
    let app = AppDriver(root: NavigationController(rootViewController: page))
    #expect(app.toast == nil)
    page.showToast("Message archived")
    app.tick()
    #expect(app.toast == "Message archived")
    #expect(app.screen.text.contains("Message archived"))
    app.advance(by: .seconds(3))
    #expect(app.toast == nil && !app.screen.text.contains("Message archived"))
  }
}
