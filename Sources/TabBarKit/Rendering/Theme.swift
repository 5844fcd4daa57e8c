/// The styles of every part of the interface: a value whose every
/// style can be set, four built in.
///
/// - ``standard``: the NetEase look, the selected tab white on red, in the
///   eight colours every colour terminal has.
/// - ``dark`` and ``light``: tuned for a dark or a light terminal
///   background, in RGB colours that degrade to the nearest of 256, 16 or 8
///   colours on a terminal with fewer.
/// - ``monochrome``: no colours; the selected tab and row in reverse video.
///
/// Set a theme on any controller, usually the root; the pages below it use
/// it, and the screen is drawn again at once:
///
/// ```swift
/// var theme = Theme.dark
/// theme[.selectedRow] = Style(foreground: .black, background: .rgb(0xFF, 0xD7, 0x5F))
/// root.theme = theme
/// ```
///
/// On a terminal without colours (`NO_COLOR`, `--no-color`, vt100) the app
/// keeps the theme it was given and draws it with every colour dropped and
/// its highlights in reverse video.
///
/// ``dark`` and ``light`` paint their own ``Part/background`` under every cell,
/// so they read the same on a white terminal and a black one; ``standard``
/// and ``monochrome`` leave the terminal's own background and text colour
/// where a style sets none. Every built-in theme's text reaches at least
/// 4.5:1 contrast on its background (WCAG AA), on 256 and 16 colours too.
public struct Theme: Sendable, Equatable {
  /// True when the styles are already without colours: ``resolved(forColors:)``
  /// leaves such a theme as it is. Code that draws parts of its own can ask
  /// it, as in `theme.isMonochrome ? plainStyle : colouredStyle`.
  package var isMonochrome: Bool

  /// A part of the interface that the theme gives a style: read and set
  /// each by name, `theme[.accent]`; `Part.allCases` lists them all (a
  /// test, a theme editor).
  public enum Part: Int, Hashable, Sendable, CaseIterable {
    /// The screen: its background colour is painted under every cell the app
    /// draws whose style sets none (pages, bars, dialogs, toasts, fields),
    /// and its foreground colours text whose style sets none. Plain leaves
    /// the terminal's own colours there.
    case background

    // MARK: Text

    /// Body text on a page.
    case text
    /// A heading on a page (a section's title).
    case heading
    /// Secondary text: notes, times, counts.
    case dimText
    /// Text that stands out in the theme's colour: a link, a highlighted word.
    case accent
    /// An error message.
    case error
    /// A warning, such as "Terminal too small".
    case warning

    // MARK: Navigation bar and rules

    /// The page title in the navigation bar.
    case navigationTitle
    /// `‹ Previous` in the navigation bar.
    case backLabel
    /// Rules under the navigation bar and above the tab bar.
    case separator
    /// The key hint in a rule.
    case hint

    // MARK: Tab bar

    /// A tab cell that is not selected.
    case barItem
    /// The selected tab cell.
    case barSelectedItem
    /// A count or text badge.
    case badge
    /// A badge on the selected cell.
    case badgeOnSelected
    /// The dot badge.
    case badgeDot
    /// The plus button's raised box and glyph.
    case plusButton

    // MARK: Lists

    /// A list row.
    case row
    /// The secondary text of a list row.
    case rowDetail
    /// The selected list row.
    case selectedRow
    /// A search match inside a row or text.
    case match

    // MARK: Forms

    /// A text field that does not have the focus.
    case field
    /// The text field that has the focus.
    case focusedField
    /// The placeholder of an empty field.
    case placeholder
    /// A button that does not have the focus.
    case button
    /// The button that has the focus.
    case focusedButton

    // MARK: Overlays

    /// The frame and title of an overlay (the help).
    case overlayBorder
    /// Key names in the help overlay.
    case overlayKey
    /// The frame and title of a dialog (an alert, a confirmation).
    case dialogBorder
    /// A short message that shows for a moment over the page.
    case toast
  }

  /// The styles, in the order of ``Part``.
  private var styles: [Style]

  /// The style of `part`.
  public subscript(part: Part) -> Style {
    get { styles[part.rawValue] }
    set { styles[part.rawValue] = newValue }
  }

