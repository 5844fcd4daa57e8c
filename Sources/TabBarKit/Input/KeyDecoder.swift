/// Turns the bytes a terminal sends into events: UTF-8 characters, control
/// keys, CSI and SS3 sequences (arrows, Home/End, PgUp/PgDn, F-keys, with or
/// without modifiers), X10 and SGR mouse reports, and bracketed paste.
///
/// Nothing it does not understand becomes text: unknown or broken sequences,
/// invalid UTF-8, pasted text and terminal strings (OSC, DCS, APC, PM, SOS
/// replies) are dropped whole, so a burst of garbage can never select a tab
/// or quit. A lone Esc is held until ``flush()``, which the terminal calls
/// when no byte followed within the escape delay (I1).
///
/// A paste or terminal string that never ends cannot lock the input: it ends
/// once it is longer than a bound, when ``flush()`` is called (the terminal
/// does so after ``quietPeriod`` without a byte, see
/// ``isInsidePasteOrString``), and at Ctrl-C, which always gets through (I4).
package struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []
  private var mode = Mode.normal
  /// Bytes dropped since the paste or terminal string began.
  private var dropped = 0
  /// The bytes of the paste so far.
  private var pasted: [UInt8] = []

  private enum Mode: Sendable {
    /// Keys, characters and sequences.
    case normal
    /// Inside a bracketed paste, up to `Esc [ 201 ~`.
    case paste
    /// Inside an OSC, DCS, APC, PM or SOS string, up to BEL or ST (`Esc \`).
    case string
  }

  /// A paste longer than this ends, so a lost end marker cannot swallow
  /// every later key; the rest is read as keys.
  static let maximumPasteLength = 1 << 18
  /// A terminal string longer than this ends; replies are far shorter.
  static let maximumStringLength = 1 << 16

  /// How long a paste or terminal string may go without a byte before the
  /// terminal should call ``flush()`` to end it. Longer than the escape delay,
  /// so a paste that arrives in pieces (over ssh) is not cut short.
  package static let quietPeriod: Duration = .milliseconds(500)

  /// A sequence longer than this is garbage and is dropped.
  static let maximumSequenceLength = 64

  /// A parameter above this is garbage: its sequence is dropped, so no number
  /// from the terminal can overflow (a mouse position at `Int.max` would).
  static let maximumParameter = 65_535

  /// Creates a decoder with nothing pending.
  package init() {}

  /// True when bytes wait for the rest of a sequence (or for the escape
  /// delay to pass, for a lone Esc), or a paste or terminal string is open:
  /// either way the terminal calls ``flush()`` once the input goes quiet.
  package var hasPending: Bool { !pending.isEmpty || mode != .normal }

  /// True inside a paste or terminal string: the terminal then waits
  /// ``quietPeriod`` (not the escape delay) after the last byte before it
  /// calls ``flush()``.
  package var isInsidePasteOrString: Bool { mode != .normal }

  /// Decodes `bytes` after what was pending; returns the complete events.
  /// Complexity: O(n) in the bytes.
  package mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
    pending.append(contentsOf: bytes)
    var events: [InputEvent] = []
    var start = 0
    while start < pending.count {
      switch decode(from: start) {
      case .complete(let event, let length):
        if let event { events.append(event) }
        if mode != .normal { dropped += length }
        if mode == .paste { pasted.append(contentsOf: pending[start..<(start + length)]) }
        start += length
      case .enter(let newMode, let length, let event):
        // A paste ends as one event; Ctrl-C, which also ends it, drops it.
        if mode == .paste, event == nil, let paste = takePaste() { events.append(paste) }
        pasted.removeAll()
        if let event { events.append(event) }
        mode = newMode
        dropped = 0
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
      mode = .normal
      dropped = 0
    }
    if pending == [0x1B], mode == .normal { return [.key(.escape)] }
    if mode == .paste, let paste = takePaste() { return [paste] }
    return []
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
    default:
      return decodeUTF8(from: start)
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
      guard start + 2 < pending.count else { return .incomplete }
      // A control byte (Esc, Ctrl-C) cannot end SS3: drop `Esc O`, read on.
      guard (0x20..<0x7F).contains(pending[start + 2]) else { return .complete(nil, length: 2) }
      return .complete(ss3Key(pending[start + 2]).map(InputEvent.key), length: 3)
    case 0x1B:
      // Esc Esc: the first is a key of its own.
      return .complete(.key(.escape), length: 1)
    case 0x20..<0x7F:
      return .complete(.key(.alt(Character(Unicode.Scalar(next)))), length: 2)
    case 0x80...:
      // Alt with a non-ASCII key (Alt-中): Esc then one UTF-8 character. Esc
      // then invalid UTF-8 stays Esc; the bad bytes are dropped after it.
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

  /// `Esc [ params intermediates final`; X10 mouse (`Esc [ M b x y`) has three
  /// raw bytes after the final.
  private func decodeCSI(from start: Int) -> Step {
    if start + 2 < pending.count, pending[start + 2] == UInt8(ascii: "[") {
      return decodeLinuxFunctionKey(from: start)
    }
    var index = start + 2
    while index < pending.count {
      let byte = pending[index]
      if index - start > Self.maximumSequenceLength { return .complete(nil, length: index - start) }
      switch byte {
      case 0x20...0x3F:
        index += 1
      case 0x40...0x7E:
        let body = Array(pending[(start + 2)..<index])
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
        return .complete(csiEvent(body, final: byte), length: index + 1 - start)
      default:
        // A byte that cannot be in a sequence: drop what came so far.
        return .complete(nil, length: index - start)
      }
    }
    return .incomplete
  }

  /// The Linux console's F1–F5: `Esc [ [ A` … `Esc [ [ E`.
  private func decodeLinuxFunctionKey(from start: Int) -> Step {
    guard start + 3 < pending.count else { return .incomplete }
    let byte = pending[start + 3]
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "E"):
      return .complete(.key(.function(Int(byte) - 0x40)), length: 4)
    case 0x20..<0x7F:
      return .complete(nil, length: 4)
    default:
      // Esc, Ctrl-C and the like start something of their own.
      return .complete(nil, length: 3)
    }
  }

  private func decodePaste(from start: Int) -> Step {
    // Pasted text is dropped up to the end marker `Esc [ 201 ~`.
    if dropped >= Self.maximumPasteLength { return .enter(.normal, length: 0) }
    let end: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
    switch pending[start] {
    case 0x1B: break
    case 0x03: return .enter(.normal, length: 1, event: .key(.ctrl("c")))
    default: return .complete(nil, length: 1)
    }
    let available = pending.count - start
    let compare = min(available, end.count)
    guard Array(pending[start..<(start + compare)]) == Array(end[..<compare]) else {
      return .complete(nil, length: 1)
    }
    if available < end.count { return .incomplete }
    return .enter(.normal, length: end.count)
  }

  /// A terminal string is dropped up to BEL or ST (`Esc \`). An Esc before
  /// anything else ends it and starts a sequence of its own; CAN and SUB
  /// cancel it (ECMA-48); Ctrl-C ends it and gets through.
  private func decodeString(from start: Int) -> Step {
    if dropped >= Self.maximumStringLength { return .enter(.normal, length: 0) }
    switch pending[start] {
    case 0x07, 0x18, 0x1A:
      return .enter(.normal, length: 1)
    case 0x03:
      return .enter(.normal, length: 1, event: .key(.ctrl("c")))
    case 0x1B:
      guard start + 1 < pending.count else { return .incomplete }
      return .enter(.normal, length: pending[start + 1] == UInt8(ascii: "\\") ? 2 : 0)
    default:
      return .complete(nil, length: 1)
    }
  }

  private func csiEvent(_ body: [UInt8], final: UInt8) -> InputEvent? {
    if body.first == UInt8(ascii: "<") { return sgrMouse(body.dropFirst(), final: final) }
    // Keys take plain parameters only (modifiers are ignored); anything else,
    // a number too large included, drops the sequence.
    guard let params = Self.parameters(body) else { return nil }
    let first = params.first ?? nil
    switch final {
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
  static func parameters(_ body: some Collection<UInt8>) -> [Int?]? {
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
