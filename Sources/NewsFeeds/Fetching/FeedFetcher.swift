import Dispatch

/// Fetches feeds in the background: http and https through libcurl, files from the disk.
///
/// Every fetch runs on a thread of its own, never the caller's, so an app's run loop keeps
/// drawing and reading keys; it ends within ``FetchOptions/totalTimeout`` whatever the server
/// does, holds at most ``FetchOptions/maximumBytes``, and can be cancelled. Failures are
/// ``FeedError``s whose ``FeedError/description`` is one line for the screen.
///
/// ```swift
/// let fetcher = FeedFetcher()
/// let task = fetcher.fetch(.url("https://example.org/feed.xml"), validators: saved) { result in
///   app.post { show(result) }   // the completion runs on the fetch's thread
/// }
/// task.cancel()                 // the page went away
/// ```
public struct FeedFetcher: Sendable {
  /// The limits every fetch of this fetcher keeps.
  public var options: FetchOptions

  /// A fetcher with the given limits.
  public init(options: FetchOptions = FetchOptions()) {
    self.options = options
  }

  /// Starts fetching `source` on a background thread and returns at once.
  ///
  /// - Parameters:
  ///   - source: the URL or file.
  ///   - validators: what the last successful fetch returned, for a conditional request; a
  ///     server that has nothing newer answers 304 and the result is
  ///     ``FetchResult/notModified(_:)``.
  ///   - completion: called exactly once, on the fetch's thread (not the main thread), with
  ///     the result, or with a ``FeedError/Kind/cancelled`` error after ``FetchTask/cancel()``.
  /// - Returns: the task, to cancel it.
  @discardableResult
  public func fetch(
    _ source: FeedSource, validators: Validators = .none,
    completion: @escaping @Sendable (Result<FetchResult, FeedError>) -> Void
  ) -> FetchTask {
    let task = FetchTask()
    start(source, validators: validators, task: task, completion: completion)
    return task
  }

  /// Fetches `source` on a background thread; cancelling the calling task cancels the fetch.
  public func fetch(_ source: FeedSource, validators: Validators = .none) async throws(FeedError)
    -> FetchResult
  {
    let task = FetchTask()
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        start(source, validators: validators, task: task) { continuation.resume(returning: $0) }
      }
    } onCancel: {
      task.cancel()
    }
    return try result.get()
  }

  /// Fetches `source` on the calling thread, blocking it until the fetch ends.
  public func fetchBlocking(
    _ source: FeedSource, validators: Validators = .none, task: FetchTask = FetchTask()
  ) -> Result<FetchResult, FeedError> {
    if task.isCancelled { return .failure(FeedError(.cancelled, "cancelled")) }
    switch source {
    case .url(let url):
      return CurlTransfer.run(url: url, validators: validators, options: options, task: task)
    case .file(let path):
      return FileReader.read(path: path, validators: validators, options: options, task: task)
    }
  }

  private func start(
    _ source: FeedSource, validators: Validators, task: FetchTask,
    completion: @escaping @Sendable (Result<FetchResult, FeedError>) -> Void
  ) {
    Background.run { [self] in
      completion(fetchBlocking(source, validators: validators, task: task))
    }
  }
}

/// Where fetches run.
enum Background {
  /// Runs `work` off the calling thread. A queue of its own targets libdispatch's
  /// overcommitting pool: a fetch that blocks for its whole timeout gets a thread of its own
  /// and never holds up other work.
  static func run(_ work: @escaping @Sendable () -> Void) {
    DispatchQueue(label: "NewsFeeds.fetch").async(execute: work)
  }
}