  /// A theme with every style set; `monochrome` says the styles have no
  /// colours. Most themes start from a built-in one instead:
  /// `var theme = Theme.dark` and set what differs.
  public init(
    isMonochrome: Bool = false, background: Style = .plain,
    text: Style = .plain, heading: Style = Style(attributes: .bold),
    dimText: Style = Style(attributes: .dim), accent: Style = .plain, error: Style = .plain,
    warning: Style = .plain,
    navigationTitle: Style = Style(attributes: .bold), backLabel: Style = .plain,
    separator: Style = Style(attributes: .dim), hint: Style = Style(attributes: .dim),
    barItem: Style = .plain, barSelectedItem: Style = Style(attributes: [.bold, .reverse]),
    badge: Style = Style(attributes: [.bold, .reverse]), badgeOnSelected: Style = .plain,
    badgeDot: Style = Style(attributes: .bold), plusButton: Style = Style(attributes: .bold),
    row: Style = .plain, rowDetail: Style = Style(attributes: .dim),
    selectedRow: Style = Style(attributes: .reverse), match: Style = .plain,
    field: Style = Style(attributes: .underline), focusedField: Style = .plain,
    placeholder: Style = Style(attributes: .dim), button: Style = .plain,
    focusedButton: Style = .plain,
    overlayBorder: Style = Style(attributes: .bold), overlayKey: Style = Style(attributes: .bold),
    dialogBorder: Style = Style(attributes: .bold), toast: Style = Style(attributes: .reverse)
  ) {
    self.isMonochrome = isMonochrome
    styles = [
      background,
      text,
      heading,
      dimText,
      accent,
      error,
      warning,
      navigationTitle,
      backLabel,
      separator,
      hint,
      barItem,
      barSelectedItem,
      badge,
      badgeOnSelected,
      badgeDot,
      plusButton,
      row,
      rowDetail,
      selectedRow,
      match,
      field,
      focusedField,
      placeholder,
      button,
      focusedButton,
      overlayBorder,
      overlayKey,
      dialogBorder,
      toast,
    ]
  }

  /// ``standard`` or ``monochrome``.
  package init(monochrome: Bool) {
    self = monochrome ? .monochrome : .standard
  }

  /// Every style of the theme, by name, with a key path that writes it.
  package nonisolated(unsafe) static let styles:
    [(name: String, style: WritableKeyPath<Theme, Style>)] = Part.allCases.map {
      ("\($0)", \Theme.[$0])
    }
}

// MARK: Built-in themes

extension Theme {
  /// The NetEase look in the eight ANSI colours: the selected tab bold white
  /// on red, the selected row bold white on blue, the back label and the
  /// help's frame cyan, keys and warnings yellow.
  public static let standard = Theme(
    text: .plain,
    heading: Style(attributes: .bold),
    dimText: Style(attributes: .dim),
    accent: Style(foreground: .red),
    error: Style(foreground: .red, attributes: .bold),
    warning: Style(foreground: .yellow, attributes: .bold),
    navigationTitle: Style(attributes: .bold),
    backLabel: Style(foreground: .cyan),
    separator: Style(attributes: .dim),
    hint: Style(attributes: .dim),
    barItem: .plain,
    barSelectedItem: Style(foreground: .white, background: .red, attributes: .bold),
    badge: Style(foreground: .white, background: .red, attributes: .bold),
    badgeOnSelected: Style(foreground: .red, background: .white, attributes: .bold),
    badgeDot: Style(foreground: .red, attributes: .bold),
    plusButton: Style(foreground: .red, attributes: .bold),
    row: .plain,
    rowDetail: Style(attributes: .dim),
    selectedRow: Style(foreground: .white, background: .blue, attributes: .bold),
    match: Style(foreground: .black, background: .yellow),
    field: Style(attributes: .underline),
    focusedField: Style(foreground: .white, background: .blue, attributes: .underline),
    placeholder: Style(attributes: .dim),
    button: Style(attributes: .bold),
    focusedButton: Style(foreground: .white, background: .red, attributes: .bold),
    overlayBorder: Style(foreground: .cyan, attributes: .bold),
    overlayKey: Style(foreground: .yellow, attributes: .bold),
    dialogBorder: Style(foreground: .cyan, attributes: .bold),
    toast: Style(foreground: .black, background: .cyan))

  /// The colour theme of old: ``standard``.
  package static let color = standard

  /// No colours: the selected tab, badges and the focused button in bold
  /// reverse video, the selected row and the focused field in reverse
  /// video, the rest in bold, dim and underline. What ``standard`` becomes
  /// on a terminal without colours.
  public static let monochrome = standard.resolved(forColors: false)

