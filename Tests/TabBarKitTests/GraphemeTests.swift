import Testing

@testable import TabBarKit

/// Whole characters per cell (P6): a cell holds a grapheme cluster, measured
/// as tmux 3.3a (the end-to-end tests' terminal) draws it.
@MainActor
@Suite("grapheme clusters")
struct GraphemeTests {
  /// `é` as `e` + U+0301.
  static let decomposedE = "e\u{301}"
  /// `각` as its three jamo: ᄀ U+1100, ᅡ U+1161, ᆨ U+11A8.
  static let decomposedGak = "\u{1100}\u{1161}\u{11A8}"
  /// Thumbs up with a medium skin tone (U+1F44D U+1F3FD).
  static let thumbsUp = "\u{1F44D}\u{1F3FD}"
  /// Woman technologist: 👩 U+200D 💻.
  static let technologist = "\u{1F469}\u{200D}\u{1F4BB}"
  /// A red heart with VS16 (emoji presentation): U+2764 U+FE0F.
  static let heart = "\u{2764}\u{FE0F}"

  /// The samples of the issue, with their widths in columns.
  static let samples: [(text: String, width: Int)] = [
    (decomposedE, 1), (decomposedGak, 2), (thumbsUp, 4), (technologist, 2), (heart, 1),
  ]

  /// The exact scalars of `text`: Swift's `==` on strings is canonical
  /// equivalence, under which `é` and `e` + U+0301 are equal.
  static func scalars(_ text: some StringProtocol) -> [UInt32] {
    text.unicodeScalars.map(\.value)
  }

  /// Every continuation belongs to a head on its left that covers it.
  static func continuationsAreCovered(_ buffer: ScreenBuffer) -> Bool {
    for y in 0..<buffer.size.height {
      var covered = 0
      for x in 0..<buffer.size.width {
        let cell = buffer[x, y]
        if cell.isContinuation {
          guard covered > 0 else { return false }
          covered -= 1
        } else {
          guard covered == 0 else { return false }
          covered = cell.width - 1
        }
      }
      guard covered == 0 else { return false }
    }
    return true
  }

  @Test("widths of é and 각 decomposed, 👍🏽, 👩‍💻, ❤️ and cafe + U+0301, as tmux 3.3a draws them")
  func widths() {
    for (text, width) in Self.samples {
      #expect(TextWidth.width(of: text) == width, "\(Self.scalars(text))")
      #expect(TextWidth.width(of: Character(text)) == width, "\(Self.scalars(text))")
    }
    #expect(TextWidth.width(of: "cafe\u{301}") == 4)
    #expect(TextWidth.width(of: "caf\u{E9}") == 4)
    // The rest of the measurements in TextWidth's documentation: a flag is
    // two one-column regional indicators, a modifier after a one-column base
    // adds 2, a ZWJ joins however long the sequence, a keycap is its base.
    let measured: [(String, Int)] = [
      ("\u{1F1FA}\u{1F1F8}", 2), ("\u{261D}\u{1F3FD}", 3),
      ("\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}", 4),
      ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", 2), ("#\u{FE0F}\u{20E3}", 1),
      ("\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", 1), ("\u{1F9D1}\u{200D}\u{1F33E}", 2),
      ("\u{0915}\u{094D}\u{0937}", 2),
    ]
    for (text, width) in measured {
      #expect(TextWidth.width(of: text) == width, "\(Self.scalars(text))")
    }
  }

