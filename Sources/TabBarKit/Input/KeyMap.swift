/// One entry of the key table: keys, the action they trigger, and their help.
public struct KeyBinding: Hashable, Sendable {
  /// The keys that trigger the action.
  public var keys: [Key]
  /// The action.
  public var action: Action
  /// The help line, for example "Next tab".
  public var help: String
  /// How the help overlay writes the keys; nil writes them from ``keys``.
  public var label: String?
  /// A few words for the status hint, such as `↑↓ move`; nil keeps the
  /// action out of the hint.
  public var hint: String?

  /// Creates a binding.
  public init(
    _ keys: [Key], _ action: Action, help: String, label: String? = nil, hint: String? = nil
  ) {
    self.keys = keys
    self.action = action
    self.help = help
    self.label = label
    self.hint = hint
  }

  /// The keys as the help overlay shows them.
  public var keysLabel: String {
    label ?? keys.map(\.description).joined(separator: " ")
  }
}

/// The table of key bindings: the single source of truth for input and help.
public struct KeyMap: Sendable {
  /// The bindings in help order.
  public private(set) var bindings: [KeyBinding]
  private var lookup: [Key: Action]

  /// Creates a key map; when a key is bound twice, the first binding wins.
  public init(_ bindings: [KeyBinding]) {
    self.bindings = bindings
    var lookup: [Key: Action] = [:]
    for binding in bindings {
      for key in binding.keys where lookup[key] == nil { lookup[key] = binding.action }
    }
    self.lookup = lookup
  }

  /// This table with other words for its bindings, for an app in another
  /// language: `words` gives each binding's help and hint (nil for none);
  /// the keys stay bound as they are.
  ///
  /// ```swift
  /// let keyMap = KeyMap.standard.relabeled { binding in
  ///   switch binding.action {
  ///   case .activate: ("打开", "enter 打开")
  ///   case .back: ("返回", "esc 返回")
  ///   default: (binding.help, binding.hint)
  ///   }
  /// }
  /// ```
  public func relabeled(
    _ words: (KeyBinding) -> (help: String, hint: String?)
  ) -> KeyMap {
    var map = self
    for index in map.bindings.indices {
      (map.bindings[index].help, map.bindings[index].hint) = words(map.bindings[index])
    }
    return map
  }

  /// This table with the app's own `bindings` added after the standard ones
  /// in the help; a key they bind wins over the same key in this table.
  ///
  /// ```swift
  /// let keys = KeyMap.standard.adding([
  ///   KeyBinding([.character("r")], .custom("refresh"), help: "Refresh", hint: "r refresh")
  /// ])
  /// ```
  public func adding(_ bindings: [KeyBinding]) -> KeyMap {
    var map = KeyMap(self.bindings + bindings)
    for binding in bindings {
      for key in binding.keys { map.lookup[key] = binding.action }
    }
    return map
  }

  /// The action `key` triggers, or nil.
  public func action(for key: Key) -> Action? { lookup[key] }

  /// The status hint for a page that answers `actions`: the hints of their
  /// bindings in table order.
  ///
  /// An action in `names` (a title the app gave it, such as the plus
  /// button's) is hinted as its first key and that title in lower case:
  /// `+ post`, `+ 发布`.
  public func hint(for actions: Set<Action>, names: [Action: String] = [:]) -> StatusHint {
    var seen: Set<String> = []
    var parts: [String] = []
    for binding in bindings where actions.contains(binding.action) {
      guard var hint = binding.hint else { continue }
      if let name = names[binding.action], let key = binding.keys.first {
        hint = "\(key) \(name.lowercased())"
      }
      if seen.insert(hint).inserted { parts.append(hint) }
    }
    return StatusHint(parts: parts)
  }

  /// The bindings the help overlay lists: one line per help text.
  public var helpEntries: [(keys: String, help: String)] { helpEntries(names: [:]) }

  /// The bindings the help overlay lists, one line per help text, an action
  /// in `names` followed by its title: `Plus button (Post)`.
  public func helpEntries(names: [Action: String]) -> [(keys: String, help: String)] {
    var seen: Set<String> = []
    var entries: [(keys: String, help: String)] = []
    for binding in bindings where !seen.contains(binding.help) {
      seen.insert(binding.help)
      let help = names[binding.action].map { "\(binding.help) (\($0))" } ?? binding.help
      entries.append((binding.keysLabel, help))
    }
    return entries
  }

  /// The standard bindings.
  public static let standard: KeyMap = {
    let digits = (1...9).map { Character(String($0)) }
    var selectBindings: [KeyBinding] = []
    for (i, d) in digits.enumerated() {
      selectBindings.append(
        KeyBinding(
          [.character(d), .alt(d)], .selectTab(i), help: "Select tab 1–9",
          label: "1…9 alt-1…9"))
    }
    return KeyMap(
      [
        KeyBinding([.right, .tab], .nextTab, help: "Next tab", hint: "←→ tabs"),
        KeyBinding([.left, .backTab], .previousTab, help: "Previous tab"),
      ] + selectBindings + [
        KeyBinding([.up, .character("k")], .moveUp, help: "Move up"),
        KeyBinding([.down, .character("j")], .moveDown, help: "Move down", hint: "↑↓ move"),
        KeyBinding([.pageUp], .pageUp, help: "Page up"),
        KeyBinding([.pageDown], .pageDown, help: "Page down"),
        KeyBinding([.home, .character("g")], .moveToTop, help: "First row"),
        KeyBinding([.end, .character("G")], .moveToBottom, help: "Last row"),
        // Before Enter: when the rule is short the hint keeps its last parts,
        // so `/ search` gives way before `enter open` does.
        KeyBinding([.character("/")], .search, help: "Filter the list", hint: "/ search"),
        KeyBinding(
          [.enter, .character(" ")], .activate, help: "Open, or open/close a section",
          hint: "enter open"),
        KeyBinding([.character("+")], .plusButton, help: "Plus button", hint: "+ plus"),
        KeyBinding([.escape, .backspace], .back, help: "Back", hint: "esc back"),
        KeyBinding([.character("?")], .help, help: "Show or hide this help", hint: "? keys"),
        KeyBinding([.ctrl("l")], .redraw, help: "Redraw the screen"),
        KeyBinding([.ctrl("z")], .suspend, help: "Suspend (fg resumes)"),
        KeyBinding([.character("q"), .ctrl("c")], .quit, help: "Quit"),
      ])
  }()
}
