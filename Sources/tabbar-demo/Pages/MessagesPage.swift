import TabBarKit

/// Me's Messages: the ``Inbox``, newest first, the unread ones in bold.
/// Coming to the page marks every message seen (Me's badge and "N new"
/// go to 0); opening one marks it read. A message that arrives while the
/// page shows appears at once, and is seen; signed out, the list is empty
/// and nothing is seen.
final class MessagesPage: ListViewController {
  private let model: DemoModel
  /// The inbox's ``Inbox/version`` the rows show; nil before the first.
  private var shownVersion: Int?
  /// Whether the rows shown were made signed in.
  private var shownSignedIn = true
  /// True while the page is on screen.
  private var onScreen = false

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

  override func viewDidAppear() {
    super.viewDidAppear()
    onScreen = true
    markSeen()
  }

  override func viewWillDisappear() {
    super.viewWillDisappear()
    onScreen = false
  }

  override func viewWillLayout(in rect: Rect) {
    // An alert that came while the page shows, or a message read.
    showMessages()
    if onScreen { markSeen() }
    super.viewWillLayout(in: rect)
  }

  /// What the list shows is seen, while signed in.
  private func markSeen() {
    if model.settings.signedIn { model.inbox.markAllSeen() }
  }
}
