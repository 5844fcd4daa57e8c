import Foundation
import NewsFeeds
import Testing

/// A fresh folder under the system's temporary folder, removed by `remove()`.
struct TemporaryFolder {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("newsfeeds-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}

@Suite("The feed cache")
struct CacheTests {
  func item(_ id: String, _ date: String?) -> FeedItem {
    FeedItem(id: id, title: "Story \(id)", date: date.flatMap(FeedDate.rfc3339))
  }

  @Test("the folder is $XDG_CACHE_HOME/tabbar-demo, else ~/.cache/tabbar-demo")
  func folder() {
    #expect(
      FeedCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"])
        == "/x/cache/tabbar-demo")
    #expect(
      FeedCache.defaultDirectory(environment: ["HOME": "/home/u"]) == "/home/u/.cache/tabbar-demo")
    // The XDG rules ignore a relative XDG_CACHE_HOME.
    #expect(
      FeedCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "cache", "HOME": "/home/u"])
        == "/home/u/.cache/tabbar-demo")
    #expect(FeedCache.defaultDirectory(environment: [:]) == nil)
  }

  @Test("a stored feed loads back whole in a later run, and no temporary file is left")
  func roundTrip() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let cache = FeedCache(directory: folder.path + "/tabbar-demo")
    let source = FeedSource.url("http://127.0.0.1:1/a.rss")
    let feed = CachedFeed(
      source: source.description, title: "Harbour", link: "https://gazette.example/",
      items: [
        FeedItem(
          id: "a", title: "Rail", link: "https://gazette.example/rail", author: "Priya",
          date: FeedDate.rfc3339("2026-11-23T06:00:00Z"), summary: "Trains.",
          body: [.heading("H"), .paragraph("P")])
      ],
      validators: Validators(etag: "\"v1\"", lastModified: "Mon, 23 Nov 2026 08:00:00 GMT"),
      lastUpdated: Date(timeIntervalSince1970: 1_800_000_000))
    try cache.store(feed, for: source)
    #expect(FeedCache(directory: folder.path + "/tabbar-demo").load(source) == feed)
    let files = try FileManager.default.contentsOfDirectory(
      atPath: folder.path + "/tabbar-demo/feeds")
    #expect(files.count == 1)
    #expect(files.allSatisfy { $0.hasSuffix(".json") })
  }

  @Test("storing makes every missing folder, as XDG_CACHE_HOME may name one not made yet")
  func makesMissingFolders() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let cache = FeedCache(directory: folder.path + "/not/made/yet/tabbar-demo")
    let source = FeedSource.url("http://127.0.0.1:1/a.rss")
    let feed = CachedFeed(
      source: source.description, title: "Harbour", items: [FeedItem(id: "a", title: "Rail")])
    try cache.store(feed, for: source)
    #expect(cache.load(source) == feed)
  }

  @Test(
    "a corrupt, empty, foreign or unreadable cache file is ignored, and replaced by the next store")
  func corrupt() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let cache = FeedCache(directory: folder.path)
    let source = FeedSource.url("http://127.0.0.1:1/a.rss")
    let other = FeedSource.url("http://127.0.0.1:1/b.rss")
    try cache.store(CachedFeed(source: "", title: "B", items: []), for: other)
    let path = cache.path(for: source)
    for contents in ["", "{not json", #"{"version": 99, "feed": {}}"#, "\u{0}\u{1}"] {
      try contents.write(toFile: path, atomically: false, encoding: .utf8)
      #expect(cache.load(source) == nil)
    }
    // Another source's file under this source's name.
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.copyItem(atPath: cache.path(for: other), toPath: path)
    #expect(cache.load(source) == nil)
    try cache.store(CachedFeed(source: "", title: "A", items: []), for: source)
    #expect(cache.load(source)?.title == "A")
  }

  @Test("a cache folder that cannot be made is one line, not a crash")
  func unwritable() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try "a file".write(toFile: folder.path + "/blocker", atomically: false, encoding: .utf8)
    let cache = FeedCache(directory: folder.path + "/blocker/tabbar-demo")
    #expect(
      throws: FeedError(.cache, "cannot make \(folder.path)/blocker/tabbar-demo: Not a directory")
    ) {
      try cache.store(CachedFeed(source: "", title: "A", items: []), for: .file("/a"))
    }
  }

  @Test("merging keeps items by id, the fetched version winning, newest first, cut to the limit")
  func merge() {
    let cached = [item("b", "2026-11-22T00:00:00Z"), item("a", "2026-11-21T00:00:00Z")]
    var updatedB = item("b", "2026-11-22T00:00:00Z")
    updatedB.title = "Story b, corrected"
    let fetched = [item("c", "2026-11-23T00:00:00Z"), updatedB]
    let merged = CachedFeed.merge(fetched, into: cached, limit: 10)
    #expect(merged.items.map(\.id) == ["c", "b", "a"])
    #expect(merged.items[1].title == "Story b, corrected")
    #expect(merged.newIDs == ["c"])
    let cut = CachedFeed.merge(fetched, into: cached, limit: 2)
    #expect(cut.items.map(\.id) == ["c", "b"])
  }

  @Test("undated items keep their place below the dated item above them")
  func undated() {
    let fetched = [item("x", nil), item("d", "2026-11-20T00:00:00Z"), item("y", nil)]
    let cached = [item("e", "2026-11-21T00:00:00Z"), item("f", "2026-11-19T00:00:00Z")]
    let merged = CachedFeed.merge(fetched, into: cached, limit: 10)
    #expect(merged.items.map(\.id) == ["x", "e", "d", "y", "f"])
    #expect(merged.newIDs == ["x", "d", "y"])
  }
}
