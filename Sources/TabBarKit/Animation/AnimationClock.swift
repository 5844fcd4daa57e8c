/// Where animations and timers read the time. The run loop passes one in, so
/// a test can step an animation frame by frame with a manual clock.
public protocol AnimationClock: AnyObject {
  /// The time since some fixed start.
  var now: Duration { get }
}

/// The real time, from `ContinuousClock`, optionally slowed down.
package final class SystemClock: AnimationClock, Sendable {
  private let start = ContinuousClock.now
  private let rate: Double

  /// Creates a clock that starts at zero now and runs at `rate` times real
  /// time (below 1 slows every animation down, for a close look or a test).
  package init(rate: Double = 1) {
    self.rate = rate > 0 ? rate : 1
  }

  /// The time since the clock was made, times the rate.
  package var now: Duration {
    let elapsed = ContinuousClock.now - start
    return rate == 1 ? elapsed : elapsed * rate
  }
}

/// A clock that moves only when told to: for tests.
package final class ManualClock: AnimationClock {
  /// The current time.
  package private(set) var now: Duration = .zero

  /// Creates a clock at zero.
  package init() {}

  /// Moves the time forward by `duration`.
  package func advance(by duration: Duration) { now += duration }
}
