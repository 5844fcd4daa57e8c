import Testing

@testable import NcursesTerminal
@testable import TabBarKit

/// Plays a terminal's input against an ``InputReader`` the way the ncurses
/// backend's read loop drives it, on a manual clock: bytes arrive at set
/// times; a read takes at most `readSize` bytes of what has arrived; the app
/// spends `busy` on every event it takes; with nothing to read, the loop
/// notes the input empty and sleeps until the next arrival or flush time.
@MainActor
struct InputPlayback {
  var reader: InputReader
  let clock = ManualClock()
  var busy: Duration = .zero
  var readSize = 4096

  init(escapeDelay: Duration = .milliseconds(5), awaitingReplies: Bool = false) {
    reader = InputReader(escapeDelay: escapeDelay)
    if awaitingReplies { reader.expectReplies() }
  }

  /// Every event decoded from `arrivals` (times from the clock's now, in
  /// order), and the final flush once the input ends.
  mutating func play(_ arrivals: [(at: Duration, bytes: [UInt8])]) -> [InputEvent] {
    var waiting: [UInt8] = []
    var next = 0
    var events: [InputEvent] = []
    while true {
      if let event = reader.takeEvent() {
        events.append(event)
        clock.advance(by: busy)
        continue
      }
      while next < arrivals.count, arrivals[next].at <= clock.now {
        waiting += arrivals[next].bytes
        next += 1
      }
      if !waiting.isEmpty {
        let count = min(readSize, waiting.count)
        reader.received(waiting.prefix(count))
        waiting.removeFirst(count)
        continue
      }
      reader.foundEmpty(at: clock.now)
      if reader.flushIfDue(at: clock.now) { continue }
      let wake = [next < arrivals.count ? arrivals[next].at : nil, reader.flushTime]
        .compactMap { $0 }.min()
      guard let wake else { return events }
      if wake > clock.now { clock.advance(by: wake - clock.now) }
    }
  }
}

@MainActor
@Suite("Escape delay and replies, timed from when the input went empty")
struct InputReaderTests {
  static let burst = [UInt8](repeating: UInt8(ascii: "x"), count: 4000)
  static let x: InputEvent = .key(.character("x"))

  @Test(
    "after a 4,000-key burst a sequence split in transit is decoded whole, however busy the app")
  func splitSequenceAfterBurst() {
    for busy: Duration in [.zero, .microseconds(100), .milliseconds(1), .milliseconds(50)] {
      let up = Array("\u{1b}[1;5A".utf8)
      for split in [1, 2, 4] {
        var playback = InputPlayback()
        playback.busy = busy
        // The rest comes 2 ms later: inside the escape delay, but long
        // before the app is through the burst.
        let events = playback.play([
          (.zero, Self.burst + up[..<split]), (.milliseconds(2), Array(up[split...])),
        ])
        #expect(events.count == 4001, "busy \(busy), split at \(split): \(events.suffix(4))")
        #expect(events.last == .key(.up), "busy \(busy), split at \(split): \(events.suffix(4))")
        #expect(events.dropLast().allSatisfy { $0 == Self.x })
      }
    }
  }

  @Test("an Esc that nothing follows acts after the escape delay from when the input went empty")
  func loneEscAfterBurst() {
    var playback = InputPlayback(escapeDelay: .milliseconds(25))
    playback.busy = .milliseconds(1)
    let events = playback.play([(.zero, Self.burst + [0x1B])])
    #expect(events.count == 4001)
    #expect(events.last == .key(.escape))
    // 4,000 busy milliseconds, the delay counted from the empty look after
    // them, then 1 ms for the Esc itself.
    #expect(playback.clock.now == .milliseconds(4000 + 25 + 1))
  }

  @Test("the flush waits for a look at the input: busy time with bytes unread is not quiet")
  func flushNeedsALook() {
    var reader = InputReader(escapeDelay: .milliseconds(5))
    reader.received(Self.burst + Array("\u{1b}[".utf8))
    while reader.takeEvent() != nil {}
    #expect(reader.hasPending)
    #expect(reader.flushTime == nil, "not seen empty since the read")
    let flushedLate = reader.flushIfDue(at: .seconds(10))
    #expect(!flushedLate, "ten busy seconds later: still joined")
    reader.received(Array("B".utf8))
    #expect(reader.takeEvent() == .key(.down))
    // Seen empty: now the delay runs from that look.
    reader.received([0x1B])
    reader.foundEmpty(at: .seconds(11))
    reader.foundEmpty(at: .seconds(12))
    #expect(reader.flushTime == .seconds(11) + .milliseconds(5), "the first look counts")
    let flushedEarly = reader.flushIfDue(at: .seconds(11))
    #expect(!flushedEarly)
    let flushedInTime = reader.flushIfDue(at: .seconds(11) + .milliseconds(5))
    #expect(flushedInTime)
    #expect(reader.takeEvent() == .key(.escape))
    #expect(!reader.hasPending && !reader.hasEvents)
  }

