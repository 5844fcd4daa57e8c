import TabBarKit

/// Me's Messages: the ``Inbox``, newest first, the unread ones in bold.
/// Opening a message marks it read, and Me's badge follows. A message
/// that arrives while the page shows appears at once; signed out, the
/// list is empty.
final class MessagesPage: ListViewController {
  private let model: DemoModel
  /// The inbox's ``Inbox/version`` the rows show; nil before the first.
  private var shownVersion: Int?
  /// Whether the rows shown were made signed in.
  private var shownSignedIn = true

  /// The Messages page titled `title`, of `model`'s inbox.
  init(title: String, model: DemoModel) {
    self.model = model
    super.init(title: title)
    showMessages()
  }

  /// The rows for the inbox now.
  private func rows() -> [ListRow] {
    let inbox = model.inbox
    return inbox.messages.map { message in
      ListRow(
        message.title, id: message.id, detail: message.detail,
        emphasis: inbox.isUnread(message.id) ? .bold : []
      ) { [model] () -> ViewController in
        inbox.markRead(message.id)
        return model.page(message.page, openedAs: message.pageTitle)
      }
    }
  }

  /// Shows the messages again if the inbox or the sign-in changed.
  private func showMessages() {
    let signedIn = model.settings.signedIn
    guard shownVersion != model.inbox.version || shownSignedIn != signedIn else { return }
    shownVersion = model.inbox.version
    shownSignedIn = signedIn
    emptyMessage = signedIn ? nil : model.content.words.demo.signedOutList
    apply(signedIn ? rows() : [])
  }

  override func viewWillAppear() {
    super.viewWillAppear()
    showMessages()
  }

  override func viewWillLayout(in rect: Rect) {
    // An alert that came while the page shows, or a message read.
    showMessages()
    super.viewWillLayout(in: rect)
  }
}
