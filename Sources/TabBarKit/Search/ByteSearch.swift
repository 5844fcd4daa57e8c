#if canImport(Glibc)
  import Glibc
#endif

/// Finding folded text in folded text, byte for byte.
///
/// A needle's rarest byte (by how often each byte is met in the texts
/// searched, else by a rough frequency: a `q` is rarer than an `e`, a digit
/// rarer than a letter) is looked for with `memchr` when it is rare indeed;
/// otherwise sixteen places are looked at a step (``Plan``). glibc's
/// `memmem` is a GNU extension that Swift's Glibc module does not show.
enum ByteSearch {
  /// The offset in `haystack` where `needle` first occurs; 0 for an empty
  /// needle, nil when it does not occur.
  static func firstIndex(
    of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>
  ) -> Int? {
    firstIndex(of: needle, plan: Plan(needle), in: haystack)
  }

  /// How to look for a needle, worked out once for many searches.
  struct Plan {
    /// Where the needle's rarest byte is.
    var rare: Int
    /// True to look for the rare byte alone with `memchr` (it is rare
    /// indeed), false to look at sixteen places a step.
    var scansRareByte: Bool

    /// The plan for `needle` in texts whose bytes are met as often as
    /// `counts` says (a sample of them), else as ``ByteSearch/rank(_:)``
    /// guesses.
    init(_ needle: UnsafeBufferPointer<UInt8>, counts: [UInt32]? = nil) {
      var rare = 0
      if let counts {
        for index in needle.indices where counts[Int(needle[index])] < counts[Int(needle[rare])] {
          rare = index
        }
      } else {
        for index in needle.indices where rank(needle[index]) < rank(needle[rare]) {
          rare = index
        }
      }
      self.rare = rare
      guard let byte = needle.first.map({ _ in needle[rare] }) else {
        scansRareByte = true
        return
      }
      if let counts {
        // Met once in 128 bytes or less.
        scansRareByte = UInt64(counts[Int(byte)]) * 128 <= counts.reduce(0) { $0 + UInt64($1) }
      } else {
        scansRareByte = rank(byte) < 40
      }
    }
  }

  /// The offset in `haystack` where `needle` first occurs, as `plan` says.
  @inline(__always)
  static func firstIndex(
    of needle: UnsafeBufferPointer<UInt8>, plan: Plan, in haystack: UnsafeBufferPointer<UInt8>
  ) -> Int? {
    guard !needle.isEmpty else { return 0 }
    var first: Int?
    forEachMatch(of: needle, plan: plan, in: haystack) { start in
      first = start
      return nil
    }
    return first
  }

