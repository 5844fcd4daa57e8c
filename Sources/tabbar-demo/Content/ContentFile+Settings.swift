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
      /// One of the app's own settings (`"setting": "nightMode"`), which
      /// acts on the app.
      case app(AppSetting)
      /// A switch the demo remembers, with its value at first.
      case toggle(Bool)
      /// A choice the demo remembers: the values, the first one at first.
      case choices([String])
    }

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
      case .app(let setting): return setting.defaultWords
      case .toggle: return ["on": "On", "off": "Off"]
      case .choices: return [:]
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
