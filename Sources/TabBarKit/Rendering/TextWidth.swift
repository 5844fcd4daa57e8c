/// Widths of text in terminal columns, as `wcwidth` counts them.
///
/// The tables are generated from glibc's `wcwidth` in the `C.UTF-8` locale
/// (`make width-table`), so the library measures text the way ncurses will draw
/// it, whatever locale the process runs in. A test checks the tables against
/// the live `wcwidth`.
///
/// ## Whole characters
///
/// Text is measured and written by grapheme cluster (Swift's `Character`), and
/// a cluster is never split: a cell holds all of it. Its width is the one a
/// terminal that draws by `wcwidth` gives it, as tmux 3.3a (the end-to-end
/// tests' terminal) was measured to:
///
/// - each scalar adds its `wcwidth` from the tables;
/// - zero-width scalars add nothing: combining marks (`e` + U+0301 is 1),
///   Hangul vowel and final jamo (U+1100 U+1161 U+11A8 is 2, like `각`),
///   U+200D ZWJ, variation selectors (`❤️`, U+2764 U+FE0F, is 1: tmux 3.3a
///   does not widen for U+FE0F);
/// - a non-ASCII scalar right after a ZWJ joins the cell and adds nothing
///   (`👩‍💻` is 2, `🏳️‍🌈` 1);
/// - any other scalar is drawn in a cell of its own, so it adds its width:
///   an emoji modifier (`👍🏽` is 2 + 2 = 4, as tmux 3.3a, xterm and VTE draw
///   it), the second regional indicator of a flag (`🇺🇸` is 1 + 1 = 2), a
///   spacing vowel sign.
///
/// Measured with `printf "X<text>"` in a 40-column tmux 3.3a pane and the
/// cursor column read back: `e`+U+0301 1, decomposed `각` 2, `👍🏽` 4, `👩‍💻` 2,
/// `❤️` 1, `🇺🇸` 2, `☝🏽` 3, `👩🏽‍💻` 4, `👨‍👩‍👧‍👦` 2, `#️⃣` 1, `🏳️‍🌈` 1. Terminals that
/// draw emoji sequences as one glyph (kitty, WezTerm, Ghostty, iTerm2,
/// tmux 3.4 and later for modifiers and flags, 3.5 and later for U+FE0F)
/// give `👍🏽` and `❤️` 2 columns, and ones that ignore ZWJ (xterm, VTE)
/// give `👩‍💻` 4: no one width is right everywhere, and these keep the
/// library's columns in line with tmux's, and with ncurses', which counts a
/// cell as its first scalar's `wcwidth`.
///
/// Control characters and bidi controls are still replaced (see `Sanitizer`),
/// a cluster keeps at most 16 scalars, and a ZWJ that ends a cluster (joining
/// nothing) is dropped, lest the terminal join the next cell onto it.
public enum TextWidth {
  /// The columns `scalar` covers: 0 (combining marks), 1, or 2 (CJK and other
  /// wide characters). Characters that cannot be printed are drawn as a
  /// one-column stand-in (see `Sanitizer`), so they count 1.
  ///
  /// Complexity: O(1) for ASCII, O(log n) in the table size otherwise.
  @inline(__always)
  package static func width(of scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v < 0x300 { return 1 }
    if v < 0x10000 {
      let c = bmpClass[Int(v)] & Class.widthMask
      return c == Class.double ? 2 : (c == Class.zero ? 0 : 1)
    }
    if contains(doubleWidth, v) { return 2 }
    if contains(zeroWidth, v) { return 0 }
    return 1
  }

  /// Width classes of the Basic Multilingual Plane, one byte per code point,
  /// built once from the tables: a lookup instead of a binary search on the
  /// per-frame path (box-drawing rules, CJK titles).
  enum Class {
    static let normal: UInt8 = 1
    static let zero: UInt8 = 0
    static let double: UInt8 = 2
    static let unprintable: UInt8 = 3
    /// The bits of the width class.
    static let widthMask: UInt8 = 3
    /// Set for a printable scalar of ``singleScalarRanges``.
    static let single: UInt8 = 4
  }

