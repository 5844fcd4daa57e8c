import Foundation
import Testing

/// Where reading and watching stopped is kept with `--state`: a chapter or
/// a video opened again from its list in a later run opens there, and
/// Reading's first row continues the last chapter read.
@Suite("Resume across runs", .timeLimit(.minutes(1)))
struct ResumeEndToEndTests {
  /// A fresh state file's path, and its removal.
  static func statePath() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("tabbar-resume-\(UUID().uuidString).json").path
  }

  static func run(_ arguments: [String]) async throws -> [String] {
    let result = try await DemoBinary.run(["--headless"] + arguments)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.isEmpty, "\(result.standardError)")
    return result.standardOutput.components(separatedBy: "\n")
  }

  @Test("a chapter read two pages down, left, and opened again in a later run opens there")
  func chapterResumes() async throws {
    let path = Self.statePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let size = ["--size", "40x12"]
    let open = "2,down,enter,enter"
    // Where two pages down is, seen without a state file.
    let read = try await Self.run(size + ["--keys", open + ",pgdn,pgdn"])
    let top = read[2]
    #expect(!top.trimmingCharacters(in: .whitespaces).isEmpty)
    // Read there, then back to the book, in a run that saves.
    _ = try await Self.run(size + ["--state", path, "--keys", open + ",pgdn,pgdn,esc"])
    // The next run starts on the book (saved as left): Enter opens the
    // chapter where reading stopped.
    let again = try await Self.run(size + ["--state", path, "--keys", "enter"])
    #expect(again[0] == read[0], "\(again.joined(separator: "\n"))")
    #expect(again[2] == top, "\(read.joined(separator: "\n"))\n\(again.joined(separator: "\n"))")
    // Reading's first row, Continue reading, names it and opens it there.
    let reading = try await Self.run(size + ["--state", path, "--open", "2"])
    #expect(reading[2].contains("Continue reading"), "\(reading.joined(separator: "\n"))")
    let continued = try await Self.run(size + ["--state", path, "--open", "2/1"])
    #expect(continued[2] == top, "\(continued.joined(separator: "\n"))")
  }

  @Test("a video left at 0:30 opens again at 0:30 in a later run, from its list")
  func videoResumes() async throws {
    let path = Self.statePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    _ = try await Self.run(["--state", path, "--keys", "3,enter,],],],space,esc"])
    let again = try await Self.run(["--state", path, "--keys", "enter,space"])
    let text = again.joined(separator: "\n")
    #expect(text.contains("0:30 / 2:10"), "\(text)")
  }
}
