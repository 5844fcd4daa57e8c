/// Turns characters that must never reach a terminal raw into visible stand-ins.
///
/// Every character written into a ``ScreenBuffer`` passes through here, so
/// text from any source (content files, titles, badges) cannot inject escape
/// sequences, ring the bell or reorder the line with bidi overrides. An app
/// needs it only for untrusted text that goes to the terminal another way:
/// a message printed on stderr once the terminal is restored, a log line.
///
/// ```swift
/// print("no story named \(Sanitizer.sanitized(name))")
/// ```
///
/// Text goes through by grapheme cluster: a cluster of printable scalars
/// stays whole (`e` + U+0301, `👩‍💻`); one that holds a control, bidi or
/// unprintable scalar, or that has no spacing character first, goes through
/// scalar by scalar as before, each control becoming its stand-in and each
/// zero-width scalar being dropped.
public enum Sanitizer {
  /// The stand-in for characters without a better picture: `�`.
  public static let replacement: Unicode.Scalar = "\u{FFFD}"

  /// What to draw for `scalar`: itself when it is safe, a visible stand-in
  /// when it is a control (`␛` for ESC, `␇` for BEL, `�` for C1 codes and bidi
  /// overrides), or nil for a zero-width character, which is dropped.
  ///
  /// A scalar is shown as itself exactly when `visible(scalar) == scalar`.
  /// On its own, a combining mark or a joiner is dropped; inside a grapheme
  /// cluster of safe scalars it stays (``sanitized(_:)`` keeps such clusters).
  @inline(__always)
  public static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
    let v = scalar.value
    if v >= 0x20 && v < 0x7F { return scalar }
    if v < 0x20 { return Unicode.Scalar(0x2400 + v) }  // ␀…␟ Control Pictures
    if v == 0x7F { return "\u{2421}" }  // ␡
    if v <= 0x9F { return replacement }  // C1 controls, including CSI (0x9B)
    if isBidiControl(v) { return replacement }
    if TextWidth.isUnprintable(scalar) { return replacement }
    if TextWidth.width(of: scalar) == 0 { return nil }
    return scalar
  }

  /// `text` as a ``ScreenBuffer`` draws it: each control as its visible
  /// stand-in (``visible(_:)``), a zero-width character outside a cluster
  /// dropped, and grapheme clusters of safe scalars (`é` as `e` + U+0301,
  /// `👩‍💻`) kept whole, at most 16 scalars each.
  ///
  /// Complexity: O(n) in the length of `text`.
  public static func sanitized(_ text: some StringProtocol) -> String {
    var scalars = String.UnicodeScalarView()
    for glyph in Glyphs(text) { glyph.append(to: &scalars) }
    return String(scalars)
  }

  /// True when `scalar` may be drawn as it is inside a cluster: printable,
  /// neither a control nor a bidi control (zero-width marks are fine there).
  package static func isSafe(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if v >= 0x20 && v < 0x7F { return true }
    if v <= 0x9F || isBidiControl(v) { return false }
    return !TextWidth.isUnprintable(scalar)
  }

  /// Embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069)
  /// and the marks U+200E, U+200F, U+061C.
  private static func isBidiControl(_ v: UInt32) -> Bool {
    (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E
      || v == 0x200F || v == 0x061C
  }

  /// What one piece of sanitised text is drawn as: one cell's character and
  /// the columns it covers.
  package enum Glyph {
    /// A single scalar (a stand-in, when the text had a control there).
    case scalar(Unicode.Scalar, width: Int)
    /// A grapheme cluster of at least two scalars, all of them safe, the
    /// first one spacing.
    case cluster(Substring, width: Int)

    /// The columns the glyph covers.
    package var width: Int {
      switch self {
      case .scalar(_, let width), .cluster(_, let width): width
      }
    }

    /// Appends the glyph's scalars to `scalars`.
    func append(to scalars: inout String.UnicodeScalarView) {
      switch self {
      case .scalar(let scalar, _): scalars.append(scalar)
      case .cluster(let text, _): scalars.append(contentsOf: text.unicodeScalars)
      }
    }
  }

  /// True when every scalar of `text` is a cluster of its own for sure (see
  /// `TextWidth.singleScalarWidth(_:)`): the text can go scalar by scalar, without
  /// grapheme breaking, which costs tens of nanoseconds a character.
  @inline(__always)
  package static func isSingleScalars(_ text: some StringProtocol) -> Bool {
    for scalar in text.unicodeScalars where TextWidth.singleScalarWidth(scalar.value) == 0 {
      return false
    }
    return true
  }

  /// The glyph of one grapheme cluster of two scalars or more, or nil when
  /// it must go scalar by scalar: it holds a control, bidi or unprintable
  /// scalar, or does not start with a spacing one. At most
  /// `ClusterTable.maximumScalars` of it are kept, and a ZWJ left last is
  /// dropped (it would join the next cell's character).
  static func glyph(ofCluster cluster: Substring) -> Glyph? {
    let scalars = cluster.unicodeScalars
    var index = scalars.startIndex
    var count = 0
    // The end of what is kept (the scalars up to the last one that is not a
    // ZWJ), how many that is, and its width.
    var keptEnd = index
    var keptCount = 0
    var keptWidth = 0
    var width = 0
    var joins = false  // the scalar before was a ZWJ: a non-ASCII one joins it
    while index < scalars.endIndex, count < ClusterTable.maximumScalars {
      let scalar = scalars[index]
      scalars.formIndex(after: &index)
      count += 1
      let scalarWidth = TextWidth.width(of: scalar)
      if count == 1 {
        guard scalarWidth > 0, visible(scalar) == scalar else { return nil }
      } else {
        guard isSafe(scalar) else { return nil }
      }
      // TextWidth's rules (see `TextWidth.clusterWidth(of:)`).
      if scalarWidth == 0 {
        joins = scalar == "\u{200D}"
        if joins { continue }
      } else if joins && !scalar.isASCII {
        joins = false
      } else {
        joins = false
        width += scalarWidth
      }
      (keptEnd, keptCount, keptWidth) = (index, count, width)
    }
    guard keptCount >= 2 else { return nil }
    let text = keptEnd == scalars.endIndex ? cluster : Substring(scalars[..<keptEnd])
    return .cluster(text, width: keptWidth)
  }

  /// The glyphs of a text, in order: what ``ScreenBuffer`` writes and
  /// ``TextWidth`` measures.
  ///
  /// Scalars that are clusters on their own for sure (see
  /// `TextWidth.singleScalarWidth(_:)`) go one by one, as fast as before clusters:
  /// Swift's grapheme breaking costs tens of nanoseconds a character, and
  /// runs only where a cluster of several scalars may start.
  ///
  /// Not generic over the text's type: a generic struct's metadata, made at
  /// run time in a debug build, reads memory valgrind calls uninitialised.
  package struct Glyphs: Sequence, IteratorProtocol {
    private let text: Substring
    private var scalars: Substring.UnicodeScalarView.Iterator
    /// The next scalar not yet handled, and whether it is a single scalar.
    private var current: Unicode.Scalar?
    private var single: Bool
    /// Where `current` starts in `text`, in UTF-8 bytes.
    private var offset = 0
    /// The rest of a cluster that goes scalar by scalar.
    private var fallback: Substring.UnicodeScalarView.Iterator?

    /// The glyphs of `text`.
    package init(_ text: some StringProtocol) {
      self.text = Self.substring(of: text, text.startIndex..<text.endIndex)
      scalars = self.text.unicodeScalars.makeIterator()
      current = scalars.next()
      single = current.map { TextWidth.singleScalarWidth($0.value) > 0 } ?? false
    }

    /// The next glyph, or nil at the end of the text.
    @inline(__always)
    package mutating func next() -> Glyph? {
      while true {
        if fallback != nil {
          while let scalar = fallback?.next() {
            if let visible = visible(scalar) {
              return .scalar(visible, width: TextWidth.width(of: visible))
            }
          }
          fallback = nil
        }
        guard let scalar = current else { return nil }
        let next = scalars.next()
        let nextSingle = next.map { TextWidth.singleScalarWidth($0.value) > 0 } ?? true
        if single, nextSingle {
          // A cluster of one scalar: this one is, and so is the next.
          offset &+= UTF8.width(scalar)
          current = next
          single = nextSingle
          if let visible = visible(scalar) {
            return .scalar(visible, width: TextWidth.width(of: visible))
          }
          continue
        }
        // `offset` is on a cluster boundary: the text so far ended with one.
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: offset)
        let end = text.index(after: start)
        let length = utf8.distance(from: start, to: end)
        var consumed = UTF8.width(scalar)
        var pending = next
        while consumed < length, let scalar = pending {
          consumed += UTF8.width(scalar)
          pending = scalars.next()
        }
        offset &+= consumed
        current = pending
        single = pending.map { TextWidth.singleScalarWidth($0.value) > 0 } ?? false
        let cluster = text[start..<Swift.max(start, end)]
        if let glyph = glyph(ofCluster: cluster) { return glyph }
        fallback = cluster.unicodeScalars.makeIterator()
      }
    }

    /// `text[range]` as a Substring, without a copy for a String or a
    /// Substring (every StringProtocol there is): the casts go away once the
    /// code is specialised.
    private static func substring(of text: some StringProtocol, _ range: Range<String.Index>)
      -> Substring
    {
      if let text = text as? String { return text[range] }
      if let text = text as? Substring { return text[range] }
      return Substring(String(text[range]))
    }
  }
}
