/// A key binding: keys, the action they trigger, and their words in the key
/// help and the hint, as Textual's `Binding`. A controller declares its own
/// (``ViewController/keyBindings``); the app's table (``KeyMap``) holds
/// only the keys that work everywhere.
public struct KeyBinding: Hashable, Sendable {
  /// The keys that trigger the action.
  public var keys: [Key]
  /// The action, handed to the owner's ``ViewController/handle(_:)-(Action)``.
  public var action: Action
  /// The help line, for example "Next tab".
  public var help: String
  /// A few words for the status hint, such as `↑↓ move`; nil keeps the
  /// binding out of the hint.
  public var hint: String?
  /// The hint while the binding's first key does not reach it (a page
  /// below types it or binds it), naming a key that still does: the tab
  /// bar's `alt-1–9 tabs` while a field takes the digits, the app's
  /// `ctrl-c quit` while it takes `q`. Nil leaves the binding out of the
  /// hint then.
  public var fallbackHint: String?
  /// How much the binding's hint matters when the rule is too short for
  /// every key: the hint keeps the most important ones and ends in `…`.
  public var hintImportance: HintImportance
  /// True for a global key: one that works from any page below its owner,
  /// as lazygit's global keys work in every view: the tab bar's ←/→, Tab,
  /// digits and `+`. It goes to its owner before the focused page sees it
  /// as a key, unless a controller between them takes that key: binds it
  /// itself, or takes text and the key types or moves the cursor (a form
  /// takes digits as text). So a page always wins by binding the key: this
  /// is a default for the pages below, not Textual's `priority=True`, which
  /// wins over the focused widget.
  public var isGlobal: Bool

  /// The former name of ``isGlobal``, which said the opposite of Textual's
  /// `priority`: a page that binds the key wins over it.
  @available(*, deprecated, renamed: "isGlobal")
  public var isPriority: Bool {
    get { isGlobal }
    set { isGlobal = newValue }
  }
  /// True when the binding's words are its action's in ``InterfaceStrings``:
  /// the standard table relabels with the root's words.
  private var followsLibraryWords = false

  /// How much a hint matters on a short rule: the hint keeps the
  /// ``high`` ones first, then the ``normal`` ones, then the ``low`` ones;
  /// at one importance, the focused page's before its containers', the
  /// app's last. It shows the kept ones in their usual order, root first,
  /// and ends in `…` when it left any out.
  public enum HintImportance: Int, Hashable, Sendable, Comparable {
    /// Given up first: a key the screen shows some other way (the plus
    /// button's `+`).
    case low
    /// The default.
    case normal
    /// Kept first: a page's main key (a list's `enter open`), a
    /// container's keys (`esc back`, `[] channels`, `←→ tabs`) and the
    /// app's `? keys`, the way to all the others.
    case high

    /// Orders by importance, ``low`` first.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// Creates a binding; `isGlobal` makes it work from the pages below its
  /// owner (see ``isGlobal``).
  public init(
    _ keys: [Key], _ action: Action, help: String, hint: String? = nil,
    fallbackHint: String? = nil, hintImportance: HintImportance = .normal,
    isGlobal: Bool = false
  ) {
    self.keys = keys
    self.action = action
    self.help = help
    self.hint = hint
    self.fallbackHint = fallbackHint
    self.hintImportance = hintImportance
    self.isGlobal = isGlobal
  }

  /// Creates a binding, by the former name of `isGlobal`.
  @available(*, deprecated, renamed: "init(_:_:help:hint:fallbackHint:hintImportance:isGlobal:)")
  public init(
    _ keys: [Key], _ action: Action, help: String, hint: String? = nil,
    fallbackHint: String? = nil, hintImportance: HintImportance = .normal, isPriority: Bool
  ) {
    self.init(
      keys, action, help: help, hint: hint, fallbackHint: fallbackHint,
      hintImportance: hintImportance, isGlobal: isPriority)
  }

