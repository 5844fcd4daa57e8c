import Testing

@testable import NcursesTerminal
@testable import TabBarKit

@MainActor
@Suite("Esc without delay: ESCDELAY and the kitty keyboard protocol")
struct EscapeDelayTests {
  func decode(_ text: String, flush: Bool = true) -> [InputEvent] {
    var decoder = KeyDecoder()
    var events = decoder.feed(Array(text.utf8))
    if flush { events += decoder.flush() }
    return events
  }

  @Test("ESCDELAY is whole milliseconds from 0 to 1000; anything else is the 5 ms default")
  func escapeDelayFromEnvironment() {
    #expect(KeyDecoder.defaultEscapeDelay == .milliseconds(5))
    #expect(KeyDecoder.escapeDelay(environment: nil) == .milliseconds(5))
    #expect(KeyDecoder.escapeDelay(environment: "25") == .milliseconds(25))
    #expect(KeyDecoder.escapeDelay(environment: "0") == .zero)
    #expect(KeyDecoder.escapeDelay(environment: "1000") == .seconds(1))
    for bad in ["", "1001", "-7", "+7", " 7", "7ms", "abc", "1e3", "99999999999999999999"] {
      #expect(KeyDecoder.escapeDelay(environment: bad) == .milliseconds(5), "ESCDELAY=\(bad)")
    }
  }

