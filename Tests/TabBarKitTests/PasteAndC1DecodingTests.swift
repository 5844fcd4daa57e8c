import Testing

@testable import TabBarKit

/// Pastes of any size, Ctrl-C inside a paste, and the C1 controls that
/// introduce sequences and strings, as one 8-bit byte or encoded in UTF-8.
@MainActor
@Suite("Pastes and 8-bit control introducers in the decoder")
struct PasteAndC1DecodingTests {
  static let x: InputEvent = .key(.character("x"))
  static let q: InputEvent = .key(.character("q"))
  static let pasteStart = Array("\u{1b}[200~".utf8)
  static let pasteEnd = Array("\u{1b}[201~".utf8)

  func decode(_ bytes: [UInt8], flush: Bool = true) -> [InputEvent] {
    var decoder = KeyDecoder()
    var events = decoder.feed(bytes)
    if flush { events += decoder.flush() }
    return events
  }

  func decode(_ text: String, flush: Bool = true) -> [InputEvent] {
    decode(Array(text.utf8), flush: flush)
  }

  /// `count` bytes of pasted text full of keys that would act if typed:
  /// `q`, digits, `/`, `?`, Enter.
  static func hostileText(_ count: Int) -> [UInt8] {
    let pattern = Array("q1 2?/ab\r".utf8)
    return (0..<count).map { pattern[$0 % pattern.count] }
  }

