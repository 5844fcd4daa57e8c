/// Saving and restoring the tabs: the selected tab and each tab's own
/// state, which each tab's controller writes itself (a navigation
/// controller its stack, each page its position). A tab whose pages are
/// on the `More` stack cannot save them itself: the tab bar controller
/// hands them to the tab's container
/// (``TabBarChildContainer/encodeRestorableState(stack:with:)``), which
/// saves them as its own stack. It knows a tab only as a
/// ``ViewController`` or that protocol, never by its class.
extension TabBarController {
  /// Saves the selected tab (from 1) and each tab's state, the pages of a
  /// tab shown on the `More` stack included.
  func encodeTabs(with coder: inout RestorationCoder) {
    coder.encode(storedSelectedIndex + 1, forKey: "selectedTab")
    coder.encode(viewControllers.indices.map(entry(ofTab:)), forKey: "tabs")
  }

  /// The saved state of tab `index`, wherever its pages are.
  private func entry(ofTab index: Int) -> RestorationCoder {
    let tab = viewControllers[index]
    let pages = stack(ofTab: index)
    // A tab on the `More` stack lent it its pages (a plain page lends
    // itself): they are saved as its own stack would save them.
    guard moreTab == index, pages.first !== tab, let container = tab as? TabBarChildContainer
    else { return tab.restorationEntry() }
    var stack = RestorationCoder()
    container.encodeRestorableState(stack: pages, with: &stack)
    return .entry(id: tab.restorationIdentifier, state: stack)
  }

  /// Puts the tabs back as saved, without animation: each tab's state goes
  /// to its controller, then the saved tab is selected. What no longer fits
  /// (a tab fewer, a row that is gone) is reported; each tab's entry is
  /// read at `tabs[i]`, so what its pages report says which tab.
  func decodeTabs(with coder: RestorationCoder) {
    // Every tab's pages on its own stack; a tab behind `More` goes back on
    // the `More` stack when it is selected.
    returnTabFromMore()
    let tabs = coder.decodeCoders(forKey: "tabs")
    if tabs.count != viewControllers.count {
      coder.reportMismatch("it has \(tabs.count) tabs, the app \(viewControllers.count)")
    }
    for (tab, entry) in zip(viewControllers, tabs) { tab.restore(from: entry) }
    guard let saved = coder.decodeInt(forKey: "selectedTab") else { return }
    // Compared, never computed with: the file may hold any number.
    if saved >= 1, saved <= viewControllers.count {
      selectedIndex = saved - 1
    } else {
      coder.reportMismatch("its tab \(saved) is gone")
    }
  }
}
