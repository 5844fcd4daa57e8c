import TabBarKit

/// The settings of the Me page as `--state` saves them: each one only once
/// it is known, so a file saved before the demo had settings still loads.
///
/// The switches and choices the demo only remembers are kept by their row's
/// title.
struct SavedSettings: Codable, Equatable {
  /// Night mode: the night theme instead of the day one (true for On),
  /// as versions without Auto saved it.
  var nightMode: Bool?
  /// Night mode's value: `off`, `on` or `auto`; wins over ``nightMode``.
  var nightModeValue: String?
  /// The tab bar's style: `regular`, `compact` or `icon`.
  var barStyle: String?
  /// The badge timer runs.
  var notifications: Bool?
  /// False once the user signed out.
  var signedIn: Bool?
  /// True while the interface is in Chinese (the Language setting).
  var chinese: Bool?
  /// The measure of text pages: `narrow`, `normal` or `wide`.
  var textWidth: String?
  /// How often the news feeds refresh by themselves, in minutes (5, 15, 30
  /// or 60); nil for Off.
  var feedRefresh: Int?
  /// The switches by their row's title.
  var toggles: [String: Bool]?
  /// The chosen value of each choice, by its row's title.
  var choices: [String: String]?
}

/// The values of the app's settings, and what changing each one does: the
/// theme, the bar style and the badge timer of one tab bar controller.
/// What each setting's row shows, and what Enter on it sets, is in
/// ``AppSetting``.
///
/// The setting rows of every page of that controller read and change this
/// one store (``SettingsPage``), so a value changed on one page shows on
/// every other.
@MainActor
final class SettingsStore {
  /// The content file: its themes and its badge timer.
  let content: ContentFile
  /// The app's root, whose theme and bar style the settings set; nil for
  /// a store of a page in no app, whose values change but set nothing.
  weak var root: TabBarController?

  /// Night mode's values: the day theme, the night theme, or the theme
  /// for the terminal's background.
  enum NightMode: String, CaseIterable {
    /// The day theme.
    case off
    /// The night theme.
    case on
    /// For the terminal's background (``Theme/automatic(for:)``): dark on
    /// a dark terminal, light on a light one, the day theme (standard
    /// unless the content file names another) while it is not known.
    case auto
  }

  /// The measure of text pages (Me's Text width): how many columns a line
  /// of a story, a chapter or a message takes at most, centred on a wider
  /// screen, as a reading app's text width or a book's measure.
  enum Measure: String, CaseIterable {
    /// About 60 columns: short lines, for a wide window.
    case narrow
    /// About 80 columns (the default): the measure typographers advise,
    /// 65 to 80 characters.
    case normal
    /// The whole width of the screen.
    case wide

    /// The most columns a line takes; nil for the whole width.
    var columns: Int? {
      switch self {
      case .narrow: return 60
      case .normal: return 80
      case .wide: return nil
      }
    }
  }

  /// How often the news feeds refresh by themselves (Me's Refresh feeds),
  /// as a reader's auto-reload: never, or every so many minutes.
  enum FeedRefresh: Int, CaseIterable {
    /// Only `r` refreshes (the default, as newsboat's `auto-reload`).
    case off = 0
    case every5 = 5
    case every15 = 15
    case every30 = 30
    case every60 = 60

    /// The time between two refreshes; nil for Off.
    var period: Duration? { self == .off ? nil : .seconds(rawValue * 60) }

    /// The key of the row's words: `off`, or the minutes (`5`).
    var key: String { self == .off ? "off" : "\(rawValue)" }
  }

  /// Night mode: Auto unless the command line or the saved settings say.
  private(set) var nightMode = NightMode.auto
  /// The badge timer runs (while the app runs in a terminal).
  private(set) var notifications = true
  /// The user is signed in.
  private(set) var signedIn = true
  /// The interface is in Chinese: the Language setting.
  private(set) var chinese = false
  /// The measure of text pages: the Text width setting.
  private(set) var measure = Measure.normal
  /// How often the news feeds refresh by themselves: Refresh feeds.
  private(set) var feedRefresh = FeedRefresh.off
  /// The switches the demo only remembers, by their row's title.
  private(set) var toggles: [String: Bool] = [:]
  /// The choices the demo only remembers, by their row's title.
  private(set) var choices: [String: String] = [:]
  /// The cache was cleared in this run (not saved: a cache fills again).
  var cacheCleared = false

