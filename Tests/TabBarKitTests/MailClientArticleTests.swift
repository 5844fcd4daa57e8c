import Foundation
import NcursesTerminal
import TabBarKit
import TabBarKitTesting
import Testing

// The code of the DocC article "A mail client" (AMailClient.md), as the
// article shows it, so that it compiles and does what the article says. The
// article's types and functions are in a namespace, its tests are the
// suite's methods; the Action extension stays at the top level.

extension Action {
  static let checkMail = Action.custom("checkMail")
  static let archive = Action.custom("archive")
}

enum MailClientArticle {
  /// A message as the server sends it.
  struct Mail: Sendable {
    var id: Int
    var folder: String
    var subject: String
    var from: String
    var body: String
    var isUnread: Bool
  }

  /// The mail server: the messages of each folder.
  final class MailServer: Sendable {
    let messages: [Mail]

    init(messages: [Mail]) { self.messages = messages }

    func fetch(folder: String) async throws -> [Mail] {
      messages.filter { $0.folder == folder }
    }

    func unreadCount(in folder: String) -> Int {
      messages.count { $0.folder == folder && $0.isUnread }
    }
  }

  /// A folder's rows: unread messages in bold, each opening its message.
  @MainActor static func folderRows(_ messages: [Mail]) -> [ListRow] {
    messages.map { mail in
      ListRow(
        mail.subject, id: mail.id, detail: mail.from, emphasis: mail.isUnread ? .bold : []
      ) { MessagePage(mail) }
    }
  }

  /// A folder: its messages, loaded from the server each time it is asked.
  final class FolderPage: ListViewController {
    init(folder: String, server: MailServer) {
      super.init(title: folder) {
        folderRows(try await server.fetch(folder: folder))
      }
      restorationIdentifier = "folder"
      isSearchable = true
      emptyMessage = "No messages"
      tabBarItem.badge = .count(server.unreadCount(in: folder))
    }

    override var keyBindings: [KeyBinding] {
      super.keyBindings
        + [KeyBinding([.character("r")], .checkMail, help: "Check for new mail", hint: "r check")]
    }

    override func handle(_ action: Action) -> Bool {
      guard action == .checkMail else { return super.handle(action) }
      reload()
      return true
    }
  }

  /// One message; `a` archives it and goes back to the folder.
  final class MessagePage: TextViewController {
    let mail: Mail

    init(_ mail: Mail) {
      self.mail = mail
      super.init(
        title: mail.subject, blocks: [.paragraph("From \(mail.from)"), .paragraph(mail.body)])
    }

    override var keyBindings: [KeyBinding] {
      super.keyBindings
        + [KeyBinding([.character("a")], .archive, help: "Archive the message", hint: "a archive")]
    }

    override func handle(_ action: Action) -> Bool {
      guard action == .archive else { return super.handle(action) }
      showToast("Archived “\(mail.subject)”")
      navigationController?.popViewController()
      return true
    }
  }

  /// The compose form: Send checks the address, says so, and empties the form.
  @MainActor static func composePage() -> FormViewController {
    let to = FormField("To", placeholder: "name@example.com") {
      $0.contains("@") ? nil : "Enter an address"
    }
    let subject = FormField("Subject")
    let body = FormField("Message", lines: 3)
    return FormViewController(
      title: "Compose", fields: [to, subject, body],
      buttons: [
        FormButton(title: "Send", submits: true) { form in
          form.showToast("Sent to \(to.text)")
          for field in [to, subject, body] { field.text = "" }
        }
      ])
  }

  /// Mail, with its folders in a strip, and Compose.
  @MainActor static func makeMail(server: MailServer) throws -> TabBarController {
    let folders = ["Inbox", "Work", "Later"].map { FolderPage(folder: $0, server: server) }
    return try TabBarController(
      viewControllers: [
        NavigationController(
          rootViewController: ChannelStripController(title: "Mail", channels: folders)),
        NavigationController(rootViewController: composePage()),
      ],
      items: [TabBarItem(title: "Mail", glyph: "✉"), TabBarItem(title: "Compose", glyph: "✎")])
  }

  /// Where the user was, kept in a file between runs.
  struct MailState {
    let url: URL

    /// At start: back where the user was. A folder with no messages yet
    /// takes its part once it has loaded them.
    @MainActor func restore(_ tabs: TabBarController) {
      guard let data = try? Data(contentsOf: url),
        let saved = try? JSONDecoder().decode(RestorationCoder.self, from: data)
      else { return }
      saved.restore(tabs)
    }

    /// On the way out: where the user is.
    @MainActor func save(_ tabs: TabBarController) {
      guard let data = try? JSONEncoder().encode(RestorationCoder(encoding: tabs)) else { return }
      try? data.write(to: url, options: .atomic)
    }
  }

