import Foundation
import TabBarKit
import Testing

@testable import tabbar_demo

/// Reading's books are books to read, not stubs: every book the Reading tab
/// lists has five chapters or more, each long enough to scroll through, and
/// the row that lists it says how many chapters it has.
@Suite("demo content: books of real length")
struct BookLengthTests {
  /// A content file and how its chapters are measured.
  struct File: Sendable, CustomTestStringConvertible {
    var name: String
    /// Nil: the built-in `demo.json`.
    var path: String?
    /// Chinese text is counted in Han characters, English in words.
    var chinese: Bool

    var testDescription: String { name }
  }

  static let files = [
    File(name: DemoContent.builtInName, path: nil, chinese: false),
    File(
      name: "Examples/netease.json",
      path: ContentWalkTests.packageRoot.appendingPathComponent("Examples/netease.json").path,
      chinese: true),
  ]

  /// The least a chapter holds: 300 words, or 600 Han characters.
  static func least(_ file: File) -> Int { file.chinese ? 600 : 300 }

  /// The length of `text`: its Han characters (CJK unified ideographs, with
  /// extension A) in Chinese, its whitespace-separated words in English.
  static func length(of text: String, chinese: Bool) -> Int {
    if chinese {
      return text.unicodeScalars.filter {
        (0x4E00...0x9FFF).contains($0.value) || (0x3400...0x4DBF).contains($0.value)
      }.count
    }
    return text.split(whereSeparator: { $0.isWhitespace }).count
  }

  /// A book listed on Reading: the row that lists it and its chapter rows.
  struct Book {
    var row: ContentFile.Row
    var chapters: [ContentFile.Row]
  }

  /// The books that the Reading tab's root list opens, in its order.
  static func books(in content: ContentFile) throws -> [Book] {
    let readingID = try #require(content.tabs.dropFirst().first?.page, "no second tab")
    let reading = try #require(content.pages[JSONKey(readingID)], "no page \(readingID)")
    guard case .list(let rows, _) = reading.kind else {
      Issue.record("\(readingID) is not a list")
      return []
    }
    return try rows.map { row in
      let id = try #require(row.page, "\(row.title) opens nothing")
      let page = try #require(content.pages[JSONKey(id)], "no page \(id)")
      guard case .list(let chapters, _) = page.kind else {
        Issue.record("\(id) is not a list of chapters")
        return Book(row: row, chapters: [])
      }
      return Book(row: row, chapters: Array(chapters))
    }
  }

  @Test("the length of a text counts Han characters in Chinese and words in English")
  func counting() {
    #expect(Self.length(of: "The ferry docked  at\nPort Ellin.", chinese: false) == 6)
    #expect(Self.length(of: "渡轮靠上埃林港，她最后一个下船。", chinese: true) == 14)
    #expect(Self.length(of: "No Han here, 123.", chinese: true) == 0)
  }

  @Test("Reading lists books, each of five chapters or more", arguments: files)
  func fiveChapters(_ file: File) throws {
    let books = try Self.books(in: DemoContent.load(path: file.path))
    #expect(books.count >= 5, "\(file.name): \(books.count) books")
    for book in books {
      #expect(
        book.chapters.count >= 5, "\(file.name): “\(book.row.title)” has \(book.chapters.count)")
    }
  }

  @Test("every chapter is 300 words or 600 Han characters long, or more", arguments: files)
  func chapterLength(_ file: File) throws {
    let content = try DemoContent.load(path: file.path)
    var chapters = 0
    for book in try Self.books(in: content) {
      for row in book.chapters {
        let id = try #require(row.page, "\(book.row.title): “\(row.title)” opens nothing")
        let page = try #require(content.pages[JSONKey(id)], "no page \(id)")
        guard case .text(let article) = page.kind else {
          Issue.record("\(file.name): \(id) is not a text page")
          continue
        }
        let text = article.body.map(\.text).joined(separator: "\n")
        let length = Self.length(of: text, chinese: file.chinese)
        #expect(length >= Self.least(file), "\(file.name): \(id) is \(length) long")
        chapters += 1
      }
    }
    #expect(chapters >= 25, "\(file.name): \(chapters) chapters")
  }

  @Test("a book's row on Reading says how many chapters the book has", arguments: files)
  func chapterCountInDetail(_ file: File) throws {
    for book in try Self.books(in: DemoContent.load(path: file.path)) {
      let count = book.chapters.count
      let says = file.chinese ? " · \(count)章" : " · \(count) chapters"
      #expect(
        book.row.detail.hasSuffix(says), "\(file.name): \(book.row.title): \(book.row.detail)")
    }
  }
}