  @Test("only a lone Esc at the end of a read waits the escape delay")
  func onlyALoneEscWaits() {
    let delay = Duration.milliseconds(10)
    var decoder = KeyDecoder()
    #expect(decoder.flushDelay(escapeDelay: delay) == nil, "nothing pending, nothing to wait for")
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.flushDelay(escapeDelay: delay) == delay)
    #expect(decoder.flush() == [.key(.escape)])
    // Every sequence that arrives in one read decodes with no wait at all.
    #expect(
      decoder.feed(Array("\u{1b}[A\u{1b}x\u{1b}OB".utf8)) == [
        .key(.up), .key(.alt("x")), .key(.down),
      ])
    #expect(
      decoder.feed(Array("\u{1b}[<0;5;6M".utf8)) == [
        .mouse(MouseEvent(.press, at: Point(x: 4, y: 5)))
      ])
    #expect(decoder.feed(Array("\u{1b}[200~hi\u{1b}[201~".utf8)) == [.paste("hi")])
    #expect(!decoder.hasPending)
    #expect(decoder.flushDelay(escapeDelay: delay) == nil)
    // Sequences then a lone Esc: the sequences at once, the Esc after the delay.
    #expect(decoder.feed(Array("\u{1b}[B\u{1b}".utf8)) == [.key(.down)])
    #expect(decoder.flushDelay(escapeDelay: delay) == delay)
    #expect(decoder.flush() == [.key(.escape)])
    // A sequence split after more than its Esc gets the longer sequence delay.
    #expect(decoder.feed(Array("\u{1b}[1;".utf8)).isEmpty)
    #expect(decoder.flushDelay(escapeDelay: delay) == KeyDecoder.sequenceDelay)
    #expect(decoder.feed(Array("5C".utf8)) == [.key(.right)])
  }

  @Test("once the terminal sends Esc as CSI 27 u, a lone Esc byte is a split sequence")
  func unambiguousEscape() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(
      decoder.flushDelay(escapeDelay: .milliseconds(10), escapeIsUnambiguous: true)
        == KeyDecoder.sequenceDelay)
    #expect(decoder.feed(Array("[27u".utf8)) == [.key(.escape)])
    #expect(decoder.flushDelay(escapeDelay: .milliseconds(10), escapeIsUnambiguous: true) == nil)
  }

  @Test("the disambiguate flag's CSI u keys decode at once, without a flush")
  func csiUKeys() {
    let keys: [(String, Key)] = [
      ("\u{1b}[27u", .escape),
      ("\u{1b}[27;1u", .escape),
      ("\u{1b}[27;2u", .escape),
      ("\u{1b}[120;3u", .alt("x")),
      ("\u{1b}[120;4u", .alt("X")),
      ("\u{1b}[50;3u", .alt("2")),
      ("\u{1b}[20013;3u", .alt("中")),
      ("\u{1b}[99;5u", .ctrl("c")),
      ("\u{1b}[108;5u", .ctrl("l")),
      ("\u{1b}[108;6u", .ctrl("l")),
      ("\u{1b}[13u", .enter),
      ("\u{1b}[13;2u", .enter),
      ("\u{1b}[9u", .tab),
      ("\u{1b}[9;2u", .backTab),
      ("\u{1b}[127u", .backspace),
      ("\u{1b}[127;5u", .backspace),
      ("\u{1b}[97u", .character("a")),
      ("\u{1b}[97;2u", .character("A")),
      ("\u{1b}[27;65u", .escape),  // Caps Lock does not count
      ("\u{1b}[120;131u", .alt("x")),  // nor Num Lock
      ("\u{1b}[120:88;4u", .alt("X")),  // a shifted key after `:`
      ("\u{1b}[27;1:1u", .escape),  // a press
      ("\u{1b}[27;1:2u", .escape),  // a repeat
      ("\u{1b}[57414u", .enter),  // the keypad's Enter
      ("\u{1b}[57399u", .character("0")),
      ("\u{1b}[57408u", .character("9")),
      ("\u{1b}[57413u", .character("+")),
      ("\u{1b}[57419u", .up),
      ("\u{1b}[57422;5u", .pageDown),
      ("\u{1b}[57426u", .delete),
      ("\u{1b}[1;2P", .function(1)),
      ("\u{1b}[Q", .function(2)),
      ("\u{1b}[1;5S", .function(4)),
    ]
    for (bytes, key) in keys {
      var decoder = KeyDecoder()
      #expect(decoder.feed(Array(bytes.utf8)) == [.key(key)], "\(bytes.debugDescription)")
      #expect(!decoder.hasPending)
    }
  }

  @Test("CSI u keys with no Key of ours are dropped, never typed")
  func unknownCSIUDropped() {
    let dropped = [
      "\u{1b}[27;1:3u",  // a release
      "\u{1b}[120;7u",  // Ctrl+Alt+x
      "\u{1b}[120;9u",  // Super+x
      "\u{1b}[49;5u",  // Ctrl+1
      "\u{1b}[49;2u",  // Shift+1: its shifted key depends on the layout
      "\u{1b}[27;3u",  // Alt+Esc
      "\u{1b}[13;3u",  // Alt+Enter
      "\u{1b}[57376u",  // F13
      "\u{1b}[57441u",  // Left Shift alone
      "\u{1b}[57425u",  // the keypad's Insert
      "\u{1b}[1u",  // a control character
      "\u{1b}[u",  // no code
      "\u{1b}[70000u",  // past the parameter bound
      "\u{1b}[1114112u",  // past Unicode
      "\u{1b}[55296u",  // a surrogate
      "\u{1b}[97;0u",  // modifiers below 1
      "\u{1b}[97;1;97;1u",  // too many fields
      "\u{1b}[>1u", "\u{1b}[=1u", "\u{1b}[<u",
    ]
    for bytes in dropped {
      #expect(decode(bytes).isEmpty, "\(bytes.debugDescription)")
    }
    #expect(decode("\u{1b}[120;7ux") == [.key(.character("x"))], "what follows still decodes")
  }

  @Test("the protocol reply before the device attributes means the terminal speaks it")
  func protocolSupported() {
    var reader = InputReader(escapeDelay: .zero)
    reader.expectReplies()
    #expect(reader.replies.keyboardProtocol == .unknown)
    #expect(reader.read("\u{1b}[?0u\u{1b}[?62;22c").isEmpty, "never keys")
    #expect(reader.replies.keyboardProtocol == .supported(flags: 0))
    #expect(reader.replies.hasDeviceAttributes, "the last reply came")
    #expect(!reader.replies.isAwaitingReplies, "the device attributes end the wait")
    var split = InputReader(escapeDelay: .zero)
    split.expectReplies()
    #expect(split.read("\u{1b}[?1").isEmpty)
    #expect(split.read("u\u{1b}[?6").isEmpty)
    #expect(split.read("4;1cq") == [.key(.character("q"))])
    #expect(split.replies.keyboardProtocol == .supported(flags: 1))
  }

  @Test("the device attributes alone mean the terminal does not; later replies change nothing")
  func protocolUnsupported() {
    var reader = InputReader(escapeDelay: .zero)
    reader.expectReplies()
    #expect(!reader.replies.hasDeviceAttributes)
    #expect(reader.read("\u{1b}[?1;2c").isEmpty, "never keys")
    #expect(reader.replies.hasDeviceAttributes)
    #expect(reader.replies.keyboardProtocol == .unsupported)
    #expect(reader.read("\u{1b}[?1u").isEmpty)
    #expect(reader.replies.keyboardProtocol == .unsupported)
    #expect(decode("\u{1b}[?c\u{1b}[?u\u{1b}[?1:2u").isEmpty, "odd replies are dropped too")
  }

  @Test("the decoder hands the answers out unread, in order, and keeps nothing of them")
  func decoderHandsAnswersOut() {
    var decoder = KeyDecoder()
    var reports: [TerminalReport] = []
    let events = decoder.feed(
      Array("a\u{1b}[?1u\u{1b}]11;rgb:0/0/0\u{7}\u{1b}[?2026;2$yb\u{1b}[?62;4c".utf8),
      reports: &reports)
    #expect(events == [.key(.character("a")), .key(.character("b"))])
    #expect(
      reports == [
        .privateSequence(Array("1".utf8), final: UInt8(ascii: "u")),
        .operatingSystemCommand(Array("11;rgb:0/0/0".utf8)),
        .privateSequence(Array("2026;2$".utf8), final: UInt8(ascii: "y")),
        .privateSequence(Array("62;4".utf8), final: UInt8(ascii: "c")),
      ])
    #expect(!decoder.hasPending)
  }

  @Test("keys around the replies in one read still decode")
  func repliesAmongKeys() {
    #expect(
      decode("a\u{1b}[?1u\u{1b}[27u\u{1b}[?62;4c\u{1b}[A\u{1b}") == [
        .key(.character("a")), .key(.escape), .key(.up), .key(.escape),
      ])
  }
}
