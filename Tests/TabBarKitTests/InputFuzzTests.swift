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
  static let terminators: [[UInt8]] = [[0x07], [0x1B, 0x5C], [], [0x1B], [0x9C], [0xC2, 0x9C]]
  /// C1 controls: CSI, SS3, the string introducers, ST and a few others.
  static let c1Controls: [UInt8] = [0x9B, 0x8F, 0x9D, 0x90, 0x98, 0x9E, 0x9F, 0x9C, 0x85, 0x80]
  /// Replies to the start-up queries, and look-alikes.
  static let replies = [
    "?1u", "?0u", "?31u", "?62;22c", "?1;2c", "?6c", "?2026;2$y", "?2026;0$y", "?2004;1$y",
  ]

  mutating func number() -> String {
    below(4) == 0 ? String(generator.next() % 100_000) : pick(Self.numbers)
  }

  /// Printable text that may hold `q` and digits, never Esc or Ctrl-C.
  mutating func text(_ maximum: Int) -> [UInt8] {
    (0..<below(maximum + 1)).map { _ in UInt8(0x20 + below(0x5F)) }
  }

  /// A C1 control as one 8-bit byte or encoded in UTF-8.
  mutating func c1(_ control: UInt8) -> [UInt8] {
    below(2) == 0 ? [control] : [0xC2, control]
  }

  mutating func piece() -> [UInt8] {
    switch below(13) {
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
    case 9:  // a C1 control, 8-bit or UTF-8, then parameters or a string body
      let control = pick(Self.c1Controls)
      let body =
        below(2) == 0
        ? Array((0..<below(4)).map { _ in number() }.joined(separator: ";").utf8) + text(2)
        : text(30)
      return c1(control) + body + pick(Self.terminators)
    case 10:  // a reply to the start-up queries, 7-bit or C1
      let introducer = below(3) == 0 ? c1(0x9B) : [0x1B, 0x5B]
      return introducer + Array(pick(Self.replies).utf8)
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
      var events: [InputEvent] = []
      for chunk in input.chunks(bytes) {
        events += decoder.feed(chunk)
        // Now and then the input goes quiet between reads.
        if !checksCtrlC, input.below(8) == 0 { events += decoder.flush() }
      }
      if checksCtrlC {
        // The input goes quiet; then an unterminated paste or terminal
        // string, and Ctrl-C. Ctrl-C ends the string at once and gets
        // through; in the paste it is text, and gets through once the input
        // goes quiet again.
        events += decoder.flush()
        let pastes = input.below(2) == 0
        let opener =
          pastes
          ? Array("\u{1b}[200~".utf8)
          : input.below(3) == 0
            ? input.c1(input.pick([0x9D, 0x90, 0x98, 0x9E, 0x9F]))
            : [0x1B, input.pick(HostileInput.introducers)]
        let tail = opener + input.text(20) + [0x03]
        bytes += tail
        var tailEvents: [InputEvent] = []
        for chunk in input.chunks(tail) { tailEvents += decoder.feed(chunk) }
        events += tailEvents
        if pastes {
          #expect(tailEvents.isEmpty, "round \(round): the pasted Ctrl-C acted")
          events += decoder.flush()
          events += decoder.feed([0x03])
        }
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

  @Test("big pastes, over the cap, with or without their end marker, are one event in any reads")
  func bigPasteFuzz() {
    var input = HostileInput(generator: SplitMix64(seed: 0xB16_FA57E))
    let tabs = Fixtures.tabs()
    let (app, _) = Fixtures.app(tabs, size: Size(width: 30, height: 12))
    tabs.selectedIndex = 1
    for round in 0..<12 {
      // Pasted text with everything that would act if typed: keys, Ctrl-C,
      // sequences, C1 controls and the paste's own start marker.
      var text: [UInt8] = []
      let length = KeyDecoder.maximumPasteLength - 20_000 + input.below(80_000)
      while text.count < length {
        switch input.below(6) {
        case 0: text += [0x03]
        case 1: text += input.piece().filter { $0 != 0x1B } + Array("\u{1b}[A\u{1b}[200~".utf8)
        case 2: text += input.c1(input.pick(HostileInput.c1Controls))
        default: text += input.text(4000)
        }
      }
      let ends = input.below(3) != 0
      let bytes = Array("\u{1b}[200~".utf8) + text + (ends ? Array("\u{1b}[201~".utf8) : [])
      var decoder = KeyDecoder()
      var events: [InputEvent] = []
      var start = 0
      while start < bytes.count {
        // Reads of any size, as a pty or an ssh link hands them over.
        let end = min(bytes.count, start + 1 + input.below(1 << (4 + input.below(13))))
        events += decoder.feed(bytes[start..<end])
        start = end
      }
      #expect(events.count == (ends ? 1 : 0), "round \(round): \(events.prefix(3))")
      if !ends { events += decoder.flush() }
      guard case .paste(let pasted) = events.first, events.count == 1 else {
        Issue.record("round \(round): not one paste")
        continue
      }
      // Invalid UTF-8 (a raw C1 byte) becomes U+FFFD, three bytes for one:
      // the cap counts the bytes that came, at most one scalar each.
      #expect(pasted.unicodeScalars.count <= KeyDecoder.maximumPasteLength, "round \(round)")
      #expect(
        pasted.utf8.count >= min(length, KeyDecoder.maximumPasteLength - 3), "round \(round)")
      #expect(decoder.feed(Array("x".utf8)) == [.key(.character("x"))], "round \(round)")
      app.send(events[0])
      #expect(!app.isFinished && tabs.selectedIndex == 1, "round \(round)")
    }
  }

  /// The lengths a terminal string is tried at: on both sides of every
  /// bound the decoder or a read has (the OSC bytes kept, a sequence, a
  /// read buffer, the bound strings once had, a paste).
  static let stringLengths = [
    63, 64, 65, 4095, 4096, 65_535, 65_536, 65_537, 65_600, 70_000,
    KeyDecoder.maximumPasteLength - 1, KeyDecoder.maximumPasteLength + 1,
  ]

  @Test("terminal strings of every kind past every length bound are dropped whole to their end")
  func longTerminalStringFuzz() {
    var input = HostileInput(generator: SplitMix64(seed: 0x05C_57A1))
    let tabs = Fixtures.tabs()
    let (app, _) = Fixtures.app(tabs, size: Size(width: 30, height: 12))
    // BEL, ST in three forms, CAN, SUB; none: the input goes quiet.
    let terminators: [[UInt8]?] = [
      [0x07], [0x1B, 0x5C], [0x9C], [0xC2, 0x9C], [0x18], [0x1A], nil,
    ]
    var round = 0
    for length in Self.stringLengths {
      for kind in 0..<5 {
        for form in 0..<3 {
          round += 1
          let seven = HostileInput.introducers[kind]
          let c1: UInt8 = [0x9D, 0x90, 0x9F, 0x9E, 0x98][kind]
          let opener: [UInt8] = [[0x1B, seven], [c1], [0xC2, c1]][form]
          // A body of what would act if typed: q, digits, Tab, Enter,
          // arrows' letters, wide and Cyrillic characters (ќ holds 9C);
          // a random stretch of them, repeated to the length.
          var stretch: [UInt8] = []
          while stretch.count < 512 {
            switch input.below(5) {
            case 0: stretch += Array(input.pick(["q", "2", "\t", "\r", "[A", "中", "ќ", "+"]).utf8)
            default: stretch += input.text(100)
            }
          }
          var body: [UInt8] = Array("11;rgb:".utf8)
          body.reserveCapacity(length + stretch.count)
          while body.count < length { body += stretch }
          let terminator = input.pick(terminators)
          let bytes = opener + body + (terminator ?? [])
          var decoder = KeyDecoder()
          var events: [InputEvent] = []
          var start = 0
          while start < bytes.count {
            let end = min(bytes.count, start + 1 + input.below(1 << (4 + input.below(13))))
            events += decoder.feed(bytes[start..<end])
            start = end
          }
          if terminator == nil {
            #expect(decoder.isInsidePasteOrString, "round \(round): the string ended early")
            events += decoder.flush()
          }
          #expect(events.isEmpty, "round \(round), \(length) bytes: \(events.prefix(3))")
          #expect(decoder.feed(Array("x".utf8)) == [.key(.character("x"))], "round \(round)")
          for event in events { app.send(event) }
          #expect(!app.isFinished && tabs.selectedIndex == 0, "round \(round)")
        }
      }
    }
    #expect(round == Self.stringLengths.count * 15)
  }

  @Test("a sequence or reply split after a burst of keys is decoded whole, however busy the app")
  func splitAfterBurstFuzz() {
    var input = HostileInput(generator: SplitMix64(seed: 0x5B1_17ED))
    let tails: [(bytes: String, reply: Bool)] = [
      ("\u{1b}[A", false), ("\u{1b}[1;5D", false), ("\u{1b}OP", false), ("\u{1b}[<0;3;4M", false),
      ("\u{1b}[15~", false), ("\u{1b}[?1u", true), ("\u{1b}[?62;22c", true),
      ("\u{1b}[?2026;2$y", true), ("\u{9b}?6c", true),
    ]
    for round in 0..<200 {
      let tail = input.pick(tails)
      let tailBytes = Array(tail.bytes.utf8)
      let burst = input.text(4000).map { $0 == 0x1B ? 0x20 : $0 }
      let cut = 1 + input.below(tailBytes.count - 1)
      var playback = InputPlayback(awaitingReplies: tail.reply)
      playback.busy = .microseconds(input.below(3000))
      playback.readSize = 1 + input.below(8192)
      // The rest comes within the escape delay for a split after Esc, and
      // within the sequence or reply delay after more.
      let gap: Duration = cut == 1 ? .milliseconds(input.below(5)) : .milliseconds(input.below(50))
      let events = playback.play([
        (.zero, burst + tailBytes[..<cut]), (gap, Array(tailBytes[cut...])),
      ])
      var whole = KeyDecoder()
      if tail.reply { whole.expectReplies() }
      let expected = whole.feed(burst + tailBytes)
      #expect(events == expected, "round \(round): \(tail.bytes.debugDescription) cut at \(cut)")
      if tail.reply {
        #expect(!events.contains(.key(.escape)), "round \(round)")
      }
    }
  }
}
