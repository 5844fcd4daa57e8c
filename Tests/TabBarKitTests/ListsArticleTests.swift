import TabBarKit
import TabBarKitTesting
import Testing

/// The code of the DocC article "Lists of real data" (ListsOfRealData.md),
/// as the article shows it, so that its samples compile and do what it
/// says. Only the namespace is added.
enum ListsArticle {
  // MARK: The article's code

  /// A message as the app keeps it.
  struct Message: Sendable {
    var id: Int
    var subject: String
    var from: String
    var body: String
    var isUnread: Bool
    var isToday: Bool
  }

  /// The inbox's rows: today's messages, then the earlier ones, each part
  /// under its header. Unread messages are bold, with a dot.
  @MainActor static func inboxRows(_ messages: [Message]) -> [ListRow] {
    var rows: [ListRow] = []
    for (header, isToday) in [("Today", true), ("Earlier", false)] {
      let part = messages.filter { $0.isToday == isToday }
      guard !part.isEmpty else { continue }
      rows.append(.header(header))
      for message in part {
        rows.append(
          ListRow(
            message.subject, id: message.id, detail: message.from,
            searchText: "\(message.from) \(message.body)",
            emphasis: message.isUnread ? .bold : [], badge: message.isUnread ? .dot : .none
          ) {
            TextViewController(title: message.subject, blocks: [.paragraph(message.body)])
          })
      }
    }
    return rows
  }

  /// The inbox: loads the messages when it comes on screen, and takes new
  /// mail as it arrives.
  final class InboxPage: ListViewController {
    init(fetch: @escaping @Sendable () async throws -> [Message]) {
      super.init(title: "Inbox") { inboxRows(try await fetch()) }
      isSearchable = true
      emptyMessage = "No messages"
    }

    /// New mail: the user stays on the message they were reading.
    func show(_ messages: [Message]) {
      apply(inboxRows(messages))
      tabBarItem.badge = .count(messages.count { $0.isUnread })
    }
  }

  /// A log's lines, kept by the app: the list builds the rows on screen.
  final class LogLines: ListDataSource {
    var lines: [String] = []

    var rowCount: Int { lines.count }

    func row(at index: Int) -> ListRow {
      let line = lines[index]
      guard line.hasPrefix("ERROR") else { return ListRow(line, id: index) }
      let tag = ListRow.Span("ERROR", style: .error)
      return ListRow(spans: [tag, .init(String(line.dropFirst(5)))], id: index)
    }
  }

  /// The log: new lines come in at the end; the status line shows the
  /// selected one.
  final class LogPage: ListViewController {
    let log = LogLines()
    private(set) var status = ""

    init() {
      super.init(title: "Log", dataSource: log)
      isSearchable = true
    }

    /// New lines: the list is told where they went.
    func take(_ lines: [String]) {
      let start = log.lines.count
      log.lines += lines
      listView.noteRowsInserted(in: start..<log.lines.count)
    }

    /// Every new selection, each key typed into the filter included.
    override func selectionDidChange() {
      status = listView.selectedRow == nil ? "" : "line \(listView.selectedIndex + 1)"
    }
  }

  static let lunch = Message(
    id: 1, subject: "Lunch on Friday?", from: "Ann", body: "The usual place.",
    isUnread: true, isToday: true)
  static let invoice = Message(
    id: 2, subject: "Your invoice", from: "Shop", body: "Thank you.", isUnread: false,
    isToday: false)
  static let build = Message(
    id: 3, subject: "Build failed", from: "CI", body: "Two tests failed.", isUnread: true,
    isToday: true)
}

@MainActor
@Suite("the Lists of real data article")
struct ListsArticleTests {
  typealias InboxPage = ListsArticle.InboxPage
  let lunch = ListsArticle.lunch
  let invoice = ListsArticle.invoice
  let build = ListsArticle.build

  // MARK: The article's own tests, as it shows them

  @Test("the article's test: new mail above keeps the selection on the same message")
  func newMailKeepsTheSelection() async throws {
    let inbox = InboxPage(fetch: { [lunch, invoice] })
    let app = AppDriver(root: NavigationController(rootViewController: inbox))
    await app.settle()  // the messages loaded
    try app.press("down")
    #expect(inbox.listView.selectedRow?.title == "Your invoice")

    inbox.show([build, lunch, invoice])  // new mail, above
    app.tick()
    #expect(inbox.listView.selectedRow?.title == "Your invoice")
    #expect(app.screen.text.contains("Build failed"))
  }

