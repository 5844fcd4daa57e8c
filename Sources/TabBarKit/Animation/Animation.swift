/// One running animation: a start time and a duration on an ``AnimationClock``,
/// with ease-out progress from 0 to 1.
package struct Animation: Hashable, Sendable {
  /// When it started.
  package var start: Duration
  /// How long it lasts.
  package var duration: Duration

  /// The slide of a pushed or popped page: about 0.2 s.
  package static let pushDuration: Duration = .milliseconds(200)
  /// The slide of the tab bar shown or hidden from code (as RDV): about 0.24 s.
  package static let barDuration: Duration = .milliseconds(240)
  /// An accordion section opening or closing.
  package static let accordionDuration: Duration = .milliseconds(180)

  /// Creates an animation starting at `start`.
  package init(start: Duration, duration: Duration) {
    self.start = start
    self.duration = duration
  }

  /// The linear fraction of the time elapsed at `now`, from 0 to 1.
  package func fraction(at now: Duration) -> Double {
    guard duration > .zero else { return 1 }
    let elapsed = (now - start) / duration
    return min(1, max(0, elapsed))
  }

  /// The eased progress at `now` (ease-out cubic): quick to start, gentle to land.
  package func progress(at now: Duration) -> Double {
    let t = fraction(at: now)
    let inverse = 1 - t
    return 1 - inverse * inverse * inverse
  }

  /// True once the animation has run its course at `now`.
  package func isFinished(at now: Duration) -> Bool { now - start >= duration }

  /// `from` moved toward `to` by the progress at `now`, rounded to a whole cell.
  package func value(from: Int, to: Int, at now: Duration) -> Int {
    from + Int((Double(to - from) * progress(at: now)).rounded())
  }
}
