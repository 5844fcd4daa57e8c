/// Widths of text in terminal columns, as `wcwidth` counts them.
///
/// The tables are generated from glibc's `wcwidth` in the `C.UTF-8` locale
/// (`make width-table`), so the library measures text the way ncurses will draw
/// it, whatever locale the process runs in. A test checks the tables against
/// the live `wcwidth`.
public enum TextWidth {
  /// The columns `scalar` covers: 0 (combining marks), 1, or 2 (CJK and other
  /// wide characters). Characters that cannot be printed are drawn as a
  /// one-column stand-in (see `Sanitizer`), so they count 1.
  ///
  /// Complexity: O(1) for ASCII, O(log n) in the table size otherwise.
  @inline(__always)
  public static func width(of scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v < 0x300 { return 1 }
    if v < 0x10000 {
      return bmpClass[Int(v)] == Class.double ? 2 : (bmpClass[Int(v)] == Class.zero ? 0 : 1)
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
    return classes
  }()

  /// The columns `text` covers once sanitised (see `Sanitizer`).
  public static func width(of text: some StringProtocol) -> Int {
    // Most text is printable ASCII: one column a byte, no decoding.
    var ascii = 0
    for byte in text.utf8 {
      guard byte >= 0x20 && byte < 0x7F else { return scalarWidth(of: text) }
      ascii += 1
    }
    return ascii
  }

  private static func scalarWidth(of text: some StringProtocol) -> Int {
    var total = 0
    for scalar in text.unicodeScalars {
      if let visible = Sanitizer.visible(scalar) { total += width(of: visible) }
    }
    return total
  }

  /// True when glibc's `wcwidth` reports `scalar` as unprintable (-1).
  static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if v >= 0x20 && v < 0x7F { return false }
    if v < 0x10000 { return bmpClass[Int(v)] == Class.unprintable }
    return contains(unprintable, v)
  }

  /// `text` cut to at most `columns` columns; when it had to be cut, the last
  /// column holds `…`. A wide character is never split.
  public static func truncate(_ text: String, toWidth columns: Int) -> String {
    guard columns > 0 else { return "" }
    if width(of: text) <= columns { return text }
    var result = String.UnicodeScalarView()
    var used = 0
    for scalar in text.unicodeScalars {
      guard let visible = Sanitizer.visible(scalar) else { continue }
      let w = width(of: visible)
      if used + w > columns - 1 { break }
      result.append(visible)
      used += w
    }
    result.append("…")
    return String(result)
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
