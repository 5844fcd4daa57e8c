import Foundation
import Testing

@testable import tabbar_demo

/// A content file may be up to 64 MiB; a larger one is refused in one line
/// before it is read, and one that is invalid is still reported where it is.
@Suite("content file: size")
struct ContentFileSizeTests {
  /// A file at a new path in the temporary directory, `size` bytes long,
  /// holding `text` at its start (the rest a hole, read as zero bytes).
  static func file(size: Int, text: String = "") throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("content-size-\(UUID().uuidString).json").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: UInt64(size))
    try handle.close()
    return path
  }

  @Test("a file one byte over 64 MiB is refused with one line naming the file and the limit")
  func overTheLimit() throws {
    let path = try Self.file(size: (64 << 20) + 1)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let error = #expect(throws: ContentError.self) { try ContentFile.load(path: path) }
    let message = try #require(error).description
    #expect(message.contains("larger than 64 MiB"), "\(message)")
    #expect(message.contains(path))
    #expect(!message.contains("\n"))
  }

  @Test("a file of 9 MiB, over the old limit, is read and checked to its end")
  func overTheOldLimit() throws {
    // Valid JSON text and then zero bytes: the parser reads it all and
    // says where the first byte it cannot take is.
    let text = "{\"tabs\": []}"
    let path = try Self.file(size: 9 << 20, text: text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let error = #expect(throws: ContentError.self) { try ContentFile.load(path: path) }
    let message = try #require(error).description
    #expect(!message.contains("larger than"), "\(message)")
    #expect(message.contains("line 1, column \(text.count + 1)"), "\(message)")
  }
}