  /// Me's Messages: with a `me-messages` page, the badge timer's tab
  /// counts the unread messages and the timer brings news alerts.
  var inbox: Inbox? {
    didSet {
      inbox?.didChange = { [weak self] in self?.showUnread() }
      showUnread()
    }
  }

  /// The app the badge timer runs on, once it runs in a terminal.
  private weak var app: Application?
  /// The running badge timer; nil while notifications are off.
  private(set) var badgeTimer: Timers.Token?
  /// Refreshes every news feed in the background, as `r` does on one; nil
  /// when the app shows no feed (``DemoModel`` sets it).
  var refreshFeeds: (@MainActor () -> Void)? {
    didSet { startFeedTimer() }
  }
  /// The running timer of Refresh feeds; nil while it is Off, the app shows
  /// no feed, or the app does not run in a terminal: no wake-up then.
  private(set) var feedTimer: Timers.Token?

  /// A store of `content`'s settings; ``DemoRootController`` gives it its
  /// root, which keeps its theme and bar style until a setting changes them.
  init(content: ContentFile) {
    self.content = content
  }

  // MARK: Starting

  /// Sets the starting values: the saved ones, where the command line gives
  /// none. A `--theme` or `--bar-style` given on the command line wins over
  /// the saved value, as `--open` wins over the saved place; Night mode then
  /// reads Auto for `--theme auto`, On when the theme given is the night
  /// theme, else Off.
  func start(saved: SavedSettings?, theme: ThemeOption?, barStyle: TabBarStyle?) {
    switch theme {
    case .fixed(let theme):
      nightMode = theme == content.themes.night && theme != content.themes.day ? .on : .off
      root?.theme = theme.theme
    case .auto:
      setNightMode(.auto)
    case nil:
      let savedOnOff = saved?.nightMode.map { $0 ? NightMode.on : .off }
      setNightMode(saved?.nightModeValue.flatMap(NightMode.init(rawValue:)) ?? savedOnOff ?? .auto)
    }
    if barStyle == nil, let name = saved?.barStyle, let style = TabBarStyle(rawValue: name) {
      root?.barStyle = style
    }
    notifications = saved?.notifications ?? true
    if let chinese = saved?.chinese { setChinese(chinese) }
    setMeasure(saved?.textWidth.flatMap(Measure.init(rawValue:)) ?? .normal)
    setFeedRefresh(saved?.feedRefresh.flatMap(FeedRefresh.init(rawValue:)) ?? .off)
    // Through setSignedIn, so that a saved sign-out takes Me's badge too.
    setSignedIn(saved?.signedIn ?? true)
    toggles = saved?.toggles ?? [:]
    choices = saved?.choices ?? [:]
  }

  /// Runs the badge timer on `app` while notifications are on.
  func run(on app: Application) {
    self.app = app
    if notifications && signedIn { startBadgeTimer() }
    startFeedTimer()
  }

  /// What `--state` saves.
  var saved: SavedSettings {
    SavedSettings(
      nightMode: nightMode == .on, nightModeValue: nightMode.rawValue,
      barStyle: barStyle.rawValue, notifications: notifications,
      signedIn: signedIn, chinese: chinese ? true : nil,
      textWidth: measure == .normal ? nil : measure.rawValue,
      feedRefresh: feedRefresh == .off ? nil : feedRefresh.rawValue,
      toggles: toggles.isEmpty ? nil : toggles,
      choices: choices.isEmpty ? nil : choices)
  }

  // MARK: Changing

  /// Switches the root to the day theme, the night theme, or the theme for
  /// the terminal's background; every page draws again in it.
  func setNightMode(_ mode: NightMode) {
    nightMode = mode
    guard let root else { return }
    switch mode {
    case .off: root.theme = content.themes.day.theme
    case .on: root.theme = content.themes.night.theme
    case .auto:
      let background = root.terminalBackground
      root.theme = background == .unknown ? content.themes.day.theme : .automatic(for: background)
    }
  }

