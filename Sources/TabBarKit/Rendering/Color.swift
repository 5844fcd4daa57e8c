#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A colour: the terminal's default, one of the 16 ANSI colours, an entry of
/// the 256-colour palette, or a 24-bit RGB value (truecolor).
///
/// The eight classic colours keep their names (`.red`, `.blue`…), so
/// `Style(foreground: .white, background: .red)` reads as it always did.
/// A colour the terminal cannot show is drawn as the nearest one it can
/// (see ``Style``): RGB becomes the nearest of the 256-colour
/// palette, that the nearest of the 16, that one of the 8.
public enum Color: Hashable, Sendable {
  /// The terminal's own foreground or background.
  case `default`
  /// ANSI colour 0–7 (black, red, green, yellow, blue, magenta, cyan, white)
  /// or 8–15 (their bright versions). A number above 15 is drawn as
  /// ``indexed(_:)``.
  case ansi(UInt8)
  /// An entry of the 256-colour palette: 0–15 the ANSI colours, 16–231 a
  /// 6×6×6 colour cube, 232–255 a ramp of greys.
  case indexed(UInt8)
  /// A 24-bit colour, drawn exactly on a truecolor terminal.
  case rgb(UInt8, UInt8, UInt8)

  /// ANSI black (0).
  public static let black = Color.ansi(0)
  /// ANSI red (1).
  public static let red = Color.ansi(1)
  /// ANSI green (2).
  public static let green = Color.ansi(2)
  /// ANSI yellow (3).
  public static let yellow = Color.ansi(3)
  /// ANSI blue (4).
  public static let blue = Color.ansi(4)
  /// ANSI magenta (5).
  public static let magenta = Color.ansi(5)
  /// ANSI cyan (6).
  public static let cyan = Color.ansi(6)
  /// ANSI white (7): a light grey on most terminals.
  public static let white = Color.ansi(7)
  /// ANSI bright black (8): a middle grey.
  package static let brightBlack = Color.ansi(8)
  /// ANSI bright red (9).
  package static let brightRed = Color.ansi(9)
  /// ANSI bright green (10).
  package static let brightGreen = Color.ansi(10)
  /// ANSI bright yellow (11).
  package static let brightYellow = Color.ansi(11)
  /// ANSI bright blue (12).
  package static let brightBlue = Color.ansi(12)
  /// ANSI bright magenta (13).
  package static let brightMagenta = Color.ansi(13)
  /// ANSI bright cyan (14).
  package static let brightCyan = Color.ansi(14)
  /// ANSI bright white (15).
  package static let brightWhite = Color.ansi(15)

  /// The colour `0xRRGGBB`, as in `Color(hex: 0xC20C0C)`: the same as
  /// `.rgb(0xC2, 0x0C, 0x0C)`, written as a web colour is. Bits above the
  /// lowest 24 are ignored. A terminal with fewer colours shows the nearest
  /// one it has.
  public init(hex: UInt32) {
    self = .rgb(
      UInt8(truncatingIfNeeded: hex >> 16), UInt8(truncatingIfNeeded: hex >> 8),
      UInt8(truncatingIfNeeded: hex))
  }

  /// The red, green and blue this colour has on a terminal with xterm's
  /// default palette; nil for ``default``.
  package var rgbComponents: (red: UInt8, green: UInt8, blue: UInt8)? {
    switch self {
    case .default: return nil
    case .ansi(let n), .indexed(let n): return Self.paletteRGB(n)
    case .rgb(let r, let g, let b): return (r, g, b)
    }
  }
}

/// How many colours a terminal shows: what a ``Color`` is brought down to
/// before it is drawn.
public enum ColorDepth: Int, Hashable, Sendable, Comparable, CaseIterable,
  CustomStringConvertible
{
  /// No colours: `NO_COLOR`, `--no-color`, or a terminal without them.
  case monochrome = 0
  /// The eight ANSI colours.
  case ansi8 = 8
  /// The 16 ANSI colours, bright ones included.
  case ansi16 = 16
  /// The 256-colour palette (`xterm-256color`).
  case indexed256 = 256
  /// 24-bit RGB (`COLORTERM=truecolor`, or terminfo's `RGB`).
  case trueColor = 16_777_216

  /// The depth of a terminal with `colors` colours (terminfo's `colors`),
  /// truecolor when `directColor` says so: 16 or more (88 included) count
  /// as 16, 256 or more as 256, 2²⁴ or more as truecolor.
  package init(colors: Int, directColor: Bool = false) {
    switch colors {
    case _ where directColor && colors >= 8, 0x100_0000...: self = .trueColor
    case 256...: self = .indexed256
    case 16...: self = .ansi16
    case 8...: self = .ansi8
    default: self = .monochrome
    }
  }

  /// The depth a terminal shows, from what it says of itself and the
  /// environment, in the order they win:
  ///
  /// - `colorsOff` (`--no-color`) or a non-empty `NO_COLOR`: monochrome.
  /// - `colors` (terminfo's `colors`; below 8, or -1 for none: monochrome).
  /// - truecolor when terminfo has the `RGB` flag (`rgbFlag`), its `colors`
  ///   is 2²⁴ or more, or `COLORTERM` is `truecolor` or `24bit` on a
  ///   terminal with at least 8 colours.
  package static func detect(
    colors: Int, rgbFlag: Bool = false, colorTerm: String? = nil, noColor: String? = nil,
    colorsOff: Bool = false
  ) -> ColorDepth {
    if colorsOff || !(noColor ?? "").isEmpty { return .monochrome }
    let direct = rgbFlag || requestsTrueColor(colorTerm: colorTerm)
    return ColorDepth(colors: colors, directColor: direct)
  }

  /// True when `COLORTERM` says the terminal shows 24-bit colour: `truecolor`
  /// or `24bit` (in any case).
  package static func requestsTrueColor(colorTerm: String?) -> Bool {
    let value = (colorTerm ?? "").lowercased()
    return value == "truecolor" || value == "24bit"
  }

  /// Less than `other`: fewer colours.
  public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }

  /// `monochrome`, `8`, `16`, `256` or `truecolor`.
  public var description: String {
    switch self {
    case .monochrome: return "monochrome"
    case .trueColor: return "truecolor"
    default: return String(rawValue)
    }
  }
}

