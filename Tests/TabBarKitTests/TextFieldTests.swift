import SnapshotTesting
import Testing

@testable import TabBarKit

extension Application {
  /// Types `text` one key a character, as a keyboard does.
  func type(_ text: String) {
    for character in text { send(.key(.character(character))) }
  }
}

@MainActor
@Suite("text fields and forms")
struct TextFieldTests {
  // MARK: The editing model

  @Test("typing and pasting insert at the cursor; a one-line paste has its newlines as spaces")
  func insert() {
    var editor = TextEditor()
    editor.insert("Hello")
    editor.moveLeft()
    editor.insert("!")
    #expect(editor.text == "Hell!o" && editor.cursor == 5)
    editor.moveToLineEnd()
    editor.insert(" one\ntwo\r\nthree\tfour")
    #expect(editor.text == "Hell!o one two three four")
    var area = TextEditor(isMultiline: true)
    area.insert("one\r\ntwo\rthree")
    #expect(area.text == "one\ntwo\nthree")
    var safe = TextEditor()
    safe.insert("a\u{1B}[31mb\u{7}c\u{202E}d")
    #expect(safe.text == "a[31mbcd", "controls and bidi overrides never go in")
  }

  @Test("Backspace and Delete remove one whole character; a combining mark joins its letter")
  func delete() {
    var editor = TextEditor("cafe")
    editor.insert("\u{301}")
    #expect(editor.characters == ["c", "a", "f", "é"] && editor.cursor == 4)
    let deleted = editor.deleteBackward()
    #expect(deleted)
    #expect(editor.text == "caf")
    editor.setCursor(0)
    let deletedAtStart = editor.deleteBackward()
    #expect(!deletedAtStart, "nothing before the start")
    let deletedForward = editor.deleteForward()
    #expect(deletedForward)
    #expect(editor.text == "af" && editor.cursor == 0)
    editor.moveToLineEnd()
    let deletedAtEnd = editor.deleteForward()
    #expect(!deletedAtEnd, "nothing after the end")
  }

  @Test("Alt-B and Alt-F move by word, Ctrl-W and Alt-D delete one")
  func words() {
    var editor = TextEditor("see you, 世界 soon")
    let usedAltB = editor.handle(.alt("b"))
    #expect(usedAltB)
    #expect(editor.cursor == 12, "before soon")
    editor.handle(.alt("b"))
    #expect(editor.cursor == 9, "before 世界: an ideograph run is one word")
    editor.handle(.alt("b"))
    #expect(editor.cursor == 4, "past the comma and space, before you")
    editor.handle(.alt("f"))
    #expect(editor.cursor == 7, "after you")
    editor.handle(.ctrl("w"))
    #expect(editor.text == "see , 世界 soon" && editor.cursor == 4)
    editor.handle(.alt("d"))
    #expect(editor.text == "see  soon" && editor.cursor == 4)
  }

  @Test("Home and End (Ctrl-A, Ctrl-E) go to the ends of the line; Ctrl-U and Ctrl-K cut")
  func homeEnd() {
    var editor = TextEditor("Hello 世界")
    editor.handle(.home)
    #expect(editor.cursor == 0)
    editor.handle(.end)
    #expect(editor.cursor == 8)
    editor.handle(.ctrl("a"))
    #expect(editor.cursor == 0)
    editor.handle(.ctrl("e"))
    #expect(editor.cursor == 8)
    var area = TextEditor("one\ntwo\nthree", isMultiline: true)
    area.setCursor(5)
    area.handle(.home)
    #expect(area.cursor == 4, "the start of its own line")
    area.handle(.end)
    #expect(area.cursor == 7)
    area.handle(.ctrl("k"))
    #expect(area.text == "one\ntwothree", "at a line's end Ctrl-K joins the next line")
    area.handle(.ctrl("u"))
    #expect(area.text == "one\nthree" && area.cursor == 4)
  }

  @Test("editing keys are the field's even when they change nothing; others are left")
  func keysKept() {
    var editor = TextEditor("")
    for key: Key in [.left, .right, .home, .end, .backspace, .delete, .alt("b"), .ctrl("w")] {
      let used = editor.handle(key)
      #expect(used, "\(key)")
    }
    for key: Key in [.up, .down, .enter, .tab, .escape, .pageUp, .ctrl("l"), .alt("1")] {
      let used = editor.handle(key)
      #expect(!used, "\(key)")
    }
  }

