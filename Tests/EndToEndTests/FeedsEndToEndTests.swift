import Foundation
import Testing

/// The feed server of the feed engine's tests (Tests/NewsFeedsTests/Fixtures/feed_server.py)
/// on 127.0.0.1, started by a test and stopped by it: it serves until its standard input
/// closes, so it never outlives the test process either.
final class FeedTestServer {
  let port: Int
  private let process = Process()
  private let input = Pipe()
  private var stopped = false

  static let script = DemoBinary.packageRoot
    .appendingPathComponent("Tests/NewsFeedsTests/Fixtures/feed_server.py").path

  /// Debian's python3, else the first on PATH.
  static let python =
    FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
    ? "/usr/bin/python3" : "python3"

  init() throws {
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [Self.python, Self.script]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line += chunk
    }
    struct Ports: Decodable { var port: Int }
    guard let ports = try? JSONDecoder().decode(Ports.self, from: line) else {
      process.terminate()
      throw TmuxSession.Failure(
        description: "the feed server did not start: \(String(decoding: line, as: UTF8.self))")
    }
    port = ports.port
  }

  /// `http://127.0.0.1:PORT/path`.
  func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

  /// Asks the server to change: `advance` adds a story to /changing.rss.
  func control(_ command: String) throws {
    let fetch = "import sys, urllib.request; urllib.request.urlopen(sys.argv[1]).read()"
    let result = try Subprocess.run(
      "/usr/bin/env", ["PATH=/usr/bin:/bin", Self.python, "-c", fetch, url("control/\(command)")],
      environment: [:])
    guard result.status == 0 else {
      throw TmuxSession.Failure(description: "control/\(command): \(result.standardError)")
    }
  }

  /// Ends the server: its standard input closes, then SIGTERM.
  func stop() {
    guard !stopped else { return }
    stopped = true
    try? input.fileHandleForWriting.close()
    process.terminate()
    process.waitUntilExit()
  }

  deinit { stop() }
}

/// News's channels as live news feeds (`--feed`) in the real binary, against the feed server
/// on 127.0.0.1, each run with a cache folder of its own (`XDG_CACHE_HOME`).
@Suite("news feeds end to end", .serialized, .timeLimit(.minutes(2)))
struct FeedsEndToEndTests {
  /// A fresh folder for `XDG_CACHE_HOME` and the browser's record, removed at the end.
  final class Folder {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("feeds36-e2e-\(UUID().uuidString)").path
    init() throws {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    var environment: [String: String] { ["XDG_CACHE_HOME": path + "/cache"] }
  }

  static func feeds(_ urls: [String]) -> [String] {
    urls.flatMap { ["--feed", $0] }
  }

  @Test("two feeds over http show as News's channels, titled by their feeds, with their stories")
  func twoFeedsAsChannels() async throws {
    let server = try FeedTestServer()
    defer { server.stop() }
    let folder = try Folder()
    let tmux = try TmuxSession(
      arguments: Self.feeds([server.url("a.rss"), server.url("b.atom")]),
      environment: folder.environment)
    defer { tmux.kill() }
    let screen = try await tmux.waitFor("both feeds' titles and the first one's stories") {
      $0.row(containing: "Harbour Gazette & Tides") != nil
        && $0.row(containing: "Field Notes") != nil
        && $0.row(containing: "New rail line opens to the coast") != nil
    }
    #expect(
      screen.row(containing: "Harbour Gazette & Tides") == screen.row(containing: "Field Notes"))
    try tmux.press("]")
    try await tmux.waitFor(text: "Clouds & the cirrus season")
  }

  @Test("with the server stopped, a second run shows the cached stories under the offline line")
  func offlineSecondRun() async throws {
    let server = try FeedTestServer()
    let folder = try Folder()
    let urls = [server.url("a.rss"), server.url("b.atom")]
    do {
      let tmux = try TmuxSession(arguments: Self.feeds(urls), environment: folder.environment)
      defer { tmux.kill() }
      try await tmux.waitFor("the stories") {
        $0.row(containing: "New rail line opens to the coast") != nil
          && $0.row(containing: "Field Notes") != nil
      }
      try tmux.press("q")
      _ = try await tmux.waitForExit()
    }
    server.stop()
    let tmux = try TmuxSession(arguments: Self.feeds(urls), environment: folder.environment)
    defer { tmux.kill() }
    let screen = try await tmux.waitFor("the cached stories under the offline line") {
      $0.row(containing: "offline · updated") != nil
        && $0.row(containing: "New rail line opens to the coast") != nil
    }
    let line = try #require(screen.row(containing: "offline · updated"))
    #expect(screen.row(containing: "New rail line opens to the coast") == line + 1, "\(screen)")
    #expect(screen.row(containing: "Harbour Gazette & Tides") != nil, "\(screen)")
  }