  @Test("a paste over the cap that loses its end marker ends after the quiet period, not typed")
  func bigPasteWithoutEndMarker() {
    var playback = InputPlayback()
    let text = [UInt8](repeating: UInt8(ascii: "q"), count: KeyDecoder.maximumPasteLength + 5000)
    let events = playback.play([
      (.zero, Array("\u{1b}[200~".utf8) + text),
      (.seconds(5), [0x03]),
    ])
    #expect(events.count == 2)
    if case .paste(let pasted) = events.first {
      #expect(pasted.utf8.count == KeyDecoder.maximumPasteLength)
    } else {
      Issue.record("no paste: \(events.prefix(2))")
    }
    #expect(events.last == .key(.ctrl("c")), "Ctrl-C after the quiet period is a key")
  }

  @Test("an awaited reply split in transit is joined, not read as Esc and keys")
  func splitAwaitedReply() {
    let replies = "\u{1b}[?2026;2$y\u{1b}[?1u\u{1b}[?62;22c"
    let bytes = Array(replies.utf8)
    for cut in 1..<bytes.count {
      // The second half 100 ms later: past the escape and sequence delays.
      var playback = InputPlayback(awaitingReplies: true)
      let events = playback.play([
        (.zero, Array(bytes[..<cut])), (.milliseconds(100), Array(bytes[cut...])),
      ])
      #expect(events.isEmpty, "cut at \(cut): \(events)")
      #expect(playback.reader.replies.hasSynchronizedOutput, "cut at \(cut)")
      #expect(playback.reader.replies.keyboardProtocol == .supported(flags: 1), "cut at \(cut)")
      #expect(!playback.reader.replies.isAwaitingReplies, "the device attributes end the wait")
    }
  }

  @Test("a split reply after a 4,000-key burst is joined while awaited")
  func splitReplyAfterBurst() {
    var playback = InputPlayback(awaitingReplies: true)
    playback.busy = .milliseconds(1)
    let events = playback.play([
      (.zero, Self.burst + Array("\u{1b}[?6".utf8)), (.milliseconds(80), Array("2;22c".utf8)),
    ])
    #expect(events.count == 4000)
    #expect(events.allSatisfy { $0 == Self.x })
    #expect(playback.reader.replies.hasDeviceAttributes)
  }

  @Test("replies that were not awaited are dropped and switch nothing")
  func unaskedReplies() {
    var reader = InputReader(escapeDelay: .zero)
    let unasked = "\u{1b}[?1u\u{1b}[?2026;2$y\u{1b}[?62;22c"
    #expect(reader.read(unasked + "x") == [Self.x], "never keys")
    #expect(reader.replies.keyboardProtocol == .unknown)
    #expect(!reader.replies.hasSynchronizedOutput)
    #expect(!reader.replies.hasDeviceAttributes)
    // In C1 form, 8-bit or UTF-8, the same.
    for csi: [UInt8] in [[0x9B], [0xC2, 0x9B]] {
      reader.received(csi + Array("?1u".utf8) + csi + Array("?2026;1$yx".utf8))
      #expect(reader.takeEvent() == Self.x && reader.takeEvent() == nil)
      #expect(reader.replies.keyboardProtocol == .unknown && !reader.replies.hasSynchronizedOutput)
    }
    // Once the wait is over, later replies change nothing either.
    reader.expectReplies()
    #expect(reader.read("\u{1b}[?62;22c").isEmpty)
    #expect(reader.replies.keyboardProtocol == .unsupported && !reader.replies.isAwaitingReplies)
    #expect(reader.read("\u{1b}[?1u\u{1b}[?2026;2$y").isEmpty)
    #expect(reader.replies.keyboardProtocol == .unsupported)
    #expect(!reader.replies.hasSynchronizedOutput)
    // A wait that timed out: the same.
    var late = InputReader(escapeDelay: .zero)
    late.expectReplies()
    late.stopAwaitingReplies()
    #expect(late.read("\u{1b}[?1u\u{1b}[?2026;2$y").isEmpty)
    #expect(late.replies.keyboardProtocol == .unknown && !late.replies.hasSynchronizedOutput)
  }

  @Test("while replies are awaited only the start of a reply waits longer; other keys do not")
  func replyDelayOnlyForReplyStarts() {
    let escape = Duration.milliseconds(5)
    var decoder = KeyDecoder()
    for start in ["\u{1b}", "\u{1b}[", "\u{1b}[?", "\u{1b}[?62;", "\u{1b}[?2026;2$"] {
      _ = decoder.feed(Array(start.utf8))
      #expect(
        decoder.flushDelay(escapeDelay: escape, awaitingReplies: true) == KeyDecoder.replyDelay,
        "\(start.debugDescription)")
      _ = decoder.flush()
    }
    for other in ["\u{1b}[1;", "\u{1b}O", "\u{1b}[<0;"] {
      _ = decoder.feed(Array(other.utf8))
      #expect(
        decoder.flushDelay(escapeDelay: escape, awaitingReplies: true)
          == KeyDecoder.sequenceDelay,
        "\(other.debugDescription)")
      _ = decoder.flush()
    }
    var reader = InputReader(escapeDelay: escape)
    reader.expectReplies()
    _ = reader.read("\u{1b}[?62c\u{1b}")
    reader.foundEmpty(at: .zero)
    #expect(reader.flushTime == escape, "the device attributes came: the wait is over")
  }
}

extension InputReader {
  /// Reads `text` as one read and takes the events it completed.
  mutating func read(_ text: String) -> [InputEvent] {
    received(Array(text.utf8))
    var events: [InputEvent] = []
    while let event = takeEvent() { events.append(event) }
    return events
  }
}
