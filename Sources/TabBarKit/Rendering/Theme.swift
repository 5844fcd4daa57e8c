/// The styles of every part of the interface, in colour or in monochrome (T3).
///
/// In monochrome (no colours, `NO_COLOR`, `--no-color`) every style loses its
/// colours, and the selected tab and row are marked by reverse video instead.
public struct Theme: Sendable, Equatable {
  /// True when the terminal shows no colours.
  public var isMonochrome: Bool

  /// A theme in colour or in monochrome.
  public init(monochrome: Bool = false) {
    self.isMonochrome = monochrome
  }

  /// The colour theme.
  public static let color = Theme(monochrome: false)
  /// The monochrome theme.
  public static let monochrome = Theme(monochrome: true)

  private func resolve(_ style: Style) -> Style { isMonochrome ? style.monochrome : style }

  /// The page title in the navigation bar.
  public var navigationTitle: Style { resolve(Style(attributes: .bold)) }
  /// `‹ Previous` in the navigation bar.
  public var backLabel: Style { resolve(Style(foreground: .cyan)) }
  /// Rules under the navigation bar and above the tab bar.
  public var separator: Style { resolve(Style(attributes: .dim)) }
  /// The key hint in a rule.
  public var hint: Style { resolve(Style(attributes: .dim)) }
  /// A tab cell that is not selected.
  public var barItem: Style { .plain }
  /// The selected tab cell: NetEase red behind bold white, or bold reverse video.
  public var barSelectedItem: Style {
    isMonochrome
      ? Style(attributes: [.bold, .reverse])
      : Style(foreground: .white, background: .red, attributes: .bold)
  }
  /// A count or text badge: bold white on red, or reverse video.
  public var badge: Style {
    isMonochrome
      ? Style(attributes: [.bold, .reverse])
      : Style(foreground: .white, background: .red, attributes: .bold)
  }
  /// A badge on the selected (red) cell: red on white, or plain bold.
  public var badgeOnSelected: Style {
    isMonochrome
      ? Style(attributes: .bold) : Style(foreground: .red, background: .white, attributes: .bold)
  }
  /// The red dot badge.
  public var badgeDot: Style { resolve(Style(foreground: .red, attributes: .bold)) }
  /// The plus button's raised box and glyph.
  public var plusButton: Style { resolve(Style(foreground: .red, attributes: .bold)) }
  /// A list row.
  public var row: Style { .plain }
  /// The secondary text of a list row.
  public var rowDetail: Style { resolve(Style(attributes: .dim)) }
  /// The selected list row.
  public var selectedRow: Style {
    isMonochrome
      ? Style(attributes: .reverse)
      : Style(foreground: .white, background: .blue, attributes: .bold)
  }
  /// A heading on a text page.
  public var textHeading: Style { resolve(Style(attributes: .bold)) }
  /// Running text on a text page.
  public var bodyText: Style { .plain }
  /// The frame and title of an overlay (the help).
  public var overlayBorder: Style { resolve(Style(foreground: .cyan, attributes: .bold)) }
  /// Key names in the help overlay.
  public var overlayKey: Style { resolve(Style(foreground: .yellow, attributes: .bold)) }
  /// A message such as "Terminal too small".
  public var warning: Style { resolve(Style(foreground: .yellow, attributes: .bold)) }
}
