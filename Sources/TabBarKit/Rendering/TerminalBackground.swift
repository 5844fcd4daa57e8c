/// Whether the terminal's own background is dark or light, as the terminal
/// says when asked (OSC 11) or as `COLORFGBG` says; ``unknown`` until then,
/// and where neither tells. Never assumed.
///
/// The app keeps it on the root controller
/// (``ViewController/terminalBackground``) and tells the controllers when it
/// changes (``ViewController/terminalBackgroundDidChange()``), as UIKit's
/// `userInterfaceStyle`; ``Theme/automatic(for:)`` picks a theme for it.
public enum TerminalBackground: Sendable, Hashable, CustomStringConvertible {
  /// A dark background: light text reads on it.
  case dark
  /// A light background: dark text reads on it.
  case light
  /// Not known: the terminal did not answer and nothing else says.
  case unknown

  /// The kind of `color`: light when dark text has more contrast on it
  /// than white text (relative luminance above about 0.18), else dark;
  /// unknown for nil or ``Color/default``.
  package init(color: Color?) {
    guard let luminance = color?.relativeLuminance else {
      self = .unknown
      return
    }
    // Where black and white text have the same contrast: √(1.05 × 0.05) − 0.05.
    self = luminance > 0.179 ? .light : .dark
  }

  /// The background `COLORFGBG` names (`"15;0"`, `"0;default;15"`: its last
  /// field is the background's ANSI colour, as rxvt, Konsole and others set
  /// it): light for 7 and 15 (white) and the other bright colours but grey,
  /// dark for the rest; unknown for nil, `default` or anything else.
  package init(colorFGBG value: String?) {
    guard let last = value?.split(separator: ";").last, let number = Int(last),
      (0...15).contains(number)
    else {
      self = .unknown
      return
    }
    self = number == 7 || number >= 9 ? .light : .dark
  }

  /// `dark`, `light` or `unknown`.
  public var description: String {
    switch self {
    case .dark: return "dark"
    case .light: return "light"
    case .unknown: return "unknown"
    }
  }
}

extension Theme {
  /// The built-in theme for a terminal's background: ``dark`` on a dark
  /// one, ``light`` on a light one, ``standard`` (the terminal's own
  /// colours) where it is not known.
  public static func automatic(for background: TerminalBackground) -> Theme {
    switch background {
    case .dark: return .dark
    case .light: return .light
    case .unknown: return .standard
    }
  }
}
