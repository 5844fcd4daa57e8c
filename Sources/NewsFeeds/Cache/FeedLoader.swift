#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a page shows of a feed after an update: the items (fresh, or the cache's when the
/// update failed), which are new, when it was last updated, and the error if any.
public struct FeedUpdate: Sendable, Hashable {
  /// The feed's title (the source itself until a fetch gave one).
  public var title: String
  /// The feed's site.
  public var link: String?
  /// The items, newest first.
  public var items: [FeedItem]
  /// The ids of the items this update brought that were not there before ("3 new stories");
  /// every item on a first fetch, none when the update failed or the server said 304.
  public var newItemIDs: [String]
  /// When a fetch last succeeded, this one or an earlier run's: "updated 2h ago".
  public var lastUpdated: Date?
  /// Why this update failed, or nil: with an error the items are the cache's ("offline").
  public var error: FeedError?
  /// Why the cache could not be written, or nil; the update itself stands.
  public var cacheError: FeedError?
}

/// Fetches, parses, merges into the cache and stores, in the background: the one call a
/// feed page makes.
///
/// ```swift
/// let loader = FeedLoader(cache: FeedCache.standard())
/// if let cached = loader.cached(source) { show(cached) }   // at once, from the disk
/// loader.refresh(source) { update in app.post { show(update) } }
/// ```
public struct FeedLoader: Sendable {
  /// The fetcher (and its limits).
  public var fetcher: FeedFetcher
  /// The cache, or nil for none.
  public var cache: FeedCache?
  /// The clock for ``FeedUpdate/lastUpdated``.
  public var now: @Sendable () -> Date

  /// A loader with the given fetcher and cache.
  public init(
    fetcher: FeedFetcher = FeedFetcher(), cache: FeedCache?,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.fetcher = fetcher
    self.cache = cache
    self.now = now
  }

  /// The cached state of `source`, read from the disk on the calling thread (a small file);
  /// nil when nothing is cached.
  public func cached(_ source: FeedSource) -> FeedUpdate? {
    guard let cached = cache?.load(source) else { return nil }
    return FeedUpdate(
      title: cached.title, link: cached.link, items: cached.items, newItemIDs: [],
      lastUpdated: cached.lastUpdated)
  }

  /// Starts an update of `source` in the background; `completion` runs once, on the fetch's
  /// thread, with the update (never an error alone: a failed update carries the cache's items).
  @discardableResult
  public func refresh(
    _ source: FeedSource, completion: @escaping @Sendable (FeedUpdate) -> Void
  ) -> FetchTask {
    let task = FetchTask()
    let loader = self
    Background.run { completion(loader.refreshBlocking(source, task: task)) }
    return task
  }

  /// Updates `source` in the background; cancelling the calling task cancels the fetch.
  public func refresh(_ source: FeedSource) async -> FeedUpdate {
    let task = FetchTask()
    let loader = self
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        Background.run {
          continuation.resume(returning: loader.refreshBlocking(source, task: task))
        }
      }
    } onCancel: {
      task.cancel()
    }
  }

  /// Updates `source` on the calling thread, blocking it: fetch (conditional when the cache
  /// has items), parse, merge, store.
  public func refreshBlocking(_ source: FeedSource, task: FetchTask = FetchTask()) -> FeedUpdate {
    let held = cache?.load(source)
    var update = FeedUpdate(
      title: held?.title ?? source.description, link: held?.link, items: held?.items ?? [],
      newItemIDs: [], lastUpdated: held?.lastUpdated)
    let validators = held.map { $0.items.isEmpty ? .none : $0.validators } ?? .none
    var stored = held ?? CachedFeed(source: source.description, title: update.title, items: [])
    switch fetcher.fetchBlocking(source, validators: validators, task: task) {
    case .failure(let error):
      update.error = error
      return update
    case .success(.notModified(let newValidators)):
      stored.validators = newValidators
    case .success(.fetched(let document)):
      let base: String? = if case .url = source { document.address } else { nil }
      let feed: Feed
      do {
        feed = try FeedParser.parse(document.body, baseURL: base)
      } catch {
        update.error = error
        return update
      }
      let limit = cache?.itemLimit ?? 500
      let merged = CachedFeed.merge(feed.items, into: stored.items, limit: limit)
      stored.title = feed.title
      stored.link = feed.link
      stored.items = merged.items
      stored.validators = document.validators
      update.newItemIDs = merged.newIDs
    }
    stored.lastUpdated = now()
    update.title = stored.title
    update.link = stored.link
    update.items = stored.items
    update.lastUpdated = stored.lastUpdated
    if let cache {
      do { try cache.store(stored, for: source) } catch { update.cacheError = error }
    }
    return update
  }
}