  @Test("the article's test: the search finds a message by its sender")
  func searchFindsTheSender() async throws {
    let inbox = InboxPage(fetch: { [lunch, invoice, build] })
    let app = AppDriver(root: NavigationController(rootViewController: inbox))
    await app.settle()
    try app.press("/")
    app.type("ann")
    #expect(app.screen.text.contains("Lunch on Friday?"))
    #expect(!app.screen.text.contains("Your invoice"))
    app.type("x")
    #expect(app.screen.text.contains("No results for 'annx'"))
  }

  @Test("the article's test: new lines under a kept filter show when they match")
  func newLinesUnderAFilter() throws {
    let page = ListsArticle.LogPage()
    page.take(["INFO started", "ERROR disk full", "INFO served"])
    let app = AppDriver(root: NavigationController(rootViewController: page))
    try app.press("/")
    app.type("error")
    #expect(page.status == "line 2")
    page.take(["ERROR disk gone", "INFO served"])
    app.tick()
    #expect(app.screen.text.contains("ERROR disk gone"))
    #expect(!app.screen.text.contains("INFO served"))
  }

  // MARK: More of what the article says

  @Test("the log: the ERROR tag in the error style, found without its accents or case")
  func logSpans() throws {
    let page = ListsArticle.LogPage()
    page.take(["INFO started", "ERROR Café closed", "INFO served"])
    let app = AppDriver(root: NavigationController(rootViewController: page))
    #expect(app.screen.styleLines[3].hasPrefix(".BBBBB......"), "the tag, bold red")
    try app.press("/")
    app.type("CAFE")
    #expect(page.listView.itemCounts == (1, 3))
    #expect(page.status == "line 2")
  }

  /// The inbox as its tab's root, beside a second tab, on 50×14.
  func tabs(_ inbox: InboxPage) throws -> AppDriver {
    let tabs = try TabBarController(
      viewControllers: [
        NavigationController(rootViewController: inbox),
        NavigationController(rootViewController: ListViewController(title: "Me")),
      ],
      items: [TabBarItem(title: "Mail", glyph: "M"), TabBarItem(title: "Me", glyph: "E")])
    return AppDriver(root: tabs, size: Size(width: 50, height: 14))
  }

  @Test("the inbox: Loading…, then today's and earlier messages under headers, unread in bold")
  func sectionsAndStyle() async throws {
    let inbox = InboxPage(fetch: { [lunch, invoice, build] })
    let app = try tabs(inbox)
    #expect(app.screen.text.contains("Loading…"))
    await app.settle()
    let lines = app.screen.lines
    #expect(lines[2].hasPrefix(" Today "))
    #expect(lines[3].hasPrefix(" Lunch on Friday? "))
    #expect(lines[4].hasPrefix(" Build failed "))
    #expect(lines[5].hasPrefix(" Earlier "))
    #expect(lines[6].hasPrefix(" Your invoice "))
    #expect(app.screen.styleLines[4].hasPrefix(".BBBBBBBBBBBB."), "unread: bold")
    #expect(app.screen.styleLines[6].hasPrefix(".............."), "read: plain")
    #expect(lines[4].contains("CI ●"), "the sender, then the unread dot")

    try app.press("down,down")
    #expect(inbox.listView.selectedRow?.title == "Your invoice", "the header Earlier is passed")
    try app.press("enter")
    #expect(app.screen.text.contains("Thank you."), "the row opens the message")
  }

  @Test("the inbox: new mail sets the tab's badge from the root page, and an empty inbox says so")
  func badgeAndEmpty() async throws {
    let inbox = InboxPage(fetch: { [] })
    let app = try tabs(inbox)
    await app.settle()
    #expect(app.screen.text.contains("No messages"))

    inbox.show([lunch, build, invoice])
    app.tick()
    #expect(app.screen.lines[12].contains("M2"), "two unread, in the bar")
    #expect(!app.screen.text.contains("No messages"))
  }

  @Test("the inbox: a failed load shows why and a retry; Enter loads again")
  func failedLoad() async throws {
    let script = LoadScript()
    let inbox = InboxPage(fetch: { try await script.next() })
    let app = try tabs(inbox)
    await app.settle()
    #expect(app.screen.text.contains("Could not load: offline"))
    #expect(app.screen.text.contains("enter retry"))
    try app.press("enter")
    await app.settle()
    #expect(app.screen.text.contains("Lunch on Friday?"))
  }
}

/// Answers an inbox's loads: offline the first time, then a message.
actor LoadScript {
  private var calls = 0

  func next() throws -> [ListsArticle.Message] {
    calls += 1
    guard calls > 1 else { throw LoadError() }
    return [ListsArticle.lunch]
  }

  struct LoadError: Error, CustomStringConvertible {
    var description: String { "offline" }
  }
}