  @Test("a 300 KB paste with its end marker is one event, and what follows is keys again")
  func bigPasteIsOneEvent() {
    let text = Self.hostileText(300_000)
    let bytes = Self.pasteStart + text + Self.pasteEnd + Array("x".utf8)
    var decoder = KeyDecoder()
    var events: [InputEvent] = []
    // In the pieces a pty hands over.
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + 4095)
      events += decoder.feed(bytes[start..<end])
      start = end
    }
    #expect(events.count == 2, "one paste, then x: \(events.count) events")
    guard case .paste(let pasted) = events.first else {
      Issue.record("no paste first")
      return
    }
    #expect(pasted.utf8.count == KeyDecoder.maximumPasteLength)
    #expect(Array(pasted.utf8) == Array(text.prefix(KeyDecoder.maximumPasteLength)))
    #expect(events.last == Self.x)
    #expect(!decoder.hasPending)
  }

  @Test("past the cap, the rest of a paste is dropped up to the end marker, split anywhere")
  func restOfBigPasteDropped() {
    let text = Self.hostileText(KeyDecoder.maximumPasteLength + 10)
    let bytes = Self.pasteStart + text + Self.pasteEnd + Array("x".utf8)
    // Cut inside the end marker, and just before and after the cap.
    let cuts = [
      bytes.count - 4, bytes.count - 6, bytes.count - 7,
      Self.pasteStart.count + KeyDecoder.maximumPasteLength - 1,
      Self.pasteStart.count + KeyDecoder.maximumPasteLength + 1,
    ]
    for cut in cuts {
      var decoder = KeyDecoder()
      let events = decoder.feed(bytes[..<cut]) + decoder.feed(bytes[cut...])
      #expect(events.count == 2, "cut at \(cut)")
      #expect(events.last == Self.x, "cut at \(cut)")
    }
  }

  @Test("a paste over the cap whose end marker never comes ends at flush, never typed")
  func bigPasteWithoutEndMarker() {
    var decoder = KeyDecoder()
    var events = decoder.feed(Self.pasteStart)
    for _ in 0..<100 { events += decoder.feed(Self.hostileText(10_000)) }
    #expect(events.isEmpty, "nothing before the input goes quiet")
    #expect(decoder.isInsidePasteOrString, "still taking the paste")
    events = decoder.flush()
    #expect(events.count == 1)
    if case .paste(let text) = events.first {
      #expect(text.utf8.count == KeyDecoder.maximumPasteLength)
    } else {
      Issue.record("not a paste: \(events)")
    }
    #expect(decoder.feed(Array("q".utf8)) == [Self.q], "after the quiet period keys are keys")
  }

  @Test("a paste cut at the cap never ends in half a character")
  func cutAtCharacter() {
    // 3-byte characters that straddle the cap.
    let character = Array("中".utf8)
    let text = (0..<(KeyDecoder.maximumPasteLength / 3 + 10)).flatMap { _ in character }
    let events = decode(Self.pasteStart + [0x61] + text + Self.pasteEnd)
    guard case .paste(let pasted) = events.first, events.count == 1 else {
      Issue.record("not one paste: \(events.count)")
      return
    }
    #expect(!pasted.unicodeScalars.contains("\u{FFFD}"))
    #expect(pasted.utf8.count <= KeyDecoder.maximumPasteLength)
    #expect(pasted.utf8.count > KeyDecoder.maximumPasteLength - 3)
    #expect(pasted.hasPrefix("a中"))
  }

  @Test("Ctrl-C inside a paste, as a byte or as the kitty protocol's key, is text, not an action")
  func ctrlCInsidePasteIsText() {
    #expect(decode("\u{1b}[200~ab\u{3}q\u{1b}[201~x") == [.paste("ab\u{3}q"), Self.x])
    #expect(
      decode("\u{1b}[200~a\u{1b}[99;5ub\u{1b}[201~") == [.paste("a\u{1b}[99;5ub")],
      "a Ctrl-C sequence pasted is pasted")
    // Split on the Ctrl-C.
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1b}[200~q1".utf8)).isEmpty)
    #expect(decoder.feed([0x03]).isEmpty)
    #expect(decoder.feed(Array("2\u{1b}[201~".utf8)) == [.paste("q1\u{3}2")])
    // Only once a paste that never ends has gone quiet is Ctrl-C a key again.
    #expect(decoder.feed(Array("\u{1b}[200~q\u{3}".utf8)).isEmpty)
    #expect(decoder.flush() == [.paste("q\u{3}")])
    #expect(decoder.feed([0x03]) == [.key(.ctrl("c"))])
  }

  @Test("a pasted 0x03, q and digits over a list neither quit nor switch tabs")
  func pasteOverAList() {
    let tabs = Fixtures.tabs()
    let (app, _) = Fixtures.app(tabs)
    tabs.selectedIndex = 2
    var decoder = KeyDecoder()
    let paste = Self.pasteStart + Self.hostileText(300_000) + [0x03] + Self.pasteEnd
    for event in decoder.feed(paste) + decoder.flush() { app.send(event) }
    #expect(!app.isFinished)
    #expect(tabs.selectedIndex == 2)
    #expect(!app.isShowingHelp)
  }

  /// A C1 control as one 8-bit byte and encoded in UTF-8.
  static func c1(_ control: UInt8) -> [[UInt8]] { [[control], [0xC2, control]] }

  @Test("CSI and SS3 as 8-bit or UTF-8 control characters decode as Esc [ and Esc O do")
  func c1Sequences() {
    for csi in Self.c1(0x9B) {
      #expect(decode(csi + Array("A".utf8)) == [.key(.up)], "\(csi)")
      #expect(decode(csi + Array("1;5C".utf8) + [0x78]) == [.key(.right), Self.x], "\(csi)")
      #expect(
        decode(csi + Array("<0;5;6M".utf8)) == [.mouse(MouseEvent(.press, at: Point(x: 4, y: 5)))])
      #expect(decode(csi + Array("99;99q1".utf8)) == [.key(.character("1"))], "unknown: dropped")
      #expect(decode(csi + Array("[B".utf8)) == [.key(.function(2))], "\(csi)")
      #expect(decode(csi + Array("200~q2\u{1b}[201~".utf8)) == [.paste("q2")], "\(csi)")
      // Split after the introducer, or inside it.
      let bytes = csi + Array("2;5Dx".utf8)
      for cut in 1..<bytes.count {
        var decoder = KeyDecoder()
        let events = decoder.feed(bytes[..<cut]) + decoder.feed(bytes[cut...])
        #expect(events == [.key(.left), Self.x], "\(csi) cut at \(cut)")
      }
    }
    for ss3 in Self.c1(0x8F) {
      #expect(decode(ss3 + Array("Px".utf8)) == [.key(.function(1)), Self.x], "\(ss3)")
    }
  }

  @Test("OSC, DCS, SOS, PM and APC as 8-bit or UTF-8 controls drop their bodies up to any ST")
  func c1Strings() {
    let terminators: [[UInt8]] = [[0x07], [0x1B, 0x5C], [0x9C], [0xC2, 0x9C]]
    for introducer: UInt8 in [0x9D, 0x90, 0x98, 0x9E, 0x9F] {
      for opener in Self.c1(introducer) {
        for terminator in terminators {
          let bytes = opener + Array("11;q2/?\r中ќ".utf8) + terminator + Array("x".utf8)
          #expect(decode(bytes) == [Self.x], "\(opener) … \(terminator)")
          for cut in 1..<bytes.count {
            var decoder = KeyDecoder()
            let events = decoder.feed(bytes[..<cut]) + decoder.feed(bytes[cut...])
            #expect(events == [Self.x], "\(opener) … \(terminator) cut at \(cut)")
          }
        }
        // Unterminated: dropped at flush; Ctrl-C still ends it and gets through.
        #expect(decode(opener + Array("q12".utf8)).isEmpty)
        #expect(decode(opener + Array("q1\u{3}q".utf8)) == [.key(.ctrl("c")), Self.q])
      }
    }
    // 7-bit strings end at the C1 ST too.
    #expect(decode(Array("\u{1b}]0;q1".utf8) + [0xC2, 0x9C] + Array("x".utf8)) == [Self.x])
  }

  @Test("a 9C byte inside a UTF-8 character does not end a terminal string")
  func stInsideCharacter() {
    // ќ is D1 9C; Ü is C3 9C.
    for opener in [Array("\u{1b}]".utf8), [0x9D], [0xC2, 0x9D]] {
      let bytes = opener + Array("ќq1Ü2".utf8) + [0x07] + Array("x".utf8)
      #expect(decode(bytes) == [Self.x], "\(opener)")
    }
  }

  @Test("other 8-bit controls and a lone ST are dropped, as bytes or in UTF-8")
  func otherC1Dropped() {
    for control: UInt8 in [0x80, 0x84, 0x85, 0x8D, 0x8E, 0x9A, 0x9C] {
      for bytes in Self.c1(control) {
        #expect(decode(bytes + Array("x".utf8)) == [Self.x], "\(bytes)")
      }
    }
    // Non-C1 characters around them still decode.
    #expect(decode("é\u{85}ü") == [.key(.character("é")), .key(.character("ü"))])
  }

  @Test("inside a paste 8-bit controls are pasted text, and an 8-bit CSI does not end it")
  func c1InsidePaste() {
    let bytes = Self.pasteStart + [0x9B] + Array("201~q".utf8) + [0xC2, 0x9D] + Self.pasteEnd
    let events = decode(bytes)
    #expect(events.count == 1)
    guard case .paste = events.first else {
      Issue.record("not a paste: \(events)")
      return
    }
  }
}
