import Testing

@testable import TabBarKit

/// Huge pastes into fields and a list's filter are kept up to a stated
/// maximum, with a toast that says they were cut; a cluster never grows
/// without end; a field too narrow for its character still shows something.
@MainActor
@Suite("paste limits and narrow fields")
struct PasteLimitTests {
  /// A megabyte of text: lines of 63 letters and a newline.
  static let megabyte = String(
    repeating: String(repeating: "abcdefg", count: 9) + "\n", count: 1 << 14)

  /// A form with a one-line field, a text area and a short field, in a tab.
  static func form() -> (Application, FormViewController) {
    let form = FormViewController(
      title: "Compose",
      fields: [
        FormField("Title"), FormField("Body", lines: 4),
        FormField("Tag", maximumLength: 40),
      ])
    let tabs = TabBarController(viewControllers: [NavigationController(rootViewController: form)])
    let (app, _) = Fixtures.app(tabs)
    return (app, form)
  }

  @Test("a megabyte pasted into a one-line field keeps the stated maximum and says it was cut")
  func megabyteIntoField() {
    #expect(Self.megabyte.utf8.count == 1 << 20)
    let (app, form) = Self.form()
    app.send(.paste(Self.megabyte))
    let title = form.fields[0]
    #expect(title.editor.characters.count == TextEditor.lengthLimit)
    #expect(title.editor.cursor == TextEditor.lengthLimit)
    #expect(title.text.hasPrefix("abcdefgabcdefg"))
    #expect(!title.text.contains("\n"), "newlines became spaces")
    #expect(app.toastMessage == "Pasted text cut to 100,000 characters")
    // Full: a typed key stops there, and the field still edits.
    app.type("x")
    #expect(title.editor.characters.count == TextEditor.lengthLimit)
    app.press("backspace")
    app.type("Z")
    #expect(title.text.hasSuffix("Z") && title.editor.characters.count == TextEditor.lengthLimit)
  }

  @Test("a megabyte pasted into a text area keeps its lines up to the stated maximum")
  func megabyteIntoTextArea() {
    let (app, form) = Self.form()
    app.press("tab")
    app.send(.paste(Self.megabyte))
    let body = form.fields[1]
    #expect(body.editor.characters.count == TextEditor.lengthLimit)
    #expect(body.editor.characters.filter { $0 == "\n" }.count == TextEditor.lengthLimit / 64)
    #expect(app.toastMessage == "Pasted text cut to 100,000 characters")
    // The area shows the end of what it kept, where the cursor is.
    #expect(app.lastFrame.text.contains("abcdefg"))
  }

  @Test("a field's own maximum length cuts a paste, and the toast names that length")
  func pasteCutAtTheFieldsMaximum() {
    let (app, form) = Self.form()
    app.press("tab,tab")
    app.send(.paste("世界" + Self.megabyte))
    #expect(form.fields[2].text == "世界" + String(Self.megabyte.prefix(38)))
    #expect(app.toastMessage == "Pasted text cut to 40 characters")
  }

  @Test("a paste that fits, and typing up to the limit, show no toast")
  func noToastWhenNothingIsCut() {
    let (app, form) = Self.form()
    app.press("tab,tab")
    app.send(.paste(String(repeating: "x", count: 39)))
    app.type("yz")
    #expect(form.fields[2].text == String(repeating: "x", count: 39) + "y")
    #expect(app.toastMessage == nil, "a typed key at the limit just stops")
  }

  @Test("lowering the maximum length, or setting a huge text from code, keeps the limit")
  func limitFromCode() {
    var editor = TextEditor(String(repeating: "a", count: TextEditor.lengthLimit + 5))
    #expect(editor.characters.count == TextEditor.lengthLimit)
    editor.maximumLength = 1_000_000
    editor.text = String(repeating: "b", count: TextEditor.lengthLimit + 5)
    #expect(editor.characters.count == TextEditor.lengthLimit, "a higher maximum is capped")
    editor.maximumLength = 3
    #expect(editor.text == "bbb")
  }

  // MARK: The filter

  static func searchableList() -> (Application, MemoryTerminal, ListViewController) {
    let list = ListViewController(
      title: "News",
      rows: ["新能源汽车销量创新高", "汽车展览会开幕", "Heat wave breaks records"].map { ListRow($0) })
    list.isSearchable = true
    let tabs = TabBarController(viewControllers: [NavigationController(rootViewController: list)])
    let (app, terminal) = Fixtures.app(tabs, size: Size(width: 40, height: 12))
    return (app, terminal, list)
  }

  @Test(
    "a huge paste into the filter keeps the filter's maximum and says it was cut",
    arguments: [200 << 10, 1 << 20])
  func hugePasteIntoFilter(bytes: Int) {
    let (app, terminal, list) = Self.searchableList()
    app.press("/")
    app.send(.paste(String(Self.megabyte.prefix(bytes))))
    #expect(list.listView.filter.count == ListView.maximumFilterLength)
    #expect(list.listView.filter.hasPrefix("abcdefgabcdefg"))
    #expect(!list.listView.filter.contains("\n"), "newlines are left out of the filter")
    #expect(list.listView.shownRowCount == 0)
    #expect(app.toastMessage == "Pasted text cut to 256 characters")
    // The field shows the filter's end, where typing goes on, and the count.
    #expect(terminal.screen.line(2).contains("0 of 3"), "\(terminal.screen)")
    #expect(terminal.screen.line(2).contains("gabcdefg"))
    app.press("backspace")
    #expect(list.listView.filter.count == ListView.maximumFilterLength - 1)
    app.press("esc")
    #expect(list.listView.filter.isEmpty && list.listView.shownRowCount == 3)
  }

