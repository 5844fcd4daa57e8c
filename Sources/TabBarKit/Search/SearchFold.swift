/// How the list's search compares text: both the filter and the texts it
/// searches are folded to UTF-8 bytes in which case, accents and width no
/// longer count, then compared byte for byte.
///
/// A scalar folds to what full case folding, compatibility decomposition and
/// dropping marks and invisible format characters leave of it (the table in
/// `SearchFold+Table.swift`, generated from Unicode's data): `É`, `é` and
/// `e` + U+0301 all fold to `e`, `Ａ` to `a`, `ß` to `ss`, `ｶ` to `カ`; Chinese
/// and most other text folds to itself. This is the comparison of UIKit's
/// `localizedStandardContains` and of fzf, which a user who types `cafe` to
/// find `Café` expects. Each scalar folds on its own, so a text folds in one
/// pass, and a match never depends on what is around it.
enum SearchFold {
  /// The separator between texts in a buffer of folded texts: 0xFF is never
  /// a byte of UTF-8, so no folded text and no folded filter holds it.
  static let separator: UInt8 = 0xFF

  /// Appends `text` folded to `bytes`.
  ///
  /// Complexity: O(n) in the UTF-8 length of `text`; ASCII and the common
  /// CJK ideographs are folded without a table lookup.
  static func fold(_ text: some StringProtocol, into bytes: inout [UInt8]) {
    if let done = text.utf8.withContiguousStorageIfAvailable({ fold($0, into: &bytes) }) {
      return done
    }
    var copy = String(text)
    copy.withUTF8 { fold($0, into: &bytes) }
  }

