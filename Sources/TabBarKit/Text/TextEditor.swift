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
/// limit.
///
/// ``handle(_:wrappingAt:)`` gives the keys their editing meaning (see there).
public struct TextEditor: Hashable, Sendable {
  /// The text, one grapheme cluster a character.
  public private(set) var characters: [Character] = []
  /// Where the cursor is: the index of the character it stands before
  /// (drawn on that character), `characters.count` at the end.
  public private(set) var cursor = 0
  /// True for a text area: Enter and pastes insert newlines, Up and Down
  /// move between rows. False for a one-line field.
  public let isMultiline: Bool
  /// The most characters the text may hold (a newline counts one), or nil
  /// for no limit. Typing stops at the limit and a paste is cut there;
  /// lowering it cuts the text.
  public var maximumLength: Int? {
    didSet { enforceMaximumLength() }
  }
  /// Shown, dim, while the text is empty.
  public var placeholder: String
  /// The column Up and Down keep while they move through shorter rows; nil
  /// once anything else moves the cursor.
  var goalColumn: Int?

  /// Creates an editor holding `text` (cleaned and cut to `maximumLength`),
  /// the cursor at its end.
  public init(
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
  public var text: String {
    get { String(characters) }
    set {
      characters = []
      cursor = 0
      insert(newValue)
    }
  }

  /// True when there is no text (the placeholder shows).
  public var isEmpty: Bool { characters.isEmpty }

  /// Puts the cursor before character `index` (clamped to the text).
  public mutating func setCursor(_ index: Int) {
    cursor = min(max(0, index), characters.count)
    goalColumn = nil
  }

  // MARK: Inserting and deleting

  /// Inserts typed or pasted `text` at the cursor and moves the cursor after
  /// it. The text is cleaned first (see ``TextEditor``); with a
  /// ``maximumLength`` only what fits goes in. Returns false when nothing
  /// went in.
  ///
  /// Complexity: O(n + m), n the text's length and m the insertion's.
  @discardableResult
  public mutating func insert(_ text: String) -> Bool {
    var new = Self.clean(text, multiline: isMultiline)
    // A zero-width mark typed on its own joins the character before the cursor.
    if let first = new.first, first != "\n", Self.width(of: first) == 0 {
      new.removeFirst()
      if cursor > 0, let joined = Self.joined(characters[cursor - 1], first) {
        characters[cursor - 1] = joined
      }
    }
    if let maximumLength {
      new = Array(new.prefix(max(0, maximumLength - characters.count)))
    }
    goalColumn = nil
    guard !new.isEmpty else { return false }
    characters.insert(contentsOf: new, at: cursor)
    cursor += new.count
    return true
  }

  /// Deletes the character before the cursor (Backspace). False at the start.
  @discardableResult
  public mutating func deleteBackward() -> Bool {
    delete(from: cursor - 1, to: cursor)
  }

  /// Deletes the character under the cursor (Delete). False at the end.
  @discardableResult
  public mutating func deleteForward() -> Bool {
    delete(from: cursor, to: cursor + 1)
  }

  /// Deletes back to the start of the word before the cursor (Ctrl-W).
  @discardableResult
  public mutating func deleteWordBackward() -> Bool {
    delete(from: wordStart(before: cursor), to: cursor)
  }

  /// Deletes to the end of the word after the cursor (Alt-D).
  @discardableResult
  public mutating func deleteWordForward() -> Bool {
    delete(from: cursor, to: wordEnd(after: cursor))
  }

  /// Deletes to the end of the line (Ctrl-K); at the end of a line of a
  /// text area, the newline, joining the next line to it.
  @discardableResult
  public mutating func deleteToLineEnd() -> Bool {
    let end = lineEnd(from: cursor)
    return delete(from: cursor, to: end == cursor ? end + 1 : end)
  }

  /// Deletes from the start of the line to the cursor (Ctrl-U).
  @discardableResult
  public mutating func deleteToLineStart() -> Bool {
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
  public mutating func moveLeft() -> Bool { move(to: cursor - 1) }

  /// Moves one character right. False at the end.
  @discardableResult
  public mutating func moveRight() -> Bool { move(to: cursor + 1) }

  /// Moves to the start of the word before the cursor (Alt-B), as readline's
  /// `backward-word`: past any spaces and punctuation, then past the word.
  @discardableResult
  public mutating func moveWordLeft() -> Bool { move(to: wordStart(before: cursor)) }

  /// Moves to the end of the word after the cursor (Alt-F), as readline's
  /// `forward-word`.
  @discardableResult
  public mutating func moveWordRight() -> Bool { move(to: wordEnd(after: cursor)) }

  /// Moves to the start of the line (Home, Ctrl-A): of the text in a
  /// one-line field, of the line between newlines in a text area.
  @discardableResult
  public mutating func moveToLineStart() -> Bool { move(to: lineStart(from: cursor)) }

  /// Moves to the end of the line (End, Ctrl-E).
  @discardableResult
  public mutating func moveToLineEnd() -> Bool { move(to: lineEnd(from: cursor)) }

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
  public mutating func handle(_ key: Key, wrappingAt width: Int = .max) -> Bool {
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
    guard let maximumLength, characters.count > maximumLength else { return }
    characters.removeSubrange(max(0, maximumLength)...)
    cursor = min(cursor, characters.count)
    goalColumn = nil
  }

  /// `text` as characters the editor keeps (see ``TextEditor``).
  static func clean(_ text: String, multiline: Bool) -> [Character] {
    var result: [Character] = []
    for character in text {
      if character.isNewline {
        result.append(multiline ? "\n" : " ")
      } else if character == "\t" {
        result.append(" ")
      } else if character.unicodeScalars.contains(where: { scalar in
        // Zero-width scalars (nil) are fine inside a cluster; a stand-in
        // means a control or bidi character.
        Sanitizer.visible(scalar).map { $0 != scalar } ?? false
      }) {
        continue
      } else if width(of: character) == 0 {
        // A mark first in the text joins the character before the cursor
        // (``insert(_:)`` sees to it); later, the one before it, or it goes.
        if let last = result.last {
          if let joined = joined(last, character) { result[result.count - 1] = joined }
        } else {
          result.append(character)
        }
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// `base` followed by `mark`, when the two make one character.
  private static func joined(_ base: Character, _ mark: Character) -> Character? {
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
