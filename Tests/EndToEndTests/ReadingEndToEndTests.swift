import Foundation
import Testing

/// What the reader did is kept with `--state`: a story read in one run is
/// first in Me's History in the next, and a message opened stays read.
@Suite("History and messages across runs", .timeLimit(.minutes(1)))
struct ReadingEndToEndTests {
  @Test("a story read in one run with --state is first in History in the next")
  func historyIsKept() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabbar-history-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    // The fourth News story: not in the starting History.
    let read = try await DemoBinary.run(
      ["--headless", "--size", "70x24", "--state", path, "--keys", "down,down,down,enter"])
    #expect(read.status == 0, "\(read.standardError)")
    let title = try #require(read.standardOutput.split(separator: "\n").first)
      .trimmingCharacters(in: .whitespaces)
    let headline = title.replacingOccurrences(of: "‹ News", with: "")
      .trimmingCharacters(in: .whitespaces)
    #expect(!headline.isEmpty)
    let next = try await DemoBinary.run(
      ["--headless", "--size", "70x24", "--state", path, "--keys", "esc,5,down,down,down,enter"])
    #expect(next.status == 0, "\(next.standardError)")
    let lines = next.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first?.contains("History") == true, "\(next.standardOutput)")
    #expect(lines.count > 2 && lines[2].contains(headline), "\(headline)\n\(next.standardOutput)")
  }

  @Test("a message opened in one run with --state is still read in the next: Me counts one fewer")
  func readMessagesAreKept() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabbar-inbox-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    func messagesRow(_ screen: String) -> String? {
      screen.split(separator: "\n").map(String.init).first { $0.hasPrefix(" Messages") }
    }
    let first = try await DemoBinary.run([
      "--headless", "--size", "70x24", "--state", path, "--keys", "5",
    ])
    #expect(first.status == 0, "\(first.standardError)")
    let before = try #require(messagesRow(first.standardOutput), "\(first.standardOutput)")
    #expect(before.hasSuffix("3 new ›"), "\(before)")
    // Me, Messages, the first message.
    let read = try await DemoBinary.run(
      ["--headless", "--size", "70x24", "--state", path, "--keys", "down,enter,enter"])
    #expect(read.status == 0, "\(read.standardError)")
    let next = try await DemoBinary.run(
      ["--headless", "--size", "70x24", "--state", path, "--keys", "esc,esc"])
    #expect(next.status == 0, "\(next.standardError)")
    let after = try #require(messagesRow(next.standardOutput), "\(next.standardOutput)")
    #expect(after.hasSuffix("2 new ›"), "\(next.standardOutput)")
    #expect(next.standardOutput.contains("♥2") || next.standardOutput.contains("♡2"))
  }
}