  /// `text` folded.
  static func fold(_ text: some StringProtocol) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    fold(text, into: &bytes)
    return bytes
  }

  /// Appends the folded form of the UTF-8 `source` to `bytes`.
  ///
  /// Folds into a scratch buffer on the stack and appends it in pieces
  /// (one copy each), ASCII eight bytes a step: appending byte by byte
  /// checked the array's capacity and uniqueness at every byte, four times
  /// slower.
  static func fold(_ source: UnsafeBufferPointer<UInt8>, into bytes: inout [UInt8]) {
    // Room for the text as it is, growing geometrically: `reserveCapacity`
    // allocates exactly what it is asked for, so asking for a little more
    // for each of many texts would copy the buffer each time.
    let needed = bytes.count + source.count
    if bytes.capacity < needed { bytes.reserveCapacity(max(needed, 2 * bytes.capacity)) }
    guard let base = source.baseAddress else { return }
    let count = source.count
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scratchSize) { scratch in
      let out = scratch.baseAddress!
      var written = 0
      var index = 0
      while index < count {
        // A folded scalar is under 64 bytes: flush before one could overflow.
        if written > scratchSize - 64 {
          bytes.append(contentsOf: UnsafeBufferPointer(start: out, count: written))
          written = 0
        }
        // Eight ASCII bytes at once: A–Z get their 0x20 bit.
        if index + 8 <= count {
          let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
          if word & 0x8080_8080_8080_8080 == 0 {
            let upper =
              (word &+ 0x3F3F_3F3F_3F3F_3F3F) & ~(word &+ 0x2525_2525_2525_2525)
              & 0x8080_8080_8080_8080
            UnsafeMutableRawPointer(out + written).storeBytes(
              of: word | upper >> 2, as: UInt64.self)
            written += 8
            index += 8
            continue
          }
        }
        let lead = base[index]
        if lead < 0x80 {
          out[written] = lead &- 0x41 < 26 ? lead | 0x20 : lead
          written += 1
          index += 1
          continue
        }
        let length = Self.sequenceLength(lead)
        guard index + length <= count else {
          // A cut sequence (never in a Swift string): copied as it is.
          out[written] = lead
          written += 1
          index += 1
          continue
        }
        // U+4000–U+9FFF (lead bytes E4–E9), the common CJK ideographs, fold
        // to themselves: no lookup.
        if lead >= 0xE4, lead <= 0xE9 {
          out[written] = lead
          out[written + 1] = base[index + 1]
          out[written + 2] = base[index + 2]
          written += 3
          index += 3
          continue
        }
        let scalar = Self.decode(source, at: index, length: length)
        if let folded = Tables.shared.folded(scalar) {
          for byte in folded {
            out[written] = byte
            written += 1
          }
        } else {
          for offset in 0..<length { out[written + offset] = base[index + offset] }
          written += length
        }
        index += length
      }
      bytes.append(contentsOf: UnsafeBufferPointer(start: out, count: written))
    }
  }

  /// Bytes of the scratch buffer ``fold(_:into:)`` folds into.
  private static let scratchSize = 4096

  /// The folded form of `text` with, for each folded byte, the UTF-8
  /// offset in `text` of the scalar it came from; a last entry holds the
  /// text's UTF-8 length. For drawing a match: a few rows a frame.
  static func foldWithOffsets(_ text: String) -> (bytes: [UInt8], offsets: [Int]) {
    var bytes: [UInt8] = []
    var offsets: [Int] = []
    var offset = 0
    for scalar in text.unicodeScalars {
      let before = bytes.count
      fold(String(scalar), into: &bytes)
      offsets.append(contentsOf: repeatElement(offset, count: bytes.count - before))
      offset += UTF8.width(scalar)
    }
    offsets.append(offset)
    return (bytes, offsets)
  }

  /// The length of the UTF-8 sequence that `lead` starts (1 for a byte that
  /// cannot start one: it is copied as it is).
  @inline(__always)
  private static func sequenceLength(_ lead: UInt8) -> Int {
    lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
  }

  /// The scalar of the `length`-byte sequence at `index`.
  @inline(__always)
  private static func decode(
    _ source: UnsafeBufferPointer<UInt8>, at index: Int, length: Int
  ) -> UInt32 {
    switch length {
    case 2: return UInt32(source[index] & 0x1F) << 6 | UInt32(source[index + 1] & 0x3F)
    case 3:
      return UInt32(source[index] & 0x0F) << 12 | UInt32(source[index + 1] & 0x3F) << 6
        | UInt32(source[index + 2] & 0x3F)
    case 4:
      return UInt32(source[index] & 0x07) << 18 | UInt32(source[index + 1] & 0x3F) << 12
        | UInt32(source[index + 2] & 0x3F) << 6 | UInt32(source[index + 3] & 0x3F)
    default: return UInt32(source[index])
    }
  }

  /// The folding table, read from ``table`` at its first use.
  final class Tables: Sendable {
    /// The tables, made once (Swift's lazy, thread-safe global).
    static let shared = Tables()

    /// For each scalar of the Basic Multilingual Plane: 0 when it folds to
    /// itself, else its entry in ``ranges`` plus 1.
    private let basic: [UInt16]
    /// The scalars past U+FFFF that fold, in order, and their entries.
    private let supplementary: [(scalar: UInt32, entry: Int)]
    /// Where each folded form lies in ``bytes``.
    private let ranges: [Range<Int>]
    /// Every folded form's UTF-8, one after another.
    private let bytes: [UInt8]

    private init() {
      var basic = [UInt16](repeating: 0, count: 0x10000)
      var supplementary: [(scalar: UInt32, entry: Int)] = []
      var ranges: [Range<Int>] = []
      var bytes: [UInt8] = []
      SearchFold.table.withUTF8Buffer { hex in
        var index = 0
        func read(_ digits: Int) -> UInt32 {
          var value: UInt32 = 0
          for _ in 0..<digits {
            // Skip the literal's line breaks.
            while hex[index] == 0x0A { index += 1 }
            let digit = hex[index]
            value = value << 4 | UInt32(digit <= 0x39 ? digit - 0x30 : digit - 0x37)
            index += 1
          }
          return value
        }
        while index < hex.count {
          if hex[index] == 0x0A {
            index += 1
            continue
          }
          let scalar = read(6)
          let length = Int(read(2))
          let start = bytes.count
          for _ in 0..<length { bytes.append(UInt8(read(2))) }
          if scalar < 0x10000 {
            basic[Int(scalar)] = UInt16(ranges.count + 1)
          } else {
            supplementary.append((scalar, ranges.count))
          }
          ranges.append(start..<bytes.count)
        }
      }
      self.basic = basic
      self.supplementary = supplementary
      self.ranges = ranges
      self.bytes = bytes
    }

    /// The folded form of `scalar`, or nil when it folds to itself.
    @inline(__always)
    func folded(_ scalar: UInt32) -> ArraySlice<UInt8>? {
      if scalar < 0x10000 {
        let entry = basic[Int(scalar)]
        return entry == 0 ? nil : bytes[ranges[Int(entry) - 1]]
      }
      var low = 0
      var high = supplementary.count
      while low < high {
        let middle = (low + high) / 2
        if supplementary[middle].scalar < scalar { low = middle + 1 } else { high = middle }
      }
      guard low < supplementary.count, supplementary[low].scalar == scalar else { return nil }
      return bytes[ranges[supplementary[low].entry]]
    }
  }
}
