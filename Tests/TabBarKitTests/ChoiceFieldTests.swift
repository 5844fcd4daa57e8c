import SnapshotTesting
import Testing

@testable import TabBarKit

/// A form's choice field: one of a few options, `‹ Finance ›`, stepped
/// through with Left and Right or Space.
@MainActor
@Suite("Choice fields")
struct ChoiceFieldTests {
  /// A form with a title, a choice of five categories and a Post button,
  /// on a stack in the first of two tabs.
  static func form() -> (TabBarController, FormViewController, FormField) {
    let category = FormField(
      "Category", choices: ["World", "Finance", "Sport", "科技", "Weather"], selectedIndex: 1)
    let form = FormViewController(
      title: "Compose", fields: [FormField("Title", text: "Rates hold"), category],
      buttons: [FormButton(title: "Post", submits: true) { _ in }])
    let tabs = try! TabBarController(
      viewControllers: [
        NavigationController(rootViewController: form),
        NavigationController(rootViewController: ListViewController(title: "Feed", rows: [])),
      ],
      items: [TabBarItem(title: "Post", glyph: "+"), TabBarItem(title: "Feed", glyph: "≡")])
    return (tabs, form, category)
  }

  @Test("Right and Left step through the options, round the list; no tab switch")
  func steps() {
    let (tabs, form, category) = Self.form()
    let (app, terminal) = Fixtures.app(tabs)
    app.press("tab")
    #expect(form.focusedField === category)
    #expect(category.text == "Finance" && category.isChoice)
    app.press("right,right")
    #expect(category.selectedIndex == 3 && category.text == "科技")
    #expect(terminal.screen.text.contains("‹ 科技 ›"))
    app.press("right,right")
    #expect(category.text == "World", "round from the last option to the first")
    app.press("left")
    #expect(category.text == "Weather", "and back")
    #expect(tabs.selectedIndex == 0, "Left and Right stay in the field")
  }

  @Test("Space chooses the next option; nothing is typed into it, so a digit switches tabs")
  func space() {
    let (tabs, form, category) = Self.form()
    let (app, _) = Fixtures.app(tabs)
    form.focus(category)
    app.send(.key(.character(" ")))
    #expect(category.text == "Sport")
    app.send(.key(.character("x")))
    #expect(category.text == "Sport" && tabs.selectedIndex == 0)
    app.send(.key(.character("2")))
    #expect(category.text == "Sport" && tabs.selectedIndex == 1)
  }

  @Test("setting text chooses a matching option and ignores any other")
  func textChooses() {
    let (_, _, category) = Self.form()
    category.text = "Weather"
    #expect(category.selectedIndex == 4)
    category.text = "Not an option"
    #expect(category.selectedIndex == 4 && category.text == "Weather")
    category.selectedIndex = 99
    #expect(category.selectedIndex == 4, "clamped to the options")
    let title = FormField("Title")
    #expect(!title.isChoice && title.choices.isEmpty)
    #expect(FormField("Empty", choices: []).text == "", "no options: one empty one")
  }

  @Test("a click on the left arrow chooses the option before, elsewhere the one after")
  func mouse() throws {
    let (tabs, _, category) = Self.form()
    let (app, terminal) = Fixtures.app(tabs)
    let row = try #require(terminal.screen.lines.firstIndex { $0.contains("‹ Finance ›") })
    let arrow = TextWidth.width(of: terminal.screen.line(row).prefix(while: { $0 != "‹" }))
    app.send(.mouse(MouseEvent(.press, at: Point(x: arrow, y: row))))
    #expect(category.text == "World")
    app.send(.mouse(MouseEvent(.press, at: Point(x: arrow + 4, y: row))))
    #expect(category.text == "Finance")
  }

  @Test("a focused choice field, its option highlighted, at 80×24")
  func snapshot() {
    let (tabs, form, category) = Self.form()
    let (app, terminal) = Fixtures.app(tabs)
    form.focus(category)
    app.press("right,right")
    assertSnapshot(of: terminal.screen, as: .frame, named: "80x24")
  }
}
