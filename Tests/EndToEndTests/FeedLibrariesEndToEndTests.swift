import Foundation
import Testing

/// The feed engine's C libraries are opened when a feed first needs them, never at start:
/// the dynamic loader's own log (`LD_DEBUG=files`) names every library the demo loads.
@Suite("demo: the feed libraries load only for feeds")
struct FeedLibrariesEndToEndTests {
  /// Runs the demo headless with `arguments` and the loader's log on standard error.
  static func loaderLog(_ arguments: [String], cache: String) async throws -> Subprocess.Result {
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm-256color"
    environment["LD_DEBUG"] = "files"
    environment["XDG_CACHE_HOME"] = cache
    return try await Subprocess.run(
      try DemoBinary.path(), ["--headless", "--size", "80x24"] + arguments,
      environment: environment, timeout: .seconds(30))
  }

  @Test("a run without feeds loads neither libxml2 nor libcurl; a feed file loads libxml2 only")
  func loadedWhenNeeded() async throws {
    let cache = FileManager.default.temporaryDirectory
      .appendingPathComponent("feed-libraries-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: cache) }
    let plain = try await Self.loaderLog([], cache: cache)
    #expect(plain.status == 0, "\(plain.standardError.suffix(500))")
    #expect(plain.standardOutput.contains("News"))
    #expect(!plain.standardError.contains("libxml2"), "libxml2 loaded without a feed")
    #expect(!plain.standardError.contains("libcurl"), "libcurl loaded without a feed")

    let fixture = DemoBinary.packageRoot
      .appendingPathComponent("Tests/NewsFeedsTests/Fixtures/a.rss").path
    let feed = try await Self.loaderLog(["--feed", fixture], cache: cache)
    #expect(feed.status == 0, "\(feed.standardError.suffix(500))")
    #expect(feed.standardOutput.contains("New rail line opens to the coast"))
    #expect(feed.standardError.contains("file=libxml2.so.2"), "parsing opened libxml2")
    #expect(!feed.standardError.contains("libcurl"), "a file is read without libcurl")
  }
}
