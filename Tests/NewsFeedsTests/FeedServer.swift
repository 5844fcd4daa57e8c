import Foundation
import NewsFeeds

/// The fixture feed server (Fixtures/feed_server.py) on 127.0.0.1, started by a test and
/// stopped by it: its standard input is a pipe, and closing it ends the server (so does the
/// end of the test process).
final class FeedServer {
  let port: Int
  /// The same routes over TLS, with the self-signed certificate of Fixtures/localhost-ca.pem.
  let tlsPort: Int
  /// A port that listens with a full accept queue: connecting to it times out.
  let blackholePort: Int
  private let process: Process
  private let input: Pipe

  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  init() throws {
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", Self.fixtures.appendingPathComponent("feed_server.py").path]
    input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else { break }
      line.append(chunk)
    }
    struct Ports: Decodable {
      var port: Int
      var tls: Int
      var blackhole: Int
    }
    guard let ports = try? JSONDecoder().decode(Ports.self, from: line) else {
      process.terminate()
      throw ServerError.didNotStart(String(decoding: line, as: UTF8.self))
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

  func stop() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  deinit {
    if process.isRunning {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
  }
}

enum FeedFetcherForTests {
  /// Short limits, so that every failure ends within a few seconds.
  static let plain = FeedFetcher(
    options: FetchOptions(
      connectTimeout: .seconds(1), totalTimeout: .seconds(3), maximumRedirects: 3,
      maximumBytes: 1 << 20))
}
