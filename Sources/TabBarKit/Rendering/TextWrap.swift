/// Wraps text to a width in terminal columns.
///
/// Lines break at spaces in Latin text, and between any two characters where
/// one of them is wide (CJK ideographs, kana, Hangul, full-width forms), so
/// Chinese breaks between ideographs and mixed Chinese and English breaks at
/// either. A word longer than the line is broken at the column limit. A wide
/// character is never split: the wrapping works on whole characters.
///
/// Line-breaking rules (kinsoku) keep closing punctuation such as
/// `，。、！？；：」』）》` and `,.;:!?)` off the start of a line, and opening
/// brackets such as `「『（《` and `(` off its end: the character before the
/// punctuation moves down with it. Spaces at a break are dropped; a `\n`
/// inside the text is a line break of its own.
///
/// ```swift
/// TextWrap.lines("新华社北京电，记者从国家统计局获悉。", width: 10)
/// // ["新华社北京", "电，记者从", "国家统计局", "获悉。"]
/// ```
///
/// A text page wraps each paragraph once per width and keeps the lines
/// (see ``TextView``).
public enum TextWrap {
  /// `text` wrapped to `width` columns: one string per line, trailing
  /// spaces dropped. Every line fits in `width` columns, except a lone
  /// character wider than the whole width (a wide character at width 1),
  /// which gets a line of its own. Empty text is one empty line; a width
  /// below 1 gives no lines.
  public static func lines(_ text: String, width: Int) -> [String] {
    let paragraph = Paragraph(text)
    return paragraph.lineRanges(width: width).map(paragraph.text(of:))
  }

  /// A text prepared for wrapping: its characters, their widths and where
  /// a line may break, worked out once; wrapping it to a width reads only these.
  package struct Paragraph: Sendable {
    /// The text's characters; a line is a range of their indices.
    package let characters: [Character]
    /// Columns each character covers (see ``TextWidth``).
    private let widths: [UInt8]
    /// What each character is to the wrapping: bits of `Flag`.
    private let flags: [UInt8]

    private enum Flag {
      /// A space: dropped at a break.
      static let space: UInt8 = 1 << 0
      /// A line may end just before this character (the break is
      /// between it and the one before).
      static let breakBefore: UInt8 = 1 << 1
      /// A forced line break (`\n`).
      static let newline: UInt8 = 1 << 2
    }

    /// Prepares `text`.
    package init(_ text: String) {
      if let ascii = Self.ascii(text) {
        self = ascii
      } else {
        self.init(characterByCharacter: text)
      }
    }

    /// Prepares `text` one character at a time, by the general rules (what
    /// the ASCII path must agree with).
    init(characterByCharacter text: String) {
      let characters = Array(text)
      self.characters = characters
      var widths = [UInt8](repeating: 1, count: characters.count)
      var kinds = [Kind](repeating: .other, count: characters.count)
      for (i, character) in characters.enumerated() {
        let width = Self.width(of: character)
        widths[i] = UInt8(min(width, 255))
        kinds[i] = Kind(character, width: width)
      }
      self.widths = widths
      self.flags = Self.flags(kinds, widths: widths)
    }

    private init(characters: [Character], widths: [UInt8], kinds: [Kind]) {
      self.characters = characters
      self.widths = widths
      self.flags = Self.flags(kinds, widths: widths)
    }

    /// `text` prepared byte by byte when it is all ASCII, else nil. There
    /// each byte is a character of its own except `\r\n`, which is one, so
    /// the characters need no grapheme breaking, and each byte's width and
    /// kind come from a table made by the general rules: the same result,
    /// about a third of the time of opening a 3,000-paragraph book.
    private static func ascii(_ text: String) -> Paragraph? {
      var text = text
      return text.withUTF8 { bytes -> Paragraph? in
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        let table = asciiTable
        var characters: [Character] = []
        var widths: [UInt8] = []
        var kinds: [Kind] = []
        characters.reserveCapacity(bytes.count)
        widths.reserveCapacity(bytes.count)
        kinds.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
          let byte = bytes[i]
          if byte == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A {
            let character: Character = "\r\n"
            let width = Self.width(of: character)
            characters.append(character)
            widths.append(UInt8(min(width, 255)))
            kinds.append(Kind(character, width: width))
            i += 2
            continue
          }
          let entry = table[Int(byte)]
          characters.append(entry.character)
          widths.append(entry.width)
          kinds.append(entry.kind)
          i += 1
        }
        return Paragraph(characters: characters, widths: widths, kinds: kinds)
      }
    }

