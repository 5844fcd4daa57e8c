import TabBarKit

/// A list page with setting rows, as iOS Settings: each setting row shows
/// its current value as its dim detail, and Enter (or a click) changes it
/// at once: a switch flips, a choice steps to its next value, Sign out and
/// Clear cache ask first in a dialog. Its other rows open their pages as
/// any list's rows do.
///
/// The values live in the app's ``SettingsStore``, so the theme, the bar
/// style and the badge timer change with them, and `--state` saves them.
/// How a row of one of the app's own settings shows and changes is that
/// setting's (``AppSetting``): this page knows none of them by name.
final class SettingsPage: ListViewController {
  /// The rows as the content file gives them.
  let entries: [ContentFile.Row]
  /// The app's model, for the pages the other rows open.
  private let model: DemoModel
  /// The content file: the words of the page.
  private var content: ContentFile { model.content }

  /// The store whose values the rows show and change: the app's.
  var store: SettingsStore { model.settings }

  /// A page of `rows`; the setting rows among them read and change `model`'s settings.
  init(title: String, rows: [ContentFile.Row], model: DemoModel) {
    entries = rows
    self.model = model
    super.init(title: title, rows: [])
    listView.rows = rows.indices.map(listRow)
  }

  /// Row `index` as the list shows it now.
  private func listRow(_ index: Int) -> ListRow {
    let entry = entries[index]
    guard let setting = entry.setting else {
      var row = model.listRow(entry)
      row.detail = counted(entry) ?? row.detail
      return row
    }
    let (title, detail) = shown(entry, setting)
    return ListRow(title, detail: detail) { [weak self] in self?.change(index) }
  }

  /// The title and the detail of a setting row for the current values.
  private func shown(_ entry: ContentFile.Row, _ setting: ContentFile.Setting) -> (String, String) {
    switch setting.kind {
    case .app(let app): return app.shown(entry, words: setting, in: store)
    case .toggle(let initial):
      let on = store.toggle(entry.title, initial: initial)
      return (store.localized(entry.title), store.localized(setting.string(on ? "on" : "off")))
    case .choices(let values):
      return (store.localized(entry.title), store.choice(entry.title, among: values))
    }
  }

  /// The detail of a row that opens History, Favourites, Messages or
  /// Blocked topics: how many the list holds now (new messages, topics
  /// still blocked); signed out, 0 for the reader's own lists, which are
  /// empty then; nil for other rows.
  private func counted(_ entry: ContentFile.Row) -> String? {
    let ownLists = ReadingLog.signedInPages.union([
      ReadingLog.historyPage, ReadingLog.favouritesPage,
    ])
    if !store.signedIn, let page = entry.page, ownLists.contains(page) {
      return Self.replacingCount(in: store.localized(entry.detail), with: 0)
    }
    switch entry.page {
    case ReadingLog.messagesPage? where model.inbox.hasMessages:
      let new = store.signedIn ? model.inbox.newCount : 0
      return Self.replacingCount(in: store.localized(entry.detail), with: new)
    case BlockedTopics.page?:
      return Self.replacingCount(in: entry.detail, with: model.blocked.topics.count)
    case ReadingLog.historyPage?: return "\(model.reading.history.count)"
    case ReadingLog.favouritesPage?: return "\(model.reading.favourites.count)"
    default: return nil
    }
  }

  /// `detail` with its first number replaced by `count` ("3 new" gives
  /// "5 new", "3条新消息" gives "5条新消息"); just the count when it has none.
  static func replacingCount(in detail: String, with count: Int) -> String {
    let digits: ClosedRange<Character> = "0"..."9"
    guard let start = detail.firstIndex(where: digits.contains) else { return "\(count)" }
    let end = detail[start...].firstIndex { !digits.contains($0) } ?? detail.endIndex
    return String(detail[..<start]) + "\(count)" + detail[end...]
  }

  /// Shows the current values, in the language chosen now: another page,
  /// or a restored state, may have changed them.
  private func refresh() {
    for index in entries.indices {
      let entry = entries[index]
      let (title, detail): (String, String)
      if let setting = entry.setting {
        (title, detail) = shown(entry, setting)
      } else if let count = counted(entry) {
        (title, detail) = (store.localized(entry.title), count)
      } else {
        (title, detail) = (store.localized(entry.title), listView.rows[index].detail)
      }
      if listView.rows[index].title != title || listView.rows[index].detail != detail {
        listView.rows[index].title = title
        listView.rows[index].detail = detail
      }
    }
  }

  override func viewWillAppear() {
    super.viewWillAppear()
    refresh()
  }

  /// On a setting row Enter changes the value: the hint and the help say so.
  override var keyBindings: [KeyBinding] {
    let selected = listView.selectedIndex
    guard entries.indices.contains(selected), entries[selected].setting != nil else {
      return super.keyBindings
    }
    let change = store.strings.change
    return super.keyBindings.map { binding in
      guard binding.action == .activate else { return binding }
      var binding = binding
      binding.help = DemoStrings.sentence(change)
      binding.hint = "enter \(change)"
      return binding
    }
  }

  override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    refresh()
    super.render(in: rect, into: &buffer)
  }

  /// Enter on setting row `index`: flips, steps or asks.
  func change(_ index: Int) {
    guard let setting = entries[index].setting else { return }
    let title = entries[index].title
    switch setting.kind {
    case .app(let app): app.change(in: store, words: setting, on: self)
    case .toggle(let initial): store.setToggle(title, !store.toggle(title, initial: initial))
    case .choices(let values):
      let current = values.firstIndex(of: store.choice(title, among: values)) ?? 0
      store.setChoice(title, values[(current + 1) % values.count])
    }
    refresh()
    setNeedsDisplay()
  }

  /// Asks with the setting's words before `action`: Cancel (Esc) or the
  /// confirming button, in the warning colour.
  func confirm(_ setting: ContentFile.Setting, _ action: @escaping @MainActor () -> Void) {
    let word = { [store] (key: String) in store.localized(setting.string(key)) }
    present(
      AlertController.confirm(
        title: word("title"), message: word("message"), confirm: word("confirm"),
        cancel: word("cancel"),
        destructive: true, onConfirm: action))
  }
}
