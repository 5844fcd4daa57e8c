import Testing

@testable import TabBarKit

/// The terminal's own cursor: at the insertion point of the field being
/// typed into, after each frame, and hidden everywhere else.
@MainActor
@Suite("the terminal's cursor")
struct CursorTests {
  /// A form with a one-line field and a text area of `lines`, in a
  /// navigation stack in the first of two tabs.
  static func form(lines: Int = 3) -> (TabBarController, FormViewController) {
    let form = FormViewController(
      title: "Compose",
      fields: [FormField("Title"), FormField("Body", lines: lines)],
      buttons: [FormButton(title: "Post") { _ in }])
    let tabs = TabBarController(viewControllers: [
      NavigationController(rootViewController: form),
      NavigationController(rootViewController: ListViewController(title: "Me", rows: [])),
    ])
    return (tabs, form)
  }

  /// The screen cell where `text` starts, on the row that holds it.
  static func start(of text: String, in screen: ScreenBuffer) throws -> Point {
    let row = try #require(screen.lines.firstIndex { $0.contains(text) })
    let line = screen.line(row)
    let prefix = try #require(line.range(of: text)).lowerBound
    return Point(x: TextWidth.width(of: line[..<prefix]), y: row)
  }

  @Test("typing moves the cursor along the text; Tab takes it to the next field and back")
  func followsTyping() throws {
    let (tabs, _) = Self.form()
    let (app, terminal) = Fixtures.app(tabs)
    let empty = try #require(terminal.cursor, "shown on the focused empty field")
    app.type("Hi 世界")
    let title = try Self.start(of: "Hi 世界", in: terminal.screen)
    #expect(empty == title)
    #expect(terminal.cursor == Point(x: title.x + 7, y: title.y), "世界 count four columns")
    app.press("tab")
    let body = try #require(terminal.cursor)
    #expect(body.y > title.y, "on the body, under the title")
    app.type("one")
    app.press("enter")
    app.type("two")
    #expect(terminal.cursor == Point(x: body.x + 3, y: body.y + 1), "the text area's second line")
    app.press("backtab")
    #expect(terminal.cursor == Point(x: title.x + 7, y: title.y))
    app.press("tab,tab")
    #expect(terminal.cursor == nil, "hidden on a button")
  }

  @Test("the cursor is hidden on a list and under a dialog")
  func hiddenWithoutAField() {
    let (tabs, _) = Self.form()
    let (app, terminal) = Fixtures.app(tabs)
    #expect(terminal.cursor != nil)
    tabs.present(AlertController.alert(title: "Saved", message: "Your draft is kept."))
    app.tick()
    #expect(terminal.cursor == nil, "the dialog has the focus")
    app.press("enter")
    #expect(terminal.cursor != nil, "back on the field once it closes")
    tabs.selectedIndex = 1
    app.tick()
    #expect(terminal.cursor == nil, "a list takes no text")
  }

  @Test("the cursor stands after the text typed into a list's filter")
  func filterField() throws {
    let list = ListViewController(
      title: "News", rows: ["Markets rally", "Bike lanes", "世界 news"].map { ListRow($0) })
    list.isSearchable = true
    let (app, terminal) = Fixtures.app(NavigationController(rootViewController: list))
    #expect(terminal.cursor == nil)
    app.press("/")
    app.type("世")
    let typed = try Self.start(of: "/ 世", in: terminal.screen)
    #expect(terminal.cursor == Point(x: typed.x + 4, y: typed.y))
    app.press("enter")
    #expect(terminal.cursor == nil, "the filter is kept, the typing over")
  }

  @Test("the help over a field hides the cursor until it closes")
  func hiddenUnderHelp() {
    let (tabs, _) = Self.form()
    // `?` is text in a field: an app that wants the help there binds F1.
    let keys = KeyMap.standard.adding([KeyBinding([.function(1)], .help, help: "Help")])
    let terminal = MemoryTerminal(size: Size(width: 80, height: 24))
    let app = Application(root: tabs, terminal: terminal, keyMap: keys, clock: ManualClock())
    app.start()
    #expect(terminal.cursor != nil)
    app.send(.key(.function(1)))
    #expect(app.isShowingHelp && terminal.cursor == nil)
    app.send(.key(.escape))
    #expect(!app.isShowingHelp && terminal.cursor != nil)
  }

  @Test("a long one-line field scrolls: the cursor stays inside it at the text's end")
  func scrolledField() throws {
    let (tabs, form) = Self.form()
    let (app, terminal) = Fixtures.app(tabs, size: Size(width: 30, height: 12))
    app.type(String(repeating: "長", count: 30))
    let cursor = try #require(terminal.cursor)
    #expect(cursor.x < 30)
    #expect(terminal.screen[cursor.x, cursor.y].character == " ", "after the last character")
    #expect(terminal.screen[cursor.x - 2, cursor.y].character == "長")
    #expect(form.fields[0].editor.cursor == 30)
  }

  @Test("at the smallest size the line being typed into stays on screen")
  func smallestSize() throws {
    let (tabs, _) = Self.form(lines: 6)
    let size = Size(width: 20, height: 7)
    let (app, terminal) = Fixtures.app(tabs, size: size)
    app.press("tab")
    for line in 1...6 {
      if line > 1 { app.press("enter") }
      app.type("line\(line)")
      let cursor = try #require(terminal.cursor, "line \(line)")
      #expect(terminal.screen.line(cursor.y).contains("line\(line)"), "\(terminal.screen)")
      #expect(cursor.y < size.height)
    }
    #expect(terminal.screen == app.renderFrame(size: size))
  }

  @Test("a buffer drawn into another carries its cursor, moved, and drops it when clipped")
  func blitCarriesCursor() {
    var page = ScreenBuffer(size: Size(width: 10, height: 5))
    page.cursor = Point(x: 2, y: 3)
    var screen = ScreenBuffer(size: Size(width: 20, height: 10))
    screen.draw(page, at: Point(x: 5, y: 1), clip: screen.bounds)
    #expect(screen.cursor == Point(x: 7, y: 4))
    var clipped = ScreenBuffer(size: Size(width: 20, height: 10))
    clipped.draw(page, at: Point(x: 5, y: 1), clip: Rect(x: 0, y: 0, width: 20, height: 3))
    #expect(clipped.cursor == nil)
    clipped.cursor = Point(x: 1, y: 1)
    clipped.reset(size: clipped.size)
    #expect(clipped.cursor == nil, "a new frame starts without one")
  }
}