  /// The terminal's background became known or changed: Auto follows it.
  func terminalBackgroundDidChange() {
    if nightMode == .auto { setNightMode(.auto) }
  }

  /// The tab bar's style.
  var barStyle: TabBarStyle { root?.barStyle ?? .regular }

  /// Sets the tab bar's style.
  func setBarStyle(_ style: TabBarStyle) {
    root?.barStyle = style
  }

  /// Sets the measure of every text page, those on the stacks now
  /// included: the root's readable width, which they inherit.
  func setMeasure(_ measure: Measure) {
    self.measure = measure
    root?.readableWidth = measure.columns
  }

  /// Sets how often the news feeds refresh by themselves, and starts the
  /// timer for it again: the next refresh is a whole period from now.
  func setFeedRefresh(_ refresh: FeedRefresh) {
    feedRefresh = refresh
    startFeedTimer()
  }

  /// Schedules the refresh of the feeds on the app every period of
  /// Refresh feeds; none while it is Off or the app shows no feed.
  private func startFeedTimer() {
    feedTimer?.cancel()
    feedTimer = nil
    guard let app, let refreshFeeds, let period = feedRefresh.period else { return }
    feedTimer = app.schedule(every: period, refreshFeeds)
  }

  /// Starts or stops the badge timer.
  func setNotifications(_ on: Bool) {
    notifications = on
    if on, signedIn {
      startBadgeTimer()
    } else {
      badgeTimer?.cancel()
      badgeTimer = nil
    }
  }

  /// Starts the file's badge timer, if it has one, on the app.
  private func startBadgeTimer() {
    guard badgeTimer == nil, let app, let root, let timer = content.badgeTimer,
      root.viewControllers.indices.contains(timer.tab)
    else { return }
    let tab = root.viewControllers[timer.tab]
    if let inbox, inbox.hasMessages {
      return scheduleAlert(on: app, inbox: inbox, every: timer.interval)
    }
    badgeTimer = app.schedule(every: timer.interval) {
      if case .count(let count) = tab.tabBarItem.badge { tab.tabBarItem.badge = .count(count + 1) }
    }
  }

  /// Brings the next news alert after ``Inbox/alertSpacing(after:)``
  /// intervals, then schedules the one after it: a few, then fewer.
  private func scheduleAlert(on app: Application, inbox: Inbox, every interval: Duration) {
    let wait = interval * Inbox.alertSpacing(after: inbox.alertsSent)
    badgeTimer = app.schedule(every: wait) { [weak self, weak app] in
      guard let self, let app else { return }
      badgeTimer?.cancel()
      inbox.addAlert()
      scheduleAlert(on: app, inbox: inbox, every: interval)
    }
  }

  /// The badge timer's tab (Me), if the content has one.
  private var badgeTab: ViewController? {
    content.badgeTimer.flatMap { timer in
      root.flatMap {
        $0.viewControllers.indices.contains(timer.tab) ? $0.viewControllers[timer.tab] : nil
      }
    }
  }

  /// Sets Me's badge to the count of new messages, those not seen in
  /// Messages yet (none while signed out), when the content has messages.
  func showUnread() {
    guard let inbox, inbox.hasMessages, let tab = badgeTab else { return }
    tab.tabBarItem.badge = signedIn && inbox.newCount > 0 ? .count(inbox.newCount) : .none
  }

  /// The badge the timer's tab had when the user signed out, given back
  /// on signing in.
  private var signedOutBadge: Badge?

  /// Signs out or back in. Signed out, the personal lists are empty, the
  /// plus button asks to sign in, and the badge timer's tab (Me) loses its
  /// badge and the timer stops; signing in gives them back.
  func setSignedIn(_ on: Bool) {
    guard on != signedIn else { return }
    signedIn = on
    let tab = badgeTab
    defer { showUnread() }
    if on {
      if let badge = signedOutBadge { tab?.tabBarItem.badge = badge }
      signedOutBadge = nil
      if notifications { startBadgeTimer() }
    } else {
      signedOutBadge = tab?.tabBarItem.badge
      tab?.tabBarItem.badge = .none
      badgeTimer?.cancel()
      badgeTimer = nil
    }
  }

