import Foundation
import NewsFeeds

/// The fixture feed server (Fixtures/feed_server.py) on 127.0.0.1, started by a test and
/// stopped by it (SIGTERM); its standard input is a pipe, so the end of the test process ends
/// it too.
final class FeedServer {
  let port: Int
  /// The same routes over TLS, with the self-signed certificate of Fixtures/localhost-ca.pem.
  let tlsPort: Int
  /// A port that listens with a full accept queue: connecting to it times out.
  let blackholePort: Int
  private let process: Subprocess
  private var stopped = false

  /// Debian's python3 when there is one: a version manager's shim on PATH (pyenv's is a bash
  /// script that starts several processes) took 1.4 s a start on a loaded machine, against
  /// 0.2 s. The server needs only the standard library.
  static let python =
    FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
    ? "/usr/bin/python3" : "python3"

  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  init() throws {
    process = try Subprocess([
      Self.python, Self.fixtures.appendingPathComponent("feed_server.py").path,
    ])
    let line = process.readLine()
    struct Ports: Decodable {
      var port: Int
      var tls: Int
      var blackhole: Int
    }
    guard let ports = try? JSONDecoder().decode(Ports.self, from: Data(line.utf8)) else {
      process.terminate()
      throw ServerError.didNotStart(line)
    }
    port = ports.port
    tlsPort = ports.tls
    blackholePort = ports.blackhole
  }

  enum ServerError: Error {
    case didNotStart(String)
  }

  /// `http://127.0.0.1:PORT/path`.
  func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

  /// Asks the server to change (`advance`).
  func control(_ command: String) async throws {
    _ = try await FeedFetcherForTests.plain.fetch(.url(url("control/\(command)")))
  }

  /// Ends the server at once (SIGTERM) and reaps it.
  func stop() {
    guard !stopped else { return }
    stopped = true
    process.terminate()
  }

  deinit { stop() }
}
enum FeedFetcherForTests {
  /// Short limits, so that every failure ends within a few seconds.
  static let plain = FeedFetcher(
    options: FetchOptions(
      connectTimeout: .seconds(1), totalTimeout: .seconds(3), maximumRedirects: 3,
      maximumBytes: 1 << 20))
}