  @Test("the maximum length stops typing, cuts a paste at the limit, and cuts the text")
  func maximumLength() {
    var editor = TextEditor("abc", maximumLength: 6)
    editor.setCursor(1)
    let inserted = editor.insert("12345")
    #expect(inserted)
    #expect(editor.text == "a123bc" && editor.cursor == 4, "the paste is cut at the limit")
    let insertedWhenFull = editor.insert("x")
    #expect(!insertedWhenFull, "full")
    editor.deleteBackward()
    editor.insert("世界")
    #expect(editor.text == "a12世bc", "a CJK character counts one")
    editor.maximumLength = 3
    #expect(editor.text == "a12" && editor.cursor == 3)
    let cut = TextEditor("0123456789", maximumLength: 4)
    #expect(cut.text == "0123")
    // A paste from the terminal into a form's field of 20 characters at most.
    let (tabs, form) = Self.profile()
    let (app, _) = Fixtures.app(tabs)
    form.focus(form.fields[1])
    app.send(.paste(String(repeating: "路", count: 30)))
    #expect(form.fields[1].text == "北京市朝阳区" + String(repeating: "路", count: 14))
  }

  @Test("the placeholder shows dim while the field is empty, the cursor before it")
  func placeholder() {
    var field = TextField(placeholder: "Your name")
    var buffer = ScreenBuffer(size: Size(width: 14, height: 1))
    field.render(in: buffer.bounds, theme: .color, isFocused: false, into: &buffer)
    #expect(buffer.text == "Your name")
    #expect(buffer.styleText == "DDDDDDDDDUUUUU")
    #expect(field.cursorPosition(in: buffer.bounds) == Point(x: 0, y: 0))
    buffer.reset(size: buffer.size)
    field.render(in: buffer.bounds, theme: .color, isFocused: true, into: &buffer)
    #expect(buffer.text == "Your name")
    #expect(buffer[0, 0].style.background == Theme.color[.focusedField].background)
    #expect(buffer.styleText.allSatisfy { $0 == "S" }, "the focused field's colour throughout")
    field.insert("J")
    #expect(field.cursorPosition(in: Rect(x: 3, y: 2, width: 14, height: 1)) == Point(x: 4, y: 2))
  }

  // MARK: Drawing

  @Test("the terminal's cursor stands after wide characters, two columns each, never inside one")
  func wideCursor() throws {
    let form = FormViewController(title: "Form", fields: [FormField("Name")])
    let (app, terminal) = Fixtures.app(NavigationController(rootViewController: form))
    app.type("Hello 世界")
    let row = try #require(terminal.screen.lines.firstIndex { $0.contains("Hello 世界") })
    let line = terminal.screen.line(row)
    let start = TextWidth.width(of: line.prefix(while: { $0 != "H" }))
    #expect(terminal.cursor == Point(x: start + 10, y: row), "after 世界: four columns on")
    app.press("left")
    #expect(terminal.cursor == Point(x: start + 8, y: row), "before 界")
    app.press("left")
    let field = form.fields[0]
    #expect(field.editor.cursor == 6, "before 世")
    #expect(terminal.cursor == Point(x: start + 6, y: row), "before 世")
    app.press("backspace")
    #expect(field.text == "Hello世界")
    #expect(terminal.screen.text.contains("Hello世界"))
    #expect(form.navigationController?.viewControllers.count == 1)
  }

  @Test("a one-line field scrolls sideways to keep the cursor in view, wide characters whole")
  func horizontalScroll() {
    var field = TextField("0123456789世界abc")
    func draw() -> ScreenBuffer {
      field.layout(width: 8)
      var buffer = ScreenBuffer(size: Size(width: 8, height: 1))
      field.render(in: buffer.bounds, theme: .color, isFocused: true, into: &buffer)
      return buffer
    }
    func cursor() -> Int { field.cursorPosition(in: Rect(x: 0, y: 0, width: 8, height: 1)).x }
    var buffer = draw()
    #expect(buffer.text == "世界abc", "the end, the cursor after it")
    #expect(cursor() == 7)
    field.handle(.home)
    buffer = draw()
    #expect(buffer.text == "01234567" && cursor() == 0)
    for _ in 0..<9 { field.handle(.right) }
    buffer = draw()
    #expect(buffer.text == "23456789", "scrolled as little as shows the cursor")
    #expect(cursor() == 7)
    field.handle(.right)
    buffer = draw()
    #expect(field.scrollOffset(width: 8) == 4)
    #expect(buffer.text == "456789世", "the character after the cursor shows whole")
    #expect(cursor() == 6)
    field.handle(.right)
    buffer = draw()
    #expect(buffer.text == "6789世界" && cursor() == 6, "before 界, two columns after 世")
    field.handle(.end)
    field.editor.deleteWordBackward()
    field.editor.deleteWordBackward()
    buffer = draw()
    #expect(field.text.isEmpty && buffer.text.isEmpty && cursor() == 0)
    field.text = "a世界bcdefg"
    buffer = draw()
    #expect(buffer.text == "…bcdefg", "界 cut by the left edge: an ellipsis, never half")
    #expect(cursor() == 7)
  }

