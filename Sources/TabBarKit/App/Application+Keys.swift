/// One route for every key, as Textual's: from the focused page up through
/// its parents, then the app's table; the help and the hint are made from
/// the same bindings, so they list only the keys that work where the user is.
extension Application {
  /// The way a key goes now: the focused page, then each of its parents up
  /// to the root, with each one's ``ViewController/keyBindings``.
  struct KeyRoute {
    /// The focused page first, the root last; never empty.
    var chain: [ViewController]
    /// `bindings[i]` are `chain[i]`'s.
    var bindings: [[KeyBinding]]
  }

  /// The focus chain and its bindings, walked and asked once, then kept
  /// until the next change (``needsDisplay``): the frame's hint makes it,
  /// and the next key, the help and the hint of a frame that changed
  /// nothing use it. Nothing changes what the user sees between a frame and
  /// the next key without asking for a frame, so the key goes the way the
  /// hint on screen says. O(depth of the chain + bindings).
  func route() -> KeyRoute {
    if let keyRoute { return keyRoute }
    _focusChainWalks += 1
    var chain: [ViewController] = []
    var node: ViewController? = root.focusedViewController
    while let current = node {
      chain.append(current)
      node = current.parent
    }
    let route = KeyRoute(chain: chain, bindings: chain.map(\.keyBindings))
    keyRoute = route
    return route
  }

  /// True when a page that takes text keeps `key` for its typing: a
  /// printable key, or ←/→ that move its cursor.
  static func isTyping(_ key: Key) -> Bool {
    key.text != nil || key == .left || key == .right
  }

  /// A key's way through the app. Ctrl-C always quits. A global binding
  /// (the tab bar's) goes to its owner first, unless a controller below it
  /// takes that key: binds it itself, or takes text and the key types.
  /// Then, from the focused page up: text goes into a page that takes it;
  /// at each controller a binding of its own sends its action to
  /// `handle(_:)-(Action)`, and what that leaves goes to `handle(_:)-(Key)`.
  /// A key none of them uses goes to the app's table.
  func dispatch(_ key: Key) {
    if key == .ctrl("c") {
      isFinished = true
      return
    }
    let (chain, bindings) = (route().chain, route().bindings)
    let typing = chain[0].acceptsText && Self.isTyping(key)
    // The first controller up the chain that binds the key owns it; when
    // its binding is a global one and nothing below takes the key as
    // text, it goes there before the pages below see it.
    // An action it did not use is not offered again on the way up.
    var tried: Int?
    if !typing,
      let owner = bindings.firstIndex(where: { $0.contains { $0.keys.contains(key) } }),
      let binding = bindings[owner].first(where: { $0.keys.contains(key) }),
      binding.isGlobal
    {
      if chain[owner].handle(binding.action) {
        needsDisplay = true
        return
      }
      tried = owner
    }
    for (index, controller) in chain.enumerated() {
      if index == 0, typing, let text = key.text {
        controller.insertText(text)
        needsDisplay = true
        return
      }
      if index != tried, let binding = bindings[index].first(where: { $0.keys.contains(key) }),
        controller.handle(binding.action)
      {
        needsDisplay = true
        return
      }
      if controller.handle(key) {
        needsDisplay = true
        return
      }
    }
    if let action = keyMap.action(for: key) { perform(action, chain: chain) }
  }

  /// An action of the app's table: the run loop's own, or one of the app's
  /// offered to the focused page, then each parent.
  private func perform(_ action: Action, chain: [ViewController]) {
    switch action {
    case .quit:
      isFinished = true
    case .help:
      isShowingHelp = true
      helpScroll = 0
      needsDisplay = true
    case .redraw:
      repaintAll()
    case .suspend:
      terminal.suspend()
      repaintAll()
    default:
      if chain.contains(where: { $0.handle(action) }) { needsDisplay = true }
    }
  }

  /// While the help shows: the moving keys scroll it when it does not fit,
  /// any other key closes it, and q still quits.
  func handleHelpKey(_ key: Key) {
    let maximum = helpOverlay.maximumScroll(in: Rect(origin: .zero, size: terminal.size))
    let page = max(1, terminal.size.height - 3)
    let scroll: Int?
    switch key {
    case .up, .character("k"): scroll = helpScroll - 1
    case .down, .character("j"): scroll = helpScroll + 1
    case .pageUp: scroll = helpScroll - page
    case .pageDown: scroll = helpScroll + page
    case .home, .character("g"): scroll = 0
    case .end, .character("G"): scroll = maximum
    default: scroll = nil
    }
    if let scroll, maximum > 0 {
      helpScroll = min(max(0, scroll), maximum)
    } else {
      isShowingHelp = false
      if key == .ctrl("c") || keyMap.action(for: key) == .quit { isFinished = true }
    }
    needsDisplay = true
  }