  static let bmpClass: [UInt8] = {
    var classes = [UInt8](repeating: Class.normal, count: 0x10000)
    for (table, value) in [
      (zeroWidth, Class.zero), (doubleWidth, Class.double), (unprintable, Class.unprintable),
    ] {
      for range in table where range.lowerBound < 0x10000 {
        for v in range.lowerBound...min(range.upperBound, 0xFFFF) { classes[Int(v)] = value }
      }
    }
    for v in 0..<0x20 { classes[v] = Class.unprintable }
    // Printable, 1 or 2 columns, and in the ranges (no control or bidi
    // control is): drawn as they are.
    for range in singleScalarRanges {
      for v in range where classes[Int(v)] == Class.normal || classes[Int(v)] == Class.double {
        classes[Int(v)] |= Class.single
      }
    }
    return classes
  }()

  /// Scalars that never join a neighbour into one grapheme cluster (their
  /// Grapheme_Cluster_Break is Other: no mark, joiner, prepended sign, jamo
  /// or regional indicator), so between two of them there is always a
  /// cluster boundary and text made of them is measured and written scalar by
  /// scalar, the fast way. Anything else takes Swift's grapheme breaking. A
  /// test checks every scalar here against the running Swift.
  static let singleScalarRanges: [ClosedRange<UInt32>] = [
    0x00A0...0x02FF,  // Latin-1, Latin Extended, IPA, spacing modifiers
    0x0370...0x0482, 0x048A...0x058F,  // Greek, Cyrillic, Armenian
    0x2010...0x2027, 0x2030...0x205E,  // punctuation, without the format characters
    0x2070...0x20CF,  // super- and subscripts, currency
    0x2100...0x2BFF,  // letterlike, arrows, maths, box drawing, blocks, shapes, symbols
    0x2E80...0x3029, 0x3030...0x3098, 0x309B...0x30FF,  // CJK punctuation, kana
    0x3100...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,  // CJK ideographs, Yi
    0xAC00...0xD7A3,  // Hangul syllables
    // CJK compatibility, vertical forms, halfwidth and fullwidth forms
    0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF01...0xFF9D, 0xFFE0...0xFFEE,
  ]

  /// The width of the scalar `value` when it is a grapheme cluster on its own
  /// whenever its neighbours are such scalars too (see
  /// ``singleScalarRanges``), else 0. Such a scalar is printable and no
  /// control, so it is drawn as it is: text made only of them needs neither
  /// grapheme breaking nor sanitising.
  @inline(__always)
  static func singleScalarWidth(_ value: UInt32) -> Int {
    if value < 0x7F { return value >= 0x20 ? 1 : 0 }
    guard value < 0x10000 else { return supplementarySingleScalarWidth(value) }
    let c = bmpClass[Int(value)]
    return c & Class.single != 0 ? Int(c & Class.widthMask) : 0
  }

  /// ``singleScalarWidth(_:)`` past the Basic Multilingual Plane: emoji and
  /// pictographs (not the skin-tone modifiers, which extend the emoji before
  /// them, nor regional indicators, which pair) and CJK ideographs. An emoji
  /// joined by a ZWJ still goes by cluster: the ZWJ is no single scalar.
  static func supplementarySingleScalarWidth(_ value: UInt32) -> Int {
    guard
      (0x1F300...0x1FAFF).contains(value) && !(0x1F3FB...0x1F3FF).contains(value)
        || (0x20000...0x3FFFD).contains(value),
      !contains(unprintable, value)
    else { return 0 }
    return contains(doubleWidth, value) ? 2 : (contains(zeroWidth, value) ? 0 : 1)
  }

  /// The columns `character` covers once sanitised (see `Sanitizer`).
  @_disfavoredOverload
  package static func width(of character: Character) -> Int {
    width(of: String(character))
  }

  /// The columns `text` covers once sanitised (see `Sanitizer`), counted by
  /// grapheme cluster as ``ScreenBuffer/write(_:at:style:maxX:)`` writes it.
  public static func width(of text: some StringProtocol) -> Int {
    // Most text is printable ASCII: one column a byte, no decoding.
    var ascii = 0
    for byte in text.utf8 {
      guard byte >= 0x20 && byte < 0x7F else { return glyphWidth(of: text) }
      ascii += 1
    }
    return ascii
  }

  private static func glyphWidth(of text: some StringProtocol) -> Int {
    var total = 0
    for scalar in text.unicodeScalars {
      // Every scalar a character of its own so far; else start again by cluster.
      let width = singleScalarWidth(scalar.value)
      guard width > 0 else {
        total = 0
        for glyph in Sanitizer.Glyphs(text) { total += glyph.width }
        return total
      }
      total += width
    }
    return total
  }

