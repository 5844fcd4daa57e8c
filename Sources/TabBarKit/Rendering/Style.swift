/// How a cell is drawn: foreground and background colour and text attributes.
public struct Style: Hashable, Sendable {
  /// Text attributes that combine: bold, reverse video, underline, dim.
  public struct Attributes: OptionSet, Hashable, Sendable {
    /// The bits of the set.
    public let rawValue: UInt8
    /// Creates a set from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Bold (or bright) text.
    public static let bold = Attributes(rawValue: 1 << 0)
    /// Foreground and background swapped.
    public static let reverse = Attributes(rawValue: 1 << 1)
    /// Underlined text.
    public static let underline = Attributes(rawValue: 1 << 2)
    /// Faint text.
    public static let dim = Attributes(rawValue: 1 << 3)
  }

  /// The text colour.
  public var foreground: Color
  /// The cell colour.
  public var background: Color
  /// Bold, reverse, underline, dim.
  public var attributes: Attributes

  /// Creates a style; everything defaults to the terminal's plain text.
  public init(
    foreground: Color = .default, background: Color = .default, attributes: Attributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's plain text.
  public static let plain = Style()

  /// This style with bold added.
  public var bold: Style { adding(.bold) }
  /// This style with reverse video added.
  public var reversed: Style { adding(.reverse) }
  /// This style with dim added.
  public var dimmed: Style { adding(.dim) }

  /// This style with `attributes` added.
  public func adding(_ attributes: Attributes) -> Style {
    var copy = self
    copy.attributes.formUnion(attributes)
    return copy
  }

  /// This style without colours, for a monochrome terminal (attributes kept).
  public var monochrome: Style { Style(attributes: attributes) }
}
