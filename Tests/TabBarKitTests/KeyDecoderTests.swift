import Testing

@testable import TabBarKit

@MainActor
@Suite("Input decoding")
struct KeyDecoderTests {
  func decode(_ text: String, flush: Bool = true) -> [InputEvent] {
    var decoder = KeyDecoder()
    var events = decoder.feed(Array(text.utf8))
    if flush { events += decoder.flush() }
    return events
  }

  @Test("a lone Esc waits for the escape delay; sequences still decode")
  func escape() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.hasPending)
    #expect(decoder.flush() == [.key(.escape)])
    #expect(
      decode("\u{1b}[A\u{1b}OB\u{1b}[1;5C\u{1b}[D") == [
        .key(.up), .key(.down), .key(.right), .key(.left),
      ])
    #expect(
      decode("\u{1b}[5~\u{1b}[6~\u{1b}[H\u{1b}[4~\u{1b}[Z") == [
        .key(.pageUp), .key(.pageDown), .key(.home), .key(.end), .key(.backTab),
      ])
    #expect(decode("\u{1b}\u{1b}[B") == [.key(.escape), .key(.down)])
  }

  @Test("Alt+digit is Esc followed at once by the digit")
  func alt() {
    #expect(decode("\u{1b}3x") == [.key(.alt("3")), .key(.character("x"))])
  }

  @Test("A sequence split across reads is decoded once complete")
  func split() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B, 0x5B]).isEmpty)
    #expect(decoder.feed([0x31, 0x3B]).isEmpty)
    #expect(decoder.feed([0x32, 0x43]) == [.key(.right)])
    #expect(decoder.feed([0xE4, 0xB8]).isEmpty)
    #expect(decoder.feed([0xAD]) == [.key(.character("中"))])
  }

  @Test("SGR and X10 mouse reports become clicks and wheel turns at 0-based cells")
  func mouse() {
    #expect(
      decode("\u{1b}[<0;45;23M\u{1b}[<0;45;23m") == [
        .mouse(MouseEvent(.press, at: Point(x: 44, y: 22)))
      ])
    #expect(
      decode("\u{1b}[<64;1;1M\u{1b}[<65;2;3M") == [
        .mouse(MouseEvent(.wheelUp, at: Point(x: 0, y: 0))),
        .mouse(MouseEvent(.wheelDown, at: Point(x: 1, y: 2))),
      ])
    #expect(decode("\u{1b}[M !!") == [.mouse(MouseEvent(.press, at: Point(x: 0, y: 0)))])
    #expect(decode("\u{1b}[<35;10;10M").isEmpty, "motion is ignored")
  }

  @Test("unknown sequences, invalid UTF-8 and pasted text never become keys")
  func garbage() {
    #expect(decode("\u{1b}[99;99;99q\u{1b}[?1;2c") == [])
    #expect(decode("\u{1b}[200~q1enter\u{1b}[201~2") == [.paste("q1enter"), .key(.character("2"))])
    var decoder = KeyDecoder()
    let events = decoder.feed([0xFF, 0xC0, 0xAF, 0xBF, 0xED, 0xA0, 0xA0, 0xB1, 0x31, 0x41])
    #expect(events == [.key(.character("1")), .key(.character("A"))])
    #expect(decode("a\u{7}b") == [.key(.character("a")), .key(.ctrl("g")), .key(.character("b"))])
  }

  @Test("a fuzz of 100,000 seeded random bytes never crashes the decoder or the app")
  func fuzz() {
    var generator = SplitMix64(seed: 0x7AB_BA12)
    var decoder = KeyDecoder()
    let tabs = Fixtures.tabs()
    try! tabs.setPlusButton(
      PlusButton(index: 1, action: .present({ ListViewController(title: "Compose", rows: []) })))
    let (app, terminal) = Fixtures.app(tabs, clock: ManualClock())
    var sent = 0
    for chunk in 0..<1000 {
      var bytes: [UInt8] = []
      for _ in 0..<100 { bytes.append(UInt8(truncatingIfNeeded: generator.next())) }
      var events = decoder.feed(bytes)
      if chunk % 7 == 0 { events += decoder.flush() }
      if chunk % 100 == 0 {
        terminal.resize(
          to: Size(width: Int(generator.next() % 120) + 1, height: Int(generator.next() % 40) + 1))
      }
      sent += app.sendAllButQuit(events, then: terminal)
      #expect(!app.isFinished)
    }
    #expect(sent > 10_000)
    app.press("q")
    #expect(app.isFinished)
  }
}

/// A small seeded generator, so the fuzz run is the same every time.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
