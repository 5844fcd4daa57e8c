import Testing

@testable import tabbar_demo

/// A content file's lists are read into row tables (each plain row's text
/// kept in one buffer, no JSON value made for it). What the parse gives
/// and every error it reports must be those of reading the same text as
/// plain JSON values, and a list's rows must decode to the same rows.
@Suite("content file: rows read straight into a table")
struct RowTableTests {
  /// The parse of `text` with and without row tables: both values or
  /// both errors.
  static func bothParses(_ text: String) -> (
    tables: Result<JSONValue, JSONParser.Failure>, values: Result<JSONValue, JSONParser.Failure>
  ) {
    let bytes = Array(text.utf8)
    return (
      Result { () throws(JSONParser.Failure) in try JSONParser.parse(bytes, rowTables: true) },
      Result { () throws(JSONParser.Failure) in try JSONParser.parse(bytes) }
    )
  }

  /// The `rows` array of the page `news` in `value`.
  static func rows(_ value: JSONValue) -> JSONArray? {
    guard case .object(let top) = value, case .object(let pages)? = top[JSONKey("pages")],
      case .object(let news)? = pages[JSONKey("news")],
      case .array(let rows)? = news[JSONKey("rows")]
    else { return nil }
    return rows
  }

  static func file(rows: String) -> String {
    #"{"tabs": [{"title": "News", "page": "news"}], "pages": {"news": {"rowPage": "s", "rows": "#
      + rows + #"}, "s": {"body": ["x"]}, "t": {"body": ["y"]}}}"#
  }

  @Test("plain rows, bare titles, escapes and odd rows read as the same values")
  func sameValues() throws {
    let rows = """
      [
        "A bare title",
        {"title": "新闻 标题", "detail": "Tech · 3h", "page": "t"},
        {"page": "s", "title": "Quote \\"here\\" \\u00e9", "detail": ""},
        {"title": "Opens nothing", "page": null},
        {"title": "Setting", "toggle": true},
        {"title": "Nested", "detail": {"no": 1}},
        {"title": "Twice page", "page": "s", "detail": "d"},
        {"title": "Empty page id", "page": ""}
      ]
      """
    let (tables, values) = Self.bothParses(Self.file(rows: rows))
    let table = try #require(Self.rows(tables.get()))
    #expect(table.rowTable != nil)
    let plain = try #require(Self.rows(values.get()))
    #expect(plain.rowTable == nil)
    #expect(Array(table) == Array(plain))
    #expect(try tables.get() == values.get())
    // The two odd rows are kept as values; the others as text.
    #expect(table.rowTable?.values.count == 2)
  }

  @Test("a list's rows decode to the same rows from a table and from values")
  func sameRows() throws {
    let rows = """
      ["Bare", {"title": "T", "detail": "D", "page": "t"}, {"title": "None", "page": null},
       {"title": "Default"}, {"title": "é \\n", "detail": "\\u65b0"}]
      """
    let bytes = Array(Self.file(rows: rows).utf8)
    let fromTable = try ContentFile(bytes: bytes, file: "f.json")
    let fromValues = try ContentDecoder.decode(JSONParser.parse(bytes))
    guard case .list(let tableRows, _)? = fromTable.pages[JSONKey("news")]?.kind,
      case .list(let valueRows, _)? = fromValues.pages[JSONKey("news")]?.kind
    else {
      Issue.record("news is not a list")
      return
    }
    let read = { (rows: ContentRows) in
      rows.indices.map { "\(rows[$0].title)|\(rows[$0].detail)|\(rows[$0].page ?? "nil")" }
    }
    #expect(read(tableRows) == read(valueRows))
    #expect(
      read(tableRows) == [
        "Bare||s", "T|D|t", "None||nil", "Default||s", "é \n|新|s",
      ])
    #expect(Array(tableRows.pages) == ["s", "t", nil, "s", "s"])
  }

  @Test("a row opening a missing page is reported at its place, as before")
  func missingPage() {
    let rows = #"[{"title": "A", "page": "s"}, {"title": "B", "page": "gone"}]"#
    let bytes = Array(Self.file(rows: rows).utf8)
    #expect(throws: ContentError.self) { try ContentFile(bytes: bytes, file: "f.json") }
    do {
      _ = try ContentFile(bytes: bytes, file: "f.json")
    } catch {
      #expect(error.description == #"f.json: pages.news.rows[1].page: no page with id "gone""#)
    }
  }

  @Test("broken rows fail with the message and offset of the plain parse")
  func sameErrors() {
    let broken = [
      #"["a",]"#, #"[{"title": "a",}]"#, #"[{"title": "a" "detail": "b"}]"#,
      #"[{"title": "a", "title": "b"}]"#, #"[{"title": "a\q"}]"#, #"[{"title": "a"#,
      #"[{"title": "a", "page": nul}]"#, #"[{"title": "a", "page": nullx}]"#,
      #"[{"title": "a"} {"title": "b"}]"#, #"[{"title": 1e999}]"#, "[{\"title\": \"a\u{1}\"}]",
      #"[{"title": "\ud800"}]"#, #"[{"title"]"#, #"[{]"#, #"["#, #"[{"title": "a"}"#,
    ]
    for rows in broken {
      let (tables, values) = Self.bothParses(Self.file(rows: rows))
      switch (tables, values) {
      case (.failure(let table), .failure(let value)):
        #expect(table == value, "\(rows)")
      default:
        Issue.record("\(rows): \(tables) and \(values)")
      }
    }
  }

  @Test("random edits of a list of rows parse alike with and without tables")
  func randomEdits() {
    var generator = SystemRandomNumberGenerator()
    let rows =
      Array(
        #"[{"title": "Bank rates hold", "detail": "Finance · 3h", "page": "s"}, "新闻 标题", "#
          .utf8)
      + Array(
        #"{"page": null, "title": "q \"x\""}, {"title": "t", "detail": "", "page": "t"}]"#.utf8)
    let pieces: [[UInt8]] = [
      Array("\"".utf8), Array(",".utf8), Array("{".utf8), Array("}".utf8), Array("]".utf8),
      Array(":".utf8), Array("\\".utf8), Array("null".utf8), Array(" ".utf8), [0x01],
      Array("\"page\"".utf8), Array("\"title\"".utf8), Array("1".utf8), Array("é".utf8),
    ]
    for _ in 0..<2000 {
      var edited = rows
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        let place = Int.random(in: 0..<edited.count, using: &generator)
        if Bool.random(using: &generator) {
          edited.remove(at: place)
        } else {
          edited.insert(
            contentsOf: pieces.randomElement(using: &generator)!, at: place)
        }
      }
      // Still UTF-8: a cut sequence is not what this test is about.
      guard JSONParser.firstInvalidUTF8(in: edited) == nil else { continue }
      let text = Self.file(rows: String(decoding: edited, as: UTF8.self))
      let (tables, values) = Self.bothParses(text)
      switch (tables, values) {
      case (.success(let table), .success(let value)):
        #expect(table == value, "\(text)")
      case (.failure(let table), .failure(let value)):
        #expect(table == value, "\(text)")
      default:
        Issue.record("\(text): \(tables) and \(values)")
      }
    }
  }
}
