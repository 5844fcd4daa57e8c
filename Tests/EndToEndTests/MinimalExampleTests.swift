import Foundation
import Testing

/// `Examples/Minimal`, the README's two-array app (CYL): it builds with the
/// package, runs in a terminal showing its three tabs, and quits with `q`.
@Suite("Examples/Minimal", .serialized, .timeLimit(.minutes(1)))
struct MinimalExampleTests {
  /// The example's tabs, in bar order.
  static let titles = ["Home", "Search", "Me"]

  @Test("minimal-example shows Home, Search and Me, switches tabs and quits with q")
  func runsInTmux() async throws {
    let tmux = try TmuxSession(executable: try Self.path())
    defer { tmux.kill() }
    let start = try await tmux.waitFor("the three tabs") { Self.barIsShown($0) }
    #expect(start.text(ofRow: 0).trimmingCharacters(in: .whitespaces) == "Home")
    #expect(start.row(containing: "Home 1") != nil, "no list rows:\n\(start)")
    let titleRow = start.rows.count - 1
    let home = try #require(start.look(of: "Home", inRow: titleRow))
    let search = try #require(start.look(of: "Search", inRow: titleRow))
    #expect(home != search && home.bold, "Home is not marked: \(home); Search: \(search)")

    try tmux.press("3")
    let me = try await tmux.waitFor("the Me tab") {
      $0.text(ofRow: 0).trimmingCharacters(in: .whitespaces) == "Me" && Self.barIsShown($0)
    }
    #expect(me.row(containing: "Me 1") != nil, "no Me rows:\n\(me)")

    try tmux.press("q")
    let exit = try await tmux.waitForExit()
    #expect(exit.status == 0)
    #expect(exit.sttySettings.contains("echo") && exit.sttySettings.contains("icanon"))
    #expect(!exit.lines.contains { Self.titlesInOrder($0) }, "its screen is still there")
  }

  @Test("without a terminal, minimal-example prints one line and exits 2")
  func withoutATerminal() async throws {
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm-256color"
    let run = try await Subprocess.run(
      try Self.path(), [], environment: environment, timeout: .seconds(10))
    #expect(run.status == 2)
    #expect(run.standardOutput.isEmpty)
    let lines = run.standardError.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 2 && lines[1].isEmpty, "stderr: \(run.standardError.debugDescription)")
    #expect(
      run.standardError.hasPrefix("minimal-example: error: standard input is not a terminal"),
      "stderr: \(run.standardError)")
  }

  @Test("when the app's own code throws, the terminal is restored, then one line, status 2")
  func appCodeThrows() async throws {
    let tmux = try TmuxSession(executable: try Self.path(of: "failing-app-fixture"))
    defer { tmux.kill() }
    let exit = try await tmux.waitForExit()
    #expect(exit.status == 2)
    #expect(exit.sttySettings.contains("echo") && exit.sttySettings.contains("icanon"))
    #expect(!exit.sttySettings.contains("-echo") && !exit.sttySettings.contains("-icanon"))
    #expect(try HardeningTests.paneFlag("alternate_on", in: tmux) == "0")
    #expect(try HardeningTests.paneFlag("cursor_flag", in: tmux) == "1")
    #expect(
      exit.lines.contains {
        $0.hasPrefix("failing-app-fixture: error: the feed could not be loaded")
      },
      "the message shows on the main screen:\n\(exit.lines.joined(separator: "\n"))")
  }

  // MARK: Helpers

  /// The built `minimal-example`: beside the `tabbar-demo` that the other
  /// tests run (the same build), else in `.build/debug`.
  ///
  /// - Throws: `TmuxSession.Failure` with the paths tried.
  static func path(of product: String = "minimal-example") throws -> String {
    var candidates: [String] = []
    if let demo = try? DemoBinary.path() {
      candidates.append(
        URL(fileURLWithPath: demo).deletingLastPathComponent()
          .appendingPathComponent(product).path)
    }
    candidates.append(
      DemoBinary.packageRoot.appendingPathComponent(".build/debug/\(product)").path)
    if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
      return found
    }
    throw TmuxSession.Failure(
      description: "\(product) not found (tried: \(candidates.joined(separator: ", "))); "
        + "build it first with `swift build`")
  }

  /// True when `line` holds the three titles, left to right.
  static func titlesInOrder(_ line: String) -> Bool { line.holds(inOrder: titles) }

  /// True when the last row is the bar's title row.
  static func barIsShown(_ screen: PaneCapture) -> Bool {
    titlesInOrder(screen.text(ofRow: screen.rows.count - 1))
  }
}
