import TabBarKit
import TabBarKitTesting
import Testing

@testable import log_viewer_example

/// Examples/LogViewer: 200,000 lines from the app's own array, new lines
/// followed as `tail -f` follows them, a filter, severity tags in colour.
@MainActor
@Suite("the log viewer example")
struct LogViewerExampleTests {
  static func app(lines: Int) -> (AppDriver, LogPage) {
    var made = MadeUpLog()
    let page = LogPage(log: LogLines(made.lines(lines)), every: .seconds(1)) { made.lines(3) }
    let app = AppDriver(root: NavigationController(rootViewController: page))
    return (app, page)
  }

  @Test("the made-up log has 60 to 140 characters a line, a quarter of the lines in Chinese")
  func madeUpLines() {
    var made = MadeUpLog()
    let lines = made.lines(2_000)
    #expect(lines.allSatisfy { (60...140).contains($0.count) })
    #expect(Set(lines).count == lines.count, "every line distinct")
    let chinese = lines.count {
      $0.unicodeScalars.contains { $0.value >= 0x4E00 && $0.value < 0xA000 }
    }
    #expect(chinese == 500)
    var again = MadeUpLog()
    #expect(again.lines(2_000) == lines, "the same every run")
  }

  @Test("it opens on the last of 200,000 lines, following, and new lines keep it there")
  func followsNewLines() {
    let (app, page) = Self.app(lines: 200_000)
    #expect(app.screen.text.contains("line 200,000 of 200,000 · following"))
    app.advance(by: .seconds(2))
    #expect(page.log.rowCount == 200_006)
    #expect(app.screen.text.contains("line 200,006 of 200,006 · following"))
  }

  @Test("moving up stops following; the filter narrows the lines and counts what it shows")
  func filterAndStopFollowing() throws {
    let (app, page) = Self.app(lines: 20_000)
    try app.press("up")
    app.advance(by: .seconds(1))
    #expect(app.screen.text.contains("line 19,999 of 20,003"))
    #expect(!page.isFollowing)
    try app.press("/")
    app.type("超时")
    let shown = page.listView.itemCounts.shown
    #expect(shown > 100 && shown < 5_000)
    #expect(app.screen.text.contains("of 20,003 · \(LogPage.grouped(shown)) shown"))
    // New lines come in under the kept filter: those that match show.
    app.advance(by: .seconds(10))
    #expect(page.listView.itemCounts.total == 20_033)
    #expect(page.listView.itemCounts.shown == page.log.lines.count { $0.contains("超时") })
  }

  @Test("severity tags show in their styles: errors bold, debug lines' tag dim")
  func severityTags() throws {
    let rows = [
      "2026-11-26 00:00:01 ERROR billing: disk usage above 90% on /var/lib/data in 3 ms",
      "2026-11-26 00:00:02 DEBUG auth: token refreshed for the session in 12 ms",
      "2026-11-26 00:00:03 错误 search: 数据库连接池耗尽，等待释放 第12号",
    ]
    let page = LogPage(log: LogLines(rows))
    let app = AppDriver(root: NavigationController(rootViewController: page))
    try app.press("home")
    // Row 1 is selected; rows 2 and 3 show their tags' styles.
    let debug = app.screen.styleLines[3]
    #expect(debug.hasPrefix(String(repeating: ".", count: 21) + "DDDDD."))
    let error = app.screen.styleLines[4]
    #expect(error.hasPrefix(String(repeating: ".", count: 21) + "BBBB."))
    #expect(app.screen.lines[4].hasPrefix(" 2026-11-26 00:00:03 错误 search"))
  }
}