  @Test(
    "each cluster goes whole into one cell, continuations after it, and reads back as written")
  func wholeClusterPerCell() {
    for (text, width) in Self.samples {
      var buffer = ScreenBuffer(size: Size(width: 10, height: 2))
      let end = buffer.write(text + "|", at: Point(x: 1, y: 0))
      #expect(end == 1 + width + 1)
      let cell = buffer[1, 0]
      #expect(cell.isCluster)
      #expect(Self.scalars(cell.text) == Self.scalars(text))
      #expect(Self.scalars(String(cell.character)) == Self.scalars(text))
      #expect(cell.scalar == text.unicodeScalars.first)
      #expect(cell.width == width)
      for x in 2..<(1 + width) { #expect(buffer[x, 0].isContinuation, "\(text) column \(x)") }
      #expect(buffer[1 + width, 0] == Cell("|"))
      #expect(
        Self.scalars(buffer.line(0))
          == Self.scalars(" \(text)|" + String(repeating: " ", count: 8 - width)))
      #expect(Self.scalars(buffer.text) == Self.scalars(" \(text)|\n"))
      #expect(Self.continuationsAreCovered(buffer))
    }
    // cafe + U+0301: three cells of one scalar, then the cluster.
    var buffer = ScreenBuffer(size: Size(width: 6, height: 1))
    #expect(buffer.write("cafe\u{301}", at: .zero) == 4)
    #expect(buffer.cells.prefix(3).map(\.isCluster) == [false, false, false])
    #expect(Self.scalars(buffer[3, 0].text) == [0x65, 0x301])
    #expect(Self.scalars(buffer.line(0)) == Self.scalars("cafe\u{301}  "))
    // The style layer gives the continuations their head's letter.
    var styled = ScreenBuffer(size: Size(width: 6, height: 1))
    styled.write(Self.thumbsUp, at: Point(x: 1, y: 0), style: Style().bold)
    #expect(styled.styleLine(0) == ".BBBB.")
  }

  @Test("a cell stays small, and cells holding the same cluster compare equal across buffers")
  func cellsCompareByValue() {
    // A cluster costs the cell nothing: 4 bytes of content (a scalar or a
    // cluster's id) beside the 12-byte style that carries RGB colours and
    // a link's id.
    #expect(MemoryLayout<Cell>.size == MemoryLayout<UInt32>.size + MemoryLayout<Style>.size)
    #expect(MemoryLayout<Cell>.size <= 16)
    var a = ScreenBuffer(size: Size(width: 8, height: 1))
    var b = ScreenBuffer(size: Size(width: 8, height: 1))
    a.write(Self.technologist + Self.decomposedE, at: .zero)
    b.write(Self.technologist + Self.decomposedE, at: .zero)
    #expect(a == b)
    #expect(a.diff(from: b).isEmpty)
    #expect(Cell(Character(Self.technologist)) == a[0, 0])
    #expect(Cell(Character(Self.thumbsUp)) != a[0, 0])
    // Canonically equivalent, but drawn from other scalars: two cells.
    let belowThenAcute = Cell(Character("e\u{323}\u{301}"))
    let acuteThenBelow = Cell(Character("e\u{301}\u{323}"))
    #expect(belowThenAcute != acuteThenBelow)
    #expect(Self.scalars(acuteThenBelow.text) == [0x65, 0x301, 0x323])
    // A single scalar stays a scalar, whichever initialiser made it.
    #expect(Cell(Character("x")) == Cell("x"))
    #expect(!Cell(Character("\u{E9}")).isCluster)
  }

