extension TabBarController {
  /// Selects tab `index` as the user does: an index past the last tab
  /// is ignored; the delegate may veto; choosing the selected tab pops its
  /// stack to the root. A tab behind `More` is pushed on the `More` stack.
  /// Returns true when anything happened.
  @discardableResult
  package func userSelect(_ index: Int) -> Bool {
    guard viewControllers.indices.contains(index) else { return false }
    if let delegate, !delegate.tabBarController(self, shouldSelect: index) { return false }
    if tabOnScreen == index {
      delegate?.tabBarController(self, didReselect: index)
      return popTabOnScreenToRoot()
    }
    let previous = storedSelectedIndex
    if isBehindMore(index) {
      showOnMore(index, animated: true)
    } else {
      select(.tab(index))
    }
    delegate?.tabBarController(self, didSelect: index, from: previous)
    return true
  }

  /// Pops the tab on screen to its root: its own stack, or the `More` stack
  /// down to that tab's root, above the list. True when anything was popped.
  private func popTabOnScreenToRoot() -> Bool {
    guard selection == .more else {
      return (selectedViewController as? TabBarChildContainer)?.popStackToRoot(animated: true)
        ?? false
    }
    let nav = moreNavigationController
    // The list, then the tab's root.
    guard nav.viewControllers.count > 2 else { return false }
    nav.setViewControllers(Array(nav.viewControllers.prefix(2)))
    return true
  }

  /// Shows `More` as the user does: its stack as it was left, the tab
  /// chosen from it included (UIKit keeps the More navigation controller's
  /// stack); when `More` is on screen, pops it back to the list.
  @discardableResult
  package func userSelectMore() -> Bool {
    if let delegate, !delegate.tabBarControllerShouldShowMore(self) { return false }
    if selection == .more { return !moreNavigationController.popToRootViewController().isEmpty }
    if let index = moreTab, !moreNavigationController.isAtRoot {
      showOnMore(index, animated: false)
    } else {
      select(.more)
    }
    delegate?.tabBarControllerDidShowMore(self)
    return true
  }

  /// A row of the `More` list: pushes that tab on the `More` stack and
  /// selects it, as the user does.
  func selectFromMore(_ index: Int) {
    userSelect(index)
  }

  /// Presses the plus button as the user does: asks the delegate, then
  /// presents its page or selects its controller, then tells the delegate.
  @discardableResult
  package func pressPlusButton() -> Bool {
    guard let plus = plusButton else { return false }
    if let delegate, !delegate.tabBarControllerShouldPressPlusButton(self) { return false }
    defer { delegate?.tabBarControllerDidPressPlusButton(self) }
    switch plus.action {
    case .present(let makePage):
      present(makePage())
    case .select:
      if selection == .plus {
        return (selectedViewController as? TabBarChildContainer)?.popStackToRoot(animated: true)
          ?? false
      }
      select(.plus)
    }
    return true
  }

  /// The slot that Left/Right land on from the current one, wrapping; the
  /// plus button is skipped (it has its own key).
  private func neighbourSlot(_ step: Int) -> TabBar.Slot? {
    // Keys come after the first frame, which tells the width.
    guard let width = lastBarWidth else { return nil }
    let bar = tabBar
    let slots = bar.slots(width: width)
    let tabSlots = slots.filter { $0 != .plus }
    guard !tabSlots.isEmpty else { return nil }
    let current = bar.selectedSlot(width: width)
    guard let currentSlot = current, let position = slots.firstIndex(of: currentSlot) else {
      return tabSlots.first
    }
    // From the plus button, step to the tab on the chosen side of it.
    let before = slots[..<position].filter { $0 != .plus }.count
    let index = currentSlot == .plus ? (step > 0 ? before : before - 1) : before + step
    return tabSlots[(index % tabSlots.count + tabSlots.count) % tabSlots.count]
  }

  private func activate(_ slot: TabBar.Slot) -> Bool {
    switch slot {
    case .item(let index): return userSelect(index)
    case .more: return userSelectMore()
    case .plus: return pressPlusButton()
    }
  }

  /// The tab keys, as global bindings so that they work from any page
  /// that does not take them itself: ←/→ and Tab/Shift-Tab (with more than
  /// one tab), 1–9 and Alt-1–9 (past the last tab, ignored; hinted
  /// `alt-1–9 tabs` while a field takes the digits), and `+` with a plus
  /// button, hinted by its title (`+ post`). While a page is presented they are off, and Esc
  /// dismisses a presented page that does not use it.
  var tabKeyBindings: [KeyBinding] {
    let words = interfaceStrings
    guard presentedViewController == nil else {
      return [KeyBinding([.escape, .backspace], .back, words[.back], hintImportance: .high)]
    }
    var bindings: [KeyBinding] = []
    if viewControllers.count > 1 {
      bindings += [
        KeyBinding(
          [.right, .tab], .nextTab, words[.nextTab], hintImportance: .high, isGlobal: true),
        KeyBinding(
          [.left, .backTab], .previousTab, words[.previousTab], hintImportance: .high,
          isGlobal: true),
      ]
    }
    // All nine, whatever the count: a digit past the last tab is ignored.
    // While a field types the digits, the hint names Alt and a digit, when
    // there is another tab to go to.
    for index in 0..<9 {
      let digit = Character(String(index + 1))
      var binding = KeyBinding(
        [.character(digit), .alt(digit)], .selectTab(index), words[.selectTab],
        hintImportance: .high, isGlobal: true)
      if viewControllers.count < 2 { binding.fallbackHint = nil }
      bindings.append(binding)
    }
    if let plusButton {
      // The raised button shows its key already: its hint goes first.
      var binding = KeyBinding(
        [.character("+")], .plusButton, words[.plusButton], hintImportance: .low,
        isGlobal: true)
      if !plusButton.title.isEmpty {
        binding.help += " (\(plusButton.title))"
        binding.hint = "+ \(plusButton.title.lowercased())"
      }
      bindings.append(binding)
    }
    return bindings
  }

  /// The tab keys' actions; Esc dismisses a presented page.
  func handleTabAction(_ action: Action) -> Bool {
    if presentedViewController != nil {
      guard action == .back else { return false }
      dismiss()
      return true
    }
    switch action {
    case .nextTab:
      return neighbourSlot(1).map(activate) ?? false
    case .previousTab:
      return neighbourSlot(-1).map(activate) ?? false
    case .selectTab(let index):
      return userSelect(index)
    case .plusButton:
      return pressPlusButton()
    default:
      return false
    }
  }

  /// A click on a cell is the same action as its key; the plus
  /// button's raised part counts; other events go to the page.
  func handleTabMouse(_ event: MouseEvent, in rect: Rect) -> Bool {
    if let presented = presentedViewController {
      return presented.handleMouse(event, in: rect)
    }
    let (content, bar) = laidOutFrames ?? layout(in: rect)
    if let bar, bar.contains(event.position) {
      guard event.kind == .press, let slot = tabBar.slot(at: event.position, in: bar) else {
        return false
      }
      return activate(slot)
    }
    return selectedViewController?.handleMouse(event, in: content) ?? false
  }
}
