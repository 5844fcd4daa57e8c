import TabBarKit

/// The settings of the Me page as `--state` saves them: each one only once
/// it is known, so a file saved before the demo had settings still loads.
///
/// The switches and choices the demo only remembers are kept by their row's
/// title.
struct SavedSettings: Codable, Equatable {
  /// Night mode: the night theme instead of the day one.
  var nightMode: Bool?
  /// The tab bar's style: `regular`, `compact` or `icon`.
  var barStyle: String?
  /// The badge timer runs.
  var notifications: Bool?
  /// False once the user signed out.
  var signedIn: Bool?
  /// The switches by their row's title.
  var toggles: [String: Bool]?
  /// The chosen value of each choice, by its row's title.
  var choices: [String: String]?
}

/// The values of the app's settings, and what changing each one does: the
/// theme, the bar style and the badge timer of one tab bar controller.
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

  /// Night mode is on: the root has the night theme.
  private(set) var nightMode = false
  /// The badge timer runs (while the app runs in a terminal).
  private(set) var notifications = true
  /// The user is signed in.
  private(set) var signedIn = true
  /// The switches the demo only remembers, by their row's title.
  private(set) var toggles: [String: Bool] = [:]
  /// The choices the demo only remembers, by their row's title.
  private(set) var choices: [String: String] = [:]
  /// The cache was cleared in this run (not saved: a cache fills again).
  var cacheCleared = false

  /// The app the badge timer runs on, once it runs in a terminal.
  private weak var app: Application?
  /// The running badge timer; nil while notifications are off.
  private(set) var badgeTimer: Timers.Token?

  /// A store of `content`'s settings; ``DemoRootController`` gives it its
  /// root, which keeps its theme and bar style until a setting changes them.
  init(content: ContentFile) {
    self.content = content
  }

  // MARK: Starting

  /// Sets the starting values: the saved ones, where the command line gives
  /// none. A `--theme` or `--bar-style` given on the command line wins over
  /// the saved value, as `--open` wins over the saved place; Night mode then
  /// reads On when the theme given is the night theme.
  func start(saved: SavedSettings?, theme: DemoTheme?, barStyle: TabBarStyle?) {
    if let theme {
      nightMode = theme == content.themes.night && theme != content.themes.day
      root?.theme = theme.theme
    } else {
      nightMode = saved?.nightMode ?? false
      root?.theme = (nightMode ? content.themes.night : content.themes.day).theme
    }
    if barStyle == nil, let name = saved?.barStyle, let style = TabBarStyle(rawValue: name) {
      root?.barStyle = style
    }
    notifications = saved?.notifications ?? true
    signedIn = saved?.signedIn ?? true
    toggles = saved?.toggles ?? [:]
    choices = saved?.choices ?? [:]
  }

  /// Runs the badge timer on `app` while notifications are on.
  func run(on app: Application) {
    self.app = app
    if notifications { startBadgeTimer() }
  }

  /// What `--state` saves.
  var saved: SavedSettings {
    SavedSettings(
      nightMode: nightMode, barStyle: barStyle.rawValue, notifications: notifications,
      signedIn: signedIn, toggles: toggles.isEmpty ? nil : toggles,
      choices: choices.isEmpty ? nil : choices)
  }

  // MARK: Changing

  /// Switches the root between the day and the night theme; every page
  /// draws again in it.
  func setNightMode(_ on: Bool) {
    nightMode = on
    root?.theme = (on ? content.themes.night : content.themes.day).theme
  }

  /// The tab bar's style.
  var barStyle: TabBarStyle { root?.barStyle ?? .regular }

  /// Sets the tab bar's style.
  func setBarStyle(_ style: TabBarStyle) {
    root?.barStyle = style
  }

  /// Starts or stops the badge timer.
  func setNotifications(_ on: Bool) {
    notifications = on
    if on {
      startBadgeTimer()
    } else {
      badgeTimer?.cancel()
      badgeTimer = nil
    }
  }

  private func startBadgeTimer() {
    guard badgeTimer == nil, let app, let root else { return }
    badgeTimer = content.startBadgeTimer(on: app, controller: root)
  }

  /// Signs out or back in.
  func setSignedIn(_ on: Bool) {
    signedIn = on
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