  @Test("truncation counts clusters as writing does and never splits one")
  func truncation() {
    #expect(TextWidth.truncate("ab\(Self.technologist)cd", toWidth: 4) == "ab…")
    #expect(TextWidth.truncate("ab\(Self.technologist)cd", toWidth: 5) == "ab\(Self.technologist)…")
    #expect(TextWidth.truncate("cafe\u{301} au lait", toWidth: 5) == "cafe\u{301}…")
    #expect(Self.scalars(TextWidth.truncate("cafe\u{301} au lait", toWidth: 5)).contains(0x301))
    let texts = [
      "cafe\u{301} \(Self.thumbsUp) \(Self.technologist) \(Self.heart) \(Self.decomposedGak)!",
      "\(Self.thumbsUp)\(Self.thumbsUp)x", "\(Self.decomposedGak)\(Self.decomposedGak)",
    ]
    for text in texts {
      let characters = Array(text)
      for width in 0...(TextWidth.width(of: text) + 1) {
        let cut = TextWidth.truncate(text, toWidth: width)
        #expect(TextWidth.width(of: cut) <= width, "\(text) to \(width)")
        // What is kept is whole characters of the text, then `…`.
        let kept = cut.hasSuffix("…") && cut != text ? String(cut.dropLast()) : cut
        #expect(
          Self.scalars(kept) == Self.scalars(String(characters.prefix(kept.count))),
          "\(text) to \(width): \(Self.scalars(cut))")
        // Written into that many columns, the cut reads back whole.
        var buffer = ScreenBuffer(size: Size(width: max(width, 1), height: 1))
        buffer.write(cut, at: .zero, maxX: width)
        #expect(Self.scalars(buffer.text) == Self.scalars(cut), "\(text) to \(width)")
      }
    }
    // Writing past maxX pads instead of splitting a cluster.
    var buffer = ScreenBuffer(size: Size(width: 8, height: 1), fill: Cell("."))
    #expect(buffer.write("ab\(Self.thumbsUp)", at: .zero, maxX: 5) == 5)
    #expect(buffer.line(0) == "ab   ...")
  }

  @Test("controls and bidi controls in or next to clusters are still replaced")
  func controlsAreStillReplaced() {
    let cases: [(String, String)] = [
      ("e\u{301}\u{1B}[31m", "e\u{301}␛[31m"),
      ("\u{202E}\(Self.technologist)\u{202C}", "�\(Self.technologist)�"),
      ("a\u{301}\u{7}", "a\u{301}␇"),
      // A control between a base and its mark: the mark is left alone, and dropped.
      ("e\u{7}\u{301}x", "e␇x"),
      ("\r\n", "␍␊"),
      ("\(Self.thumbsUp)\u{9B}1m", "\(Self.thumbsUp)�1m"),
      // A base that cannot be printed (unassigned U+0378): replaced, marks dropped.
      ("\u{378}\u{301}", "�"),
      // A ZWJ that joins nothing is dropped, lest the terminal join the next cell to it.
      ("a\u{200D}", "a"), ("\u{200D}", ""), ("\u{301}\u{302}", ""),
      ("\u{2066}\(Self.decomposedGak)\u{2069}", "�\(Self.decomposedGak)�"),
    ]
    for (input, shown) in cases {
      var buffer = ScreenBuffer(size: Size(width: 20, height: 1))
      let end = buffer.write(input, at: .zero)
      #expect(Self.scalars(buffer.text) == Self.scalars(shown), "\(Self.scalars(input))")
      #expect(end == TextWidth.width(of: input), "\(Self.scalars(input))")
      #expect(TextWidth.width(of: input) == TextWidth.width(of: shown), "\(Self.scalars(input))")
      let raw: Set<UInt32> = [0x1B, 0x07, 0x9B, 0x0D, 0x0A, 0x202E, 0x202C, 0x2066, 0x2069, 0x378]
      let written = buffer.cells.flatMap { Self.scalars($0.text) }
      #expect(raw.isDisjoint(with: written), "\(Self.scalars(input))")
    }
  }

  @Test("overwriting part of a wide cluster blanks the rest of it")
  func overwritingPartOfACluster() {
    var buffer = ScreenBuffer(size: Size(width: 6, height: 1))
    buffer.write("a\(Self.thumbsUp)b", at: .zero)
    #expect(buffer.line(0) == "a\(Self.thumbsUp)b")
    buffer.write("x", at: Point(x: 3, y: 0))
    #expect(buffer.line(0) == "a  x b")
    #expect(Self.continuationsAreCovered(buffer))

    buffer.write(Self.thumbsUp, at: Point(x: 1, y: 0))
    buffer.set(Cell("y"), x: 1, y: 0)
    #expect(buffer.line(0) == "ay   b")
    #expect(Self.continuationsAreCovered(buffer))

    // A cluster written over the second half of a wide one.
    buffer.write("新" + Self.technologist, at: .zero)
    buffer.write(Self.technologist, at: Point(x: 1, y: 0))
    #expect(buffer.line(0) == " \(Self.technologist)  b")
    #expect(Self.continuationsAreCovered(buffer))

    buffer.write(Self.thumbsUp, at: Point(x: 1, y: 0))
    buffer.fill(Rect(x: 2, y: 0, width: 2, height: 1), with: Cell("-"))
    #expect(buffer.line(0) == "  -- b")
    #expect(Self.continuationsAreCovered(buffer))

    // Copied through a clip that cuts the cluster on either side.
    var source = ScreenBuffer(size: Size(width: 6, height: 1))
    source.write("a\(Self.thumbsUp)b", at: .zero)
    let cuts: [(Range<Int>, String)] = [
      (2..<6, "..   b"), (0..<3, "a  ..."), (1..<5, ".\(Self.thumbsUp)."),
    ]
    for (clip, shown) in cuts {
      var target = ScreenBuffer(size: Size(width: 6, height: 1), fill: Cell("."))
      target.draw(
        source, at: .zero, clip: Rect(x: clip.lowerBound, y: 0, width: clip.count, height: 1))
      #expect(Self.scalars(target.line(0)) == Self.scalars(shown), "\(clip)")
      #expect(Self.continuationsAreCovered(target), "\(clip)")
    }
    // Drawn one column further left, so the cluster's head is outside the clip.
    var shifted = ScreenBuffer(size: Size(width: 6, height: 1), fill: Cell("."))
    shifted.draw(source, at: Point(x: -2, y: 0), clip: Rect(x: 0, y: 0, width: 6, height: 1))
    #expect(shifted.line(0) == "   b..")
    #expect(Self.continuationsAreCovered(shifted))
  }

  @Test("a frame with clusters replays through its diff on a terminal in memory")
  func diffReplaysClusters() throws {
    let size = Size(width: 12, height: 3)
    var first = ScreenBuffer(size: size)
    first.write("cafe\u{301} \(Self.thumbsUp)", at: .zero)
    first.write("\(Self.technologist)\(Self.heart)\(Self.decomposedGak)", at: Point(x: 0, y: 1))
    var second = first
    second.write("x", at: Point(x: 6, y: 0))  // into the middle of 👍🏽
    second.write(Self.thumbsUp, at: Point(x: 8, y: 1))
    second.write("\(Self.decomposedE)\(Self.decomposedE)", at: Point(x: 2, y: 2))

    let terminal = MemoryTerminal(size: size)
    for frame in [first, second] {
      let before = terminal.screen
      try frame.forEachChange(from: before) { try terminal.draw($1, at: $0) }
      terminal.flush()
      #expect(terminal.screen == frame)
      #expect(Self.scalars(terminal.screen.text) == Self.scalars(frame.text))
      var replayed = before
      replayed.apply(frame.diff(from: before))
      #expect(replayed == frame)
    }
    #expect(Self.continuationsAreCovered(second))
    #expect(Self.scalars(second.line(0)) == Self.scalars("cafe\u{301}  x     "))
  }

  @Test(
    "a cluster is drawn as one ncurses cell per spacing scalar, as wide as the library counts")
  func spacingRuns() {
    func runs(_ text: String) -> [[UInt32]] {
      TextWidth.spacingRuns(of: Character(text)).map { $0.scalars.map(\.value) }
    }
    #expect(runs(Self.decomposedE) == [[0x65, 0x301]])
    #expect(runs(Self.decomposedGak) == [[0x1100, 0x1161, 0x11A8]])
    #expect(runs(Self.technologist) == [[0x1F469, 0x200D, 0x1F4BB]])
    #expect(runs(Self.thumbsUp) == [[0x1F44D], [0x1F3FD]])
    #expect(runs(Self.heart) == [[0x2764, 0xFE0F]])
    #expect(TextWidth.spacingRuns(of: Character(Self.thumbsUp)).map(\.column) == [0, 2])
    for text in Self.samples.map(\.text) + ["\u{1F1FA}\u{1F1F8}", "\u{261D}\u{1F3FD}", "x"] {
      // Each run is as wide as its first scalar (what ncurses counts), and
      // they add up to the cluster's width.
      let spacing = TextWidth.spacingRuns(of: Character(text))
      var column = 0
      for run in spacing {
        #expect(run.column == column)
        column += TextWidth.width(of: run.scalars[0])
      }
      #expect(column == TextWidth.width(of: text), "\(Self.scalars(text))")
    }
  }

  @Test("the scalars measured one by one never join a neighbour (checked against this Swift)")
  func singleScalarRangesNeverJoin() {
    // A scalar joins a neighbour when it extends "a" (a mark, ZWJ, spacing
    // mark), is extended by "a" (prepended), takes a jamo or itself
    // (Hangul jamo, regional indicators), or is CR.
    func joins(_ scalar: Unicode.Scalar) -> Bool {
      let s = String(scalar)
      return ("a" + s).count == 1 || (s + "a").count == 1 || ("\u{AC00}" + s).count == 1
        || (s + "\u{1100}").count == 1 || (s + s).count == 1 || scalar == "\r"
    }
    var joiners: [String] = []
    let planes = [UInt32(0)...0xFFFF, 0x1F000...0x1FFFF, 0x20000...0x3FFFF]
    for value in planes.joined() where TextWidth.singleScalarWidth(value) > 0 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      if joins(scalar) { joiners.append(String(value, radix: 16)) }
      #expect(Sanitizer.visible(scalar) == scalar)
      #expect(TextWidth.singleScalarWidth(value) == TextWidth.width(of: scalar))
    }
    #expect(joiners.isEmpty, "joiners: \(joiners.prefix(20))")
  }

  @Test("text is cut into the clusters Swift's Characters are, whatever the mix")
  func segmentationMatchesSwift() {
    let pool: [String] = [
      "a", " ", "e", "\u{301}", "\u{200D}", "\u{FE0F}", "\u{1F469}", "\u{1F4BB}", "\u{1F44D}",
      "\u{1F3FD}", "\u{1F1FA}", "\u{1F1F8}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "─",
      "新", "\u{2764}", "\u{0915}", "\u{094D}", "\u{0937}", "\u{093E}", "\r", "\n", "\u{1B}",
      "\u{202E}", "\u{E9}", "·", "\u{FF9E}", "\u{0600}",
    ]
    var generator = SplitMix64(seed: 6)
    for _ in 0..<2000 {
      let text = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
        pool.randomElement(using: &generator)!
      }.joined()
      // Glyph by glyph, the whole text gives what its Characters give one by one.
      let whole = Sanitizer.Glyphs(text).map(\.scalarValues)
      let byCharacter = text.flatMap { Sanitizer.Glyphs(String($0)).map(\.scalarValues) }
      #expect(whole == byCharacter, "\(GraphemeTests.scalars(text))")
      let width = Sanitizer.Glyphs(text).reduce(0) { $0 + $1.width }
      #expect(TextWidth.width(of: text) == width, "\(GraphemeTests.scalars(text))")
      var buffer = ScreenBuffer(size: Size(width: 80, height: 1))
      #expect(buffer.write(text, at: .zero) == width, "\(GraphemeTests.scalars(text))")
      #expect(GraphemeTests.continuationsAreCovered(buffer))
    }
  }
}

extension Sanitizer.Glyph {
  /// The scalars the glyph draws.
  fileprivate var scalarValues: [UInt32] {
    var scalars = String.UnicodeScalarView()
    append(to: &scalars)
    return scalars.map(\.value)
  }
}