  @Test("the filter holds a CJK paste whole, filters by it and shows its end in the field")
  func cjkPasteIntoFilter() {
    let (app, terminal, list) = Self.searchableList()
    app.press("/")
    app.send(.paste("汽车"))
    #expect(list.listView.filter == "汽车")
    #expect(list.listView.shownRowCount == 2)
    #expect(terminal.screen.line(2).hasPrefix(" / 汽车"), "\(terminal.screen)")
    #expect(app.toastMessage == nil)
    app.press("esc,/")
    let long = String(repeating: "汽车展览会", count: 100)
    app.send(.paste(long))
    #expect(list.listView.filter == String(long.prefix(ListView.maximumFilterLength)))
    #expect(app.toastMessage == "Pasted text cut to 256 characters")
    // The end of the filter fills the field up to the count, wide
    // characters whole: "/ " then ideographs, each two columns.
    let field = terminal.screen.line(2)
    #expect(field.hasPrefix(" / "), "\(field)")
    let shown = field.dropFirst(3).prefix { $0 != " " }
    #expect(shown.count > 5 && String(long.prefix(256)).hasSuffix(shown), "\(field)")
  }

  @Test("a filter set from code is cut to the filter's maximum")
  func filterFromCode() {
    var view = ListView(rows: [ListRow("a")])
    view.filter = String(repeating: "汽", count: 10_000)
    #expect(view.filter.count == ListView.maximumFilterLength)
  }

  // MARK: Long clusters

  @Test("a ZWJ chain of 10,000 joiners is split into characters a cell can draw")
  func longJoinerChain() {
    var editor = TextEditor()
    editor.insert("👍" + String(repeating: "\u{200D}👍", count: 10_000))
    #expect(editor.characters.count > 1000, "not one giant cluster")
    #expect(
      editor.characters.allSatisfy {
        $0.unicodeScalars.count <= TextEditor.maximumClusterScalars
          && TextEditor.width(of: $0) > 0
      })
    // Every emoji is kept: the chain's scalars, less the joiners cut at.
    let thumbs = editor.characters.reduce(0) { count, character in
      count + character.unicodeScalars.filter { $0 == "👍" }.count
    }
    #expect(thumbs == 10_001)
  }

  @Test("joiners and marks piled on one letter stop at a cell's worth, typed or pasted")
  func marksOnOneLetter() {
    var pasted = TextEditor()
    pasted.insert("a" + String(repeating: "\u{200D}", count: 10_000) + "b")
    #expect(pasted.characters.count == 2, "\(pasted.characters.count)")
    #expect(pasted.characters[0].unicodeScalars.count == TextEditor.maximumClusterScalars)
    #expect(pasted.characters[1] == "b")
    var typed = TextEditor("é")
    for _ in 0..<10_000 { typed.insert("\u{0301}") }
    #expect(typed.characters.count == 1)
    #expect(typed.characters[0].unicodeScalars.count == TextEditor.maximumClusterScalars)
    typed.insert("x")
    #expect(typed.text.hasSuffix("x") && typed.characters.count == 2)
  }

  // MARK: Narrow fields

  static func draw(_ field: TextField, width: Int, focused: Bool) -> ScreenBuffer {
    var field = field
    field.layout(width: width)
    var buffer = ScreenBuffer(size: Size(width: width, height: 1))
    field.render(in: buffer.bounds, theme: .color, isFocused: focused, into: &buffer)
    return buffer
  }

  @Test("a field one column wide holding a wide character shows an ellipsis, not nothing")
  func wideCharacterInANarrowField() {
    var field = TextField("世")
    #expect(Self.draw(field, width: 1, focused: false).text == "…")
    field.handle(.home)
    let column = Rect(x: 0, y: 0, width: 1, height: 1)
    let onIt = Self.draw(field, width: 1, focused: true)
    #expect(onIt.text == "…" && field.cursorPosition(in: column) == .zero, "the cursor before it")
    field.handle(.end)
    #expect(Self.draw(field, width: 1, focused: true).text.count <= 1)
    #expect(field.cursorPosition(in: column) == .zero, "the cursor after it, still in the field")
    #expect(Self.draw(field, width: 1, focused: false).text == "…")
    field.text = "ab世"
    #expect(Self.draw(field, width: 1, focused: false).text == "…")
    #expect(Self.draw(field, width: 2, focused: false).text == "世")
  }

  @Test("a text area one column wide shows its wide characters as ellipses")
  func wideCharacterInANarrowTextArea() {
    var area = TextArea("世界")
    area.layout(size: Size(width: 1, height: 3))
    var buffer = ScreenBuffer(size: Size(width: 1, height: 3))
    area.render(in: buffer.bounds, theme: .color, isFocused: false, into: &buffer)
    #expect(buffer.text.hasPrefix("…\n…"), "\(buffer.text.debugDescription)")
  }
}