  /// A binding with the library's `words` for it.
  package init(
    _ keys: [Key], _ action: Action, _ words: InterfaceStrings.KeyWords,
    hintImportance: HintImportance = .normal, isGlobal: Bool = false
  ) {
    self.init(
      keys, action, help: words.help, hint: words.hint, fallbackHint: words.fallbackHint,
      hintImportance: hintImportance, isGlobal: isGlobal)
  }

  /// The keys as the help overlay shows them: runs of digits shortened,
  /// `1–9 alt-1–9`.
  package var keysLabel: String { Self.label(for: keys) }

  /// `keys` as the help writes them: the digits after the other keys, each
  /// run of three or more (plain or with Alt) as `1–9`.
  package static func label(for keys: [Key]) -> String {
    var parts = keys.filter { digit($0) == nil }.map(\.description)
    for alt in [false, true] {
      let values = keys.compactMap(digit).filter { $0.alt == alt }.map(\.value).sorted()
      var index = 0
      while index < values.count {
        var end = index
        while end + 1 < values.count, values[end + 1] == values[end] + 1 { end += 1 }
        let first = (alt ? "alt-" : "") + "\(values[index])"
        if end - index >= 2 {
          // An en dash, as a range is written: `1–9` (ASCII draws it `1-9`,
          // where an ellipsis would read `1.9`).
          parts.append("\(first)–\(values[end])")
        } else {
          parts += values[index...end].map { (alt ? "alt-" : "") + "\($0)" }
        }
        index = end + 1
      }
    }
    return parts.joined(separator: " ")
  }

  private static func digit(_ key: Key) -> (value: Int, alt: Bool)? {
    switch key {
    case .character(let c): c.wholeNumberValue.map { ($0, false) }
    case .alt(let c): c.wholeNumberValue.map { ($0, true) }
    default: nil
    }
  }

  /// This binding with its words following its action's in
  /// ``InterfaceStrings``.
  fileprivate func followingLibraryWords() -> KeyBinding {
    var binding = self
    binding.followsLibraryWords = true
    return binding
  }

  /// This binding in `strings`' words, when it follows them.
  package func relabeled(in strings: InterfaceStrings) -> KeyBinding {
    guard followsLibraryWords else { return self }
    let words = strings[action]
    var binding = self
    binding.help = words.help
    binding.hint = words.hint
    binding.fallbackHint = words.fallbackHint
    return binding
  }
}

/// The app's table of keys that work everywhere, checked after the focused
/// page and every controller above it: quit, help, redraw and suspend
/// (``standard``), and any the app adds.
///
/// Keys that belong to a page are declared by the page
/// (``ViewController/keyBindings``), so the hint and the help show them only
/// where they work.
public struct KeyMap: Sendable {
  /// The bindings in help order.
  package private(set) var bindings: [KeyBinding]
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

  /// This table with the app's own `bindings` added after the standard ones
  /// in the help; a key they bind wins over the same key in this table. The
  /// run loop offers an action of the app's own to the focused page, then
  /// to its parents, until one answers it.
  ///
  /// ```swift
  /// let keys = KeyMap.standard.adding([
  ///   KeyBinding([.ctrl("r")], .custom("sync"), help: "Sync everything")
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
  package func action(for key: Key) -> Action? { lookup[key] }

  /// The bindings in `strings`' words: the standard ones follow them.
  package func bindings(in strings: InterfaceStrings) -> [KeyBinding] {
    bindings.map { $0.relabeled(in: strings) }
  }

  /// The keys every app has: `?` for the help, Ctrl-L to redraw, Ctrl-Z to
  /// suspend, `q` and Ctrl-C to quit. Their words are the root's
  /// ``ViewController/interfaceStrings``.
  public static let standard: KeyMap = {
    let words = InterfaceStrings.english
    return KeyMap(
      [
        KeyBinding([.character("?")], .help, words[.help], hintImportance: .high),
        KeyBinding([.ctrl("l")], .redraw, words[.redraw]),
        KeyBinding([.ctrl("z")], .suspend, words[.suspend]),
        KeyBinding([.character("q"), .ctrl("c")], .quit, words[.quit], hintImportance: .high),
      ].map { $0.followingLibraryWords() })
  }()
}
