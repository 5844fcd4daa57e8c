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

  @Test(
    "Messages seen and a message opened with --state stay so in the next run: 0 new, two unread")
  func readMessagesAreKept() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabbar-inbox-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    // The row without Me's scroll bar at its end (Me is longer than 24 rows).
    func messagesRow(_ screen: String) -> String? {
      screen.split(separator: "\n").map(String.init).first { $0.hasPrefix(" Messages") }
        .map { $0.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "│┃"))) }
    }
    let first = try await DemoBinary.run([
      "--headless", "--size", "70x24", "--state", path, "--keys", "5",
    ])
    #expect(first.status == 0, "\(first.standardError)")
    let before = try #require(messagesRow(first.standardOutput), "\(first.standardOutput)")
    #expect(before.hasSuffix("3 new ›"), "\(before)")
    #expect(first.standardOutput.contains("♥3") || first.standardOutput.contains("♡3"))
    // Me, Messages (all three seen), the first message (read).
    let read = try await DemoBinary.run(
      ["--headless", "--size", "70x24", "--state", path, "--keys", "down,enter,enter"])
    #expect(read.status == 0, "\(read.standardError)")
    let next = try await DemoBinary.run(
      ["--headless", "--size", "70x24", "--state", path, "--keys", "esc,esc"])
    #expect(next.status == 0, "\(next.standardError)")
    let after = try #require(messagesRow(next.standardOutput), "\(next.standardOutput)")
    #expect(after.hasSuffix("0 new ›"), "\(next.standardOutput)")
    #expect(!["♥3", "♡3", "♥2", "♡2"].contains { next.standardOutput.contains($0) }, "no badge")
    // Messages again: the one opened is read, the two others still bold.
    let list = try await DemoBinary.run(
      ["--headless", "--styles", "--size", "70x24", "--state", path, "--keys", "enter"])
    let lines = list.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count > 30 && lines[0].contains("Messages"), "\(list.standardOutput)")
    // The style layer starts after the 24 rows and a blank line.
    let bold = (3...4).filter { lines[25 + $0].contains("B") }
    #expect(bold == [3, 4], "\(list.standardOutput)")
  }
}
