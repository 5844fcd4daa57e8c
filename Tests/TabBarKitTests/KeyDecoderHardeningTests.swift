import Testing

@testable import TabBarKit

/// Hostile or unusual input: numbers at the edge of `Int`, unterminated pastes
/// and terminal strings, Linux console F-keys and Alt with non-ASCII keys.
@MainActor
@Suite("Input decoding, hardened")
struct KeyDecoderHardeningTests {
  func decode(_ text: String, flush: Bool = true) -> [InputEvent] {
    var decoder = KeyDecoder()
    var events = decoder.feed(Array(text.utf8))
    if flush { events += decoder.flush() }
    return events
  }

  static let x: InputEvent = .key(.character("x"))
  static let q: InputEvent = .key(.character("q"))
  static let ctrlC: InputEvent = .key(.ctrl("c"))

  @Test("numbers at the edge of Int in mouse reports and CSI parameters never trap")
  func hugeNumbers() {
    let min = "-9223372036854775808"
    let max = "9223372036854775807"
    let huge = "99999999999999999999"
    for text in [
      "\u{1b}[<0;\(min);5M", "\u{1b}[<0;\(max);5M", "\u{1b}[<0;5;\(min)M", "\u{1b}[<0;5;\(max)M",
      "\u{1b}[<\(min);1;1M", "\u{1b}[<\(max);1;1M", "\u{1b}[<0;\(huge);5M", "\u{1b}[<0;\(max);5m",
      "\u{1b}[\(huge)~", "\u{1b}[\(max)~", "\u{1b}[\(min)~", "\u{1b}[1;\(huge)~",
      "\u{1b}[\(max);\(max)A", "\u{1b}[<0;+1;+1M", "\u{1b}[<0;0;0M",
    ] {
      #expect(decode(text + "x") == [Self.x], "\(text.debugDescription)")
    }
    // Ordinary values still decode.
    #expect(decode("\u{1b}[<0;300;100M") == [.mouse(MouseEvent(.press, at: Point(x: 299, y: 99)))])
    #expect(decode("\u{1b}[15~\u{1b}[24~") == [.key(.function(5)), .key(.function(12))])
  }

