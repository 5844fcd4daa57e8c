import NewsFeeds
import TabBarKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the demo reads its news feeds with, as the command line asks:
/// the feeds of `--feed`, the cache, and whether fetches wait.
struct FeedOptions {
  /// The feeds of `--feed`, in the order given; empty for none.
  var sources: [FeedSource] = []
  /// Where fetched feeds are kept between runs; nil keeps none.
  var cache: FeedCache? = nil
  /// True to fetch on the calling thread and show the result at once
  /// (`--headless`, which waits for nothing).
  var atOnce = false
  /// The limits of each fetch.
  var fetch = FetchOptions()

  /// No feeds: the content's own stories.
  static let none = FeedOptions()
}

/// The news feeds of the demo: which list page shows which feeds, the
/// loader that fetches and caches them, and the stories read.
///
/// A feed's story is known by a page id of its own (``storyID(source:item:)``),
/// so that it is read, favourited and resumed as a story of the content
/// file is.
@MainActor
final class DemoFeeds {
  /// The feeds each list page shows instead of its rows, by page id.
  let sources: [String: [FeedSource]]
  /// Fetches, parses and caches.
  let loader: FeedLoader
  /// True to fetch without waiting (``FeedOptions/atOnce``).
  let atOnce: Bool
  /// The time of now, for the stories' ages.
  var now: () -> Date = { Date() }
  /// The stories shown so far by their page ids, with the title of their
  /// feed: what History, Favourites and `--open` find them by.
  private(set) var stories: [String: (item: FeedItem, feed: String, source: FeedSource)] = [:]
  /// The stories opened, by page id: the others are drawn bold.
  private(set) var readIDs: Set<String> = []
  /// Told when a story was read: the channels count their unread again.
  let readObservers = ModelObservers<String>()
  /// Told when every feed is to be refreshed (Me's Refresh feeds): each
  /// channel fetches its feed in the background, as `r` does.
  let refreshObservers = ModelObservers<Void>()

  /// The feeds of `content` (its list pages' `feeds`) and of `options`,
  /// which go to the content's News: the first tab whose page has
  /// channels, else the first tab whose page is a list.
  init(content: ContentFile, options: FeedOptions) {
    var sources: [String: [FeedSource]] = [:]
    for (id, page) in content.pages {
      guard let feeds = page.feeds else { continue }
      sources[id.text] = feeds.compactMap { try? FeedSource(parsing: $0) }
    }
    if !options.sources.isEmpty, let news = Self.newsPage(of: content) {
      sources[news] = options.sources
    }
    self.sources = sources
    loader = FeedLoader(fetcher: FeedFetcher(options: options.fetch), cache: options.cache)
    atOnce = options.atOnce
  }

  /// The page `--feed` puts its feeds on: the first tab's page with
  /// channels, else the first tab's list; nil when no tab has a list.
  static func newsPage(of content: ContentFile) -> String? {
    let roots = content.tabs.map(\.page)
    func isList(_ id: String) -> Bool {
      if case .list? = content.pages[JSONKey(id)]?.kind { return true }
      return false
    }
    return roots.first { isList($0) && content.pages[JSONKey($0)]?.channels != nil }
      ?? roots.first(where: isList)
  }

  /// The page id of `item` of the feed `source`: stable across runs.
  nonisolated static func storyID(source: FeedSource, item: FeedItem) -> String {
    "feed:" + source.description + "#" + item.id
  }

  /// Notes the stories of a feed as they are shown now.
  func register(_ items: [FeedItem], of source: FeedSource, feed title: String) {
    for item in items {
      stories[Self.storyID(source: source, item: item)] = (item, title, source)
    }
  }

  /// Refreshes every channel's feed in the background, as `r` does on
  /// one: the timer of Me's Refresh feeds.
  func refreshAll() {
    refreshObservers.send(())
  }

  /// True once the story `id` was opened.
  func isRead(_ id: String) -> Bool { readIDs.contains(id) }

  /// The story `id` was opened: it is no longer drawn bold.
  func markRead(_ id: String) {
    guard readIDs.insert(id).inserted else { return }
    readObservers.send(id)
  }

  /// Takes back the stories read in an earlier run (Me's History, which
  /// `--state` keeps): those of the feeds are drawn as read.
  func restoreRead(_ ids: some Sequence<String>) {
    let before = readIDs.count
    readIDs.formUnion(ids.lazy.filter { $0.hasPrefix("feed:") })
    if readIDs.count != before { readObservers.send("") }
  }
}
