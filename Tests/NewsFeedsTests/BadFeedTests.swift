import Foundation
import NewsFeeds
import Testing

/// The bad documents of Fixtures/, served by the test server and read the way a feed page
/// reads them (FeedLoader): each ends in one line, and a good feed in another encoding reads.
@Suite("Bad feeds from a server")
struct BadFeedTests {
  @Test(
    "malformed, truncated, bomb, unknown encoding and non-feed documents end in one line",
    arguments: [
      (
        "malformed.rss",
        "not a feed: line 5: Opening and ending tag mismatch: title line 5 and item"
      ),
      ("xml-bomb.rss", "refused: the feed declares XML entities, which are never expanded"),
      ("unknown-encoding.rss", "unsupported encoding: Unsupported encoding X-NO-SUCH-CHARSET"),
      ("page.html", "not a feed: the document is <html>, not RSS or Atom"),
      ("truncated.rss", "not a feed: line 14: xmlParseEntityRef: no name"),
    ])
  func badDocument(name: String, line: String) async throws {
    let server = try FeedServer()
    defer { server.stop() }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let loader = FeedLoader(
      fetcher: FeedFetcherForTests.plain, cache: FeedCache(directory: folder.path))
    let update = await loader.refresh(.url(server.url(name)))
    let error = try #require(update.error)
    #expect(error.kind == .parse)
    #expect(error.description.hasPrefix(line))
    #expect(!error.description.contains("\n"))
    #expect(update.items.isEmpty)
  }

  @Test("an ISO-8859-1 feed from the server reads as the same characters")
  func latin1() async throws {
    let server = try FeedServer()
    defer { server.stop() }
    let update = await FeedLoader(fetcher: FeedFetcherForTests.plain, cache: nil)
      .refresh(.url(server.url("latin1.rss")))
    #expect(update.error == nil)
    #expect(update.title == "Café du Port")
    #expect(update.items.map(\.title) == ["Crème brûlée à la une"])
  }
}