  @Test("an unterminated paste over the cap is never typed; after flush() q quits")
  func pasteBoundedBySize() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1b}[200~".utf8)).isEmpty)
    let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 4096)
    var events: [InputEvent] = []
    for _ in 0..<(1 << 19) / chunk.count { events += decoder.feed(chunk) }
    #expect(events.isEmpty, "no byte of the paste became a key")
    events = decoder.flush()
    guard case .paste(let pasted) = events.first, events.count == 1 else {
      Issue.record("the paste so far comes as one event")
      return
    }
    #expect(pasted.utf8.count == KeyDecoder.maximumPasteLength)
    #expect(decoder.feed(Array("q".utf8)) == [Self.q])
  }

  @Test("an unterminated paste ends when flush() says the input went quiet")
  func pasteEndedByFlush() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1b}[200~q2".utf8)).isEmpty)
    #expect(decoder.hasPending, "the terminal must call flush() after a quiet period")
    #expect(decoder.flush() == [.paste("q2")], "the paste so far, as one event, never keys")
    #expect(!decoder.hasPending)
    #expect(decoder.feed(Array("q".utf8)) == [Self.q])
    // A paste that is cut off inside its end marker ends the same way.
    #expect(decoder.feed(Array("\u{1b}[200~abc\u{1b}[20".utf8)).isEmpty)
    #expect(decoder.flush() == [.paste("abc")])
    #expect(decoder.feed(Array("2".utf8)) == [.key(.character("2"))])
  }

  @Test("Ctrl-C inside a paste is pasted text; a paste is one event, split anywhere")
  func ctrlCInsidePaste() {
    #expect(decode("\u{1b}[200~abc\u{3}q") == [.paste("abc\u{3}q")])
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1b}[200~q1".utf8)).isEmpty)
    #expect(decoder.feed([0x03]).isEmpty)
    _ = decoder.flush()
    // A normal paste, split anywhere, is dropped whole.
    let paste = Array("\u{1b}[200~q1\u{1b}[Aenter\u{1b}[201~2".utf8)
    for cut in 1..<paste.count {
      var decoder = KeyDecoder()
      let events = decoder.feed(paste[..<cut]) + decoder.feed(paste[cut...]) + decoder.flush()
      #expect(events == [.paste("q1\u{1b}[Aenter"), .key(.character("2"))], "cut at \(cut)")
    }
  }

  @Test("OSC, DCS, APC, PM and SOS strings are dropped whole up to BEL or ST")
  func terminalStrings() {
    for introducer in ["]", "P", "_", "^", "X"] {
      for terminator in ["\u{7}", "\u{1b}\\"] {
        let text = "\u{1b}\(introducer)11;rgb:q2/0000/ffff\(terminator)x"
        #expect(decode(text) == [Self.x], "\(text.debugDescription)")
        // Split anywhere across feeds.
        let bytes = Array(text.utf8)
        for cut in 1..<bytes.count {
          var decoder = KeyDecoder()
          let events = decoder.feed(bytes[..<cut]) + decoder.feed(bytes[cut...])
          #expect(events == [Self.x], "\(text.debugDescription) cut at \(cut)")
        }
      }
    }
    // An Esc that is not ST ends the string and starts a sequence of its own.
    #expect(decode("\u{1b}]0;title q\u{1b}[Ax") == [.key(.up), Self.x])
  }

  @Test("an unterminated terminal string ends on flush() and on Ctrl-C, never by its length")
  func unterminatedTerminalStrings() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1b}]52;c;q2q2".utf8)).isEmpty)
    #expect(decoder.hasPending, "the terminal must call flush() after a quiet period")
    #expect(decoder.flush().isEmpty)
    #expect(decoder.feed(Array("q".utf8)) == [Self.q])
    // Ctrl-C always gets through.
    #expect(decode("\u{1b}Pq2\u{3}q") == [Self.ctrlC, Self.q])
    // Half a MiB of a string is still the string: no byte of it is a key.
    #expect(decoder.feed(Array("\u{1b}_".utf8)).isEmpty)
    let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 4096)
    var events: [InputEvent] = []
    for _ in 0..<(1 << 19) / chunk.count { events += decoder.feed(chunk) }
    #expect(events.isEmpty, "\(events.count) keys from the string's body")
    #expect(decoder.isInsidePasteOrString)
    #expect(decoder.feed(Array("q\u{1b}\\q".utf8)) == [Self.q], "ST ends it, after any length")
  }

  @Test("an OSC 11 of 65,600 bytes then q and ST is dropped whole: the q is no key")
  func longBackgroundReplyEndsAtItsTerminator() {
    let body = String(repeating: "x", count: 65_600)
    #expect(decode("\u{1b}]11;rgb:\(body)q\u{1b}\\") == [])
    // As the terminal hands it over: in reads of 64 KiB and less.
    let bytes = Array("\u{1b}]11;rgb:\(body)q\u{1b}\\x".utf8)
    for size in [1 << 16, 4096, 4095, 17] {
      var decoder = KeyDecoder()
      var events: [InputEvent] = []
      for start in stride(from: 0, to: bytes.count, by: size) {
        events += decoder.feed(bytes[start..<min(bytes.count, start + size)])
      }
      #expect(events == [Self.x], "in reads of \(size)")
    }
    // An APC of 70,000 bytes that types a title, ended by BEL.
    let apc = "\u{1b}_" + String(repeating: "Injected", count: 8_750) + "\u{7}x"
    #expect(decode(apc) == [Self.x])
  }

  @Test("Linux console F1–F5 (Esc [ [ A … E) decode as function keys")
  func linuxConsoleFunctionKeys() {
    #expect(
      decode("\u{1b}[[A\u{1b}[[B\u{1b}[[C\u{1b}[[D\u{1b}[[Ex") == [
        .key(.function(1)), .key(.function(2)), .key(.function(3)), .key(.function(4)),
        .key(.function(5)), Self.x,
      ])
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1b}[[".utf8)).isEmpty)
    #expect(decoder.feed(Array("C".utf8)) == [.key(.function(3))])
    #expect(decode("\u{1b}[[Zx") == [Self.x], "an unknown one is dropped, not read as Z")
  }

  @Test("Esc followed by a non-ASCII character is Alt with that character")
  func altNonASCII() {
    #expect(decode("\u{1b}中x") == [.key(.alt("中")), Self.x])
    #expect(decode("\u{1b}é\u{1b}😀") == [.key(.alt("é")), .key(.alt("😀"))])
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B, 0xE4]).isEmpty)
    #expect(decoder.feed([0xB8]).isEmpty)
    #expect(decoder.feed([0xAD]) == [.key(.alt("中"))])
    // A cut-off character after Esc is dropped, not read as Esc.
    #expect(decoder.feed([0x1B, 0xE4, 0xB8]).isEmpty)
    #expect(decoder.flush().isEmpty)
  }

  @Test("Ctrl-C and Esc are never eaten as the raw bytes of a cut-off X10 report or SS3")
  func controlBytesAfterCutOffSequences() {
    #expect(decode("\u{1b}[M\u{1b}]\u{3}") == [Self.ctrlC])
    #expect(decode("\u{1b}[M!\u{3}x") == [Self.ctrlC, Self.x])
    #expect(decode("\u{1b}O\u{3}x") == [Self.ctrlC, Self.x])
    #expect(decode("\u{1b}O\u{1b}[Ax") == [.key(.up), Self.x])
    #expect(decode("\u{1b}[M\u{1b}[B") == [.key(.down)])
    // Whole reports still decode.
    #expect(
      decode("\u{1b}[M !!\u{1b}OP") == [
        .mouse(MouseEvent(.press, at: Point(x: 0, y: 0))), .key(.function(1)),
      ])
  }

  @Test("the terminal waits the quiet period, not the escape delay, inside a paste")
  func quietPeriodInsidePasteOrString() {
    var decoder = KeyDecoder()
    _ = decoder.feed([0x1B])
    #expect(decoder.hasPending && !decoder.isInsidePasteOrString, "a lone Esc: escape delay")
    #expect(decoder.flush() == [.key(.escape)])
    for opener in ["\u{1b}[200~", "\u{1b}]", "\u{1b}P"] {
      #expect(decoder.feed(Array((opener + "abc").utf8)).isEmpty)
      #expect(decoder.hasPending && decoder.isInsidePasteOrString, "\(opener.debugDescription)")
      #expect(decoder.flush() == (opener == "\u{1b}[200~" ? [.paste("abc")] : []))
      #expect(!decoder.hasPending && !decoder.isInsidePasteOrString)
    }
    #expect(KeyDecoder.quietPeriod > .milliseconds(25), "longer than the escape delay")
    #expect(KeyDecoder.quietPeriod <= .seconds(1), "short enough not to feel stuck")
  }
}