  /// Calls `found` with each place where `needle` (not empty) occurs in
  /// `haystack`, in order, as `plan` says; `found` returns the place to go
  /// on looking from (after the one it was given), or nil to stop.
  ///
  /// A rare byte: `memchr` for it, which glibc runs many bytes a step, and
  /// the whole needle compared where it is found. Otherwise sixteen places
  /// a step, each compared at two of the needle's bytes (the rarest and its
  /// last, or its first) before the whole needle is: the "generic SIMD"
  /// search of Wojciech Muła. `memchr` for a common byte (`r` in `err`)
  /// stops every few dozen bytes, a call each. Both go on from where
  /// `found` says without returning: a search of a whole buffer of texts
  /// finds its first match in each text and jumps to the next.
  @inline(__always)
  static func forEachMatch(
    of needle: UnsafeBufferPointer<UInt8>, plan: Plan, in haystack: UnsafeBufferPointer<UInt8>,
    _ found: (Int) -> Int?
  ) {
    let count = needle.count
    guard count > 0, count <= haystack.count, let base = haystack.baseAddress,
      let needleBase = needle.baseAddress
    else { return }
    let last = haystack.count - count  // the last place a match can start
    if plan.scansRareByte {
      let rare = plan.rare
      let rareByte = needleBase[rare]
      var from = 0
      while from <= last {
        // The rare byte of a match at from...last lies in these bytes.
        guard
          let at = firstIndex(
            of: rareByte,
            in: UnsafeBufferPointer(start: base + from + rare, count: last - from + 1))
        else { return }
        let start = from + at
        if matches(needleBase, count, at: base + start) {
          guard let next = found(start) else { return }
          from = max(next, start + 1)
        } else {
          from = start + 1
        }
      }
      return
    }
    // The two bytes looked at first, by their offsets in the needle.
    let other = plan.rare == count - 1 ? 0 : count - 1
    let (low, high) = (min(plan.rare, other), max(plan.rare, other))
    let lowByte = SIMD16<UInt8>(repeating: needleBase[low])
    let highByte = SIMD16<UInt8>(repeating: needleBase[high])
    let raw = UnsafeRawPointer(base)
    var start = 0
    scanning: while start + high + 16 <= haystack.count {
      let lows = raw.loadUnaligned(fromByteOffset: start + low, as: SIMD16<UInt8>.self)
      let highs = raw.loadUnaligned(fromByteOffset: start + high, as: SIMD16<UInt8>.self)
      let both = (lows .== lowByte) .& (highs .== highByte)
      if any(both) {
        var lanes = bits(both)
        while lanes != 0 {
          let place = start + lanes.trailingZeroBitCount
          lanes &= lanes - 1
          guard place <= last, matches(needleBase, count, at: base + place) else { continue }
          guard let next = found(place) else { return }
          start = max(next, place + 1)
          continue scanning
        }
      }
      start += 16
    }
    while start <= last {
      if base[start + low] == needleBase[low], matches(needleBase, count, at: base + start) {
        guard let next = found(start) else { return }
        start = max(next, start + 1)
      } else {
        start += 1
      }
    }
  }

  /// The lanes of `mask` that are set, as bits (lane 0 the lowest).
  @inline(__always)
  private static func bits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt32 {
    let weights = SIMD16<UInt8>(1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128)
    let set = unsafeBitCast(mask, to: SIMD16<UInt8>.self) & weights
    return UInt32(set.lowHalf.wrappedSum()) | UInt32(set.highHalf.wrappedSum()) << 8
  }

  /// The first place of `byte` in `haystack`.
  @inline(__always)
  static func firstIndex(of byte: UInt8, in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = haystack.baseAddress else { return nil }
    #if canImport(Glibc)
      guard let found = memchr(base, Int32(byte), haystack.count) else { return nil }
      return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    #else
      return haystack.firstIndex(of: byte)
    #endif
  }

  /// True when the `count` bytes at `place` are those of `needle`.
  @inline(__always)
  private static func matches(
    _ needle: UnsafePointer<UInt8>, _ count: Int, at place: UnsafePointer<UInt8>
  ) -> Bool {
    var offset = 0
    while offset < count, place[offset] == needle[offset] { offset += 1 }
    return offset == count
  }

  /// How often `byte` is met in folded text, roughly: lower is rarer.
  @inline(__always)
  static func rank(_ byte: UInt8) -> UInt8 { ranks[Int(byte)] }

  /// ``rank(_:)`` for every byte: space and the common English letters
  /// highest, then the other letters, UTF-8 lead bytes of CJK text, digits,
  /// continuation bytes, and punctuation and the rest lowest.
  private static let ranks: [UInt8] = {
    var ranks = [UInt8](repeating: 10, count: 256)
    for byte in 0x30...0x39 { ranks[byte] = 40 }
    for byte in 0x80...0xBF { ranks[byte] = 50 }
    for byte in 0xE3...0xE9 { ranks[byte] = 120 }
    // Letters by their frequency in English text, the most frequent last.
    let letters = Array("zqxjkvbpygfwmucldrhsnioate".utf8)
    for (order, letter) in letters.enumerated() { ranks[Int(letter)] = UInt8(60 + 3 * order) }
    ranks[0x20] = 255
    return ranks
  }()
}
