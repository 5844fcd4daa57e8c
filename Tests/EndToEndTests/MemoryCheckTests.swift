import Foundation
import Testing

/// The real binary under valgrind's memcheck: no read of uninitialised or
/// freed memory anywhere in a few hundred keys of ordinary use.
@Suite("Memory check", .timeLimit(.minutes(4)))
struct MemoryCheckTests {
  /// Tabs, lists, pushes and pops, the More list at a narrow size, help.
  static let keys: String = {
    let round = [
      "2", "down", "down", "enter", "down", "enter", "esc", "esc", "right", "right", "enter",
      "esc", "4", "enter", "down", "enter", "esc", "up", "end", "home", "pgdn", "pgup", "?",
      "x", "5", "enter", "esc", "tab", "backtab", "1", "+", "esc",
    ]
    return Array(repeating: round, count: 10).joined().joined(separator: ",")
  }()

  @Test("valgrind memcheck on a headless run of 320 keys reports no error")
  func memcheck() async throws {
    let valgrind = "/usr/bin/valgrind"
    #expect(
      FileManager.default.isExecutableFile(atPath: valgrind),
      "valgrind is missing: `make test-deps` installs it")
    // valgrind 3.19 cannot read the DWARF 5 that clang writes for the C
    // shim and gives up; a copy without debug sections keeps the symbols,
    // so a report still names the function.
    let demo = NSTemporaryDirectory() + "tabbar-demo-memcheck-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: demo) }
    let strip = try Subprocess.run(
      "/usr/bin/objcopy", ["--strip-debug", try DemoBinary.path(), demo],
      environment: ProcessInfo.processInfo.environment)
    #expect(strip.status == 0, "objcopy: \(strip.standardError)")
    let run = try await Subprocess.run(
      valgrind,
      [
        "--error-exitcode=99", "--quiet", demo, "--headless", "--size", "80x24", "--keys",
        Self.keys,
      ],
      environment: ProcessInfo.processInfo.environment, timeout: .seconds(200))
    #expect(run.status == 0, "valgrind found errors:\n\(run.standardError.prefix(4000))")
    #expect(!run.standardError.contains("=="), "\(run.standardError.prefix(4000))")
  }
}
