extension TabBarController {
  /// Selects `index` as the user does (T7, T8): an index past the last tab is
  /// ignored; the delegate may veto; choosing the selected tab pops its stack
  /// to the root. Returns true when anything happened.
  @discardableResult
  public func userSelect(_ index: Int) -> Bool {
    guard viewControllers.indices.contains(index) else { return false }
    if index == selectedIndex {
      delegate?.tabBarController(self, didReselect: index)
      let popped = (selectedViewController as? NavigationController)?.popToRoot() ?? []
      return !popped.isEmpty
    }
    if let delegate, !delegate.tabBarController(self, shouldSelect: index) { return false }
    let previous = selectedIndex
    selectedIndex = index
    delegate?.tabBarController(self, didSelect: index, from: previous)
    return true
  }

  /// Tab actions are handled here, whatever page has focus (T7); every other
  /// action goes to the selected tab.
  func handleTabAction(_ action: Action) -> Bool {
    let count = viewControllers.count
    switch action {
    case .nextTab where count > 0:
      return userSelect((selectedIndex + 1) % count)
    case .previousTab where count > 0:
      return userSelect((selectedIndex - 1 + count) % count)
    case .selectTab(let index):
      return userSelect(index)
    default:
      return selectedViewController?.handle(action) ?? false
    }
  }
}