    /// Each ASCII byte as a character, with its width and kind by the
    /// general rules.
    private static let asciiTable: [(character: Character, width: UInt8, kind: Kind)] =
      (0..<128).map { value in
        let character = Character(Unicode.Scalar(UInt8(value)))
        let width = width(of: character)
        return (character, UInt8(min(width, 255)), Kind(character, width: width))
      }

    /// The columns a character covers, as ``ScreenBuffer`` draws it: its
    /// scalars' widths once sanitised.
    private static func width(of character: Character) -> Int {
      if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F { return 1 }
      var total = 0
      for scalar in character.unicodeScalars {
        if let visible = Sanitizer.visible(scalar) { total += TextWidth.width(of: visible) }
      }
      return total
    }

    /// The characters from `range` as a string.
    package func text(of range: Range<Int>) -> String {
      String(characters[range])
    }

    /// The columns the characters of `range` cover.
    package func width(of range: Range<Int>) -> Int {
      var total = 0
      for i in range { total += Int(widths[i]) }
      return total
    }

    /// The text wrapped to `width` columns: the character range of each
    /// line, trailing spaces left out. The rules are those of
    /// ``TextWrap/lines(_:width:)``.
    ///
    /// Complexity: O(n) in the number of characters.
    package func lineRanges(width: Int) -> [Range<Int>] {
      guard width >= 1 else { return [] }
      let count = characters.count
      var lines: [Range<Int>] = []
      var start = 0
      while start < count {
        var column = 0
        var i = start
        var lastBreak: Int?
        var end: Int
        var next: Int
        while true {
          if i == count {
            end = count
            next = count
            break
          }
          let flag = flags[i]
          if flag & Flag.newline != 0 {
            end = i
            next = i + 1
            break
          }
          if i > start, flag & Flag.breakBefore != 0 { lastBreak = i }
          let w = Int(widths[i])
          if column + w > width, flag & Flag.space == 0 {
            // Character i does not fit: break before it when the rules
            // allow, else at the last place they do, else (a word longer
            // than the line) at the column limit.
            if i > start, flag & Flag.breakBefore != 0 {
              end = i
            } else if let lastBreak {
              end = lastBreak
            } else {
              end = max(i, start + 1)
            }
            // Spaces hang past the limit, so the break is never followed
            // by a `\n`: it would have ended the line first.
            next = skipSpaces(from: end)
            break
          }
          column += w
          i += 1
        }
        lines.append(start..<trimTrailingSpaces(start, end))
        start = next
      }
      // A text that is empty, or ends in a forced break, ends in an empty line.
      if count == 0 || flags[count - 1] & Flag.newline != 0 { lines.append(count..<count) }
      return lines
    }

    private func skipSpaces(from index: Int) -> Int {
      var i = index
      while i < characters.count, flags[i] & Flag.space != 0 { i += 1 }
      return i
    }

    private func trimTrailingSpaces(_ start: Int, _ end: Int) -> Int {
      var end = end
      while end > start, flags[end - 1] & Flag.space != 0 { end -= 1 }
      return end
    }

    // MARK: Break rules

    /// What a character is to the line-breaking rules.
    private enum Kind: Equatable {
      case space, newline
      /// Never starts a line: closing punctuation, small kana, `…`.
      case closing
      /// Never ends a line: opening brackets and quotes.
      case opening
      /// Neither starts nor ends a line next to a non-space: `"` and `'`,
      /// which may open or close.
      case quote
      /// A line may break after it when a letter or digit follows: `-` in `well-known`.
      case hyphen
      /// A line may break after it: a dash, a zero-width space.
      case breakAfter
      /// Zero columns: stays with the character before.
      case attached
      /// Never breaks on either side (Unicode's GL): a no-break space
      /// (U+00A0, U+202F, U+2007) or a word joiner (U+2060) holds a count
      /// to its word, even a wide one (`3\u{A0}跟贴`).
      case glue
      /// Everything else. A line breaks before or after one when either
      /// side is wide (CJK), else only at spaces.
      case other

