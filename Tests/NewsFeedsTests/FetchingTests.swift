import Foundation
import NewsFeeds
import Synchronization
import Testing

/// Fetching against the fixture server on 127.0.0.1: every format, every failure, each ending
/// in one line within the short limits of `FeedFetcherForTests.plain` (1 s to connect, 3 s in
/// all, 3 redirects, 1 MiB).
@Suite("Fetching feeds")
struct FetchingTests {
  let fetcher = FeedFetcherForTests.plain

  /// The error of fetching `path` from a fresh server.
  func failure(_ path: String, fetcher: FeedFetcher? = nil) async throws -> FeedError {
    let server = try FeedServer()
    defer { server.stop() }
    do {
      let result = try await (fetcher ?? self.fetcher).fetch(.url(server.url(path)))
      Issue.record("expected a failure, got \(result)")
      return FeedError(.network, "no failure")
    } catch {
      return error
    }
  }

  func body(_ result: FetchResult) -> [UInt8] {
    guard case .fetched(let document) = result else { return [] }
    return document.body
  }

  @Test("an RSS, an Atom and a JSON feed are fetched over HTTP and parsed")
  func fetchesEachFormat() async throws {
    let server = try FeedServer()
    defer { server.stop() }
    var titles: [String] = []
    for path in ["a.rss", "b.atom", "c.json"] {
      let result = try await fetcher.fetch(.url(server.url(path)))
      titles.append(try FeedParser.parse(body(result)).title)
    }
    #expect(titles == ["Harbour Gazette & Tides", "Field Notes", "The Clockmaker's Weekly"])
  }

  @Test("a gzip-encoded feed arrives decompressed")
  func gzip() async throws {
    let server = try FeedServer()
    defer { server.stop() }
    let result = try await fetcher.fetch(.url(server.url("gzip/a.rss")))
    let original = try Data(contentsOf: FeedServer.fixtures.appendingPathComponent("a.rss"))
    #expect(body(result) == Array(original))
  }

  @Test("redirects are followed up to the limit, and the final address is reported")
  func redirectsWithinTheLimit() async throws {
    let server = try FeedServer()
    defer { server.stop() }
    let result = try await fetcher.fetch(.url(server.url("redirect/3/b.atom")))
    guard case .fetched(let document) = result else {
      Issue.record("expected a document, got \(result)")
      return
    }
    #expect(document.address == server.url("b.atom"))
    #expect(try FeedParser.parse(document.body).title == "Field Notes")
  }

  @Test("one redirect past the limit, and a redirect loop, end in one line")
  func tooManyRedirects() async throws {
    for path in ["redirect/4/b.atom", "loop"] {
      let error = try await failure(path)
      #expect(error.kind == .redirect)
      #expect(error.description == "too many redirects (more than 3)")
    }
  }

  @Test("a redirect to a file:// address is refused")
  func redirectToFile() async throws {
    let error = try await failure("redirect-file")
    #expect(error.kind == .redirect)
    #expect(error.description == "redirected to an address that is not http or https")
  }

  @Test("HTTP errors are one line with the status and its reason")
  func httpErrors() async throws {
    let notFound = try await failure("status/404")
    #expect(notFound.kind == .http)
    #expect(notFound.status == 404)
    #expect(notFound.description == "HTTP 404 Not Found")
    let serverError = try await failure("status/500")
    #expect(serverError.description == "HTTP 500 Internal Server Error")
  }

  @Test("a server that accepts and never answers ends at the total timeout")
  func neverAnswers() async throws {
    let error = try await failure("never")
    #expect(error.kind == .timeout)
    #expect(error.description == "timed out: no whole answer within 3 s")
  }

  @Test("a server that trickles one byte a second ends at the total timeout")
  func trickle() async throws {
    let error = try await failure("trickle")
    #expect(error.kind == .timeout)
    #expect(error.description == "timed out: no whole answer within 3 s")
  }

  @Test("a port that never completes the connection ends at the connect timeout")
  func connectTimeout() async throws {
    let server = try FeedServer()
    defer { server.stop() }
    do {
      _ = try await fetcher.fetch(.url("http://127.0.0.1:\(server.blackholePort)/a.rss"))
      Issue.record("expected a timeout")
    } catch {
      #expect(error.kind == .timeout)
      #expect(error.description == "timed out: no connection within 1 s")
    }
  }

  @Test("a refused connection is one line")
  func refused() async throws {
    // A port that was free a moment ago: the server's, once stopped.
    let server = try FeedServer()
    let url = server.url("a.rss")
    server.stop()
    do {
      _ = try await fetcher.fetch(.url(url))
      Issue.record("expected a failure")
    } catch {
      #expect(error.kind == .network)
      #expect(error.description.hasPrefix("Failed to connect to 127.0.0.1 port "))
      #expect(!error.description.contains("\n"))
    }
  }

