/// The app's timers: actions repeated on the app's clock between keys.
/// The ``Application`` owns them and hands them down as a trait, so a page
/// schedules with ``ViewController/schedule(every:_:)``; each timer returns a
/// ``Token`` that cancels it.
@MainActor
public final class Timers {
  /// Cancels its timer; a cancelled timer never fires again.
  @MainActor
  public final class Token {
    fileprivate weak var timers: Timers?
    fileprivate let id: Int

    fileprivate init(timers: Timers, id: Int) {
      self.timers = timers
      self.id = id
    }

    /// Stops the timer, from anywhere, its own action included.
    public func cancel() { timers?.entries.removeAll { $0.id == id } }

    /// True until the timer is cancelled.
    public var isActive: Bool { timers?.entries.contains { $0.id == id } ?? false }
  }

  private struct Entry {
    var id: Int
    var interval: Duration
    var next: Duration
    var action: @MainActor () -> Void
  }

  private var entries: [Entry] = []
  private var nextID = 0

  /// Creates an empty list.
  package init() {}

  /// Runs `action` every `interval` from `now` on; returns its token.
  @discardableResult
  package func schedule(
    every interval: Duration, from now: Duration, _ action: @escaping @MainActor () -> Void
  ) -> Token {
    nextID += 1
    entries.append(Entry(id: nextID, interval: interval, next: now + interval, action: action))
    return Token(timers: self, id: nextID)
  }

  /// When the next timer is due, or nil when none is scheduled.
  package var nextFireTime: Duration? { entries.map(\.next).min() }

  /// Fires the timers due at `now`, each once, in the order they were made:
  /// a timer that fell behind fires once, then keeps its interval from now.
  package func fire(at now: Duration) {
    for id in entries.filter({ $0.next <= now }).map(\.id) {
      // An action may cancel this timer or another: look each one up again.
      guard let index = entries.firstIndex(where: { $0.id == id }) else { continue }
      entries[index].next = now + entries[index].interval
      entries[index].action()
    }
  }
}
