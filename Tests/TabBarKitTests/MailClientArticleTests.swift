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

  /// A folder: the messages kept from last time at once, then the server's.
  final class FolderPage: ListViewController {
    init(folder: String, kept: [Mail], server: MailServer) {
      super.init(title: folder, rows: folderRows(kept)) {
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
  @MainActor static func makeMail(
    server: MailServer, kept: [Mail] = []
  ) throws -> TabBarController {
    let folders = ["Inbox", "Work", "Later"].map { folder in
      FolderPage(folder: folder, kept: kept.filter { $0.folder == folder }, server: server)
    }
    return try TabBarController(
      viewControllers: [
        NavigationController(
          rootViewController: ChannelStripController(title: "Mail", channels: folders)),
        NavigationController(rootViewController: composePage()),
      ],
      items: [TabBarItem(title: "Mail", glyph: "✉"), TabBarItem(title: "Compose", glyph: "✎")])
  }
}

@MainActor
@Suite("the A mail client article")
struct MailClientArticleTests {
  typealias Mail = MailClientArticle.Mail
  typealias MailServer = MailClientArticle.MailServer
  func makeMail(server: MailServer, kept: [Mail] = []) throws -> TabBarController {
    try MailClientArticle.makeMail(server: server, kept: kept)
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
    #expect(app.screen.lines[2].contains("Inbox 2  Work 1  Later"))
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

  @Test("the article's restore test: the open message comes back, and a link opens another")
  func thePlaceIsRestoredAndALinkOpensAMessage() async throws {
    let tabs = try makeMail(server: server)
    let app = AppDriver(root: tabs, size: Size(width: 60, height: 16))
    await app.settle()
    try app.press("down,enter")  // Inbox's second message
    let saved = RestorationCoder(encoding: tabs)

    let again = try makeMail(server: server, kept: server.messages)
    #expect(saved.restore(again).isEmpty)
    let restored = AppDriver(root: again, size: Size(width: 60, height: 16))
    #expect(restored.screen.text.contains("Thank you."))

    try restored.press("esc")  // back to Inbox, which loads
    await restored.settle()
    try again.open(path: [1, 3])
    restored.tick()
    #expect(restored.screen.text.contains("Two tests failed."))
  }

  @Test("the article's save, restore and link lines run as printed")
  func saveRestoreAndLink() async throws {
    let tabs = try makeMail(server: server)
    let app = AppDriver(root: tabs, size: Size(width: 60, height: 16))
    await app.settle()
    try app.press("down,enter")
    let kept = server.messages

    // On quit: where the user is.
    let saved = RestorationCoder(encoding: tabs)

    // At the next start, with the messages kept from last time:
    let again = try makeMail(server: server, kept: kept)
    let skipped = saved.restore(again)

    // Or a start from a notification's link: Mail, then the folder's second message.
    let linked = try makeMail(server: server, kept: kept)
    try linked.open(path: [1, 2])

    #expect(skipped.isEmpty)
    let restored = AppDriver(root: again, size: Size(width: 60, height: 16))
    #expect(restored.screen.lines[0].contains("Your invoice"))
    let opened = AppDriver(root: linked, size: Size(width: 60, height: 16))
    #expect(opened.screen.lines[0].contains("Your invoice"))
  }
}
