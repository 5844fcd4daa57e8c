import TabBarKit

/// The demo's own settings, each in one place: its name in a content file
/// (`{"title": "Night mode", "setting": "nightMode"}`), the words its row
/// shows, what the row shows now, and what Enter on the row does.
///
/// ``SettingsStore`` keeps the values and applies them to the app; the
/// content decoder takes the names from here, and ``SettingsPage`` shows any
/// of these rows without knowing which one it is. To add a setting: a case
/// here and its arm in each switch below (the compiler names them), and its
/// value in the store, with ``SavedSettings`` to keep it. A switch or a
/// choice that the demo only remembers needs no code: the content file's
/// `"toggle"` or `"choices"` row is enough.
enum AppSetting: String, CaseIterable {
  /// Switches the app between the day and the night theme
  /// (``ContentFile/Themes``), or lets it follow the terminal's background
  /// (Auto).
  case nightMode
  /// Steps the tab bar through regular, compact and icon.
  case barStyle
  /// Turns the badge timer on and off.
  case notifications
  /// Signs out, after asking; signs in again at once.
  case signOut
  /// Clears the cache, after asking.
  case clearCache
  /// Switches the whole interface between English and 中文, live.
  case language
  /// Steps the measure of text pages through Narrow, Normal and Wide
  /// (``SettingsStore/Measure``).
  case textWidth
  /// Steps how often the news feeds refresh by themselves: Off, every 5,
  /// 15, 30 or 60 minutes (``SettingsStore/FeedRefresh``).
  case feedRefresh

  /// The keys the row's `"strings"` takes, with their English defaults.
  var defaultWords: [String: String] {
    switch self {
    case .nightMode:
      return ["on": "On", "off": "Off", "auto": "Auto"]
    case .notifications:
      return ["on": "On", "off": "Off"]
    case .barStyle:
      return ["regular": "Regular", "compact": "Compact", "icon": "Icon"]
    case .signOut:
      return [
        "title": "Sign out?", "message": "You can sign in again at any time.",
        "confirm": "Sign out", "cancel": "Cancel", "signIn": "Sign in",
        "signedOut": "Signed out", "signedIn": "Signed in",
      ]
    case .clearCache:
      return [
        "title": "Clear cache?", "message": "Saved pictures and pages will be removed.",
        "confirm": "Clear", "cancel": "Cancel", "cleared": "Cache cleared",
      ]
    case .language:
      return ["english": "English", "chinese": "中文"]
    case .textWidth:
      return ["narrow": "Narrow", "normal": "Normal", "wide": "Wide"]
    case .feedRefresh:
      return [
        "off": "Off", "5": "Every 5 min", "15": "Every 15 min", "30": "Every 30 min",
        "60": "Every 60 min",
      ]
    }
  }

  /// The title and the detail of `row`, this setting's row, for the values
  /// in `store` now, in the row's `words`.
  @MainActor
  func shown(_ row: ContentFile.Row, words: ContentFile.Setting, in store: SettingsStore)
    -> (title: String, detail: String)
  {
    switch self {
    case .nightMode:
      return (store.localized(row.title), store.localized(words.string(store.nightMode.rawValue)))
    case .notifications:
      return (
        store.localized(row.title),
        store.localized(words.string(store.notifications ? "on" : "off"))
      )
    case .barStyle:
      return (store.localized(row.title), store.localized(words.string(store.barStyle.rawValue)))
    case .signOut:
      return store.signedIn
        ? (store.localized(row.title), row.detail) : (store.localized(words.string("signIn")), "")
    case .clearCache:
      // Cleared, the cache holds nothing: the size says so.
      let size =
        store.cacheCleared ? SettingsPage.replacingCount(in: row.detail, with: 0) : row.detail
      return (store.localized(row.title), size)
    case .language:
      return (
        store.localized(row.title),
        store.localized(words.string(store.chinese ? "chinese" : "english"))
      )
    case .textWidth:
      return (store.localized(row.title), store.localized(words.string(store.measure.rawValue)))
    case .feedRefresh:
      return (store.localized(row.title), store.localized(words.string(store.feedRefresh.key)))
    }
  }

  /// Enter (or a click) on this setting's row of `page`: flips or steps the
  /// value in `store`, or asks first in a dialog over `page` and says what
  /// it did in a toast, in the row's `words`.
  @MainActor
  func change(in store: SettingsStore, words: ContentFile.Setting, on page: SettingsPage) {
    switch self {
    case .nightMode:
      // Off, On, Auto, and round again.
      let modes = SettingsStore.NightMode.allCases
      let next = ((modes.firstIndex(of: store.nightMode) ?? 0) + 1) % modes.count
      store.setNightMode(modes[next])
    case .notifications:
      store.setNotifications(!store.notifications)
    case .barStyle:
      let styles = TabBarStyle.allCases
      let next = (styles.firstIndex(of: store.barStyle).map { $0 + 1 } ?? 0) % styles.count
      store.setBarStyle(styles[next])
    case .signOut:
      if store.signedIn {
        page.confirm(words) { [weak page] in
          store.setSignedIn(false)
          page?.showToast(store.localized(words.string("signedOut")))
        }
      } else {
        store.setSignedIn(true)
        page.showToast(store.localized(words.string("signedIn")))
      }
    case .language:
      store.setChinese(!store.chinese)
    case .textWidth:
      let measures = SettingsStore.Measure.allCases
      let next = ((measures.firstIndex(of: store.measure) ?? 0) + 1) % measures.count
      store.setMeasure(measures[next])
    case .feedRefresh:
      let periods = SettingsStore.FeedRefresh.allCases
      let next = ((periods.firstIndex(of: store.feedRefresh) ?? 0) + 1) % periods.count
      store.setFeedRefresh(periods[next])
    case .clearCache:
      page.confirm(words) { [weak page] in
        store.cacheCleared = true
        page?.showToast(store.localized(words.string("cleared")))
      }
    }
  }
}
