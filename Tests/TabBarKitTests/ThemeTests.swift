import SnapshotTesting
import Testing

@testable import TabBarKit

extension Snapshotting where Value == ScreenBuffer, Format == String {
  /// ``frame`` and then the colour layer: one character per cell naming its
  /// exact style (`.` plain), and what each character stands for.
  static var colors: Snapshotting {
    Snapshotting<String, String>.lines.pullback { buffer in
      buffer.text + "\n\n-- styles --\n" + buffer.styleText + "\n\n-- colours --\n"
        + ThemeTests.colorLayer(of: buffer) + "\n"
    }
  }
}

@MainActor
@Suite("themes")
struct ThemeTests {
  // MARK: Helpers

  /// The cells' exact styles: a character per cell, in the order styles
  /// first appear, then the legend.
  nonisolated static func colorLayer(of buffer: ScreenBuffer) -> String {
    let names = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    var codes: [Style: Character] = [.plain: "."]
    var legend: [String] = []
    var rows: [String] = []
    for y in 0..<buffer.size.height {
      var row = ""
      for x in 0..<buffer.size.width {
        let cell = buffer[x, y]
        let style = cell.isContinuation ? buffer[x - 1, y].style : cell.style
        if codes[style] == nil {
          let code = codes.count - 1 < names.count ? names[codes.count - 1] : "?"
          codes[style] = code
          legend.append("\(code): \(style)")
        }
        row.append(codes[style]!)
      }
      rows.append(row)
    }
    return rows.joined(separator: "\n") + "\n\n" + legend.joined(separator: "\n")
  }

  /// Four tabs with a count badge on the selected one, a dot and a count on
  /// others, and the plus button in the middle: every part the library
  /// draws in a theme's styles.
  static func busyTabs() -> TabBarController {
    var items = Array(Fixtures.items.prefix(4))
    items[0].badge = .count(3)
    items[1].badge = .dot
    items[2].badge = .count(12)
    let tabs = Fixtures.tabs(items: items)
    try! tabs.setPlusButton(
      PlusButton(title: "Post", action: .present { ListViewController(title: "Compose", rows: []) })
    )
    return tabs
  }

  /// The screen of `root` after `keys`, on a terminal of `size` and `depth`.
  static func screen(
    _ root: ViewController, theme: Theme, keys: String = "",
    size: Size = Size(width: 80, height: 24), depth: ColorDepth = .trueColor
  ) -> ScreenBuffer {
    root.theme = theme
    let terminal = MemoryTerminal(size: size, colorDepth: depth)
    let app = Application(root: root, terminal: terminal, clock: ManualClock(), animated: false)
    app.start()
    app.press(keys)
    return terminal.screen
  }

  /// Every screen that together shows each style the library draws: the
  /// busy tabs, a pushed page, the help, and the too-small message.
  static func everyPart(theme: Theme) -> [ScreenBuffer] {
    [
      screen(busyTabs(), theme: theme),
      screen(busyTabs(), theme: theme, keys: "down,enter"),
      screen(busyTabs(), theme: theme, keys: "?"),
      screen(busyTabs(), theme: theme, size: Size(width: 18, height: 6)),
    ]
  }

  static func styles(in buffer: ScreenBuffer) -> Set<Style> {
    Set(buffer.cells.map(\.style))
  }

  /// The styles the library's own views draw with; the others are for
  /// pages (text, forms, dialogs, toasts).
  static let drawnByTheLibrary: Set<String> = [
    "warning", "navigationTitle", "backLabel", "separator", "hint", "barItem",
    "barSelectedItem", "badge", "badgeOnSelected", "badgeDot", "plusButton", "row", "rowDetail",
    "selectedRow", "overlayBorder", "overlayKey",
  ]

  nonisolated static let builtIns: [(String, Theme)] = [
    ("standard", .standard), ("dark", .dark), ("light", .light), ("monochrome", .monochrome),
  ]

  // MARK: A theme is a value

  @Test("every style of a theme is a stored property that can be set and read back")
  func everyStyleSettable() {
    #expect(Theme.styles.count == 30)
    #expect(Set(Theme.styles.map(\.name)).count == Theme.styles.count)
    for (index, (name, key)) in Theme.styles.enumerated() {
      var theme = Theme.standard
      let marker = Style(foreground: .rgb(1, 2, UInt8(index)), attributes: .underline)
      theme[keyPath: key] = marker
      #expect(theme[keyPath: key] == marker, "\(name)")
      #expect(theme != .standard, "\(name)")
      // Setting one style leaves every other as it was.
      for (otherName, other) in Theme.styles where otherName != name {
        #expect(theme[keyPath: other] == Theme.standard[keyPath: other], "\(name) → \(otherName)")
      }
    }
  }

