import NewsFeeds
import Testing

@Suite("Feed sources")
struct SourceTests {
  @Test("http and https URLs, file URLs and paths are told apart")
  func kinds() throws {
    #expect(try FeedSource(parsing: "https://example.org/feed") == .url("https://example.org/feed"))
    #expect(
      try FeedSource(parsing: " http://127.0.0.1:8080/a.rss ")
        == .url("http://127.0.0.1:8080/a.rss"))
    #expect(try FeedSource(parsing: "file:///tmp/a%20b.xml") == .file("/tmp/a b.xml"))
    #expect(try FeedSource(parsing: "file://localhost/tmp/a.xml") == .file("/tmp/a.xml"))
    #expect(try FeedSource(parsing: "feeds/a.rss") == .file("feeds/a.rss"))
    #expect(try FeedSource(parsing: "/var/a.rss") == .file("/var/a.rss"))
  }

  @Test("other schemes, another host in a file URL and an empty string are one-line errors")
  func refused() {
    #expect(
      throws: FeedError(.invalidSource, "unsupported scheme ftp: (use http, https, file or a path)")
    ) {
      try FeedSource(parsing: "ftp://example.org/feed")
    }
    #expect(throws: FeedError(.invalidSource, "file URL names another host: file://server/a.xml")) {
      try FeedSource(parsing: "file://server/a.xml")
    }
    #expect(throws: FeedError(.invalidSource, "empty feed address")) {
      try FeedSource(parsing: "  ")
    }
    #expect(throws: FeedError(.invalidSource, "not a URL: http://")) {
      try FeedSource(parsing: "http://")
    }
  }
}