  /// For a dark terminal background: light text, a warm red for the
  /// selected tab, a deep blue for the selected row, soft cyan and amber for
  /// the chrome. On 256 colours each colour is its nearest palette entry; on
  /// 16 or 8 the look falls back to the ANSI colours of ``standard``.
  public static let dark = Theme(
    background: Style(foreground: Color(hex: 0xD0D0D0), background: Color(hex: 0x1C1C1C)),
    text: Style(foreground: Color(hex: 0xD0D0D0)),
    heading: Style(foreground: Color(hex: 0xFFFFFF), attributes: .bold),
    dimText: Style(foreground: Color(hex: 0x8A8A8A)),
    accent: Style(foreground: Color(hex: 0xFF5F5F)),
    error: Style(foreground: Color(hex: 0xFF5F5F), attributes: .bold),
    warning: Style(foreground: Color(hex: 0xFFD75F), attributes: .bold),
    navigationTitle: Style(foreground: Color(hex: 0xFFFFFF), attributes: .bold),
    backLabel: Style(foreground: Color(hex: 0x5FD7FF)),
    separator: Style(foreground: Color(hex: 0x6C6C6C)),
    hint: Style(foreground: Color(hex: 0x8A8A8A)),
    barItem: Style(foreground: Color(hex: 0xBCBCBC)),
    barSelectedItem: Style(
      foreground: Color(hex: 0xFFFFFF), background: Color(hex: 0xD70000), attributes: .bold),
    badge: Style(
      foreground: Color(hex: 0xFFFFFF), background: Color(hex: 0xD70000), attributes: .bold),
    badgeOnSelected: Style(
      foreground: Color(hex: 0xD70000), background: Color(hex: 0xFFFFFF), attributes: .bold),
    badgeDot: Style(foreground: Color(hex: 0xFF5F5F), attributes: .bold),
    plusButton: Style(foreground: Color(hex: 0xFF5F5F), attributes: .bold),
    row: Style(foreground: Color(hex: 0xD0D0D0)),
    rowDetail: Style(foreground: Color(hex: 0x8A8A8A)),
    selectedRow: Style(
      foreground: Color(hex: 0xFFFFFF), background: Color(hex: 0x005FAF), attributes: .bold),
    match: Style(foreground: Color(hex: 0x000000), background: Color(hex: 0xFFD75F)),
    field: Style(foreground: Color(hex: 0xD0D0D0), background: Color(hex: 0x303030)),
    focusedField: Style(
      foreground: Color(hex: 0xFFFFFF), background: Color(hex: 0x3A3A3A), attributes: .underline),
    placeholder: Style(foreground: Color(hex: 0xA8A8A8)),
    button: Style(foreground: Color(hex: 0xFFFFFF), attributes: .bold),
    focusedButton: Style(
      foreground: Color(hex: 0xFFFFFF), background: Color(hex: 0xD70000), attributes: .bold),
    overlayBorder: Style(foreground: Color(hex: 0x5FD7FF), attributes: .bold),
    overlayKey: Style(foreground: Color(hex: 0xFFD75F), attributes: .bold),
    dialogBorder: Style(foreground: Color(hex: 0x5FD7FF), attributes: .bold),
    toast: Style(foreground: Color(hex: 0x000000), background: Color(hex: 0x87D7FF)))

