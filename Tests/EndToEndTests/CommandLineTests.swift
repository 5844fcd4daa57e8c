import Foundation
import Testing

/// The demo's command line refuses bad values the same way every time: one
/// line on stderr that starts `tabbar-demo: error: `, with anything from the
/// arguments or the environment that could act on a terminal escaped, and
/// exit status 2, before the terminal is touched.
@Suite("command line", .serialized, .timeLimit(.minutes(1)))
struct CommandLineTests {
  /// Expects `run` to be a usage error: status 2, one line with the prefix,
  /// no byte a terminal would act on; returns the line.
  @discardableResult
  static func expectUsageError(
    _ run: Subprocess.Result, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> String {
    #expect(run.status == 2, "\(what): status", sourceLocation: sourceLocation)
    #expect(run.standardOutput.isEmpty, "\(what): stdout", sourceLocation: sourceLocation)
    let line = StateFileTests.oneLine(run.standardError, sourceLocation: sourceLocation) ?? ""
    #expect(
      line.hasPrefix("tabbar-demo: error: "), "\(what): \(line.debugDescription)",
      sourceLocation: sourceLocation)
    #expect(
      !line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
      "\(what): raw control characters in \(line.debugDescription)",
      sourceLocation: sourceLocation)
    return line
  }

  // MARK: --size

  @Test(
    "--size has an upper bound of 1000 columns by 1000 rows: a usage error, status 2",
    arguments: ["100000x100000", "100000x1", "1x100000", "1001x24", "80x1001"])
  func sizeTooLarge(_ size: String) async throws {
    let run = try await DemoBinary.run(["--headless", "--size", size], timeout: .seconds(20))
    let line = Self.expectUsageError(run, size)
    #expect(line.contains("from 1x1 to 1000x1000") && line.contains("above 1000"), "\(line)")
    #expect(line.contains(size), "\(line)")
  }

  @Test(
    "--size up to 1000 columns or 1000 rows still renders", arguments: ["1000x24", "80x1000"])
  func largestSize(_ size: String) async throws {
    let run = try await DemoBinary.run(
      ["--headless", "--no-animation", "--size", size], timeout: .seconds(30))
    #expect(run.status == 0 && run.standardError.isEmpty, "\(run.standardError)")
    #expect(run.standardOutput.contains("News"))
  }

  // MARK: Escaping

  /// An OSC sequence that would retitle the terminal if echoed raw.
  static let retitle = "\u{1B}]0;pwned\u{07}"
  /// How the error line must show it.
  static let retitleEscaped = "\\u001B]0;pwned\\u0007"

  @Test(
    "values from the command line are escaped in error messages, a no-break space shown",
    arguments: [
      (["--headless", "--keys", retitle], retitleEscaped),
      (["--headless", "--size", retitle], retitleEscaped),
      (["--headless", "--\(retitle)"], retitleEscaped),
      (["--headless", "--bar-style", retitle], retitleEscaped),
      (["--headless", "--bar-style", "\u{9B}31m"], "\\u009B31m"),
      (["--headless", "--keys", "down,a\u{A0}b"], "a\\u00A0b"),
      (["--headless", "--size", "80\u{A0}x24"], "80\\u00A0x24"),
      (["--headless", "--open", "1\u{A0}"], "1\\u00A0"),
    ])
  func escapedArguments(_ arguments: [String], _ shown: String) async throws {
    let run = try await DemoBinary.run(arguments)
    let line = Self.expectUsageError(run, arguments.debugDescription)
    #expect(line.contains(shown), "\(line.debugDescription) should show \(shown)")
    #expect(!line.contains("\u{A0}"), "a raw no-break space in \(line.debugDescription)")
  }

  @Test("an unknown TERM with escape sequences in it is escaped in the message")
  func escapedTerm() async throws {
    let tmux = try TmuxSession(term: Self.retitle)
    defer { tmux.kill() }
    let exit = try await tmux.waitForExit()
    #expect(exit.status == 2)
    let message = DemoEndToEndTests.linesBeforeExit(exit)
    #expect(message.count == 1, "messages: \(message)")
    #expect(message.first?.hasPrefix("tabbar-demo: error: ") == true, "messages: \(message)")
    #expect(message.first?.contains(Self.retitleEscaped) == true, "messages: \(message)")
  }

  // MARK: --animation-rate

  @Test(
    "--animation-rate takes a finite rate from 0.01 to 100; anything else is a usage error",
    arguments: ["inf", "-inf", "nan", "1e-9", "0", "-1", "0.001", "1e9", "101"])
  func animationRateOutOfRange(_ rate: String) async throws {
    let run = try await DemoBinary.run(["--headless", "--animation-rate=\(rate)"])
    let line = Self.expectUsageError(run, rate)
    #expect(line.contains("--animation-rate must be from 0.01 to 100"), "\(line)")
  }

  @Test(
    "--animation-rate at the ends of its range is accepted", arguments: ["0.01", "0.1", "100"])
  func animationRateInRange(_ rate: String) async throws {
    let run = try await DemoBinary.run([
      "--headless", "--animation-rate", rate, "--keys", "2,enter",
    ])
    #expect(run.status == 0 && run.standardError.isEmpty, "\(rate): \(run.standardError)")
  }
}
