import Synchronization

/// A fetch under way, to cancel it. Any thread may call ``cancel()``.
public final class FetchTask: Sendable {
  private let cancelled = Atomic<Bool>(false)

  /// A task not yet cancelled.
  public init() {}

  /// Stops the fetch as soon as it next hears from the network (at least once a second): its
  /// completion then runs with a ``FeedError`` of kind ``FeedError/Kind/cancelled``.
  public func cancel() { cancelled.store(true, ordering: .relaxed) }

  /// True once ``cancel()`` was called.
  public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
}
