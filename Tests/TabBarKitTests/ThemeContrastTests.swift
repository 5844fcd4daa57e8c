import Testing

@testable import TabBarKit

/// The built-in themes read well whatever the terminal's own colours: the
/// dark and light ones paint their own background under every cell, and
/// text reaches WCAG AA contrast (4.5:1) against the background it is
/// drawn on, at truecolor and brought down to 256 and 16 colours.
@MainActor
@Suite("theme contrast")
struct ThemeContrastTests {
  static let depths: [ColorDepth] = [.trueColor, .indexed256, .ansi16]

  /// Rules and scroll bars: lines, not text. WCAG asks 3:1 of such graphics.
  static func isLine(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy { (0x2500...0x259F).contains($0.value) }
  }

  /// The colours `style` is drawn in over `theme`'s background: its own, or
  /// the background's where it sets none, swapped by reverse video.
  static func shown(_ style: Style, on theme: Theme) -> (Color, Color) {
    var foreground = style.foreground == .default ? theme[.background].foreground : style.foreground
    var background = style.background == .default ? theme[.background].background : style.background
    if style.attributes.contains(.reverse) { swap(&foreground, &background) }
    return (foreground, background)
  }

  @Test("black on white is 21:1, a colour on itself 1:1, and the terminal's default unknown")
  func ratioOfKnownPairs() throws {
    #expect(try #require(Color.contrastRatio(.rgb(0, 0, 0), .rgb(255, 255, 255))) == 21)
    #expect(try #require(Color.contrastRatio(Color(hex: 0x767676), Color(hex: 0x767676))) == 1)
    let grey = try #require(Color.contrastRatio(Color(hex: 0x767676), Color(hex: 0xFFFFFF)))
    #expect((4.5..<4.6).contains(grey), "the lightest grey that passes on white: \(grey)")
    #expect(Color.contrastRatio(.default, .rgb(0, 0, 0)) == nil)
  }

  @Test("dark and light paint a background; standard and monochrome leave the terminal's")
  func backgrounds() {
    for theme in [Theme.dark, .light] {
      #expect(theme[.background].background != .default)
      #expect(theme[.background].foreground != .default)
    }
    #expect(Theme.standard[.background] == .plain && Theme.monochrome[.background] == .plain)
  }

  @Test(
    "every style of every built-in theme reaches 4.5:1 on its background, at each depth",
    arguments: ThemeTests.builtIns.map(\.0))
  func themeStyles(_ name: String) throws {
    let theme = try #require(Theme(named: name))
    var checked = 0
    for depth in Self.depths {
      for (styleName, key) in Theme.styles where styleName != "background" {
        let (foreground, background) = Self.shown(theme[keyPath: key], on: theme)
        let drawn = Style(foreground: foreground, background: background).degraded(to: depth)
        // Where a colour is the terminal's own only the terminal knows it.
        guard let ratio = Color.contrastRatio(drawn.foreground, drawn.background) else {
          #expect(name == "standard" || name == "monochrome", "\(styleName) at \(depth)")
          continue
        }
        checked += 1
        let needed = styleName == "separator" ? 3 : Color.minimumTextContrast
        #expect(
          ratio >= needed,
          "\(name).\(styleName) at \(depth): \(drawn.foreground) on \(drawn.background) is \(ratio)"
        )
      }
    }
    if name != "monochrome" { #expect(checked > 0) }
  }

  @Test(
    "every cell of dark and light screens has a background and readable text, at each depth",
    arguments: ["dark", "light"])
  func screens(_ name: String) throws {
    let theme = try #require(Theme(named: name))
    for depth in Self.depths {
      let screens = Self.everyPart(theme: theme, depth: depth)
      for (index, screen) in screens.enumerated() {
        for y in 0..<screen.size.height {
          for x in 0..<screen.size.width {
            let cell = screen[x, y]
            let style = cell.isContinuation ? screen[x - 1, y].style : cell.style
            #expect(style.background != .default, "screen \(index) (\(x), \(y)) at \(depth)")
            guard cell.character != " ", !cell.isContinuation else { continue }
            var (fg, bg) = (style.foreground, style.background)
            if style.attributes.contains(.reverse) { swap(&fg, &bg) }
            let ratio = try #require(Color.contrastRatio(fg, bg), "(\(x), \(y))")
            let needed = Self.isLine(cell.character) ? 3 : Color.minimumTextContrast
            #expect(
              ratio >= needed,
              "\(name) screen \(index) '\(cell.character)' at (\(x), \(y)), \(depth): \(ratio)")
          }
        }
      }
    }
  }

  /// The busy tabs, a pushed page, the help, a form with a dialog over it
  /// and a toast: on a terminal of `depth`, as drawn there.
  static func everyPart(theme: Theme, depth: ColorDepth) -> [ScreenBuffer] {
    var screens = [
      ThemeTests.screen(ThemeTests.busyTabs(), theme: theme, depth: depth),
      ThemeTests.screen(ThemeTests.busyTabs(), theme: theme, keys: "down,enter", depth: depth),
      ThemeTests.screen(ThemeTests.busyTabs(), theme: theme, keys: "?", depth: depth),
      ThemeTests.screen(
        ThemeTests.busyTabs(), theme: theme, size: Size(width: 18, height: 6), depth: depth),
    ]
    let (tabs, form) = CursorTests.form()
    form.fields[0].error = "Give it a title"
    tabs.theme = theme
    let terminal = MemoryTerminal(size: Size(width: 60, height: 20), colorDepth: depth)
    let app = Application(root: tabs, terminal: terminal, clock: ManualClock(), animated: false)
    app.start()
    screens.append(terminal.screen)
    app.press("tab")
    app.type("Body text")
    app.showToast("Saved")
    app.tick()
    screens.append(terminal.screen)
    tabs.present(AlertController.confirm(title: "Discard?", message: "The draft goes.") {})
    app.tick()
    screens.append(terminal.screen)
    return screens
  }
}

extension ThemeContrastTests {
  @Test("brought down to 16 colours, grey text that was readable on white stays readable")
  func degradingKeepsContrast() throws {
    // #767676 on white is 4.5:1; its nearest of the 16, bright black, is 4:1 on white.
    let style = Style(foreground: Color(hex: 0x767676), background: Color(hex: 0xFFFFFF))
    let nearest = Color(hex: 0x767676).degraded(to: .ansi16)
    let plain = try #require(
      Color.contrastRatio(nearest, Color(hex: 0xFFFFFF).degraded(to: .ansi16)))
    #expect(plain < 4.5, "the nearest colour alone would not do")
    let shown = style.degraded(to: .ansi16)
    let ratio = try #require(Color.contrastRatio(shown.foreground, shown.background))
    #expect(ratio >= 4.5, "\(shown)")
    #expect(shown.background == .brightWhite)
    // Text that was never readable is only brought down, not changed.
    let faint = Style(foreground: Color(hex: 0xEEEEEE), background: Color(hex: 0xFFFFFF))
    #expect(faint.degraded(to: .ansi16).foreground == Color(hex: 0xEEEEEE).degraded(to: .ansi16))
  }
}