  // MARK: The bindings on screen

  /// The bindings of the focus chain that reach their owner, focused page
  /// first, each cut to the keys that do: a key bound by a controller below
  /// (or typed into a page that takes text) leaves the bindings above.
  /// Then the app table's, in the root's words, cut the same way.
  func activeBindings() -> (chain: [(ViewController, [KeyBinding])], app: [KeyBinding]) {
    let route = route()
    let typing = route.chain[0].acceptsText
    var taken: Set<Key> = []
    var result: [(ViewController, [KeyBinding])] = []
    func reaching(_ bindings: [KeyBinding]) -> [KeyBinding] {
      bindings.compactMap { binding in
        var binding = binding
        let first = binding.keys.first
        binding.keys.removeAll { taken.contains($0) || (typing && Self.isTyping($0)) }
        // A hint names its first key (`←→ tabs`, `↑↓ move`): it goes with
        // it, and the fallback names a key that still works (`alt-1–9 tabs`).
        if binding.keys.first != first { binding.hint = binding.fallbackHint }
        return binding.keys.isEmpty ? nil : binding
      }
    }
    for (controller, declared) in zip(route.chain, route.bindings) {
      result.append((controller, reaching(declared)))
      for binding in declared { taken.formUnion(binding.keys) }
    }
    return (result, reaching(keyMap.bindings(in: root.interfaceStrings)))
  }

  /// The hint of the keys that work now, in the chain's order (the root's
  /// first, the focused page's, then the app's), each part with its
  /// importance and its distance from the focused page, so that a short
  /// rule keeps the page's main key and its containers' keys
  /// (``KeyBinding/HintImportance``).
  func currentHint() -> StatusHint {
    let (chain, app) = activeBindings()
    var seen: Set<String> = []
    var parts: [StatusHint.Part] = []
    let levels =
      chain.enumerated().reversed().map { ($0.offset, $0.element.1) } + [(chain.count, app)]
    for (distance, bindings) in levels {
      for binding in bindings {
        guard let hint = binding.hint, seen.insert(hint).inserted else { continue }
        parts.append(
          StatusHint.Part(hint, importance: binding.hintImportance, distance: distance))
      }
    }
    return StatusHint(parts: parts)
  }

  /// The key help's groups: the focused page's keys (with those of the
  /// containers that add to it, such as Back), then each controller's that
  /// has a heading of its own (the tab bar), then the app's. Bindings with
  /// the same help make one line.
  func helpGroups() -> [HelpOverlay.Group] {
    let strings = root.interfaceStrings
    let (chain, app) = activeBindings()
    var groups: [(title: String, bindings: [KeyBinding])] = []
    for (index, (controller, bindings)) in chain.enumerated() {
      if index == 0 {
        groups.append((controller.bindingGroupTitle ?? strings[.pageKeysTitle], bindings))
      } else if let title = controller.bindingGroupTitle {
        groups.append((title, bindings))
      } else {
        groups[groups.count - 1].bindings += bindings
      }
    }
    groups.append((strings[.appKeysTitle], app))
    return groups.compactMap { title, bindings in
      var entries: [(keys: [Key], help: String)] = []
      for binding in bindings {
        if let index = entries.firstIndex(where: { $0.help == binding.help }) {
          entries[index].keys += binding.keys.filter { !entries[index].keys.contains($0) }
        } else {
          entries.append((binding.keys, binding.help))
        }
      }
      guard !entries.isEmpty else { return nil }
      return HelpOverlay.Group(
        title: title, entries: entries.map { (KeyBinding.label(for: $0.keys), $0.help) })
    }
  }

  /// The key help as it is drawn now.
  var helpOverlay: HelpOverlay {
    var overlay = HelpOverlay(groups: helpGroups(), theme: root.theme)
    overlay.strings = root.interfaceStrings
    overlay.scrollOffset = helpScroll
    return overlay
  }
}