  @Test("a body larger than the cap stops at the cap, declared or streamed")
  func enormous() async throws {
    for path in ["huge", "huge-declared"] {
      let error = try await failure(path)
      #expect(error.kind == .tooLarge)
      #expect(error.description == "feed is larger than 1 MiB")
    }
  }

  @Test("a gzip bomb stops at the cap on its decompressed size")
  func gzipBomb() async throws {
    // 64 KiB on the wire, 64 MiB decompressed: only the decompressed count can stop it.
    let error = try await failure("gzip-bomb")
    #expect(error.kind == .tooLarge)
    #expect(error.description == "feed is larger than 1 MiB")
  }

  @Test("a connection closed before its Content-Length is one line")
  func cutShort() async throws {
    let error = try await failure("cut")
    #expect(error.kind == .network)
    #expect(error.description == "the connection closed before the whole feed arrived")
  }

  @Test("a conditional request with the validators of the last fetch gets 304")
  func notModified() async throws {
    let server = try FeedServer()
    defer { server.stop() }
    let first = try await fetcher.fetch(.url(server.url("etag.rss")))
    guard case .fetched(let document) = first else {
      Issue.record("expected a document, got \(first)")
      return
    }
    #expect(document.validators.etag == "\"v1\"")
    #expect(document.validators.lastModified == "Mon, 23 Nov 2026 08:00:00 GMT")
    let second = try await fetcher.fetch(
      .url(server.url("etag.rss")), validators: document.validators)
    #expect(second == .notModified(Validators(etag: "\"v1\"")))
    let byDate = try await fetcher.fetch(
      .url(server.url("etag.rss")),
      validators: Validators(lastModified: "Mon, 23 Nov 2026 08:00:00 GMT"))
    #expect(byDate == .notModified(Validators(etag: "\"v1\"")))
  }

  @Test("a self-signed certificate fails in one line; trusting its authority succeeds")
  func tls() async throws {
    let server = try FeedServer()
    defer { server.stop() }
    let url = "https://127.0.0.1:\(server.tlsPort)/a.rss"
    do {
      _ = try await fetcher.fetch(.url(url))
      Issue.record("expected a TLS failure")
    } catch {
      #expect(error.kind == .tls)
      #expect(error.description.hasPrefix("TLS failed: SSL certificate problem: self-signed"))
    }
    var trusting = fetcher
    trusting.options.certificateAuthorities =
      FeedServer.fixtures.appendingPathComponent("localhost-ca.pem").path
    let result = try await trusting.fetch(.url(url))
    #expect(try FeedParser.parse(body(result)).title == "Harbour Gazette & Tides")
  }

  @Test("cancelling a fetch ends it at once with a cancelled error, off the calling thread")
  func cancel() async throws {
    let server = try FeedServer()
    defer { server.stop() }
    let slow = FeedFetcher(options: FetchOptions(totalTimeout: .seconds(60)))
    let outcome = Mutex<(Result<FetchResult, FeedError>, Bool)?>(nil)
    let done = AsyncStream<Void>.makeStream()
    let task = slow.fetch(.url(server.url("never"))) { result in
      outcome.withLock { $0 = (result, Thread.isMainThread) }
      done.continuation.finish()
    }
    try await Task.sleep(for: .milliseconds(200))
    task.cancel()
    for await _ in done.stream {}
    let (result, onMain) = try #require(outcome.withLock { $0 })
    #expect(throws: FeedError(.cancelled, "cancelled")) { try result.get() }
    // Not the 60 s timeout: the cancelled error says the progress callback stopped it.
    #expect(!onMain)
  }

  @Test("a file:// URL and a plain path read the same file; a second read is not modified")
  func files() async throws {
    let path = FeedServer.fixtures.appendingPathComponent("b.atom").path
    let byURL = try await fetcher.fetch(try FeedSource(parsing: "file://" + path))
    let byPath = try await fetcher.fetch(try FeedSource(parsing: path))
    #expect(body(byURL) == body(byPath))
    #expect(try FeedParser.parse(body(byPath)).title == "Field Notes")
    guard case .fetched(let document) = byPath else { return }
    let again = try await fetcher.fetch(.file(path), validators: document.validators)
    #expect(again == .notModified(document.validators))
  }

  @Test("a missing file, a directory and a file over the cap are one line each")
  func fileFailures() async throws {
    await #expect(throws: FeedError(.file, "no such file: /nonexistent/feed.xml")) {
      try await fetcher.fetch(.file("/nonexistent/feed.xml"))
    }
    await #expect(throws: FeedError(.file, "/tmp is a directory")) {
      try await fetcher.fetch(.file("/tmp"))
    }
    let big = FileManager.default.temporaryDirectory.appendingPathComponent(
      "newsfeeds-big-\(getpid()).xml")
    try Data(count: (1 << 20) + 1).write(to: big)
    defer { try? FileManager.default.removeItem(at: big) }
    await #expect(throws: FeedError(.tooLarge, "feed is larger than 1 MiB")) {
      try await fetcher.fetch(.file(big.path))
    }
  }
}
