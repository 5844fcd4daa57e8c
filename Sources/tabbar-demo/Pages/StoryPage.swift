import TabBarKit

extension Action {
  /// Adds the story on screen to Favourites, or takes it out: `f`.
  static let favourite = Action.custom("favourite")
}

/// A story's text page: reading it puts it at the top of History, and `f`
/// adds it to Favourites (or takes it out), with a toast.
final class StoryPage: TextViewController {
  /// The story's page id in the content file.
  let id: String
  private let log: ReadingLog
  private let settings: SettingsStore
  /// The words, in the language chosen now.
  private var strings: DemoStrings { settings.strings }

  /// The story `id`, whose reading and favouriting go to `log`.
  init(id: String, title: String, blocks: [TextBlock], log: ReadingLog, settings: SettingsStore) {
    self.id = id
    self.log = log
    self.settings = settings
    super.init(title: title, blocks: blocks)
  }

  override func viewDidAppear() {
    super.viewDidAppear()
    log.read(id)
  }

  override var keyBindings: [KeyBinding] {
    let words = strings.favourite
    return super.keyBindings
      + [KeyBinding([.character("f")], .favourite, help: words.help, hint: words.hint)]
  }

  override func handle(_ action: Action) -> Bool {
    guard action == .favourite else { return super.handle(action) }
    showToast(log.toggleFavourite(id) ? strings.favourited : strings.unfavourited)
    return true
  }
}

/// Me's Messages, History or Favourites: the pages of the ``ReadingLog``,
/// newest first, shown afresh each time the page appears; empty while
/// signed out.
final class ReadingListPage: ListViewController {
  private let model: DemoModel
  private let stories: @MainActor (ReadingLog) -> [String]

  /// The list titled `title` of the stories `stories` picks from the log.
  init(
    title: String, model: DemoModel, stories: @escaping @MainActor (ReadingLog) -> [String]
  ) {
    self.model = model
    self.stories = stories
    super.init(title: title)
    listView.rows = rows()
  }

  private func rows() -> [ListRow] {
    // Signed out, the personal lists are empty and say why.
    emptyMessage = model.settings.signedIn ? nil : model.content.words.demo.signedOutList
    guard model.settings.signedIn else { return [] }
    return stories(model.reading).compactMap { id in
      guard let row = model.content.row(opening: id) else { return nil }
      var listed = model.listRow(row)
      listed.id = id
      return listed
    }
  }

  override func viewWillAppear() {
    super.viewWillAppear()
    apply(rows())
  }
}

/// Profile while signed out: one row that signs in and goes back to Me.
final class SignInPage: ListViewController {
  /// The page titled `title`, signing in to `settings`.
  init(title: String, settings: SettingsStore, strings: DemoStrings) {
    super.init(title: title)
    listView.rows = [
      ListRow(strings.signIn, detail: "enter") { [weak self, settings] in
        settings.setSignedIn(true)
        self?.showToast(strings.signIn + " ✓")
        self?.navigationController?.popViewController(animated: true)
      }
    ]
  }
}
