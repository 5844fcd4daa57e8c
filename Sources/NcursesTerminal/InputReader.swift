import TabBarKit

/// What the backend reads, decoded and timed: a `KeyDecoder`, the events it
/// produced that the app has not taken yet, what the terminal answered to the
/// start-up queries (``TerminalReplies``), and when the input was last seen
/// empty.
///
/// The one rule it keeps: a lone Esc, a sequence cut off in a read, or a
/// paste or terminal string that stopped, ends (``flushIfDue(at:)``) only
/// once the input has been quiet for the decoder's `flushDelay`, counted from when a look found
/// nothing waiting, after everything that was waiting was read. Time the app
/// spent busy while bytes waited unread is not quiet, so after a burst of
/// thousands of keys the rest of a split sequence is read and joined, never
/// turned into Esc and text.
///
/// Times are durations since any fixed start (`AnimationClock.now`), so a
/// test drives it with a `ManualClock`.
package struct InputReader: Sendable {
  /// The decoder of keys, mouse and paste.
  package private(set) var decoder = KeyDecoder()
  /// What the terminal answered to the start-up queries.
  package private(set) var replies = TerminalReplies()
  private var events: [InputEvent] = []
  private var nextEvent = 0
  /// When a look found nothing waiting, with no byte read since.
  private var emptySince: Duration?

  /// How long a lone Esc waits for the rest of a sequence (`KeyDecoder.escapeDelay(environment:)`).
  package let escapeDelay: Duration

  /// True when the terminal sends the Esc key as `Esc [ 27 u`, so a lone Esc
  /// byte is the start of a sequence (the kitty keyboard protocol).
  package var escapeIsUnambiguous = false

  /// Creates a reader with nothing read, whose lone Esc waits `escapeDelay`.
  package init(escapeDelay: Duration) {
    self.escapeDelay = escapeDelay
  }

  /// Bytes just read: decoded at once; the quiet time starts again.
  /// Complexity: O(n) in the bytes.
  package mutating func received(_ bytes: some Sequence<UInt8>) {
    emptySince = nil
    var reports: [TerminalReport] = []
    let decoded = decoder.feed(bytes, reports: &reports)
    for report in reports { replies.take(report) }
    guard !decoded.isEmpty else { return }
    if nextEvent == events.count {
      events.removeAll(keepingCapacity: true)
      nextEvent = 0
    }
    events.append(contentsOf: decoded)
  }

  /// A look at the input at `now` found nothing waiting: the quiet time
  /// starts, unless an earlier look with no read since started it already.
  package mutating func foundEmpty(at now: Duration) {
    if emptySince == nil { emptySince = now }
  }

  /// The next event decoded and not yet taken, if any.
  package mutating func takeEvent() -> InputEvent? {
    guard nextEvent < events.count else { return nil }
    defer { nextEvent += 1 }
    return events[nextEvent]
  }

  /// True while decoded events wait to be taken.
  package var hasEvents: Bool { nextEvent < events.count }

  /// True when bytes wait for their rest, or a paste or terminal string is
  /// open: the backend must look at the input (read what waits, or note
  /// that nothing does with ``foundEmpty(at:)``) before it decides.
  package var hasPending: Bool { decoder.hasPending }

  /// When what is pending ends if no byte comes: nil when nothing is
  /// pending, or when the input has not been seen empty since the last read
  /// (the backend must look first).
  package var flushTime: Duration? {
    guard let emptySince,
      let delay = decoder.flushDelay(
        escapeDelay: escapeDelay, escapeIsUnambiguous: escapeIsUnambiguous,
        awaitingReplies: replies.isAwaitingReplies)
    else { return nil }
    return emptySince + delay
  }

  /// Ends what is pending when the input has been quiet long enough at
  /// `now` (see ``flushTime``); the events it gives (the Esc key, a paste)
  /// come next from ``takeEvent()``. Returns whether it ended anything.
  package mutating func flushIfDue(at now: Duration) -> Bool {
    guard let flushTime, now >= flushTime else { return false }
    let flushed = decoder.flush()
    if nextEvent == events.count {
      events.removeAll(keepingCapacity: true)
      nextEvent = 0
    }
    events.append(contentsOf: flushed)
    return true
  }

  /// Says that the start-up queries were just sent (``TerminalReplies/expectReplies()``).
  package mutating func expectReplies() { replies.expectReplies() }

  /// Stops awaiting replies (``TerminalReplies/stopAwaitingReplies()``).
  package mutating func stopAwaitingReplies() { replies.stopAwaitingReplies() }
}