  @Test("every style the library draws is used: setting it changes the cells it marks")
  func everyStyleUsed() {
    for (index, (name, key)) in Theme.styles.enumerated()
    where Self.drawnByTheLibrary.contains(name) {
      var theme = Theme.standard
      let marker = Style(
        foreground: .rgb(1, 2, UInt8(index)), background: .rgb(3, 4, UInt8(index)))
      theme[keyPath: key] = marker
      let shown = Self.everyPart(theme: theme).contains { Self.styles(in: $0).contains(marker) }
      #expect(shown, "theme.\(name) is drawn nowhere")
    }
  }

  @Test("changing theme[.selectedRow] changes the selected row's cells, and only theirs")
  func selectedRowStyle() {
    var theme = Theme.standard
    theme[.selectedRow] = Style(foreground: .black, background: Color(hex: 0xFFD75F))
    let before = Self.screen(Fixtures.tabs(), theme: .standard)
    let after = Self.screen(Fixtures.tabs(), theme: theme)
    #expect(before.text == after.text)
    let selectedRow = 2  // the first row, under the title and its rule
    for y in 0..<before.size.height {
      for x in 0..<before.size.width {
        let changed = before[x, y].style != after[x, y].style
        if y == selectedRow && x < 79 {
          #expect(after[x, y].style == theme[.selectedRow], "(\(x), \(y))")
        } else {
          #expect(!changed, "(\(x), \(y)) changed: \(after[x, y].style)")
        }
      }
    }
  }

  @Test("the built-in themes by name, standard as the colour theme of old")
  func builtInsByName() {
    #expect(Theme(named: "dark") == .dark)
    #expect(Theme(named: "light") == .light)
    #expect(Theme(named: "standard") == .standard)
    #expect(Theme(named: "monochrome") == .monochrome)
    #expect(Theme(named: "solarized") == nil)
    #expect(Theme.color == .standard)
    #expect(Theme(monochrome: true) == .monochrome && Theme(monochrome: false) == .standard)
    #expect(!Theme.standard.isMonochrome && Theme.monochrome.isMonochrome)
    #expect(Set(Self.builtIns.map { "\($0.1)" }).count == 4, "the four themes differ")
  }

