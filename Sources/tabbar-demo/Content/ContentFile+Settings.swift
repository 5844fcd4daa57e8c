import TabBarKit

extension ContentFile {
  /// What a setting row of a list sets: one of the app's own settings, or a
  /// switch or a choice the demo only remembers.
  ///
  /// Enter (or a click) on the row flips a switch, steps a choice to its
  /// next value, or asks before signing out or clearing the cache. The row
  /// shows the current value as its dim detail.
  struct Setting: Equatable {
    /// The kinds of setting.
    enum Kind: Equatable {
      /// Switches the app between the day and the night theme (``Themes``),
      /// or lets it follow the terminal's background (Auto).
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
      /// A switch the demo remembers, with its value at first.
      case toggle(Bool)
      /// A choice the demo remembers: the values, the first one at first.
      case choices([String])
    }

    /// The names `"setting"` takes, and the kind each names.
    static let named: [(name: String, kind: Kind)] = [
      ("nightMode", .nightMode), ("barStyle", .barStyle), ("notifications", .notifications),
      ("signOut", .signOut), ("clearCache", .clearCache), ("language", .language),
    ]

    /// What the row is.
    var kind: Kind
    /// The row's own words for its values and dialogs, by key; the English
    /// defaults stand for any key the file leaves out.
    var strings: [String: String] = [:]

    /// The words the row shows for `key`: the file's, else the English default.
    func string(_ key: String) -> String {
      strings[key] ?? Self.defaults(for: kind)[key] ?? key
    }

    /// The keys `"strings"` takes for a kind, with their English defaults.
    static func defaults(for kind: Kind) -> [String: String] {
      switch kind {
      case .nightMode:
        return ["on": "On", "off": "Off", "auto": "Auto"]
      case .notifications, .toggle:
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
      case .choices:
        return [:]
      }
    }
  }

  /// The themes the app switches between: `day` at first, `night` while
  /// Night mode is on. The command line's `--theme` picks the first one.
  struct Themes: Equatable {
    /// The theme of day; `standard` unless the file names another.
    var day = DemoTheme.standard
    /// The theme of Night mode; `dark` unless the file names another.
    var night = DemoTheme.dark
  }
}