  /// The library's words in the language chosen.
  var interface: InterfaceStrings { chinese ? .simplifiedChinese : content.words.interface }

  /// The words of the demo's own pages in the language chosen.
  var strings: DemoStrings { chinese ? .simplifiedChinese : content.words.demo }

  /// Told after the language changed: the model tells the pages, which
  /// show their words again (titles, rows, channels, section headers).
  var onLanguageChange: (() -> Void)?

  /// Switches the interface between English (the file's words) and
  /// Chinese, live: the hint, the help, the library's words, the tabs'
  /// titles and text badges, the plus button, and (through
  /// ``onLanguageChange``) every page's words that have a Chinese name.
  func setChinese(_ on: Bool) {
    let changed = on != chinese
    chinese = on
    guard let root else { return }
    root.interfaceStrings = interface
    for (controller, tab) in zip(root.viewControllers, content.tabs) {
      // A tab's navigation controller gives its root page the same item.
      controller.tabBarItem.title = localized(tab.item.title)
      if case .text(let text) = controller.tabBarItem.badge {
        controller.tabBarItem.badge = .text(localizedBadge(text))
      }
    }
    if var plus = root.plusButton, let title = content.plusButton?.title {
      plus.title = localized(title)
      try? root.setPlusButton(plus)
    }
    root.setNeedsDisplay()
    if changed { onLanguageChange?() }
  }

  /// `title` in the language chosen now: its Chinese name while the
  /// interface is Chinese, if it has one (``BuiltInChinese``). A title
  /// with a count in brackets keeps its count: `Science (4)`, `科技 (4)`.
  func localized(_ title: String) -> String {
    guard chinese else { return title }
    if let word = BuiltInChinese.words[title] { return word }
    if let open = title.firstRange(of: " ("),
      let word = BuiltInChinese.words[
        String(title[..<open.lowerBound])]
    {
      return word + title[open.lowerBound...]
    }
    return title
  }

  /// The title of a channel of News in the language chosen now.
  func localizedChannel(_ title: String) -> String {
    chinese ? BuiltInChinese.channels[title] ?? title : title
  }

  /// A text badge in the language chosen now, whichever it was set in.
  func localizedBadge(_ text: String) -> String {
    chinese ? localized(text) : BuiltInChinese.english[text] ?? text
  }

  /// `form` with its words in the language chosen now: labels,
  /// placeholders, options, the button, the badge, the toast and the
  /// dialog's words.
  func localized(_ form: ContentFile.FormSpec) -> ContentFile.FormSpec {
    guard chinese else { return form }
    var form = form
    for index in form.fields.indices {
      form.fields[index].label = localized(form.fields[index].label)
      form.fields[index].placeholder = localized(form.fields[index].placeholder)
      form.fields[index].choices = form.fields[index].choices.map(localized)
    }
    form.submit = localized(form.submit)
    if case .text(let text) = form.badge { form.badge = .text(localized(text)) }
    form.toast = form.toast.map(localized)
    let words: [WritableKeyPath<ContentFile.FormSpec.Strings, String>] = [
      \.required, \.byline, \.time, \.discardTitle, \.discardMessage, \.saveDraft,
      \.deleteDraft, \.cancel,
    ]
    for word in words { form.strings[keyPath: word] = localized(form.strings[keyPath: word]) }
    return form
  }

  /// The switch of the row titled `title`, `initial` until it is changed.
  func toggle(_ title: String, initial: Bool) -> Bool {
    toggles[title] ?? initial
  }

  /// Sets the switch of the row titled `title`.
  func setToggle(_ title: String, _ on: Bool) {
    toggles[title] = on
  }

  /// The value of the choice row titled `title` among `values`: the first
  /// until it is changed (or when the saved one is no longer a value).
  func choice(_ title: String, among values: [String]) -> String {
    choices[title].flatMap { values.contains($0) ? $0 : nil } ?? values[0]
  }

  /// Sets the choice row titled `title`.
  func setChoice(_ title: String, _ value: String) {
    choices[title] = value
  }
}