  @Test("the standard theme is today's look, and its monochrome today's monochrome")
  func standardIsTodaysLook() {
    let theme = Theme.standard
    #expect(
      theme[.barSelectedItem] == Style(foreground: .white, background: .red, attributes: .bold))
    #expect(theme[.selectedRow] == Style(foreground: .white, background: .blue, attributes: .bold))
    #expect(
      theme[.badgeOnSelected] == Style(foreground: .red, background: .white, attributes: .bold))
    #expect(theme[.backLabel] == Style(foreground: .cyan))
    let mono = Theme.monochrome
    #expect(mono[.barSelectedItem] == Style(attributes: [.bold, .reverse]))
    #expect(mono[.badge] == Style(attributes: [.bold, .reverse]))
    #expect(mono[.badgeOnSelected] == Style(attributes: .bold))
    #expect(mono[.selectedRow] == Style(attributes: .reverse))
    #expect(mono[.backLabel] == .plain)
    #expect(mono[.warning] == Style(attributes: .bold))
    for (name, key) in Theme.styles {
      #expect(!mono[keyPath: key].hasColor, "\(name)")
    }
  }

  // MARK: Colours

  @Test(
    "colours come down rgb → 256 → 16 → 8 to the nearest the terminal has",
    arguments: [
      // (r, g, b), 256, 16, 8
      ((255, 0, 0), 196, 9, 1),
      ((0, 255, 0), 46, 10, 2),
      ((0, 0, 255), 21, 4, 4),
      ((255, 255, 0), 226, 11, 3),
      ((0, 255, 255), 51, 14, 6),
      ((255, 0, 255), 201, 13, 5),
      ((255, 255, 255), 231, 15, 7),
      ((0, 0, 0), 16, 0, 0),
      ((215, 0, 0), 160, 1, 1),
      ((0, 95, 175), 25, 12, 4),
      ((255, 95, 95), 203, 9, 1),
      ((208, 208, 208), 252, 7, 7),
      ((128, 128, 128), 244, 8, 7),
      ((18, 18, 18), 233, 0, 0),
      ((250, 250, 250), 231, 15, 7),
    ] as [((Int, Int, Int), Int, Int, Int)])
  func degradeChain(_ rgb: (Int, Int, Int), _ to256: Int, _ to16: Int, _ to8: Int) {
    let color = Color.rgb(UInt8(rgb.0), UInt8(rgb.1), UInt8(rgb.2))
    #expect(color.degraded(to: .trueColor) == color)
    #expect(color.degraded(to: .indexed256) == .indexed(UInt8(to256)))
    #expect(color.degraded(to: .ansi16) == .ansi(UInt8(to16)))
    #expect(color.degraded(to: .ansi8) == .ansi(UInt8(to8)))
    // Step by step gives the same as straight down.
    #expect(Color.indexed(UInt8(to256)).degraded(to: .ansi16) == .ansi(UInt8(to16)))
    #expect(Color.ansi(UInt8(to16)).degraded(to: .ansi8) == .ansi(UInt8(to8)))
  }

  @Test("each colour of the 256-colour cube and grey ramp is found exactly; 0–15 never")
  func paletteExact() {
    for n in 16...255 {
      let (r, g, b) = Color.indexed(UInt8(n)).rgbComponents!
      #expect(Color.nearestIndexed(red: r, green: g, blue: b) == UInt8(n), "\(n)")
    }
    for v in stride(from: 0, through: 255, by: 5) {
      for (r, g, b) in [(v, 0, 0), (0, v, 0), (0, 0, v), (v, v, v), (v, 255 - v, v / 2)] {
        #expect(Color.nearestIndexed(red: UInt8(r), green: UInt8(g), blue: UInt8(b)) >= 16)
      }
    }
  }

  @Test("the 16 ANSI colours on 8 colours, palette entries on 16, what stays as it is")
  func ansiAndPalette() {
    for n in UInt8(0)..<8 {
      #expect(Color.ansi(n).degraded(to: .ansi8) == .ansi(n))
      #expect(Color.ansi(n + 8).degraded(to: .ansi8) == .ansi(n == 0 ? 7 : n), "bright \(n)")
      #expect(Color.ansi(n + 8).degraded(to: .ansi16) == .ansi(n + 8))
      #expect(Color.indexed(n + 8).degraded(to: .ansi16) == .ansi(n + 8))
      #expect(Color.indexed(n).degraded(to: .ansi8) == .ansi(n))
    }
    for depth in ColorDepth.allCases {
      #expect(Color.default.degraded(to: depth) == .default)
    }
    #expect(Color.indexed(196).degraded(to: .indexed256) == .indexed(196))
    #expect(Color.rgb(1, 2, 3).degraded(to: .monochrome) == .rgb(1, 2, 3))
    #expect(Color.ansi(200).degraded(to: .ansi16) == Color.indexed(200).degraded(to: .ansi16))
    #expect(Color.red == .ansi(1) && Color.white == .ansi(7) && Color.brightWhite == .ansi(15))
    #expect(Color(hex: 0xC20C0C) == .rgb(0xC2, 0x0C, 0x0C))
    #expect("\(Color(hex: 0x00FF0A))" == "#00FF0A" && "\(Color.brightBlue)" == "brightBlue")
  }

  @Test("on 8 colours grey text becomes dim, and a whole style comes down")
  func styleDegrades() {
    let grey = Style(foreground: .indexed(245), background: .rgb(255, 0, 0), attributes: .bold)
    #expect(
      grey.degraded(to: .ansi8)
        == Style(foreground: .default, background: .red, attributes: [.bold, .dim]))
    #expect(
      grey.degraded(to: .ansi16)
        == Style(foreground: .brightBlack, background: .brightRed, attributes: .bold))
    #expect(
      grey.degraded(to: .indexed256)
        == Style(foreground: .indexed(245), background: .indexed(196), attributes: .bold))
    #expect(grey.degraded(to: .trueColor) == grey)
    #expect(Style.plain.degraded(to: .ansi8) == .plain)
  }

  @Test("a terminal's depth from terminfo's colours, its RGB flag, COLORTERM and NO_COLOR")
  func depthDetection() {
    #expect(ColorDepth.detect(colors: 8) == .ansi8)
    #expect(ColorDepth.detect(colors: 16) == .ansi16)
    #expect(ColorDepth.detect(colors: 88) == .ansi16)
    #expect(ColorDepth.detect(colors: 256) == .indexed256)
    #expect(ColorDepth.detect(colors: 0x100_0000) == .trueColor)
    #expect(ColorDepth.detect(colors: 256, rgbFlag: true) == .trueColor)
    #expect(ColorDepth.detect(colors: 256, colorTerm: "truecolor") == .trueColor)
    #expect(ColorDepth.detect(colors: 256, colorTerm: "24bit") == .trueColor)
    #expect(ColorDepth.detect(colors: 256, colorTerm: "yes") == .indexed256)
    #expect(ColorDepth.detect(colors: -1) == .monochrome)
    #expect(ColorDepth.detect(colors: 2, colorTerm: "truecolor") == .monochrome)
    #expect(ColorDepth.detect(colors: 256, colorTerm: "truecolor", noColor: "1") == .monochrome)
    #expect(
      ColorDepth.detect(colors: 256, noColor: "") == .indexed256, "an empty NO_COLOR is unset")
    #expect(ColorDepth.detect(colors: 256, colorsOff: true) == .monochrome)
    #expect(ColorDepth.monochrome < .ansi8 && .ansi16 < .indexed256 && .indexed256 < .trueColor)
  }

  @Test("a style is 12 bytes and a cell 16, whatever colours and link they hold")
  func cellStaysSmall() {
    // Before P5 a cell took 7 bytes (stride 8): a scalar and three bytes of
    // style; colours made it 12, a link's 32-bit id 16 (no padding byte).
    #expect(MemoryLayout<Style>.size == 12)
    #expect(MemoryLayout<Cell>.size == 16 && MemoryLayout<Cell>.stride == 16)
  }

  @Test("a style keeps its colours and attributes exactly")
  func stylePacking() {
    let colors: [Color] = [
      .default, .black, .brightWhite, .ansi(200), .indexed(0), .indexed(255), .rgb(0, 0, 0),
      .rgb(255, 255, 255), .rgb(1, 2, 3),
    ]
    for fg in colors {
      for bg in colors {
        for raw in [0, 1, 0b1111, 0xFF] as [UInt8] {
          let attributes = Style.Attributes(rawValue: raw)
          var style = Style(foreground: fg, background: bg, attributes: attributes)
          #expect(
            style.foreground == fg && style.background == bg && style.attributes == attributes)
          style.attributes = []
          #expect(style.foreground == fg && style.background == bg)
          style.foreground = .default
          #expect(style.background == bg && style.attributes == [])
          #expect(style.hasColor == (bg != .default))
        }
      }
    }
    // Styles that differ in any part are different cells.
    #expect(Style(foreground: .ansi(1)) != Style(foreground: .indexed(1)))
    #expect(Style(foreground: .red) != Style(background: .red))
  }

  // MARK: Switching themes

  @Test("setting a theme while the app runs draws the new colours at once, without a key")
  func switchAtRunTime() {
    let root = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(root)
    let frames = terminal.frameCount
    let before = terminal.screen
    root.theme = .dark
    app.tick()  // the run loop's next turn: no event came
    #expect(terminal.frameCount == frames + 1)
    #expect(terminal.screen != before)
    #expect(terminal.screen.text == before.text)
    #expect(terminal.screen[3, 2].style == Theme.dark[.selectedRow])
    #expect(terminal.screen == app.renderFrame(size: terminal.size))
    // A page lower down may set its own; the screen follows it too.
    let page = root.viewControllers[0]
    page.theme = .light
    app.tick()
    #expect(terminal.frameCount == frames + 2)
    #expect(terminal.screen[3, 2].style == Theme.light[.selectedRow])
    #expect(
      terminal.screen[3, 22].style == Theme.dark[.barSelectedItem], "the bar keeps the root's")
  }

  @Test("a theme set from posted work is drawn when the work is done")
  func switchFromPostedWork() async {
    let root = Fixtures.tabs()
    let (app, terminal) = Fixtures.app(root)
    let frames = terminal.frameCount
    app.post { root.theme = .light }
    while root.ownTraits.theme != .light { await Task.yield() }
    app.tick()
    #expect(terminal.frameCount == frames + 1)
    #expect(terminal.screen[3, 2].style == Theme.light[.selectedRow])
  }

  // MARK: Terminals with fewer colours

  @Test(
    "without colours the app keeps its theme and draws the selection in reverse video",
    arguments: builtIns.map(\.0))
  func monochromeFallback(_ name: String) {
    let theme = Theme(named: name)!
    let root = Self.busyTabs()
    let screen = Self.screen(root, theme: theme, depth: .monochrome)
    #expect(root.ownTraits.theme == theme, "the theme chosen is kept")
    #expect(root.theme == theme.resolved(forColors: false))
    #expect(screen.cells.allSatisfy { !$0.style.hasColor }, "a cell has a colour")
    // The selected tab (bar title row) and the selected row are reversed.
    let titleRow = 23
    let news = screen.line(titleRow).firstRange(of: "News")!
    let x = screen.line(titleRow).distance(
      from: screen.line(titleRow).startIndex, to: news.lowerBound)
    #expect(screen[x, titleRow].style.attributes.contains(.reverse))
    #expect(screen[3, 2].style.attributes.contains(.reverse), "the selected row")
    #expect(!screen[3, 3].style.attributes.contains(.reverse), "an unselected row")
    let reading = screen.line(titleRow).firstRange(of: "Reading")!
    let rx = screen.line(titleRow).distance(
      from: screen.line(titleRow).startIndex, to: reading.lowerBound)
    #expect(!screen[rx, titleRow].style.attributes.contains(.reverse))
  }

  @Test("any theme without colours: highlights reversed, colourless styles kept as set")
  func monochromeOfACustomTheme() {
    var theme = Theme.dark
    theme[.row] = Style(attributes: .underline)  // no colour: kept
    theme[.match] = Style(foreground: .black, background: .yellow, attributes: .underline)
    let mono = theme.resolved(forColors: false)
    #expect(mono.isMonochrome)
    #expect(mono[.row] == Style(attributes: .underline))
    #expect(mono[.match] == Style(attributes: [.underline, .reverse]))
    #expect(mono[.selectedRow] == Style(attributes: .reverse))
    #expect(mono[.barSelectedItem] == Style(attributes: [.bold, .reverse]))
    #expect(mono[.badgeOnSelected] == Style(attributes: .bold))
    #expect(mono[.text] == .plain)
    #expect(mono.resolved(forColors: false) == mono)
    #expect(theme.resolved(forColors: true) == theme)
    #expect(theme.resolved(for: .ansi8) == theme && theme.resolved(for: .monochrome) == mono)
  }

  @Test(
    "a terminal of 256, 16 or 8 colours is handed only colours it has",
    arguments: [ColorDepth.indexed256, .ansi16, .ansi8])
  func degradedScreen(_ depth: ColorDepth) {
    let screen = Self.screen(Self.busyTabs(), theme: .dark, depth: depth)
    for cell in screen.cells {
      for color in [cell.style.foreground, cell.style.background] {
        switch (color, depth) {
        case (.default, _): break
        case (.indexed, .indexed256), (.ansi, .indexed256): break
        case (.ansi(let n), .ansi16): #expect(n < 16)
        case (.ansi(let n), .ansi8): #expect(n < 8)
        default: Issue.record("\(color) on a terminal of \(depth)")
        }
      }
    }
    #expect(screen[3, 2].style == Theme.dark[.selectedRow].degraded(to: depth))
  }

  @Test(
    "the built-in themes stay readable at every depth: a highlight's text never takes its background's colour"
  )
  func readableAtEveryDepth() {
    for (name, theme) in Self.builtIns {
      for depth in [ColorDepth.trueColor, .indexed256, .ansi16, .ansi8] {
        for (role, key) in Theme.styles {
          let style = theme[keyPath: key].degraded(to: depth)
          if style.background != .default {
            #expect(style.foreground != style.background, "\(name).\(role) on \(depth)")
          }
        }
      }
    }
  }

  // MARK: Snapshots

  @Test("the same tab screen in each built-in theme, 80×24", arguments: builtIns.map(\.0))
  func builtInSnapshots(_ name: String) {
    let screen = Self.screen(Self.busyTabs(), theme: Theme(named: name)!, keys: "down")
    assertSnapshot(of: screen, as: .colors, named: name)
  }

  @Test("the dark theme at 40×12, and on terminals of 256 and 8 colours")
  func darkSnapshots() {
    assertSnapshot(
      of: Self.screen(
        Self.busyTabs(), theme: .dark, keys: "down", size: Size(width: 40, height: 12)),
      as: .colors, named: "40x12")
    assertSnapshot(
      of: Self.screen(Self.busyTabs(), theme: .dark, keys: "down", depth: .indexed256),
      as: .colors, named: "256")
    assertSnapshot(
      of: Self.screen(Self.busyTabs(), theme: .dark, keys: "down", depth: .ansi8),
      as: .colors, named: "8")
  }
}