  /// The width of a cluster of several scalars, by the rules above; nothing
  /// is sanitised (unprintable scalars count 1, as their stand-ins would).
  static func clusterWidth(of cluster: Substring) -> Int {
    var total = 0
    forEachSpacingScalar(in: cluster.unicodeScalars) { _, width in total += width }
    return total
  }

  /// Calls `body` with each scalar of `scalars` and the columns it adds by
  /// the rules above (0 for one drawn in the cell before it).
  @inline(__always)
  private static func forEachSpacingScalar(
    in scalars: some Sequence<Unicode.Scalar>, _ body: (Unicode.Scalar, Int) -> Void
  ) {
    var joins = false  // the scalar before was a ZWJ: a non-ASCII one joins it
    for scalar in scalars {
      let width = width(of: scalar)
      if width == 0 {
        joins = scalar == "\u{200D}"
        body(scalar, 0)
      } else if joins && !scalar.isASCII {
        joins = false
        body(scalar, 0)
      } else {
        joins = false
        body(scalar, width)
      }
    }
  }

  /// One terminal cell of a character: a scalar that adds columns and the
  /// scalars after it that add none, drawn in the same cell.
  package struct SpacingRun: Equatable, Sendable {
    /// The column where it starts, from the character's first one.
    package var column: Int
    /// Its scalars, the spacing one first.
    package var scalars: [Unicode.Scalar]
  }

  /// The terminal cells `character` is drawn in, by the rules above: one per
  /// scalar that adds columns, with the scalars after it that add none
  /// (combining marks, ZWJ, variation selectors, a scalar a ZWJ joins). A
  /// single scalar is one run at column 0.
  ///
  /// A terminal library that keeps one character per cell (ncurses'
  /// `cchar_t`: a spacing character and the non-spacing ones drawn on it)
  /// draws each run as one such cell, so it counts the same columns as the
  /// library: `👍🏽` is `👍` at column 0 and `🏽` at column 2.
  package static func spacingRuns(of character: Character) -> [SpacingRun] {
    var runs: [SpacingRun] = []
    var column = 0
    forEachSpacingScalar(in: character.unicodeScalars) { scalar, width in
      if width > 0 || runs.isEmpty {
        runs.append(SpacingRun(column: column, scalars: [scalar]))
        column += width
      } else {
        runs[runs.count - 1].scalars.append(scalar)
      }
    }
    return runs
  }

  /// True when glibc's `wcwidth` reports `scalar` as unprintable (-1).
  static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if v >= 0x20 && v < 0x7F { return false }
    if v < 0x10000 { return bmpClass[Int(v)] & Class.widthMask == Class.unprintable }
    return contains(unprintable, v)
  }

  /// `text` cut to at most `columns` columns; when it had to be cut, the last
  /// column holds `…`. A wide character or a grapheme cluster is never split.
  package static func truncate(_ text: String, toWidth columns: Int) -> String {
    fit(text, width: width(of: text), toWidth: columns).text
  }

  /// `text`, whose width is `width`, cut to at most `columns` columns as
  /// ``truncate(_:toWidth:)`` cuts it, with the columns the result takes:
  /// for a caller that measured `text` already. Text that fits is not
  /// measured again.
  package static func fit(
    _ text: String, width: Int, toWidth columns: Int
  ) -> (text: String, width: Int) {
    guard columns > 0 else { return ("", 0) }
    if width <= columns { return (text, width) }
    var result = String.UnicodeScalarView()
    var used = 0
    if Sanitizer.isSingleScalars(text) {
      for scalar in text.unicodeScalars {
        let width = singleScalarWidth(scalar.value)
        if used + width > columns - 1 { break }
        result.append(scalar)
        used += width
      }
    } else {
      for glyph in Sanitizer.Glyphs(text) {
        if used + glyph.width > columns - 1 { break }
        glyph.append(to: &result)
        used += glyph.width
      }
    }
    result.append("…")
    return (String(result), used + 1)
  }

  /// Binary search of sorted, disjoint ranges.
  @inline(__always)
  private static func contains(_ table: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
    var low = 0
    var high = table.count - 1
    while low <= high {
      let mid = (low + high) >> 1
      let range = table[mid]
      if value < range.lowerBound {
        high = mid - 1
      } else if value > range.upperBound {
        low = mid + 1
      } else {
        return true
      }
    }
    return false
  }
}
