/// Turns the bytes a terminal sends into events: UTF-8 characters, control
/// keys, CSI and SS3 sequences (arrows, Home/End, PgUp/PgDn, F-keys, with or
/// without modifiers), X10 and SGR mouse reports, and bracketed paste.
///
/// Nothing it does not understand becomes text: unknown or broken sequences,
/// invalid UTF-8 and terminal strings (OSC, DCS, APC, PM, SOS replies) are
/// dropped whole, so a burst of garbage can never select a tab or quit. A
/// lone Esc is held until ``flush()``, which the terminal calls when no byte
/// followed within the escape delay.
///
/// The C1 controls that introduce sequences and strings count as their 7-bit
/// forms, whether they come as one 8-bit byte or encoded in UTF-8 (`0x9B` or
/// `C2 9B` is `Esc [`): CSI (`9B`) and SS3 (`8F`) start sequences, decoded
/// as after `Esc [` and `Esc O`; OSC (`9D`), DCS (`90`), SOS (`98`), PM
/// (`9E`) and APC (`9F`) start terminal strings, dropped up to their end;
/// ST (`9C`) ends a string. Every other C1 control is dropped. So their
/// bodies never become keys. A `9C` byte that is part of a UTF-8 character
/// inside a string does not end it.
///
/// A paste is one ``InputEvent/paste(_:)`` whatever its size: everything
/// between `Esc [ 200 ~` and `Esc [ 201 ~` is text, Ctrl-C and sequences
/// included, and never an action. Past ``maximumPasteLength`` bytes the rest
/// is dropped up to the end marker. A paste whose end marker was lost ends
/// when ``flush()`` is called (the terminal does so after ``quietPeriod``
/// without a byte), so it cannot lock the input: the keys after that quiet
/// period, Ctrl-C among them, are keys again.
///
/// What a terminal sends in answer to a query is never a key, and the
/// decoder does not read its meaning: a control sequence with the private
/// marker (`Esc [ ? … final`: the kitty keyboard protocol's flags, a DEC
/// private mode report, the device attributes) and an OSC string that ends
/// are handed out by ``feed(_:reports:)`` as ``TerminalReport`` values, for
/// the terminal backend, which alone knows what it asked. While the backend
/// awaits answers it says so to ``flushDelay(escapeDelay:escapeIsUnambiguous:awaitingReplies:)``:
/// a reply split in transit is then held for ``replyDelay``, so it is joined,
/// not read as Esc and keys. Terminals that speak the kitty keyboard protocol
/// and were asked for its "disambiguate" flag send Esc as `Esc [ 27 u`, and
/// Alt, Ctrl and keypad keys in the same `CSI … u` form: those are decoded
/// at once, with no wait.
///
/// A terminal string is dropped however long it is: only its terminator
/// (BEL, ST, or CAN and SUB, which cancel it), ``flush()`` after the quiet
/// period, or Ctrl-C, which gets through (replies never hold a Ctrl-C), end
/// it. So one that never ends cannot lock the input, and no length turns
/// its body into keys: nothing of it is buffered but the first bytes of an
/// OSC string, handed out as a report when it ends.
package struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []
  private var mode = Mode.normal
  /// The bytes of the paste so far, at most ``maximumPasteLength``.
  private var pasted: [UInt8] = []
  /// True once the paste went past ``maximumPasteLength``: the rest is
  /// dropped up to the end marker.
  private var pasteIsCut = false

  private enum Mode: Sendable {
    /// Keys, characters and sequences.
    case normal
    /// Inside a bracketed paste, up to `Esc [ 201 ~`.
    case paste
    /// Inside an OSC, DCS, APC, PM or SOS string, up to BEL or ST (`Esc \`).
    case string
  }

  /// The most bytes a paste event holds (256 KiB): the rest of a longer
  /// paste is dropped, never typed, up to its end marker.
  package static let maximumPasteLength = 1 << 18
  /// How long a paste or terminal string may go without a byte before the
  /// terminal should call ``flush()`` to end it. Longer than the escape delay,
  /// so a paste that arrives in pieces (over ssh) is not cut short.
  package static let quietPeriod: Duration = .milliseconds(500)

  /// How long the start of a reply (`Esc`, `Esc [`, `Esc [ ? 6`…) waits for
  /// its rest while replies are awaited: a reply that a slow link split
  /// in two is joined. Only the first moments of a run await replies, so a
  /// real Esc key then is late at most by this much.
  package static let replyDelay: Duration = .milliseconds(500)

  /// A sequence longer than this is garbage and is dropped.
  static let maximumSequenceLength = 64

  /// A parameter above this is garbage: its sequence is dropped, so no number
  /// from the terminal can overflow (a mouse position at `Int.max` would).
  static let maximumParameter = 65_535

  /// The bytes of the OSC string being read, up to ``maximumOSCKept``; nil
  /// outside one (or in another kind of terminal string).
  private var osc: [UInt8]?
  /// The most bytes of an OSC string kept for its report.
  private static let maximumOSCKept = 64

  /// The escape delay when `ESCDELAY` does not set one.
  package static let defaultEscapeDelay: Duration = .milliseconds(5)

  /// The longest escape delay `ESCDELAY` may set.
  package static let maximumEscapeDelay: Duration = .seconds(1)

  /// How long the rest of a sequence that has begun (`Esc [`, `Esc O`, part
  /// of a UTF-8 character) may take to arrive, at least. Only a lone Esc can
  /// be a key of its own, so only it is decided by the shorter escape delay;
  /// a sequence that a slow link split in two gets this long.
  package static let sequenceDelay: Duration = .milliseconds(50)

  /// The escape delay `ESCDELAY` asks for: whole milliseconds, 0 to 1000
  /// (the ncurses convention); nil, empty or anything else gives
  /// ``defaultEscapeDelay``.
  package static func escapeDelay(environment value: String?) -> Duration {
    guard let value, !value.isEmpty, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
      let milliseconds = Int(value), .milliseconds(milliseconds) <= maximumEscapeDelay
    else { return defaultEscapeDelay }
    return .milliseconds(milliseconds)
  }

  /// Creates a decoder with nothing pending.
  package init() {}

  /// How long the input must stay quiet before the terminal should call
  /// ``flush()``, or nil when nothing is pending: ``quietPeriod`` inside a
  /// paste or terminal string; ``replyDelay`` for what may be the start of a
  /// reply while the backend awaits replies (`awaitingReplies`);
  /// `escapeDelay` for a lone Esc (unless
  /// `escapeIsUnambiguous`: the terminal then sends the Esc key as
  /// `Esc [ 27 u`, so a lone Esc byte is the start of a sequence); and at
  /// least ``sequenceDelay`` for a sequence that has begun.
  ///
  /// The terminal measures it from when its input queue went empty, after
  /// reading all that was waiting: time the app spent busy while bytes
  /// waited unread is not quiet.
  package func flushDelay(
    escapeDelay: Duration, escapeIsUnambiguous: Bool = false, awaitingReplies: Bool = false
  ) -> Duration? {
    if mode != .normal { return Self.quietPeriod }
    if pending.isEmpty { return nil }
    if awaitingReplies, Self.mayStartReply(pending) {
      return max(escapeDelay, Self.replyDelay)
    }
    if pending == [0x1B], !escapeIsUnambiguous { return escapeDelay }
    return max(escapeDelay, Self.sequenceDelay)
  }

  /// True when `bytes` (all pending) may be the start of a reply to the
  /// start-up queries: `Esc`, `Esc [` or its C1 forms, then `?` and the
  /// digits, `;` and `$` of a reply's body.
  private static func mayStartReply(_ bytes: [UInt8]) -> Bool {
    let body: ArraySlice<UInt8>
    if bytes.starts(with: [0x1B]) {
      guard bytes.count > 1 else { return true }
      guard bytes[1] == UInt8(ascii: "[") else { return false }
      body = bytes[2...]
    } else if bytes.starts(with: [0xC2]) {
      guard bytes.count > 1 else { return true }
      guard bytes[1] == 0x9B else { return false }
      body = bytes[2...]
    } else if bytes.starts(with: [0x9B]) {
      body = bytes[1...]
    } else {
      return false
    }
    guard let first = body.first else { return true }
    return first == UInt8(ascii: "?")
      && body.dropFirst().allSatisfy {
        (0x30...0x39).contains($0) || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "$")
      }
  }

  /// True when bytes wait for the rest of a sequence (or for the escape
  /// delay to pass, for a lone Esc), or a paste or terminal string is open:
  /// either way the terminal calls ``flush()`` once the input goes quiet.
  package var hasPending: Bool { !pending.isEmpty || mode != .normal }

  /// True inside a paste or terminal string: the terminal then waits
  /// ``quietPeriod`` (not the escape delay) after the last byte before it
  /// calls ``flush()``.
  package var isInsidePasteOrString: Bool { mode != .normal }

  /// Decodes `bytes` after what was pending; returns the complete events and
  /// drops what the terminal sent in answer to a query.
  /// Complexity: O(n) in the bytes.
  package mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
    var reports: [TerminalReport] = []
    return feed(bytes, reports: &reports)
  }

  /// Decodes `bytes` after what was pending; returns the complete events and
  /// appends to `reports` the answers to queries that came complete, in
  /// order. Complexity: O(n) in the bytes.
  package mutating func feed(
    _ bytes: some Sequence<UInt8>, reports: inout [TerminalReport]
  ) -> [InputEvent] {
    pending.append(contentsOf: bytes)
    var events: [InputEvent] = []
    var start = 0
    while start < pending.count {
      switch decode(from: start) {
      case .report(let report, let length):
        reports.append(report)
        start += length
      case .complete(let event, let length):
        if let event { events.append(event) }
        if mode == .string, let kept = osc?.count, kept < Self.maximumOSCKept {
          let room = Self.maximumOSCKept - kept
          osc!.append(contentsOf: pending[start..<(start + min(length, room))])
        }
        if mode == .paste { takePasted(pending[start..<(start + length)]) }
        start += length
      case .enter(let newMode, let length, let event):
        // A paste ends as one event.
        if mode == .paste, let paste = takePaste() { events.append(paste) }
        pasted.removeAll()
        pasteIsCut = false
        if let event { events.append(event) }
        // An OSC string (`Esc ]`, or C1 OSC) is kept, and reported once it
        // ends with BEL or ST (not cancelled, not cut).
        if mode == .string, newMode == .normal, length > 0, let osc,
          [0x07, 0x1B, 0x9C, 0xC2].contains(pending[start])
        {
          reports.append(.operatingSystemCommand(osc))
        }
        let introducer = pending[start..<min(pending.count, start + length)]
        osc =
          newMode == .string
            && (introducer.elementsEqual([0x1B, 0x5D]) || introducer.elementsEqual([0x9D])
              || introducer.elementsEqual([0xC2, 0x9D]))
          ? [] : nil
        mode = newMode
        start += length
      case .incomplete:
        pending.removeFirst(start)
        return events
      }
    }
    pending.removeAll(keepingCapacity: true)
    return events
  }

  /// Ends what is pending because no more bytes came in time: a lone Esc is
  /// the Esc key; a cut-off sequence or character is dropped; an open paste
  /// ends as a ``InputEvent/paste(_:)`` of what came; an open terminal
  /// string ends, its text dropped.
  package mutating func flush() -> [InputEvent] {
    defer {
      pending.removeAll(keepingCapacity: true)
      pasted.removeAll()
      pasteIsCut = false
      osc = nil
      mode = .normal
    }
    if pending == [0x1B], mode == .normal { return [.key(.escape)] }
    if mode == .paste, let paste = takePaste() { return [paste] }
    return []
  }

  /// Keeps `bytes` of the paste, up to ``maximumPasteLength`` in all; past
  /// it, they are dropped. Complexity: O(n) in the bytes kept.
  private mutating func takePasted(_ bytes: ArraySlice<UInt8>) {
    guard !pasteIsCut else { return }
    let room = Self.maximumPasteLength - pasted.count
    guard bytes.count > room else {
      pasted.append(contentsOf: bytes)
      return
    }
    pasted.append(contentsOf: bytes.prefix(room))
    pasteIsCut = true
    // Cut at a character: a UTF-8 character cut in two is dropped whole.
    var lead = pasted.count - 1
    while lead > 0, pasted.count - lead < 4, pasted[lead] & 0xC0 == 0x80 { lead -= 1 }
    let needed: Int
    switch pasted[lead] {
    case 0xC2...0xDF: needed = 2
    case 0xE0...0xEF: needed = 3
    case 0xF0...0xF4: needed = 4
    default: needed = 1
    }
    if pasted.count - lead < needed { pasted.removeSubrange(lead...) }
  }

  /// The paste so far as text (invalid UTF-8 becomes U+FFFD; the page that
  /// takes it sanitises it when it draws), or nil when it is empty.
  private func takePaste() -> InputEvent? {
    pasted.isEmpty ? nil : .paste(String(decoding: pasted, as: UTF8.self))
  }

  private enum Step {
    /// An event (or nothing, for bytes that are dropped) and the bytes it used.
    case complete(InputEvent?, length: Int)
    /// The start or end of a paste or terminal string, after the bytes it
    /// used; with an event for Ctrl-C, which ends them.
    case enter(Mode, length: Int, event: InputEvent? = nil)
    /// An answer to a query, for the backend: never a key.
    case report(TerminalReport, length: Int)
    /// The bytes so far may be the start of a longer sequence.
    case incomplete
  }

  private func decode(from start: Int) -> Step {
    let byte = pending[start]
    switch mode {
    case .normal: break
    case .paste: return decodePaste(from: start)
    case .string: return decodeString(from: start)
    }
    switch byte {
    case 0x1B:
      return decodeEscape(from: start)
    case 0x0D, 0x0A:
      return .complete(.key(.enter), length: 1)
    case 0x09:
      return .complete(.key(.tab), length: 1)
    case 0x7F, 0x08:
      return .complete(.key(.backspace), length: 1)
    case 0x01...0x1A:
      return .complete(.key(.ctrl(Character(Unicode.Scalar(byte + 0x60)))), length: 1)
    case 0x00, 0x1C...0x1F:
      return .complete(nil, length: 1)
    case 0x20..<0x7F:
      return .complete(.key(.character(Character(Unicode.Scalar(byte)))), length: 1)
    case 0x80...0x9F:
      return decodeC1(byte, from: start, length: 1)
    default:
      return decodeUTF8(from: start)
    }
  }

  /// The C1 control `control` (0x80–0x9F), which took `length` bytes at
  /// `start` (1 as an 8-bit byte, 2 encoded in UTF-8): as its 7-bit form.
  private func decodeC1(_ control: UInt8, from start: Int, length: Int) -> Step {
    switch control {
    case 0x9B: return decodeCSI(from: start, introducer: length)
    case 0x8F: return decodeSS3(from: start, introducer: length)
    case 0x90, 0x98, 0x9D, 0x9E, 0x9F: return .enter(.string, length: length)
    default: return .complete(nil, length: length)
    }
  }

  /// One UTF-8 character; an invalid or overlong sequence drops its first byte.
  private func decodeUTF8(from start: Int) -> Step {
    let lead = pending[start]
    let length: Int
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return .complete(nil, length: 1)
    }
    var value = UInt32(lead) & (0xFF >> (length + 1))
    for offset in 1..<length {
      guard start + offset < pending.count else { return .incomplete }
      let next = pending[start + offset]
      guard next & 0xC0 == 0x80 else { return .complete(nil, length: offset) }
      value = value << 6 | UInt32(next & 0x3F)
    }
    let minimum: UInt32 = length == 3 ? 0x800 : (length == 4 ? 0x10000 : 0x80)
    if length == 2, (0x80...0x9F).contains(value) {
      return decodeC1(UInt8(value), from: start, length: 2)
    }
    guard value >= minimum, let scalar = Unicode.Scalar(value),
      Sanitizer.visible(scalar) == scalar
    else { return .complete(nil, length: length) }
    return .complete(.key(.character(Character(scalar))), length: length)
  }

  private func decodeEscape(from start: Int) -> Step {
    guard start + 1 < pending.count else { return .incomplete }
    let next = pending[start + 1]
    switch next {
    case UInt8(ascii: "["):
      return decodeCSI(from: start)
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"),
      UInt8(ascii: "X"):
      // OSC, DCS, APC, PM, SOS: terminal replies, never keys (so not Alt-P).
      return .enter(.string, length: 2)
    case UInt8(ascii: "O"):
      return decodeSS3(from: start, introducer: 2)
    case 0x1B:
      // Esc Esc: the first is a key of its own.
      return .complete(.key(.escape), length: 1)
    case 0x20..<0x7F:
      return .complete(.key(.alt(Character(Unicode.Scalar(next)))), length: 2)
    case 0x80...:
      // Alt with a non-ASCII key (Alt-中): Esc then one UTF-8 character. Esc
      // then invalid UTF-8 or a C1 control stays Esc; what follows is read
      // on its own.
      switch decodeUTF8(from: start + 1) {
      case .incomplete: return .incomplete
      case .complete(.key(.character(let character))?, let length):
        return .complete(.key(.alt(character)), length: length + 1)
      default: return .complete(.key(.escape), length: 1)
      }
    default:
      return .complete(.key(.escape), length: 1)
    }
  }

  /// `Esc O` (or its C1 form, `introducer` bytes long) and one byte.
  private func decodeSS3(from start: Int, introducer: Int) -> Step {
    let index = start + introducer
    guard index < pending.count else { return .incomplete }
    // A control byte (Esc, Ctrl-C) cannot end SS3: drop `Esc O`, read on.
    guard (0x20..<0x7F).contains(pending[index]) else {
      return .complete(nil, length: introducer)
    }
    return .complete(ss3Key(pending[index]).map(InputEvent.key), length: introducer + 1)
  }

  /// `Esc [ params intermediates final`; X10 mouse (`Esc [ M b x y`) has three
  /// raw bytes after the final. The introducer (`Esc [`, or CSI as a C1
  /// control) is `introducer` bytes long.
  private func decodeCSI(from start: Int, introducer: Int = 2) -> Step {
    if start + introducer < pending.count, pending[start + introducer] == UInt8(ascii: "[") {
      return decodeLinuxFunctionKey(from: start, introducer: introducer)
    }
    var index = start + introducer
    while index < pending.count {
      let byte = pending[index]
      if index - start > Self.maximumSequenceLength { return .complete(nil, length: index - start) }
      switch byte {
      case 0x20...0x3F:
        index += 1
      case 0x40...0x7E:
        let body = Array(pending[(start + introducer)..<index])
        if byte == UInt8(ascii: "M"), body.isEmpty {
          // An Esc or Ctrl-C among the raw bytes means the report was cut
          // off (no valid value is below 32): drop it up to there, read on.
          for offset in 1...3 {
            guard index + offset < pending.count else { return .incomplete }
            if [0x1B, 0x03].contains(pending[index + offset]) {
              return .complete(nil, length: index + offset - start)
            }
          }
          let event = x10Mouse(pending[index + 1], pending[index + 2], pending[index + 3])
          return .complete(event, length: index + 4 - start)
        }
        if byte == UInt8(ascii: "~"), body == Array("200".utf8) {
          return .enter(.paste, length: index + 1 - start)
        }
        if body.first == UInt8(ascii: "?") {
          // No key has the private marker: an answer to a query.
          let report = TerminalReport.privateSequence(Array(body.dropFirst()), final: byte)
          return .report(report, length: index + 1 - start)
        }
        return .complete(csiEvent(body, final: byte), length: index + 1 - start)
      default:
        // A byte that cannot be in a sequence: drop what came so far.
        return .complete(nil, length: index - start)
      }
    }
    return .incomplete
  }

  /// The Linux console's F1–F5: `Esc [ [ A` … `Esc [ [ E`.
  private func decodeLinuxFunctionKey(from start: Int, introducer: Int) -> Step {
    let index = start + introducer + 1
    guard index < pending.count else { return .incomplete }
    let byte = pending[index]
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "E"):
      return .complete(.key(.function(Int(byte) - 0x40)), length: index + 1 - start)
    case 0x20..<0x7F:
      return .complete(nil, length: index + 1 - start)
    default:
      // Esc, Ctrl-C and the like start something of their own.
      return .complete(nil, length: index - start)
    }
  }

  /// Inside a paste every byte is text up to the end marker `Esc [ 201 ~`:
  /// Ctrl-C and other sequences included, so nothing pasted is an action.
  private func decodePaste(from start: Int) -> Step {
    guard pending[start] == 0x1B else {
      // The text up to the next Esc, in one step.
      let end = pending[start...].firstIndex(of: 0x1B) ?? pending.count
      return .complete(nil, length: end - start)
    }
    let available = pending.count - start
    let compared = min(available, Self.pasteEnd.count)
    guard pending[start..<(start + compared)].elementsEqual(Self.pasteEnd[..<compared]) else {
      return .complete(nil, length: 1)
    }
    guard available >= Self.pasteEnd.count else { return .incomplete }
    return .enter(.normal, length: Self.pasteEnd.count)
  }

  private static let pasteEnd = Array("\u{1B}[201~".utf8)

  /// A terminal string is dropped up to BEL or ST (`Esc \`, or ST as a C1
  /// control: `9C`, `C2 9C`), however long. An Esc before anything else
  /// ends it and starts a sequence of its own; CAN and SUB cancel it
  /// (ECMA-48); Ctrl-C ends it and gets through. UTF-8 characters are
  /// skipped whole, so the `9C` inside one (`ќ` is `D1 9C`) does not end the
  /// string. A run of bytes that can neither end it nor start a character
  /// is dropped in one step.
  private func decodeString(from start: Int) -> Step {
    let plain = pending[start...].prefix { !Self.mayEndString($0) }
    if !plain.isEmpty { return .complete(nil, length: plain.count) }
    let byte = pending[start]
    switch byte {
    case 0x07, 0x18, 0x1A, 0x9C:
      return .enter(.normal, length: 1)
    case 0x03:
      return .enter(.normal, length: 1, event: .key(.ctrl("c")))
    case 0x1B:
      guard start + 1 < pending.count else { return .incomplete }
      return .enter(.normal, length: pending[start + 1] == UInt8(ascii: "\\") ? 2 : 0)
    case 0xC2...0xF4:
      let length = byte < 0xE0 ? 2 : (byte < 0xF0 ? 3 : 4)
      var end = start + 1
      while end < start + length {
        guard end < pending.count else { return .incomplete }
        guard pending[end] & 0xC0 == 0x80 else { break }
        end += 1
      }
      if byte == 0xC2, end == start + 2, pending[start + 1] == 0x9C {
        return .enter(.normal, length: 2)
      }
      return .complete(nil, length: end - start)
    default:
      return .complete(nil, length: 1)
    }
  }

  /// True for a byte that may end a terminal string or start a UTF-8
  /// character in it: BEL, CAN, SUB, ST, Ctrl-C, Esc and the lead bytes.
  private static func mayEndString(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x03, 0x07, 0x18, 0x1A, 0x1B, 0x9C, 0xC2...0xF4: return true
    default: return false
    }
  }

  private func csiEvent(_ body: [UInt8], final: UInt8) -> InputEvent? {
    if body.first == UInt8(ascii: "<") { return sgrMouse(body.dropFirst(), final: final) }
    // Keys take plain parameters only (modifiers are ignored); anything else,
    // a number too large included, drops the sequence.
    if final == UInt8(ascii: "u") { return Self.kittyKey(body).map(InputEvent.key) }
    guard let params = Self.parameters(body) else { return nil }
    let first = params.first ?? nil
    switch final {
    case UInt8(ascii: "P"): return .key(.function(1))
    case UInt8(ascii: "Q"): return .key(.function(2))
    case UInt8(ascii: "S"): return .key(.function(4))
    case UInt8(ascii: "A"): return .key(.up)
    case UInt8(ascii: "B"): return .key(.down)
    case UInt8(ascii: "C"): return .key(.right)
    case UInt8(ascii: "D"): return .key(.left)
    case UInt8(ascii: "H"): return .key(.home)
    case UInt8(ascii: "F"): return .key(.end)
    case UInt8(ascii: "Z"): return .key(.backTab)
    case UInt8(ascii: "~"):
      switch first {
      case 1, 7: return .key(.home)
      case 4, 8: return .key(.end)
      case 3: return .key(.delete)
      case 5: return .key(.pageUp)
      case 6: return .key(.pageDown)
      case .some(let n) where (11...15).contains(n): return .key(.function(n - 10))
      case .some(let n) where (17...21).contains(n): return .key(.function(n - 11))
      case .some(let n) where (23...24).contains(n): return .key(.function(n - 12))
      default: return nil
      }
    default:
      return nil
    }
  }

  /// A key in the kitty keyboard protocol's form, `Esc [ code ; modifiers u`
  /// (each field may carry `:`-separated extras), as its "disambiguate" flag
  /// sends them: Esc, Alt and Ctrl with a key, Enter, Tab and Backspace with
  /// a modifier, and the keypad. A key release, or a key or modifier that
  /// has no ``Key`` (Super, Ctrl+Alt, F13…), is nil and is dropped.
  static func kittyKey(_ body: [UInt8]) -> Key? {
    let fields = body.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
    guard (1...3).contains(fields.count),
      let codes = parameters(fields[0].map { $0 == UInt8(ascii: ":") ? UInt8(ascii: ";") : $0 }),
      let code = codes[0]
    else { return nil }
    var modifiers = 0
    if fields.count > 1 {
      let field = fields[1].map { $0 == UInt8(ascii: ":") ? UInt8(ascii: ";") : $0 }
      guard let values = parameters(field), values.count <= 2 else { return nil }
      // 1 + the modifier bits; the event type after `:` (3 is a release).
      guard (values.count < 2 ? nil : values[1]) ?? 1 != 3 else { return nil }
      modifiers = ((values[0] ?? 1) - 1) & ~(64 | 128)  // Caps Lock and Num Lock do not count
      guard modifiers >= 0 else { return nil }
    }
    return kittyKey(code: code, modifiers: modifiers)
  }

  /// `code` (a Unicode code point, or one of the protocol's keypad numbers)
  /// with `modifiers` (1 Shift, 2 Alt, 4 Ctrl, higher bits Super and the
  /// like) as a ``Key``, or nil.
  static func kittyKey(code: Int, modifiers: Int) -> Key? {
    let shift = 1
    let alt = 2
    let ctrl = 4
    guard modifiers & ~(shift | alt | ctrl) == 0 else { return nil }
    switch code {
    case 27: return modifiers & ~shift == 0 ? .escape : nil
    case 13, 57414: return modifiers & ~shift == 0 ? .enter : nil
    case 9: return modifiers == 0 ? .tab : (modifiers == shift ? .backTab : nil)
    case 127, 8: return modifiers & alt == 0 ? .backspace : nil
    case 57417...57426:
      // The keypad's arrows and editing keys; modifiers are ignored, as
      // they are for the other arrows.
      let keys: [Key?] = [.left, .right, .up, .down, .pageUp, .pageDown, .home, .end, nil, .delete]
      return keys[code - 57417]
    default: break
    }
    let keypad: [Int: Character] = [
      57409: ".", 57410: "/", 57411: "*", 57412: "-", 57413: "+", 57415: "=", 57416: ",",
    ]
    let character: Character
    if (57399...57408).contains(code) {
      character = Character(Unicode.Scalar(UInt8(code - 57399) + 0x30))
    } else if let symbol = keypad[code] {
      character = symbol
    } else {
      // Anything else in the private use area is a key of the protocol's
      // own (F13 and up, media keys, lone modifiers): none of ours.
      guard code >= 0x20, code != 0x7F, !(0xE000...0xF8FF).contains(code),
        let scalar = Unicode.Scalar(UInt32(code)), Sanitizer.visible(scalar) == scalar
      else { return nil }
      character = Character(scalar)
    }
    let isLetter = character.isASCII && character.isLetter
    // Shift comes with the unshifted key: only a letter's shifted form is
    // known without the keyboard layout.
    if modifiers & shift != 0, !isLetter { return nil }
    let shifted = modifiers & shift != 0 ? Character(character.uppercased()) : character
    switch modifiers & ~shift {
    case 0: return .character(shifted)
    case alt: return .alt(shifted)
    case ctrl: return isLetter ? .ctrl(Character(character.lowercased())) : nil
    default: return nil
    }
  }

  private func ss3Key(_ byte: UInt8) -> Key? {
    switch byte {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "M"): return .enter
    case UInt8(ascii: "P")...UInt8(ascii: "S"): return .function(Int(byte) - 0x4F)
    default: return nil
    }
  }

  /// The `;`-separated decimal parameters of a CSI sequence, nil for an empty
  /// one; nil for the whole when a parameter is not plain digits (no sign) or
  /// is over ``maximumParameter``, so the caller drops the sequence.
  package static func parameters(_ body: some Collection<UInt8>) -> [Int?]? {
    var result: [Int?] = []
    var current: Int?
    for byte in body {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        let value = (current ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
        guard value <= maximumParameter else { return nil }
        current = value
      case UInt8(ascii: ";"):
        result.append(current)
        current = nil
      default:
        return nil
      }
    }
    result.append(current)
    return result
  }

  /// `Esc [ < b ; x ; y M` (press) or `m` (release); positions are 1-based.
  private func sgrMouse(_ body: ArraySlice<UInt8>, final: UInt8) -> InputEvent? {
    guard let fields = Self.parameters(body), fields.count == 3,
      let button = fields[0], let x = fields[1], let y = fields[2],
      final == UInt8(ascii: "M") || final == UInt8(ascii: "m")
    else { return nil }
    return mouse(button: button, x: x - 1, y: y - 1, released: final == 0x6D)
  }

  /// `Esc [ M b x y` with each value offset by 32.
  private func x10Mouse(_ b: UInt8, _ x: UInt8, _ y: UInt8) -> InputEvent? {
    guard b >= 32, x > 32, y > 32 else { return nil }
    let button = Int(b) - 32
    return mouse(button: button, x: Int(x) - 33, y: Int(y) - 33, released: button & 3 == 3)
  }

  private func mouse(button: Int, x: Int, y: Int, released: Bool) -> InputEvent? {
    guard x >= 0, y >= 0, !released, button & 32 == 0 else { return nil }  // no motion
    let point = Point(x: x, y: y)
    switch button & ~(4 | 8 | 16) {  // without Shift, Meta, Ctrl
    case 0: return .mouse(MouseEvent(.press, at: point))
    case 64: return .mouse(MouseEvent(.wheelUp, at: point))
    case 65: return .mouse(MouseEvent(.wheelDown, at: point))
    default: return nil
    }
  }
}