  @Test("a text area wraps, keeps the column on Up/Down, Enter starts a line, and scrolls")
  func textArea() {
    var area = TextArea("one two three\n世界你好")
    var buffer = ScreenBuffer(size: Size(width: 10, height: 2))
    area.layout(size: buffer.size)
    area.render(in: buffer.bounds, theme: .color, isFocused: true, into: &buffer)
    #expect(buffer.lines == ["three     ", "世界你好  "], "wrapped after a space, scrolled")
    #expect(
      area.cursorPosition(in: buffer.bounds) == Point(x: 8, y: 1),
      "the cursor after the last character, wide ones counting two")
    area.editor.setCursor(3)
    area.layout(size: buffer.size)
    #expect(area.scrollOffset(for: buffer.size) == 0)
    let movedDown = area.handle(.down)
    #expect(movedDown)
    #expect(area.editor.cursor == 11, "column 3 of three")
    let movedDownAgain = area.handle(.down)
    #expect(movedDownAgain)
    #expect(area.editor.cursor == 15, "column 3 is inside 界: before it")
    let movedPastLast = area.handle(.down)
    #expect(!movedPastLast, "the last row leaves Down")
    let movedUp = area.handle(.up)
    #expect(movedUp && area.editor.cursor == 11, "the goal column kept")
    area.handle(.end)
    area.handle(.enter)
    area.insert("x")
    #expect(area.text == "one two three\nx\n世界你好")
  }

  // MARK: Forms

  /// A profile form: a required name, a city in Chinese, an email checked
  /// for an `@`, a text area and two buttons; in the first of two tabs.
  static func profile(
    saved: @escaping @MainActor () -> Void = {}
  ) -> (TabBarController, FormViewController) {
    let name = FormField("Name", placeholder: "Your name") {
      $0.isEmpty ? "Enter your name" : nil
    }
    let city = FormField("City", text: "北京市朝阳区", maximumLength: 20)
    let email = FormField("Email", placeholder: "you@example.com") {
      $0.isEmpty || $0.contains("@") ? nil : "Not an email address"
    }
    let about = FormField("About", placeholder: "A few words", lines: 3)
    let form = FormViewController(
      title: "Profile", fields: [name, city, email, about],
      buttons: [
        FormButton(title: "Save", submits: true) { _ in saved() },
        FormButton(title: "Cancel") { $0.navigationController?.popViewController() },
      ])
    let feed = ListViewController(title: "Feed", rows: (1...5).map { ListRow("Story \($0)") })
    let tabs = try! TabBarController(
      viewControllers: [
        NavigationController(rootViewController: form),
        NavigationController(rootViewController: feed),
      ],
      items: [TabBarItem(title: "Profile", glyph: "☺"), TabBarItem(title: "Feed", glyph: "≡")])
    return (tabs, form)
  }

  @Test("Tab and Shift-Tab move the focus round the form, Down and Up too; no tab switch")
  func tabMovesFocus() {
    let (tabs, form) = Self.profile()
    let (app, _) = Fixtures.app(tabs)
    #expect(form.focusedField === form.fields[0])
    app.press("tab")
    #expect(form.focusedField === form.fields[1] && tabs.selectedIndex == 0)
    app.press("down,down")
    #expect(form.focusedField === form.fields[3], "Down from a one-line field")
    app.press("tab")
    #expect(form.focusedButtonIndex == 0)
    app.press("right")
    #expect(form.focusedButtonIndex == 1)
    app.press("right,tab")
    #expect(form.focusedField === form.fields[0], "round from the last button to the first field")
    app.press("backtab")
    #expect(form.focusedButtonIndex == 1)
    app.press("up")
    #expect(form.focusedField === form.fields[3], "Up from a button to the last field")
    app.press("up")
    #expect(form.focusedField === form.fields[2], "Up from the text area's first row")
    app.press("enter")
    #expect(form.focusedField === form.fields[3], "Enter in a one-line field moves on")
    #expect(tabs.selectedIndex == 0)
    app.press("2")
    #expect(tabs.selectedIndex == 0 && form.fields[3].text == "2", "a digit is typed")
  }

  @Test("a validation error shows beside its field, under it, in the error style; then goes")
  func validationError() throws {
    let (tabs, form) = Self.profile()
    let (app, terminal) = Fixtures.app(tabs)
    #expect(!terminal.screen.text.contains("Enter your name"))
    app.press("tab")
    let screen = terminal.screen
    let row = try #require(screen.lines.firstIndex { $0.contains("✗ Enter your name") })
    let fieldRow = try #require(screen.lines.firstIndex { $0.contains("Name") })
    #expect(row == fieldRow + 1, "right under the field")
    let column = TextWidth.width(of: screen.line(row).prefix(while: { $0 != "✗" }))
    let cityRow = try #require(screen.lines.firstIndex { $0.contains("北京") })
    let fieldColumn = TextWidth.width(of: screen.line(cityRow).prefix(while: { $0 != "北" }))
    #expect(column == fieldColumn, "lined up with the field, beside the labels")
    #expect(screen[column, row].style == form.theme[.error], "in the theme's error style")
    #expect(form.fields[0].error == "Enter your name")
    app.press("backtab")
    app.type("Ada")
    #expect(form.fields[0].error == nil, "fixed text clears the error at once")
    #expect(!terminal.screen.text.contains("Enter your name"))
  }

  @Test("a submit button validates first and focuses the first error; Enter or Space runs it")
  func submit() {
    var saves = 0
    let (tabs, form) = Self.profile { saves += 1 }
    let (app, _) = Fixtures.app(tabs)
    form.fields[2].text = "not-an-address"
    form.focusButton(at: 0)
    app.press("enter")
    #expect(saves == 0 && form.focusedField === form.fields[0])
    #expect(form.fields[0].error != nil && form.fields[2].error == "Not an email address")
    app.type("Ada")
    app.press("tab,tab")
    app.press("ctrl-u")
    app.type("ada@example.com")
    form.focusButton(at: 0)
    app.press("space")
    #expect(saves == 1 && form.fields.allSatisfy { $0.error == nil })
    app.press("enter")
    #expect(saves == 2)
  }

  @Test("a form takes q, digits and ? as text and a paste; Esc leaves, Backspace never")
  func formKeys() {
    let list = ListViewController(title: "Home", rows: [ListRow("Edit")])
    let stack = NavigationController(rootViewController: list)
    let (app, terminal) = Fixtures.app(TabBarController(viewControllers: [stack]))
    let (_, form) = Self.profile()
    stack.pushViewController(form, animated: false)
    app.type("q1?+")
    app.send(.paste("Hello\n世界"))
    #expect(form.fields[0].text == "q1?+Hello 世界" && !app.isFinished && !app.isShowingHelp)
    // q is typed here: the hint names Ctrl-C, which still quits.
    #expect(
      terminal.screen.text.contains("esc back · tab next · ctrl-c quit ─"), "\(terminal.screen)")
    app.press("ctrl-u,backspace,backspace")
    #expect(stack.topViewController === form, "Backspace in an empty field stays")
    form.focusButton(at: 0)
    app.press("backspace,left")
    #expect(stack.topViewController === form, "nor on a button")
    #expect(terminal.screen.text.contains("esc back · enter save · tab next · ? keys ─"))
    app.type("x")
    app.send(.paste("dropped"))
    #expect(form.fields.allSatisfy { !$0.text.contains("x") && !$0.text.contains("dropped") })
    app.press("esc")
    #expect(stack.topViewController === list)
  }

  @Test("a click on a field focuses it and puts the cursor there; on a button runs it")
  func mouse() throws {
    var saves = 0
    let (tabs, form) = Self.profile { saves += 1 }
    let (app, terminal) = Fixtures.app(tabs)
    let row = try #require(terminal.screen.lines.firstIndex { $0.contains("北京市朝阳区") })
    let column = TextWidth.width(of: terminal.screen.line(row).prefix(while: { $0 != "北" }))
    app.send(.mouse(MouseEvent(.press, at: Point(x: column + 5, y: row))))
    #expect(form.focusedField === form.fields[1])
    #expect(form.fields[1].editor.cursor == 2, "column 5 is inside 朝: before it")
    form.fields[0].text = "Ada"
    let buttons = try #require(terminal.screen.lines.firstIndex { $0.contains("[ Save ]") })
    let save = TextWidth.width(of: terminal.screen.line(buttons).prefix(while: { $0 != "[" }))
    app.send(.mouse(MouseEvent(.press, at: Point(x: save + 2, y: buttons))))
    #expect(saves == 1 && form.focusedButtonIndex == 0)
  }

  @Test("a tall form scrolls to keep the focused field, its label and its error in view")
  func scrolls() {
    let (tabs, form) = Self.profile()
    form.labelPosition = .above
    let (app, terminal) = Fixtures.app(tabs, size: Size(width: 40, height: 12))
    #expect(terminal.screen.text.contains("Name"))
    app.press("tab,tab,tab")
    #expect(form.focusedField === form.fields[3])
    #expect(terminal.screen.text.contains("About") && !terminal.screen.text.contains("Name"))
    app.press("tab")
    #expect(terminal.screen.text.contains("[ Save ]"))
    app.press("tab,tab")
    #expect(form.focusedField === form.fields[0])
    #expect(terminal.screen.text.contains("Name") && terminal.screen.text.contains("Enter your"))
  }

  @Test("random keys, pastes, clicks and sizes never break a form: cursor and limits hold")
  func fuzz() {
    var random = SplitMix64(seed: 0x7E57_F1E1D)
    let keys: [Key] = [
      .character("a"), .character("q"), .character(" "), .character("世"), .character("\u{301}"),
      .left, .right, .up, .down, .home, .end, .pageUp, .pageDown, .enter, .tab, .backTab,
      .backspace, .delete, .alt("b"), .alt("f"), .alt("d"), .ctrl("a"), .ctrl("e"), .ctrl("k"),
      .ctrl("u"), .ctrl("w"), .ctrl("d"),
    ]
    let pastes = [
      "one\ntwo", "世界，你好", "x\u{1B}[2J\ty", String(repeating: "長", count: 40), "",
      "👍" + String(repeating: "\u{200D}👍", count: 50),
      "a" + String(repeating: "\u{301}", count: 90),
    ]
    for run in 0..<12 {
      let (tabs, form) = Self.profile()
      let sizes = [
        Size(width: 80, height: 24), Size(width: 20, height: 7), Size(width: 33, height: 9),
      ]
      let size = sizes[run % sizes.count]
      let (app, terminal) = Fixtures.app(tabs, size: size)
      for _ in 0..<200 {
        switch random.next() % 10 {
        case 0:
          app.send(.paste(pastes[Int(random.next() % UInt64(pastes.count))]))
        case 1:
          let x = Int(random.next() % UInt64(size.width))
          // Above the tab bar: a click there would leave the form.
          let y = Int(random.next() % UInt64(size.height - TabBarStyle.regular.height))
          app.send(.mouse(MouseEvent(.press, at: Point(x: x, y: y))))
        default:
          app.send(.key(keys[Int(random.next() % UInt64(keys.count))]))
        }
      }
      for field in form.fields {
        let editor = field.editor
        #expect((0...editor.characters.count).contains(editor.cursor))
        #expect(editor.characters.count <= editor.maximumLength ?? .max)
        #expect(!field.isMultiline ? !editor.characters.contains("\n") : true)
        #expect(
          editor.characters.allSatisfy {
            $0.unicodeScalars.count <= TextEditor.maximumClusterScalars
          })
      }
      // On a button the tab keys and q act as on any page: a run may
      // leave the tab or quit, and the form still holds together.
      #expect(terminal.screen == app.renderFrame(size: size), "run \(run)")
    }
  }

  // MARK: Snapshots

  func frame(_ tabs: TabBarController, keys: String, size: Size) -> ScreenBuffer {
    let (app, terminal) = Fixtures.app(tabs, size: size)
    app.press(keys)
    #expect(terminal.screen == app.renderFrame(size: size))
    return terminal.screen
  }

  @Test("a form in a tab: an error under Name, the cursor in the Chinese city, at 80×24")
  func snapshot80x24() {
    let (tabs, _) = Self.profile()
    assertSnapshot(
      of: frame(tabs, keys: "tab,left,left", size: Size(width: 80, height: 24)), as: .frame,
      named: "80x24")
  }

  @Test("the same form at 40×12: labels still beside, the rest below the fold")
  func snapshot40x12() {
    let (tabs, _) = Self.profile()
    assertSnapshot(
      of: frame(tabs, keys: "tab,left,left", size: Size(width: 40, height: 12)), as: .frame,
      named: "40x12")
  }
}