  /// The app: back where the user was, or where a link says; saved on every
  /// way out. Never run by the tests (it takes the terminal), but compiled
  /// with them.
  @MainActor static func runMail(
    server: MailServer, state: MailState, link: [Int]?
  ) throws -> Never {
    let tabs = try makeMail(server: server)
    state.restore(tabs)
    if let link {
      // It waits for the folder's messages; a step that fails then is told.
      try tabs.open(path: link) { error in
        if let error { tabs.showToast("\(error)") }
      }
    }
    TerminalApp.run(willTerminate: { _ in state.save(tabs) }) { tabs }
  }
}

@MainActor
@Suite("the A mail client article")
struct MailClientArticleTests {
  typealias Mail = MailClientArticle.Mail
  typealias MailServer = MailClientArticle.MailServer
  typealias MailState = MailClientArticle.MailState
  typealias FolderPage = MailClientArticle.FolderPage
  func makeMail(server: MailServer) throws -> TabBarController {
    try MailClientArticle.makeMail(server: server)
  }

  let server = MailServer(messages: [
    Mail(
      id: 1, folder: "Inbox", subject: "Lunch on Friday?", from: "Ann", body: "The usual place.",
      isUnread: true),
    Mail(
      id: 2, folder: "Inbox", subject: "Your invoice", from: "Shop", body: "Thank you.",
      isUnread: false),
    Mail(
      id: 3, folder: "Inbox", subject: "Build failed", from: "CI", body: "Two tests failed.",
      isUnread: true),
    Mail(
      id: 4, folder: "Work", subject: "Standup moved", from: "Lee", body: "Ten o'clock.",
      isUnread: true),
  ])

  @Test("the article's first test: folders load, show unread counts, and a message archives")
  func foldersLoadAndShowTheirUnreadCounts() async throws {
    let app = AppDriver(root: try makeMail(server: server), size: Size(width: 60, height: 16))
    #expect(app.screen.lines[2].contains("Inbox 2 │ Work 1 │ Later"))
    await app.settle()  // Inbox loaded
    #expect(app.screen.text.contains("Build failed"))
    try app.press("]")  // Work
    await app.settle()  // Work loaded
    try app.press("enter")  // its first message
    #expect(app.screen.text.contains("Ten o'clock."))
    try app.press("a")
    #expect(app.toast == "Archived “Standup moved”")
  }

  @Test("the article's form test: the fields take q and digits, the button lets 1 through")
  func theFormTakesTextAndLetsTheKeysOut() throws {
    let app = AppDriver(root: try makeMail(server: server), size: Size(width: 60, height: 16))
    try app.press("2")
    app.type("ann@example.com q1")
    #expect(app.screen.text.contains("ann@example.com q1"))
    try app.press("tab,tab,tab")  // Subject, Message, Send
    try app.press("1")
    #expect(app.screen.lines[0].contains("Mail"))
  }

  @Test("the article's restore test: the open message comes back once its folder has loaded")
  func thePlaceIsRestoredOnceTheFolderHasLoaded() async throws {
    let state = MailState(url: URL.temporaryDirectory.appending(path: "mail-\(UUID()).json"))
    defer { try? FileManager.default.removeItem(at: state.url) }
    let tabs = try makeMail(server: server)
    let app = AppDriver(root: tabs, size: Size(width: 60, height: 16))
    await app.settle()
    try app.press("down,enter")  // Inbox's second message
    state.save(tabs)  // what willTerminate does on the way out

    let again = try makeMail(server: server)
    state.restore(again)  // Inbox has no messages yet: the restore waits
    let restored = AppDriver(root: again, size: Size(width: 60, height: 16))
    await restored.settle()  // Inbox loaded, then its second message opened
    #expect(restored.screen.text.contains("Thank you."))
  }

  @Test("the article's link test: a link into a folder that loads opens the message after")
  func aLinkOpensAMessageOnceTheFolderHasLoaded() async throws {
    let tabs = try makeMail(server: server)
    let app = AppDriver(root: tabs, size: Size(width: 60, height: 16))
    var outcome = "waiting"
    try tabs.open(path: [1, 3]) { error in outcome = error.map { "\($0)" } ?? "opened" }
    #expect(outcome == "waiting")  // Inbox is loading
    await app.settle()
    #expect(app.screen.text.contains("Two tests failed."))
    #expect(outcome == "opened")
  }

  @Test("the article's load test: a folder's waitForLoad ends with its messages on screen")
  func aFolderSaysWhenItsLoadEnded() async throws {
    let work = FolderPage(folder: "Work", server: server)
    let app = AppDriver(root: NavigationController(rootViewController: work))
    #expect(await work.waitForLoad() == .loaded)
    app.tick()
    #expect(app.screen.text.contains("Standup moved"))
  }

  @Test("a link into a folder that has fewer messages tells its completion which step failed")
  func aLinkPastTheMessagesFails() async throws {
    let tabs = try makeMail(server: server)
    let app = AppDriver(root: tabs, size: Size(width: 60, height: 16))
    var outcome = "waiting"
    try tabs.open(path: [1, 9]) { error in outcome = error.map { "\($0)" } ?? "opened" }
    await app.settle()
    #expect(outcome.contains("step 2"), "\(outcome)")
    #expect(outcome.contains("“Inbox” has no row 9 (it has 3)"), "\(outcome)")
  }
}