  @Test("a bad feed shows one line on its channel, and the app stays responsive throughout")
  func badFeedStaysResponsive() async throws {
    let server = try FeedTestServer()
    defer { server.stop() }
    let folder = try Folder()
    // An HTTP error, a server that never answers, and a good feed.
    let tmux = try TmuxSession(
      arguments: Self.feeds([server.url("status/500"), server.url("never"), server.url("a.rss")]),
      environment: folder.environment)
    defer { tmux.kill() }
    let failed = try await tmux.waitFor(text: "HTTP 500 Internal Server Error")
    #expect(failed.lines.filter { $0.contains("HTTP 500") }.count == 1, "\(failed)")
    // The channel that never answers loads on; keys work meanwhile.
    try tmux.press("]")
    try await tmux.waitFor(text: "Loading…")
    try tmux.press("]")
    try await tmux.waitFor(text: "New rail line opens to the coast")
    try tmux.press("2")
    try await tmux.waitFor("Reading") { DemoEndToEndTests.navigationTitle($0) == "Reading" }
    try tmux.press("1")
    try await tmux.waitFor(text: "New rail line opens to the coast")
    // r on the failed channel retries and fails again, with the same one line.
    try tmux.press("[", "[", "r")
    try await tmux.waitFor(text: "HTTP 500 Internal Server Error")
  }

  @Test("r after the server changed brings the new story on top, with a line that says so")
  func refreshBringsNewStories() async throws {
    let server = try FeedTestServer()
    defer { server.stop() }
    let folder = try Folder()
    let tmux = try TmuxSession(
      arguments: Self.feeds([server.url("changing.rss")]), environment: folder.environment)
    defer { tmux.kill() }
    try await tmux.waitFor(text: "Second story")
    try server.control("advance")
    try tmux.press("r")
    let screen = try await tmux.waitFor("the new story") {
      $0.row(containing: "1 new story") != nil && $0.row(containing: "Third story") != nil
    }
    let line = try #require(screen.row(containing: "1 new story"))
    #expect(screen.row(containing: "Third story") == line + 1, "\(screen)")
    #expect(screen.row(containing: "Second story") == line + 2, "\(screen)")
  }

  @Test("o on a story opens its link with BROWSER, and the app keeps the screen")
  func openInBrowser() async throws {
    let server = try FeedTestServer()
    defer { server.stop() }
    let folder = try Folder()
    let script = folder.path + "/browser.sh"
    let record = folder.path + "/opened"
    try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(record)'\n".write(
      toFile: script, atomically: true, encoding: .utf8)
    chmod(script, 0o755)
    var environment = folder.environment
    // Read by sh rather than executed (see ForegroundBrowserEndToEndTests).
    environment["BROWSER"] = "/bin/sh \(script)"
    let tmux = try TmuxSession(
      arguments: Self.feeds([server.url("a.rss")]), environment: environment)
    defer { tmux.kill() }
    try await tmux.waitFor(text: "New rail line opens to the coast")
    try tmux.press("Enter")
    try await tmux.waitFor(text: "Link: https://gazette.example/rail")
    try tmux.press("o")
    // A toast of 3 s: the first capture that shows it is enough.
    try await tmux.waitFor("the toast", settled: false) { $0.row(containing: "Opened with") != nil }
    var opened = ""
    for _ in 0..<100 where opened.isEmpty {
      opened = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
      if opened.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
    }
    #expect(opened == "https://gazette.example/rail\n")
    // Still running and drawing: Esc goes back to the channel.
    try tmux.press("Escape")
    try await tmux.waitFor(text: "Harbour Gazette & Tides")
  }
}