extension Color {
  /// This colour as a terminal of `depth` shows it: unchanged when it can,
  /// else the nearest colour it has (RGB → 256 → 16 → 8). ``default`` stays
  /// itself at every depth, and so does every colour in ``ColorDepth/monochrome``
  /// (a monochrome terminal draws no colour at all; the theme marks what a
  /// colour marked, see ``Theme/resolved(forColors:)``).
  ///
  /// - 256 colours: RGB becomes the nearest entry of the cube or the grey
  ///   ramp (16–255, never 0–15, whose look differs between terminals).
  /// - 16 colours: an entry above 15 becomes the nearest ANSI colour of
  ///   xterm's palette.
  /// - 8 colours: a bright colour becomes its normal one (bright red → red);
  ///   bright black (grey) becomes black or white, whichever is nearer, in
  ///   a background, and is left to ``Style/degraded(to:)`` in a foreground.
  package func degraded(to depth: ColorDepth) -> Color {
    switch (self, depth) {
    case (.default, _), (_, .trueColor), (_, .monochrome): return self
    case (.ansi(let n), _) where n < 8: return self
    case (.ansi(let n), _) where n >= 16: return Color.indexed(n).degraded(to: depth)
    case (.ansi(let n), .ansi8): return .ansi(Self.eightColor(n))
    case (.ansi, _): return self
    case (.indexed(let n), .indexed256): return .indexed(n)
    case (.indexed(let n), _) where n < 16: return Color.ansi(n).degraded(to: depth)
    case (.indexed(let n), _):
      let (r, g, b) = Self.paletteRGB(n)
      return Color.ansi(Self.nearestANSI(red: r, green: g, blue: b)).degraded(to: depth)
    case (.rgb(let r, let g, let b), .indexed256):
      return .indexed(Self.nearestIndexed(red: r, green: g, blue: b))
    case (.rgb(let r, let g, let b), _):
      // Through the palette, as the brief's chain says: RGB → 256 → 16 → 8.
      return Color.indexed(Self.nearestIndexed(red: r, green: g, blue: b)).degraded(to: depth)
    }
  }

  /// The ANSI colour (0–7) a terminal of 8 colours shows for ANSI colour `n`
  /// (0–15): a bright colour's normal one, grey (8) the nearer of black and
  /// white, which is white in xterm's palette.
  static func eightColor(_ n: UInt8) -> UInt8 {
    n == 8 ? 7 : n & 7
  }

  /// The levels of the 6×6×6 cube of the 256-colour palette.
  static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

  /// The entry of the 256-colour palette (16–255) nearest to an RGB colour:
  /// the nearest cube colour or the nearest grey, whichever is nearer (as
  /// tmux and xterm choose). Exact for every colour of the cube and the ramp.
  package static func nearestIndexed(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
    func cubeIndex(_ v: UInt8) -> Int {
      // The midpoints between the levels 0, 95, 135, 175, 215, 255.
      v < 48 ? 0 : v < 115 ? 1 : (Int(v) - 35) / 40
    }
    let (ri, gi, bi) = (cubeIndex(red), cubeIndex(green), cubeIndex(blue))
    let cube = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
    let cubeNumber = 16 + 36 * ri + 6 * gi + bi
    if cube == (red, green, blue) { return UInt8(cubeNumber) }
    // The grey ramp: 8, 18, … 238 (232–255).
    let average = (Int(red) + Int(green) + Int(blue)) / 3
    let greyIndex = average > 238 ? 23 : max(0, (average - 3) / 10)
    let grey = UInt8(8 + 10 * greyIndex)
    let cubeDistance = distance((red, green, blue), cube)
    let greyDistance = distance((red, green, blue), (grey, grey, grey))
    return greyDistance < cubeDistance ? UInt8(232 + greyIndex) : UInt8(cubeNumber)
  }