  /// For a light terminal background: dark text, a deep red for the
  /// selected tab, a strong blue for the selected row, teal and brown for
  /// the chrome (yellow cannot be read on white). On 256 colours each
  /// colour is its nearest palette entry; on 16 or 8 the ANSI colours.
  public static let light = Theme(
    background: Style(foreground: Color(hex: 0x262626), background: Color(hex: 0xFFFFFF)),
    text: Style(foreground: Color(hex: 0x262626)),
    heading: Style(foreground: Color(hex: 0x000000), attributes: .bold),
    dimText: Style(foreground: Color(hex: 0x767676)),
    accent: Style(foreground: Color(hex: 0xAF0000)),
    error: Style(foreground: Color(hex: 0xAF0000), attributes: .bold),
    warning: Style(foreground: Color(hex: 0xAF5F00), attributes: .bold),
    navigationTitle: Style(foreground: Color(hex: 0x000000), attributes: .bold),
    backLabel: Style(foreground: Color(hex: 0x005F87)),
    separator: Style(foreground: Color(hex: 0x8A8A8A)),
    hint: Style(foreground: Color(hex: 0x767676)),
    barItem: Style(foreground: Color(hex: 0x3A3A3A)),
    barSelectedItem: Style(
      foreground: Color(hex: 0xFFFFFF), background: Color(hex: 0xAF0000), attributes: .bold),
    badge: Style(
      foreground: Color(hex: 0xFFFFFF), background: Color(hex: 0xD70000), attributes: .bold),
    badgeOnSelected: Style(
      foreground: Color(hex: 0xAF0000), background: Color(hex: 0xFFFFFF), attributes: .bold),
    badgeDot: Style(foreground: Color(hex: 0xD70000), attributes: .bold),
    plusButton: Style(foreground: Color(hex: 0xAF0000), attributes: .bold),
    row: Style(foreground: Color(hex: 0x262626)),
    rowDetail: Style(foreground: Color(hex: 0x767676)),
    selectedRow: Style(
      foreground: Color(hex: 0xFFFFFF), background: Color(hex: 0x005FD7), attributes: .bold),
    match: Style(foreground: Color(hex: 0x000000), background: Color(hex: 0xFFD700)),
    field: Style(foreground: Color(hex: 0x262626), background: Color(hex: 0xEEEEEE)),
    focusedField: Style(
      foreground: Color(hex: 0x000000), background: Color(hex: 0xDADADA), attributes: .underline),
    placeholder: Style(foreground: Color(hex: 0x5F5F5F)),
    button: Style(foreground: Color(hex: 0x000000), attributes: .bold),
    focusedButton: Style(
      foreground: Color(hex: 0xFFFFFF), background: Color(hex: 0xAF0000), attributes: .bold),
    overlayBorder: Style(foreground: Color(hex: 0x005F87), attributes: .bold),
    overlayKey: Style(foreground: Color(hex: 0xAF5F00), attributes: .bold),
    dialogBorder: Style(foreground: Color(hex: 0x005F87), attributes: .bold),
    toast: Style(foreground: Color(hex: 0xFFFFFF), background: Color(hex: 0x303030)))

  /// The built-in themes by name, for a command line or a settings page:
  /// `standard`, `dark`, `light`, `monochrome`.
  package static let named: [(name: String, theme: Theme)] = [
    ("standard", .standard), ("dark", .dark), ("light", .light), ("monochrome", .monochrome),
  ]

  /// The built-in theme called `name` (see ``named``), or nil.
  package init?(named name: String) {
    guard let theme = Self.named.first(where: { $0.name == name })?.theme else { return nil }
    self = theme
  }
}

// MARK: Monochrome

extension Theme {
  /// The styles that mark something by filling it with colour (the selected
  /// tab and row, a badge, a focused control, a match, a toast): without
  /// colours they are drawn in reverse video. A selected row and a focused
  /// field lose their bold there: a whole line in reverse says enough.
  private nonisolated(unsafe) static let highlights:
    [(WritableKeyPath<Theme, Style>, keepsBold: Bool)] = [
      (\Theme.[.barSelectedItem], true), (\Theme.[.badge], true), (\Theme.[.focusedButton], true),
      (\Theme.[.selectedRow], false), (\Theme.[.focusedField], false), (\Theme.[.match], true),
      (\Theme.[.toast], true),
    ]

  /// This theme as a terminal of `colors` shows it.
  ///
  /// With colours, the theme itself. Without (`forColors: false`), each
  /// style that has a colour loses it (a style without colours is kept as
  /// it is), and the styles that mark by a filled colour, the selected tab
  /// and row, badges, a focused field or button, a match, a toast, are
  /// drawn in reverse video instead, so the selection stays visible. A
  /// badge on the selected tab, already reversed, is drawn bold. The result
  /// has ``isMonochrome`` set, and resolving it again changes nothing.
  package func resolved(forColors colors: Bool) -> Theme {
    guard !colors, !isMonochrome else { return self }
    var theme = self
    theme.isMonochrome = true
    for (_, key) in Self.styles where theme[keyPath: key].hasColor {
      theme[keyPath: key] = theme[keyPath: key].monochrome
    }
    for (key, keepsBold) in Self.highlights where self[keyPath: key].hasColor {
      var attributes = theme[keyPath: key].attributes.union(.reverse)
      if !keepsBold { attributes.remove(.bold) }
      theme[keyPath: key] = Style(attributes: attributes)
    }
    if self[.badgeOnSelected].hasColor {
      theme[.badgeOnSelected].attributes.remove(.reverse)
    }
    return theme
  }

  /// This theme on a terminal of `depth`: ``resolved(forColors:)`` without
  /// colours, the theme itself otherwise (its colours are brought down to
  /// the terminal's as each cell is drawn, see ``Style/degraded(to:)``).
  package func resolved(for depth: ColorDepth) -> Theme {
    resolved(forColors: depth != .monochrome)
  }
}
