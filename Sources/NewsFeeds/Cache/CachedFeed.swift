#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the cache keeps of one feed between runs: its items, the validators for the next
/// conditional request, and when it was last updated.
public struct CachedFeed: Sendable, Hashable, Codable {
  /// The source, as ``FeedSource/description`` gives it; a file whose source differs is not
  /// this feed's.
  public var source: String
  /// The feed's title.
  public var title: String
  /// The feed's site.
  public var link: String?
  /// The items, newest first.
  public var items: [FeedItem]
  /// The validators of the last document fetched.
  public var validators: Validators
  /// When a fetch last succeeded (a 304 included): for "updated 2h ago".
  public var lastUpdated: Date?

  /// A cached feed with the given fields.
  public init(
    source: String, title: String, link: String? = nil, items: [FeedItem],
    validators: Validators = .none, lastUpdated: Date? = nil
  ) {
    self.source = source
    self.title = title
    self.link = link
    self.items = items
    self.validators = validators
    self.lastUpdated = lastUpdated
  }

  /// Merges freshly fetched items into cached ones.
  ///
  /// An item is known by its ``FeedItem/id``: a fetched item replaces the cached one with the
  /// same id (its text may have been corrected), cached items the feed no longer lists are
  /// kept, and the result is sorted newest first and cut to `limit`. An item without a date
  /// keeps its place after the dated item above it in its list. O(n log n).
  ///
  /// - Parameters:
  ///   - fetched: the items of the feed just fetched, in the feed's order.
  ///   - cached: the items held before, newest first.
  ///   - limit: the most items kept.
  /// - Returns: the merged items, and the ids of the fetched items that were not cached (all
  ///   of them when nothing was cached), in the merged order.
  public static func merge(_ fetched: [FeedItem], into cached: [FeedItem], limit: Int)
    -> (items: [FeedItem], newIDs: [String])
  {
    var seen = Set<String>()
    var merged: [(item: FeedItem, key: Double, order: Int)] = []
    func add(_ items: [FeedItem]) {
      var previous = Double.infinity
      for item in items where seen.insert(item.id).inserted {
        let key = item.date?.timeIntervalSince1970 ?? previous
        previous = key
        merged.append((item, key, merged.count))
      }
    }
    add(fetched)
    let fetchedIDs = seen
    add(cached)
    merged.sort { $0.key != $1.key ? $0.key > $1.key : $0.order < $1.order }
    let items = merged.prefix(max(0, limit)).map(\.item)
    let cachedIDs = Set(cached.map(\.id))
    let newIDs = items.map(\.id).filter { fetchedIDs.contains($0) && !cachedIDs.contains($0) }
    return (items, newIDs)
  }
}
