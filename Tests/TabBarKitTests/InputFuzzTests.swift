import Testing

@testable import TabBarKit

/// Builds hostile input out of the pieces terminals (and attackers) send:
/// CSI sequences with numbers at the edges of `Int`, mouse reports, terminal
/// strings with and without terminators, unpaired paste markers, random bytes.
struct HostileInput {
  var generator: SplitMix64

  mutating func below(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
  mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

  static let numbers = [
    "", "0", "1", "2", "5", "15", "24", "200", "201", "65535", "-1", "+5",
    "9223372036854775807", "-9223372036854775808", "9223372036854775808",
    "99999999999999999999999999999999999999999999999999999999999999999999",
  ]
  static let introducers: [UInt8] = Array("]P_^X".utf8)
  static let terminators: [[UInt8]] = [[0x07], [0x1B, 0x5C], [], [0x1B]]

  mutating func number() -> String {
    below(4) == 0 ? String(generator.next() % 100_000) : pick(Self.numbers)
  }

  /// Printable text that may hold `q` and digits, never Esc or Ctrl-C.
  mutating func text(_ maximum: Int) -> [UInt8] {
    (0..<below(maximum + 1)).map { _ in UInt8(0x20 + below(0x5F)) }
  }

  mutating func piece() -> [UInt8] {
    switch below(11) {
    case 0:  // CSI with parameters
      let marker = pick(["", "<", "?", ">"])
      let params = (0..<below(5)).map { _ in number() }.joined(separator: ";")
      let final = below(3) == 0 ? UInt8(0x40 + below(0x3F)) : pick(Array("ABCDHFZ~Mm".utf8))
      return Array("\u{1b}[\(marker)\(params)".utf8) + [final]
    case 1:  // SGR mouse
      let text = "\u{1b}[<\(number());\(number());\(number())\(pick(["M", "m"]))"
      return Array(text.utf8)
    case 2:  // X10 mouse, any raw bytes
      return [0x1B, 0x5B, 0x4D] + (0..<3).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    case 3:  // OSC, DCS, APC, PM, SOS, terminated or not
      return [0x1B, pick(Self.introducers)] + text(40) + pick(Self.terminators)
    case 4:  // an unpaired paste marker
      return Array(pick(["\u{1b}[200~", "\u{1b}[201~"]).utf8)
    case 5:  // a whole paste
      return Array("\u{1b}[200~".utf8) + text(30) + Array("\u{1b}[201~".utf8)
    case 6:  // Linux console F-keys and SS3
      return [0x1B, pick([0x5B, 0x4F]), pick([0x5B, 0x41, 0x45, 0x50, 0x5A, 0x03])]
    case 7:  // Esc then a character, maybe cut off
      let character = Array(pick(["中", "é", "😀", "a", "2"]).utf8)
      return [0x1B] + character.prefix(below(character.count) + 1)
    case 8:  // plain keys
      return text(3)
    default:  // random bytes
      return (0..<below(12)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }
  }

  /// Splits `bytes` into random-sized chunks, as reads from a terminal would.
  mutating func chunks(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var result: [ArraySlice<UInt8>] = []
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + 1 + below(16))
      result.append(bytes[start..<end])
      start = end
    }
    return result
  }
}

@MainActor
@Suite("Input fuzz")
struct InputFuzzTests {
  @Test("structured hostile input never traps, and q and Ctrl-C still get through")
  func structuredFuzz() {
    var input = HostileInput(generator: SplitMix64(seed: 0x5EED_F00D))
    var decoder = KeyDecoder()
    let (app, terminal) = Fixtures.app(
      Fixtures.tabs(), size: Size(width: 30, height: 12), clock: ManualClock())
    var sent = 0
    var ctrlCChecks = 0
    for round in 0..<3000 {
      var bytes: [UInt8] = []
      for _ in 0..<(1 + input.below(4)) {
        let piece = input.piece()
        // Now and then a piece is cut off, as when a read ends mid-sequence.
        bytes += input.below(6) == 0 ? Array(piece.prefix(input.below(piece.count + 1))) : piece
      }
      let checksCtrlC = round % 10 == 0
      if checksCtrlC {
        // An unterminated paste or terminal string, then Ctrl-C.
        let opener =
          input.below(2) == 0
          ? Array("\u{1b}[200~".utf8) : [0x1B, input.pick(HostileInput.introducers)]
        bytes += opener + input.text(20) + [0x03]
      }
      var events: [InputEvent] = []
      for chunk in input.chunks(bytes) {
        events += decoder.feed(chunk)
        // Now and then the input goes quiet between reads.
        if !checksCtrlC, input.below(8) == 0 { events += decoder.flush() }
      }
      if checksCtrlC {
        #expect(events.last == .key(.ctrl("c")), "round \(round): \(bytes)")
        // Ctrl-C ended the paste or string: the next key is a key again.
        #expect(decoder.feed(Array("q".utf8)) == [.key(.character("q"))], "round \(round)")
        ctrlCChecks += 1
      }
      if round % 100 == 0 {
        // Mostly usable sizes (small ones render fast), now and then a tiny
        // one, or one past the largest size in either direction.
        switch input.below(5) {
        case 0:
          terminal.resize(to: Size(width: input.below(20) + 1, height: input.below(7) + 1))
        case 1:
          let huge = input.pick([4001, 32768, 40000, 65535])
          let other = input.pick([1, 12, 1001, 40000])
          terminal.resize(
            to: input.below(2) == 0
              ? Size(width: huge, height: other) : Size(width: other, height: huge))
        default:
          terminal.resize(to: Size(width: input.below(30) + 20, height: input.below(10) + 7))
        }
      }
      sent += app.sendAllButQuit(events, then: terminal)
      #expect(!app.isFinished)
      #expect(app.lastFrame.size.width * app.lastFrame.size.height <= 80 * 24)
    }
    #expect(sent > 3000)
    #expect(ctrlCChecks == 300)
    // Once the input goes quiet (the terminal calls flush()), a plain q quits.
    _ = decoder.flush()
    let events = decoder.feed(Array("q".utf8))
    #expect(events == [.key(.character("q"))])
    for event in events { app.send(event) }
    #expect(app.isFinished)
  }
}
