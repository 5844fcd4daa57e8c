/// Runs every animation of an app on its clock: push and pop slides, the
/// tab bar's slide, accordion sections. The ``Application`` owns one and
/// hands it down as a trait; a controller starts an animation with a
/// completion and draws from the ``Animation``'s progress meanwhile.
package final class Animator {
  /// Names a running animation, to finish or cancel it.
  package struct Token: Hashable, Sendable {
    fileprivate let id: Int
  }

  private var running: [(token: Token, animation: Animation, completion: () -> Void)] = []
  private var nextID = 0

  /// Creates an animator with nothing running.
  package init() {}

  /// True while any animation runs.
  package var isRunning: Bool { !running.isEmpty }

  /// Starts `animation`; `completion` runs once it has run its course (or is
  /// finished early by a key, as every key does).
  @discardableResult
  package func run(_ animation: Animation, completion: @escaping () -> Void) -> Token {
    nextID += 1
    let token = Token(id: nextID)
    running.append((token, animation, completion))
    return token
  }

  /// Ends the animations that have run their course at `now` (all of them
  /// when `finishingAll`), running their completions in the order they
  /// started. Returns true while any animation still runs.
  @discardableResult
  package func step(at now: Duration, finishingAll: Bool) -> Bool {
    let done = running.filter { finishingAll || $0.animation.isFinished(at: now) }
    guard !done.isEmpty else { return isRunning }
    let ended = Set(done.map(\.token))
    running.removeAll { ended.contains($0.token) }
    for animation in done { animation.completion() }
    return isRunning
  }

  /// Ends `token`'s animation now, running its completion.
  package func finish(_ token: Token) {
    guard let index = running.firstIndex(where: { $0.token == token }) else { return }
    let animation = running.remove(at: index)
    animation.completion()
  }

  /// Drops `token`'s animation without running its completion (a newer
  /// animation of the same thing took its place).
  package func cancel(_ token: Token) {
    running.removeAll { $0.token == token }
  }
}
