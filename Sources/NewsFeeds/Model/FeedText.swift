/// Text as it leaves the feed engine: nothing in it can drive a terminal.
///
/// Every string of a ``Feed`` went through ``clean(_:)``: escape sequences (CSI, OSC, DCS and
/// the rest, in their 7-bit and C1 forms) are removed whole, every other control character
/// (C0, DEL, C1) and every bidirectional override or isolate becomes a space, and runs of
/// white space become one space. What is left is one line of printable text.
public enum FeedText {
  /// `text` as one clean line: escape sequences removed, controls and bidi overrides turned into
  /// spaces, white space collapsed and trimmed. O(n).
  public static func clean(_ text: some StringProtocol) -> String {
    let text = String(text)
    var out = String.UnicodeScalarView()
    var pendingSpace = false
    var scalars = text.unicodeScalars.makeIterator()
    func put(_ scalar: Unicode.Scalar) {
      if pendingSpace, !out.isEmpty { out.append(" ") }
      pendingSpace = false
      out.append(scalar)
    }
    while let scalar = scalars.next() {
      switch scalar.value {
      case 0x1B:
        // ESC: drop the sequence it starts.
        guard let next = scalars.next() else { break }
        switch next {
        case "[": skipControlSequence(&scalars)
        case "]", "P", "X", "^", "_": skipString(&scalars)
        default: break  // a two-character escape (ESC c, ESC 7…): both dropped
        }
        pendingSpace = true
      case 0x9B:
        skipControlSequence(&scalars)
        pendingSpace = true
      case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
        skipString(&scalars)
        pendingSpace = true
      case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
        pendingSpace = true
      default:
        if scalar.properties.isWhitespace {
          pendingSpace = true
        } else {
          put(scalar)
        }
      }
    }
    return String(out)
  }

  /// `text` as one clean line: see ``clean(_:)``.
  static func oneLine(_ text: some StringProtocol) -> String { clean(text) }

  /// Skips a CSI sequence's parameters and intermediates up to its final byte (0x40–0x7E); a
  /// character outside those ranges ends it too.
  private static func skipControlSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
    while let scalar = scalars.next() {
      if (0x40...0x7E).contains(scalar.value) || !(0x20...0x3F).contains(scalar.value) { return }
    }
  }

  /// Skips an OSC, DCS, SOS, PM or APC string up to its terminator (BEL, ST, or ESC \).
  private static func skipString(_ scalars: inout String.UnicodeScalarView.Iterator) {
    while let scalar = scalars.next() {
      switch scalar.value {
      case 0x07, 0x9C: return
      case 0x1B:
        _ = scalars.next()
        return
      default: continue
      }
    }
  }

  /// `text` cut to at most `limit` characters, ending in `…` when cut.
  static func truncated(_ text: String, to limit: Int) -> String {
    guard text.count > limit else { return text }
    var cut = String(text.prefix(limit - 1))
    while let last = cut.last, last == " " { cut.removeLast() }
    return cut + "…"
  }
}
