import Foundation
import Testing

/// A content file's form pages (issue 13): bad ones are refused with the
/// JSON path of the problem, as every bad file is (R6).
extension ContentFileTests {
  /// A file of two tabs, a list and `page`, whose page `a` is `form`.
  static func formFile(_ form: String) -> String {
    #"{"tabs": [{"title": "A", "page": "l"}, {"title": "B", "page": "a"}], "pages": "#
      + #"{"l": {"rows": ["x"]}, "a": {"form": "# + form + "}}}"
  }

  static let badForms: [BadFile] = [
    BadFile(json: formFile("{}"), message: #"pages.a.form: missing "fields""#),
    BadFile(
      json: formFile(#"{"fields": []}"#), message: "pages.a.form.fields: 0 fields; give 1…12"),
    BadFile(
      json: formFile(#"{"fields": [{"label": "Body", "lines": 3}]}"#),
      message: "pages.a.form.fields: no one-line text field; a form needs one for the story's title"
    ),
    BadFile(
      json: formFile(
        #"{"fields": [{"label": "T"}, {"label": "C", "choices": ["x"], "lines": 2}]}"#),
      message: #"pages.a.form.fields[1].lines: a choice field has no "lines""#),
    BadFile(
      json: formFile(#"{"fields": [{"label": "C", "choices": []}]}"#),
      message: "pages.a.form.fields[0].choices: no choices; give at least one"),
    BadFile(
      json: formFile(#"{"fields": [{"label": "C", "choices": ["x", 2]}]}"#),
      message: "pages.a.form.fields[0].choices[1]: expected a string, found 2"),
    BadFile(
      json: formFile(#"{"fields": [{"label": "T", "maxLength": 500}]}"#),
      message: "pages.a.form.fields[0].maxLength: 500 is out of range; expected 1…200"),
    BadFile(
      json: formFile(#"{"fields": [{"placeholder": "T"}]}"#),
      message: #"pages.a.form.fields[0]: missing "label""#),
    BadFile(
      json: formFile(#"{"fields": [{"label": "T"}], "postsTo": 1}"#),
      message: #"pages.a.form.postsTo: tab 1 ("B") has no list to post to"#),
    BadFile(
      json: formFile(#"{"fields": [{"label": "T"}], "postsTo": 5}"#),
      message: "pages.a.form.postsTo: no tab 5; expected 0…1"),
    BadFile(
      json: formFile(#"{"fields": [{"label": "T"}], "badge": "big"}"#),
      message: #"pages.a.form.badge: unknown badge "big"; expected "none", "dot", "#
        + #"{"count": N} or {"text": "…"}"#),
    BadFile(
      json: formFile(#"{"fields": [{"label": "T"}], "strings": {"ok": "Fine"}}"#),
      message: #"pages.a.form.strings: unknown key "ok"; expected one of "byline", "cancel", "#
        + #""deleteDraft", "discardMessage", "discardTitle", "required", "saveDraft", "time""#),
    BadFile(
      json: formFile(#"{"fields": [{"label": "T"}], "toast": 3}"#),
      message: "pages.a.form.toast: expected a string, found 3"),
    BadFile(
      json:
        #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"body": ["x"], "form": {}}}}"#,
      message: #"pages.a: a page has "body" (a text page) or "form", not both"#),
  ]

  @Test("a bad form names the page and the member", arguments: badForms)
  func badForm(_ file: BadFile) async throws {
    let path = try write(file.json)
    try await expectRejected(path, "\(path): \(file.message)")
  }

  @Test("the form example in Examples/CONTENT-FORMAT.md loads, and + opens it")
  func documentedFormLoads() async throws {
    let format = try String(
      contentsOf: DemoBinary.packageRoot.appendingPathComponent("Examples/CONTENT-FORMAT.md"),
      encoding: .utf8)
    let start = try #require(format.range(of: "```json\n\"compose\""))
    let end = try #require(format.range(of: "```", range: start.upperBound..<format.endIndex))
    let page = format[format.index(start.lowerBound, offsetBy: 8)..<end.lowerBound]
    let path = try write(
      #"{"tabs": [{"title": "News", "page": "news"}, {"title": "Me", "page": "news"}], "#
        + #""plusButton": {"presents": "compose"}, "pages": {"news": {"rows": ["x"]}, "#
        + page + "}}")
    let run = try await DemoBinary.run(["--headless", "--content", path, "--keys", "+"])
    #expect(run.status == 0, "stderr: \(run.standardError)")
    #expect(run.standardOutput.contains("‹ World ›"))
  }
}