  /// The ANSI colour (0–15) of xterm's default palette nearest to an RGB colour.
  ///
  /// A colour keeps its kind: one with a hue (its brightest and darkest
  /// channels 64 or more apart) becomes one of the twelve coloured ANSI
  /// colours, a grey one black, grey or white. So a salmon red stays red
  /// instead of turning grey, and a light grey never turns cyan.
  package static func nearestANSI(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
    let chroma = Int(max(red, green, blue)) - Int(min(red, green, blue))
    let candidates = chroma >= 64 ? colouredANSI : greyANSI
    var best: UInt8 = 0
    var bestDistance = Int.max
    for n in candidates {
      let d = distance((red, green, blue), paletteRGB(n))
      if d < bestDistance {
        best = n
        bestDistance = d
      }
    }
    return best
  }

  /// The twelve ANSI colours with a hue, and the four greys (built once: the
  /// search runs for every changed cell on a terminal of 16 or 8 colours).
  private static let colouredANSI: [UInt8] = [1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 14]
  private static let greyANSI: [UInt8] = [0, 7, 8, 15]

  /// xterm's default colours for the 16 ANSI colours.
  static let ansiPalette: [(UInt8, UInt8, UInt8)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
    (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
    (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
    (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]

  /// The RGB of palette entry `n` (xterm's defaults for 0–15).
  static func paletteRGB(_ n: UInt8) -> (UInt8, UInt8, UInt8) {
    switch n {
    case 0..<16: return ansiPalette[Int(n)]
    case 16..<232:
      let i = Int(n) - 16
      return (cubeLevels[i / 36], cubeLevels[i / 6 % 6], cubeLevels[i % 6])
    default:
      let grey = UInt8(8 + 10 * (Int(n) - 232))
      return (grey, grey, grey)
    }
  }

  /// A perceptual distance between two colours ("redmean": the RGB distance
  /// weighted by how the eye sees red, green and blue), squared.
  static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
    let meanRed = (Int(a.0) + Int(b.0)) / 2
    let dr = Int(a.0) - Int(b.0)
    let dg = Int(a.1) - Int(b.1)
    let db = Int(a.2) - Int(b.2)
    let red = ((512 + meanRed) * dr * dr) / 256
    let blue = ((767 - meanRed) * db * db) / 256
    return red + 4 * dg * dg + blue
  }

  // MARK: Packing

  /// The colour in 26 bits: the kind in bits 24–25 (0 default, 1 ANSI,
  /// 2 palette, 3 RGB), the value below. ``Style`` stores it so.
  var packed: UInt32 {
    switch self {
    case .default: return 0
    case .ansi(let n): return 1 << 24 | UInt32(n)
    case .indexed(let n): return 2 << 24 | UInt32(n)
    case .rgb(let r, let g, let b): return 3 << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }
  }

  /// The colour packed in the low 26 bits of `bits` (see ``packed``).
  init(packed bits: UInt32) {
    let value = bits & 0xFF_FFFF
    switch bits >> 24 & 3 {
    case 0: self = .default
    case 1: self = .ansi(UInt8(truncatingIfNeeded: value))
    case 2: self = .indexed(UInt8(truncatingIfNeeded: value))
    default:
      self = .rgb(
        UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
        UInt8(truncatingIfNeeded: value))
    }
  }
}

extension Color: CustomStringConvertible {
  /// `default`, a name (`red`, `brightBlue`), `ansi(n)`, `indexed(n)` or `#RRGGBB`.
  public var description: String {
    switch self {
    case .default: return "default"
    case .ansi(let n) where n < 16: return Self.names[Int(n)]
    case .ansi(let n): return "ansi(\(n))"
    case .indexed(let n): return "indexed(\(n))"
    case .rgb(let r, let g, let b):
      let hex = Int(r) << 16 | Int(g) << 8 | Int(b)
      let digits = String(hex, radix: 16, uppercase: true)
      return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }
  }

  static let names = [
    "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
    "brightBlack", "brightRed", "brightGreen", "brightYellow", "brightBlue", "brightMagenta",
    "brightCyan", "brightWhite",
  ]
}

// MARK: Contrast

extension Color {
  /// The relative luminance of the colour's RGB (WCAG 2: 0 for black, 1 for
  /// white; the ANSI colours as xterm's default palette has them); nil for
  /// ``default``, whose colour only the terminal knows.
  package var relativeLuminance: Double? {
    guard let (r, g, b) = rgbComponents else { return nil }
    let table = Self.linearChannel
    return 0.2126 * table[Int(r)] + 0.7152 * table[Int(g)] + 0.0722 * table[Int(b)]
  }

  /// The contrast ratio of two colours (WCAG 2: 1 to 21; text needs 4.5 for
  /// level AA); nil when either is ``default``.
  package static func contrastRatio(_ a: Color, _ b: Color) -> Double? {
    guard let la = a.relativeLuminance, let lb = b.relativeLuminance else { return nil }
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
  }

  /// The contrast WCAG 2 asks of text at level AA.
  package static let minimumTextContrast = 4.5

  /// Each 8-bit channel value in linear light (the sRGB transfer undone).
  private static let linearChannel: [Double] = (0..<256).map { value in
    let c = Double(value) / 255
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
  }
}
