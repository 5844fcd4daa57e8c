/// Where animations and timers read the time. The run loop passes one in, so
/// a test can step an animation frame by frame with a manual clock.
public protocol AnimationClock: AnyObject {
  /// The time since some fixed start.
  var now: Duration { get }
}

/// The real time, from `ContinuousClock`, optionally slowed down or sped up.
///
/// ``Application`` reads this clock when it is given none. Give it one with
/// a rate to run the whole app at another speed: every animation, timer and
/// toast follows it, as the iOS Simulator's Slow Animations does, for a close
/// look at a transition or a screen recording.
///
/// ```swift
/// let app = Application(root: tabs, terminal: terminal, clock: SystemClock(rate: 0.1))
/// ```
public final class SystemClock: AnimationClock, Sendable {
  private let start = ContinuousClock.now
  /// How many seconds of the clock pass in one second of real time.
  public let rate: Double

  /// The rates a clock takes: a millionth of real time to a million times it.
  public static let rates = 0.000_001...1_000_000.0

  /// Creates a clock that starts at zero now and runs at `rate` times real
  /// time: below 1 slows every animation down, above 1 speeds it up. A rate
  /// outside ``rates`` is brought to its nearest end; one that is not a
  /// positive number (zero, negative, NaN) runs at real time.
  public init(rate: Double = 1) {
    self.rate = rate > 0 ? min(max(rate, Self.rates.lowerBound), Self.rates.upperBound) : 1
  }

  /// The time since the clock was made, times the rate.
  public var now: Duration {
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
