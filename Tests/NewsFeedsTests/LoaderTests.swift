import Foundation
import NewsFeeds
import Synchronization
import Testing

/// The whole path a feed page takes: fetch, parse, merge, store; then offline from the cache.
@Suite("Loading feeds through the cache")
struct LoaderTests {
  @Test("a feed that changes between two requests brings its new item on top")
  func changes() async throws {
    let server = try FeedServer()
    defer { server.stop() }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let loader = FeedLoader(
      fetcher: FeedFetcherForTests.plain, cache: FeedCache(directory: folder.path))
    let source = FeedSource.url(server.url("changing.rss"))
    let first = await loader.refresh(source)
    #expect(first.error == nil)
    #expect(first.title == "Changing")
    #expect(first.items.map(\.id) == ["two", "one"])
    #expect(first.newItemIDs == ["two", "one"])
    try await server.control("advance")
    let second = await loader.refresh(source)
    #expect(second.items.map(\.id) == ["three", "two", "one"])
    #expect(second.newItemIDs == ["three"])
  }

  @Test("a 304 keeps the cached items, brings nothing new, and moves the update time")
  func notModified() async throws {
    let server = try FeedServer()
    defer { server.stop() }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let clock = Clock()
    let loader = FeedLoader(
      fetcher: FeedFetcherForTests.plain, cache: FeedCache(directory: folder.path), now: clock.now)
    let source = FeedSource.url(server.url("etag.rss"))
    let first = await loader.refresh(source)
    #expect(first.items.count == 3)
    clock.advance(by: 600)
    let second = await loader.refresh(source)
    #expect(second.error == nil)
    #expect(second.items == first.items)
    #expect(second.newItemIDs.isEmpty)
    #expect(second.lastUpdated == Date(timeIntervalSince1970: 1_800_000_600))
  }

  @Test("offline, a second run shows the cached items, the error and the last update time")
  func offline() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let cache = FeedCache(directory: folder.path)
    let clock = Clock()
    let server = try FeedServer()
    let source = FeedSource.url(server.url("a.rss"))
    let online = await FeedLoader(fetcher: FeedFetcherForTests.plain, cache: cache, now: clock.now)
      .refresh(source)
    #expect(online.items.count == 3)
    server.stop()
    // A new loader, as a new run would make.
    let loader = FeedLoader(fetcher: FeedFetcherForTests.plain, cache: cache, now: clock.now)
    let cached = try #require(loader.cached(source))
    #expect(cached.items == online.items)
    let offline = await loader.refresh(source)
    #expect(offline.items == online.items)
    #expect(offline.title == "Harbour Gazette & Tides")
    #expect(offline.lastUpdated == Date(timeIntervalSince1970: 1_800_000_000))
    #expect(offline.error?.kind == .network)
    #expect(offline.newItemIDs.isEmpty)
  }

  @Test("a feed that fails to parse keeps the cache and reports the parse error")
  func parseFailureKeepsCache() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/feed.xml"
    try FileManager.default.copyItem(
      atPath: FeedServer.fixtures.appendingPathComponent("a.rss").path, toPath: path)
    let loader = FeedLoader(
      fetcher: FeedFetcherForTests.plain, cache: FeedCache(directory: folder.path + "/cache"))
    let good = await loader.refresh(.file(path))
    #expect(good.items.count == 3)
    try "<rss><channel>".write(toFile: path, atomically: true, encoding: .utf8)
    let bad = await loader.refresh(.file(path))
    #expect(bad.items == good.items)
    #expect(bad.error?.kind == .parse)
  }
}

/// A clock moved by hand, starting at 1,800,000,000 s after 1970.
final class Clock: Sendable {
  private let seconds = Mutex(1_800_000_000.0)

  var now: @Sendable () -> Date {
    { Date(timeIntervalSince1970: self.seconds.withLock { $0 }) }
  }

  func advance(by interval: Double) { seconds.withLock { $0 += interval } }
}
