/// Turns characters that must never reach a terminal raw into visible stand-ins (R5).
///
/// Every character written into a ``ScreenBuffer`` passes through here, so
/// text from any source (content files, titles, badges) cannot inject escape
/// sequences, ring the bell or reorder the line with bidi overrides.
package enum Sanitizer {
  /// The stand-in for characters without a better picture.
  package static let replacement: Unicode.Scalar = "\u{FFFD}"

  /// What to draw for `scalar`: itself when it is safe, a visible stand-in
  /// when it is a control (`␛` for ESC, `␇` for BEL, `�` for C1 codes and bidi
  /// overrides), or nil for a zero-width character, which is dropped.
  @inline(__always)
  package static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
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

  /// Embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069)
  /// and the marks U+200E, U+200F, U+061C.
  private static func isBidiControl(_ v: UInt32) -> Bool {
    (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E
      || v == 0x200F || v == 0x061C
  }
}
