/// The text of a field being edited, and its cursor: the model behind
/// ``TextField`` and ``TextArea``, with no drawing (Bubble Tea's `textinput`
/// model, readline's line buffer).
///
/// The text is an array of `Character`s (grapheme clusters), so the cursor
/// moves and deletes whole characters: `é` written as `e` and a combining
/// accent, or a CJK ideograph, is one step. The cursor is an index into
/// ``characters``, from 0 (before the first) to `characters.count` (after the
/// last); it can never stand inside a character, so a wide character is
/// never split on screen.
///
/// What goes in is cleaned once, by ``insert(_:)`` and ``text``: newlines
/// become spaces in a one-line editor (a paste of several lines becomes one
/// line) and `\n` in a multi-line one; a tab becomes a space; control and
/// bidi characters are dropped; a zero-width mark joins the character
/// before it, or is dropped. ``maximumLength`` cuts an insertion at the
/// limit, and no editor holds more than ``lengthLimit`` characters.
///
/// A character is at most ``maximumClusterScalars`` scalars long: a
/// longer cluster (a ZWJ chain of thousands of joiners, a pile of combining
/// marks) is split into characters of at most that many, and the zero-width
/// rest of a split is dropped. A cell cannot draw more than that anyway, and
/// so typing a joiner after a character costs the same whatever came before.
///
/// ``handle(_:wrappingAt:)`` gives the keys their editing meaning (see there).
package struct TextEditor: Hashable, Sendable {
  /// The text, one grapheme cluster a character.
  package private(set) var characters: [Character] = []
  /// Where the cursor is: the index of the character it stands before
  /// (drawn on that character), `characters.count` at the end.
  package private(set) var cursor = 0
  /// True for a text area: Enter and pastes insert newlines, Up and Down
  /// move between rows. False for a one-line field.
  package let isMultiline: Bool
  /// The most characters the text may hold (a newline counts one), or nil
  /// for the largest an editor holds, ``lengthLimit``. Typing stops at the
  /// limit and a paste is cut there; lowering it cuts the text. A limit
  /// above ``lengthLimit`` acts as ``lengthLimit``.
  package var maximumLength: Int? {
    didSet { enforceMaximumLength() }
  }
  /// Shown, dim, while the text is empty.
  package var placeholder: String
  /// The column Up and Down keep while they move through shorter rows; nil
  /// once anything else moves the cursor.
  var goalColumn: Int?

  /// The most characters any editor holds, 100,000 (a newline counts one),
  /// whatever its ``maximumLength``: a paste past it is cut there. It keeps
  /// a huge paste (a megabyte from the clipboard) from making every later
  /// key and frame slow; a field draws and edits such a text within a frame.
  package static let lengthLimit = 100_000

  /// The most Unicode scalars one character holds: 16, as many as a cell
  /// draws (every emoji sequence fits). A longer cluster is split.
  package static let maximumClusterScalars = ClusterTable.maximumScalars

  /// The most characters the text may hold now: ``maximumLength``, never
  /// past ``lengthLimit``.
  var limit: Int { min(max(0, maximumLength ?? Self.lengthLimit), Self.lengthLimit) }

  /// Creates an editor holding `text` (cleaned and cut to `maximumLength`),
  /// the cursor at its end.
  package init(
    _ text: String = "", isMultiline: Bool = false, maximumLength: Int? = nil,
    placeholder: String = ""
  ) {
    self.isMultiline = isMultiline
    self.maximumLength = maximumLength.map { max(0, $0) }
    self.placeholder = placeholder
    self.text = text
  }

  /// The text as a string. Setting it cleans it (as ``insert(_:)`` does),
  /// cuts it to ``maximumLength`` and puts the cursor at its end.
  package var text: String {
    get { String(characters) }
    set {
      characters = []
      cursor = 0
      insert(newValue)
    }
  }

  /// True when there is no text (the placeholder shows).
  package var isEmpty: Bool { characters.isEmpty }

  /// Puts the cursor before character `index` (clamped to the text).
  package mutating func setCursor(_ index: Int) {
    cursor = min(max(0, index), characters.count)
    goalColumn = nil
  }

  // MARK: Inserting and deleting

  /// Inserts typed or pasted `text` at the cursor and moves the cursor after
  /// it. The text is cleaned first (see ``TextEditor``); only what fits
  /// under ``maximumLength`` (at most ``lengthLimit``) goes in. Returns
  /// false when nothing went in.
  ///
  /// Complexity: O(n + m), n the text's length and m the part of the
  /// insertion that fits: the rest of a huge paste is not even read.
  @discardableResult
  package mutating func insert(_ text: String) -> Bool {
    var wasCut = false
    return insert(text, wasCut: &wasCut)
  }

  /// Inserts `text` as ``insert(_:)`` does; `wasCut` becomes true when
  /// some of it did not fit under the limit (and false when all of it
  /// went in), so that a page can say that a paste was cut.
  @discardableResult
  mutating func insert(_ text: String, wasCut: inout Bool) -> Bool {
    let room = max(0, limit - characters.count)
    var (new, cut) = Self.clean(text, multiline: isMultiline, room: room)
    wasCut = cut
    // A zero-width mark typed on its own joins the character before the cursor.
    if let first = new.first, first != "\n", Self.width(of: first) == 0 {
      new.removeFirst()
      if cursor > 0, let joined = Self.joined(characters[cursor - 1], first) {
        characters[cursor - 1] = joined
      }
    }
    goalColumn = nil
    guard !new.isEmpty else { return false }
    characters.insert(contentsOf: new, at: cursor)
    cursor += new.count
    return true
  }

  /// Deletes the character before the cursor (Backspace). False at the start.
  @discardableResult
  package mutating func deleteBackward() -> Bool {
    delete(from: cursor - 1, to: cursor)
  }

  /// Deletes the character under the cursor (Delete). False at the end.
  @discardableResult
  package mutating func deleteForward() -> Bool {
    delete(from: cursor, to: cursor + 1)
  }

  /// Deletes back to the start of the word before the cursor (Ctrl-W).
  @discardableResult
  package mutating func deleteWordBackward() -> Bool {
    delete(from: wordStart(before: cursor), to: cursor)
  }

  /// Deletes to the end of the word after the cursor (Alt-D).
  @discardableResult
  package mutating func deleteWordForward() -> Bool {
    delete(from: cursor, to: wordEnd(after: cursor))
  }

  /// Deletes to the end of the line (Ctrl-K); at the end of a line of a
  /// text area, the newline, joining the next line to it.
  @discardableResult
  package mutating func deleteToLineEnd() -> Bool {
    let end = lineEnd(from: cursor)
    return delete(from: cursor, to: end == cursor ? end + 1 : end)
  }

  /// Deletes from the start of the line to the cursor (Ctrl-U).
  @discardableResult
  package mutating func deleteToLineStart() -> Bool {
    delete(from: lineStart(from: cursor), to: cursor)
  }

  /// Removes the characters `start..<end` (clamped); the cursor goes to `start`.
  private mutating func delete(from start: Int, to end: Int) -> Bool {
    let start = max(0, start)
    let end = min(end, characters.count)
    goalColumn = nil
    guard start < end else { return false }
    characters.removeSubrange(start..<end)
    cursor = start
    return true
  }

  // MARK: Moving

  /// Moves one character left. False at the start.
  @discardableResult
  package mutating func moveLeft() -> Bool { move(to: cursor - 1) }

  /// Moves one character right. False at the end.
  @discardableResult
  package mutating func moveRight() -> Bool { move(to: cursor + 1) }

  /// Moves to the start of the word before the cursor (Alt-B), as readline's
  /// `backward-word`: past any spaces and punctuation, then past the word.
  @discardableResult
  package mutating func moveWordLeft() -> Bool { move(to: wordStart(before: cursor)) }

  /// Moves to the end of the word after the cursor (Alt-F), as readline's
  /// `forward-word`.
  @discardableResult
  package mutating func moveWordRight() -> Bool { move(to: wordEnd(after: cursor)) }

  /// Moves to the start of the line (Home, Ctrl-A): of the text in a
  /// one-line field, of the line between newlines in a text area.
  @discardableResult
  package mutating func moveToLineStart() -> Bool { move(to: lineStart(from: cursor)) }

  /// Moves to the end of the line (End, Ctrl-E).
  @discardableResult
  package mutating func moveToLineEnd() -> Bool { move(to: lineEnd(from: cursor)) }

  private mutating func move(to index: Int) -> Bool {
    let index = min(max(0, index), characters.count)
    goalColumn = nil
    guard index != cursor else { return false }
    cursor = index
    return true
  }

  // MARK: Keys

  /// Does what `key` means to a text field, readline's keys included, and
  /// returns true when the key is an editing key, even when it changed
  /// nothing (Left at the start): a field on screen keeps its keys, so
  /// Left there never switches tabs and Backspace never goes back.
  ///
  /// | Key | Does |
  /// | --- | --- |
  /// | Left, Right (Ctrl-B, Ctrl-F) | one character |
  /// | Alt-B, Alt-F | one word |
  /// | Home, End (Ctrl-A, Ctrl-E) | start or end of the line |
  /// | Backspace, Delete (Ctrl-D) | the character before or under the cursor |
  /// | Ctrl-W, Alt-D | the word before or after the cursor |
  /// | Ctrl-U, Ctrl-K | to the start or end of the line |
  /// | Up, Down (text area) | one row, keeping the column |
  /// | Enter (text area) | a new line |
  ///
  /// Up and Down at the first or last row return false (a form moves to the
  /// field above or below); in a one-line field they, Enter and every other
  /// key return false. Ctrl-Left and Ctrl-Right arrive as Left and Right:
  /// the key decoder drops the modifiers of arrow keys.
  ///
  /// - Parameters:
  ///   - key: The key pressed.
  ///   - width: The columns rows wrap at, for Up and Down in a text area
  ///     (``TextArea`` passes its width); unlimited moves by lines.
  /// - Returns: Whether the key moved the cursor or changed the text.
  @discardableResult
  package mutating func handle(_ key: Key, wrappingAt width: Int = .max) -> Bool {
    switch key {
    case .left, .ctrl("b"): moveLeft()
    case .right, .ctrl("f"): moveRight()
    case .alt("b"): moveWordLeft()
    case .alt("f"): moveWordRight()
    case .home, .ctrl("a"): moveToLineStart()
    case .end, .ctrl("e"): moveToLineEnd()
    case .backspace: deleteBackward()
    case .delete, .ctrl("d"): deleteForward()
    case .ctrl("w"): deleteWordBackward()
    case .alt("d"): deleteWordForward()
    case .ctrl("u"): deleteToLineStart()
    case .ctrl("k"): deleteToLineEnd()
    case .up where isMultiline: return moveUp(wrappingAt: width)
    case .down where isMultiline: return moveDown(wrappingAt: width)
    case .enter where isMultiline: insert("\n")
    default: return false
    }
    return true
  }

  // MARK: Words and lines

  /// Letters (ideographs included) and digits make words; everything else
  /// separates them.
  static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }

  private func wordStart(before index: Int) -> Int {
    var i = index
    while i > 0, !Self.isWordCharacter(characters[i - 1]) { i -= 1 }
    while i > 0, Self.isWordCharacter(characters[i - 1]) { i -= 1 }
    return i
  }

  private func wordEnd(after index: Int) -> Int {
    var i = index
    while i < characters.count, !Self.isWordCharacter(characters[i]) { i += 1 }
    while i < characters.count, Self.isWordCharacter(characters[i]) { i += 1 }
    return i
  }

  /// The index after the newline before `index`, or 0.
  func lineStart(from index: Int) -> Int {
    var i = index
    while i > 0, characters[i - 1] != "\n" { i -= 1 }
    return i
  }

  /// The index of the newline at or after `index`, or the end.
  func lineEnd(from index: Int) -> Int {
    var i = index
    while i < characters.count, characters[i] != "\n" { i += 1 }
    return i
  }

  // MARK: Cleaning

  private mutating func enforceMaximumLength() {
    guard characters.count > limit else { return }
    characters.removeSubrange(limit...)
    cursor = min(cursor, characters.count)
    goalColumn = nil
  }

  /// `text` as characters the editor keeps (see ``TextEditor``), at most
  /// `room` of them (a zero-width mark first, which joins the character
  /// before the cursor, not counted), and whether some of the text was left
  /// out for want of room. Reading stops at the first character past the
  /// room, so a huge text costs only what fits.
  ///
  /// Complexity: O(k), k the characters read: at most `room` plus the
  /// marks and control characters that follow the last one kept.
  /// With `dropsNewlines`, newlines are left out instead (a list's filter).
  static func clean(
    _ text: String, multiline: Bool, room: Int = .max, dropsNewlines: Bool = false
  ) -> (characters: [Character], wasCut: Bool) {
    var result: [Character] = []
    result.reserveCapacity(min(room, text.utf8.count) &+ 1)
    // A zero-width mark at the start joins the character before the cursor.
    var leadingMark = false
    /// Adds one character of at most ``maximumClusterScalars`` scalars;
    /// false when there is no room for it.
    func add(_ character: Character) -> Bool {
      if character.isNewline {
        return dropsNewlines || append(multiline ? "\n" : " ")
      } else if character == "\t" {
        return append(" ")
      } else if character.unicodeScalars.contains(where: { scalar in
        // Zero-width scalars (nil) are fine inside a cluster; a stand-in
        // means a control or bidi character.
        Sanitizer.visible(scalar).map { $0 != scalar } ?? false
      }) {
        return true
      } else if width(of: character) == 0 {
        // A mark first in the text joins the character before the cursor
        // (``insert(_:)`` sees to it); later, the one before it, or it goes.
        if let last = result.last {
          if let joined = joined(last, character) {
            result[result.count - 1] = joined
          }
          return true
        }
        leadingMark = true
        result.append(character)
        return true
      }
      return append(character)
    }
    func append(_ character: Character) -> Bool {
      guard result.count - (leadingMark ? 1 : 0) < room else { return false }
      result.append(character)
      return true
    }
    for character in text {
      let fits =
        character.utf8.count <= maximumClusterScalars
        ? add(character) : split(character).allSatisfy { add($0) }
      if !fits { return (result, true) }
    }
    return (result, false)
  }

  /// `character`, a cluster of more than ``maximumClusterScalars``
  /// scalars, as characters of at most that many each: its scalars in runs
  /// of that length, each run read as characters again (a run may start
  /// with a joiner or a mark, a character of its own that the caller joins
  /// or drops).
  static func split(_ character: Character) -> [Character] {
    let scalars = Array(character.unicodeScalars)
    guard scalars.count > maximumClusterScalars else { return [character] }
    var pieces: [Character] = []
    var start = 0
    while start < scalars.count {
      let end = min(scalars.count, start + maximumClusterScalars)
      var run = String.UnicodeScalarView()
      run.append(contentsOf: scalars[start..<end])
      pieces.append(contentsOf: String(run))
      start = end
    }
    return pieces
  }

  /// `base` followed by `mark`, when the two make one character of at most
  /// ``maximumClusterScalars`` scalars.
  private static func joined(_ base: Character, _ mark: Character) -> Character? {
    guard base.unicodeScalars.count + mark.unicodeScalars.count <= maximumClusterScalars
    else { return nil }
    let combined = String(base) + String(mark)
    return combined.count == 1 ? combined.first : nil
  }

  /// The columns `character` takes on screen: 1 or 2 (a CJK ideograph), as
  /// ``ScreenBuffer/write(_:at:style:maxX:)`` draws it; 0 for a newline.
  ///
  /// Complexity: O(1) for ASCII.
  static func width(of character: Character) -> Int {
    if let ascii = character.asciiValue { return ascii == 0x0A ? 0 : 1 }
    return TextWidth.width(of: String(character))
  }
}
