/// How a cell is drawn: foreground and background colour, text attributes,
/// and the URL the text links to, if any.
///
/// A style is stored in every screen cell, so it is kept to 12 bytes: each
/// colour packed in 26 bits of a 32-bit word (see ``Color``), the attributes
/// in the bits left over, and a link as the 32-bit id of its URL in a
/// process-wide table (0 for none), so styles compare as numbers.
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

  /// The foreground colour in bits 0–25, attribute bits 0–5 in bits 26–31.
  private var foregroundBits: UInt32
  /// The background colour in bits 0–25, attribute bits 6–7 in bits 26–27.
  private var backgroundBits: UInt32
  /// The id of ``link`` in `LinkTable`; 0 for none.
  private var linkID: UInt32 = 0

  private static let colorMask: UInt32 = 0x3FF_FFFF

  /// The text colour.
  public var foreground: Color {
    get { Color(packed: foregroundBits) }
    set { foregroundBits = foregroundBits & ~Self.colorMask | newValue.packed }
  }

  /// The cell colour.
  public var background: Color {
    get { Color(packed: backgroundBits) }
    set { backgroundBits = backgroundBits & ~Self.colorMask | newValue.packed }
  }

  /// Bold, reverse, underline, dim.
  public var attributes: Attributes {
    get {
      Attributes(
        rawValue: UInt8(truncatingIfNeeded: foregroundBits >> 26)
          | UInt8(truncatingIfNeeded: backgroundBits >> 26) << 6)
    }
    set {
      let raw = UInt32(newValue.rawValue)
      foregroundBits = foregroundBits & Self.colorMask | (raw & 0x3F) << 26
      backgroundBits = backgroundBits & Self.colorMask | (raw >> 6) << 26
    }
  }

  /// Creates a style; everything defaults to the terminal's plain text.
  public init(
    foreground: Color = .default, background: Color = .default, attributes: Attributes = []
  ) {
    foregroundBits = foreground.packed
    backgroundBits = background.packed
    self.attributes = attributes
  }

  /// The terminal's plain text.
  public static let plain = Style()

  /// This style with bold added: `theme[.text].bold` for a word that
  /// stands out in the theme's text colour.
  public var bold: Style { adding(.bold) }
  /// This style with reverse video added.
  public var reversed: Style { adding(.reverse) }
  /// This style with dim added: `theme[.text].dimmed` for a quieter line.
  public var dimmed: Style { adding(.dim) }

  /// True when the text is bold.
  public var isBold: Bool { attributes.contains(.bold) }
  /// True when the text is dim.
  public var isDim: Bool { attributes.contains(.dim) }
  /// True when foreground and background are swapped.
  public var isReversed: Bool { attributes.contains(.reverse) }
  /// True when the text is underlined.
  public var isUnderlined: Bool { attributes.contains(.underline) }

  /// This style with `attributes` added.
  package func adding(_ attributes: Attributes) -> Style {
    var copy = self
    copy.attributes.formUnion(attributes)
    return copy
  }

  /// The URL the text in this style links to, or nil: a terminal that
  /// knows hyperlinks (OSC 8) lets the user open it, with a click or a
  /// key of the terminal's own, whatever the text says; elsewhere the text
  /// shows as it is, nothing else changes. Rich's `Style(link=)` and
  /// Textual's `[link=…]` markup do the same.
  ///
  /// The URL is kept sanitised: every byte outside printable ASCII
  /// (controls, ESC, spaces, non-ASCII) is percent-encoded, so no escape
  /// sequence can reach the terminal through a link. Setting an empty
  /// URL, nil, or one longer than 2,048 bytes once encoded removes the
  /// link. Up to 65,536 distinct URLs are kept per process; past that,
  /// new ones are not linked (the text still shows).
  ///
  /// A link is part of the style: two cells that differ only in their
  /// link differ, so the screen redraws a cell whose link changed. Style
  /// the text as a link shows it, too (`theme[.accent]` underlined, say):
  /// the link itself draws nothing.
  public var link: String? {
    get { LinkTable.url(of: linkID) }
    set { linkID = newValue.flatMap(Hyperlink.sanitized).flatMap(LinkTable.id(of:)) ?? 0 }
  }

  /// This style with its text linked to `url` (see ``link``); nil removes
  /// the link.
  public func linked(to url: String?) -> Style {
    var copy = self
    copy.link = url
    return copy
  }

  /// True when the style carries a ``link``.
  package var isLinked: Bool { linkID != 0 }

  /// This style without colours, for a monochrome terminal (attributes and
  /// link kept).
  package var monochrome: Style {
    var plain = Style(attributes: attributes)
    plain.linkID = linkID
    return plain
  }

  /// True when the style sets a foreground or background colour.
  package var hasColor: Bool { (foregroundBits | backgroundBits) & Self.colorMask != 0 }

  /// True when the style sets a background colour.
  var hasBackground: Bool { backgroundBits & Self.colorMask != 0 }

  /// This style as a terminal of `depth` shows it: each colour brought down
  /// to the nearest the terminal has (see ``Color/degraded(to:)``). On 8
  /// colours a grey foreground (bright black) becomes the default colour,
  /// dimmed, which every terminal shows as grey text. Unchanged on a
  /// truecolor or monochrome terminal.
  ///
  /// On 256 and 16 colours readable text stays readable: when the style's
  /// own colours reach ``Color/minimumTextContrast`` and the nearest ones
  /// the terminal has do not, the foreground becomes the nearest colour of
  /// the terminal's that does on the background it got.
  package func degraded(to depth: ColorDepth) -> Style {
    guard depth != .trueColor, depth != .monochrome, hasColor else { return self }
    var copy = self
    var foreground = self.foreground.degraded(to: depth == .ansi8 ? .ansi16 : depth)
    if depth == .ansi8 {
      if foreground == .brightBlack {
        foreground = .default
        copy.attributes.insert(.dim)
      } else {
        foreground = foreground.degraded(to: .ansi8)
      }
    }
    let background = self.background.degraded(to: depth)
    let readable = Color.minimumTextContrast
    if depth != .ansi8, let wanted = Color.contrastRatio(self.foreground, self.background),
      wanted >= readable, let shown = Color.contrastRatio(foreground, background), shown < readable
    {
      foreground = Self.nearest(
        to: self.foreground, readableOn: background, contrast: readable, depth: depth)
    }
    copy.foreground = foreground
    copy.background = background
    return copy
  }

  /// The colour of a terminal of `depth` (256 or 16 colours) nearest to
  /// `color` that has at least `contrast` on `background`; the one with the
  /// most contrast when none has enough.
  private static func nearest(
    to color: Color, readableOn background: Color, contrast: Double, depth: ColorDepth
  ) -> Color {
    guard let target = color.rgbComponents else { return color }
    let candidates: [Color] =
      depth == .indexed256
      ? (16...255).map { .indexed(UInt8($0)) } : (0...15).map { .ansi(UInt8($0)) }
    var best: (color: Color, distance: Int)?
    var mostContrast: (color: Color, ratio: Double) = (color, 0)
    for candidate in candidates {
      guard let ratio = Color.contrastRatio(candidate, background),
        let rgb = candidate.rgbComponents
      else { continue }
      if ratio > mostContrast.ratio { mostContrast = (candidate, ratio) }
      guard ratio >= contrast else { continue }
      let distance = Color.distance(target, rgb)
      if distance < best?.distance ?? .max { best = (candidate, distance) }
    }
    return best?.color ?? mostContrast.color
  }
}

extension Style: CustomStringConvertible {
  /// The colours and attributes, as `white on red, bold`; `plain` for none.
  public var description: String {
    var parts: [String] = []
    switch (foreground, background) {
    case (.default, .default): break
    case (let fg, .default): parts.append("\(fg)")
    case (.default, let bg): parts.append("on \(bg)")
    case (let fg, let bg): parts.append("\(fg) on \(bg)")
    }
    let names: [(Attributes, String)] = [
      (.bold, "bold"), (.dim, "dim"), (.underline, "underline"), (.reverse, "reverse"),
    ]
    parts += names.filter { attributes.contains($0.0) }.map(\.1)
    if let link { parts.append("link \(link)") }
    return parts.isEmpty ? "plain" : parts.joined(separator: ", ")
  }
}