      init(_ character: Character, width: Int) {
        let scalars = character.unicodeScalars
        guard let first = scalars.first,
          scalars.index(after: scalars.startIndex) == scalars.endIndex
        else {
          // Several scalars: `\r\n`, or a letter with its marks.
          self = character == "\r\n" ? .newline : width == 0 ? .attached : .other
          return
        }
        switch first {
        case " ", "\t": self = .space
        case "\n", "\r": self = .newline
        case "\"", "'": self = .quote
        case "-": self = .hyphen
        case "—", "\u{200B}": self = .breakAfter
        case "\u{A0}", "\u{202F}", "\u{2007}", "\u{2060}": self = .glue
        default:
          if TextWrap.closing.contains(first.value) {
            self = .closing
          } else if TextWrap.opening.contains(first.value) {
            self = .opening
          } else {
            self = width == 0 ? .attached : .other
          }
        }
      }
    }

    /// The flags of characters of `kinds`: spaces, forced breaks, and
    /// where a line may break.
    private static func flags(_ kinds: [Kind], widths: [UInt8]) -> [UInt8] {
      var flags = [UInt8](repeating: 0, count: kinds.count)
      var i = 0
      while i < kinds.count {
        switch kinds[i] {
        case .newline:
          flags[i] = Flag.newline
          i += 1
        case .space:
          // A run of spaces: a break anywhere in it starts the next line at
          // the character after it, so the rules look at the characters on
          // either side of the run. Not inside a line's leading spaces.
          var end = i
          while end < kinds.count, kinds[end] == .space { end += 1 }
          let before = i > 0 ? kinds[i - 1] : .newline
          let after = end < kinds.count ? kinds[end] : .newline
          let allowed = before != .newline && before != .opening && after != .closing
          for j in i..<end { flags[j] = Flag.space | (allowed ? Flag.breakBefore : 0) }
          if end < kinds.count, allowed { flags[end] |= Flag.breakBefore }
          i = end
        default:
          if i > 0, kinds[i - 1] != .space, kinds[i - 1] != .newline {
            let wide = widths[i - 1] >= 2 || widths[i] >= 2
            let beforeA = i >= 2 ? kinds[i - 2] : nil
            if canBreak(between: kinds[i - 1], and: kinds[i], eitherWide: wide, after: beforeA) {
              flags[i] |= Flag.breakBefore
            }
          }
          i += 1
        }
      }
      return flags
    }

    /// Whether a line may break between two characters `a` and `b`, neither
    /// a space; `beforeA` is the character before `a`.
    private static func canBreak(
      between a: Kind, and b: Kind, eitherWide: Bool, after beforeA: Kind?
    ) -> Bool {
      if b == .closing || b == .attached || b == .quote || a == .opening || a == .quote
        || a == .glue || b == .glue
      {
        return false
      }
      switch a {
      case .breakAfter:
        return b != .breakAfter
      case .hyphen:
        // `well-known` breaks after the hyphen; `-5` and `--` do not.
        return b == .other && beforeA == .other
      default:
        return eitherWide
      }
    }
  }

  /// Characters that never start a line (kinsoku): closing punctuation,
  /// Chinese and Japanese full stops and commas, small kana and the like.
  static let closing = Set(
    ("，。、．！？；：」』）》〉】〕〗〙〛｝］｠”’・ー々〻"
      + "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ"
      + "…‥〜～％‰℃°,.;:!?)]}%").unicodeScalars.map(\.value))

  /// Characters that never end a line: opening brackets and quotes.
  static let opening = Set("「『（《〈【〔〖〘〚｛［｟“‘([{".unicodeScalars.map(\.value))
}
