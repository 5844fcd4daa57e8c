/// The `More` stack as UIKit keeps it.
///
/// A tab chosen from the `More` list is pushed on the `More` stack: its
/// pages (its navigation stack, or the tab itself when it is a plain page)
/// move over the list, so its root's back label reads `‹ More`, Esc at its
/// root returns to the list, and the pages it pushes go on the `More` stack.
/// Its root keeps the bar there, as it does in a cell of its own.
///
/// Each tab keeps its stack: the pages go back to the tab's own stack
/// when the tab gets a cell of its own (a wider terminal), when code selects
/// it (``TabBarController/selectedIndex``), or when another tab is chosen
/// from `More`; a tab chosen from `More` shows the whole stack it had. Esc
/// back to the list pops the tab to its root, as popping does anywhere.
/// `More` keeps its stack like a tab: choosing another tab and then `More`
/// shows the tab chosen from it again; `More` while it is on screen goes back
/// to the list.
///
/// The bar marks `More` while a tab behind it is on screen, and the `More`
/// cell shows a dot when a tab behind it has a badge (UIKit shows the More
/// item's own badge only; the dot tells that a hidden tab wants attention).
extension TabBarController {
  /// True when tab `index` has no cell of its own at the last layout's width:
  /// it is behind `More`. False before the first size is known.
  func isBehindMore(_ index: Int) -> Bool {
    guard let width = lastBarWidth else { return false }
    return index >= tabBar.visibleItemCount(width: width)
  }

  /// The tab whose pages are on screen: the selected tab's, or the tab
  /// shown on the `More` stack; nil for the `More` list or the plus button.
  var tabOnScreen: Int? {
    switch selection {
    case .tab(let index): return index
    case .more: return moreNavigationController.isAtRoot ? nil : moreTab
    case .plus: return nil
    }
  }

  /// The pages of tab `index`, root first, wherever they are: on its own
  /// stack, or on the `More` stack.
  func stack(ofTab index: Int) -> [ViewController] {
    let tab = viewControllers[index]
    let own = (tab as? TabBarChildContainer)?.stackPages ?? [tab]
    if moreTab == index {
      let lent = moreNavigationController.viewControllers.dropFirst()
      // Popped back to the list: the tab is at its root.
      return lent.isEmpty ? [own[0]] : Array(lent)
    }
    return own
  }

  /// Pushes tab `index` on the `More` stack and selects it: over the
  /// list, sliding when `animated` and the list is on screen; from another
  /// tab, at once. Nothing moves when it is there already.
  func showOnMore(_ index: Int, animated: Bool) {
    let more = moreNavigationController
    if moreTab == index, !more.isAtRoot {
      if selection != .more {
        switchSelection(to: .more, movingPagesOffScreen: false) { markSelected(index) }
      }
      return
    }
    let pages = stack(ofTab: index)
    let listOnScreen = selection == .more && more.isAtRoot
    let lend = { [self] in
      returnTabFromMore()
      moreTab = index
      more.setViewControllers(
        [more.rootViewController] + pages, animated: animated && listOnScreen)
      markSelected(index)
    }
    if listOnScreen {
      lend()
      setNeedsDisplay()
    } else {
      // The controller on screen holds pages that move: the tab's own
      // stack, or the `More` stack with another tab on it.
      let holdsPages = selection == .tab(index) || selection == .more
      switchSelection(to: .more, movingPagesOffScreen: holdsPages, move: lend)
    }
  }

  /// Gives the pages of the tab on the `More` stack back to that tab's own
  /// stack (or the tab back to the bar, when it is a plain page); the `More`
  /// stack goes back to its list. The caller handles what is on screen.
  func returnTabFromMore() {
    guard let index = moreTab else { return }
    let pages = stack(ofTab: index)
    moreTab = nil
    let more = moreNavigationController
    more.setViewControllers([more.rootViewController], animated: false)
    guard viewControllers.indices.contains(index) else { return }
    let tab = viewControllers[index]
    if let container = tab as? TabBarChildContainer, pages.first !== tab {
      container.takeBackStack(pages)
    } else {
      // Lent whole (a plain page): what it pushed on `More` goes.
      embed(tab)
    }
  }

  /// Keeps `More` in step with the bar at the last known width, unless a
  /// page covers the tabs (they stay as they are until it goes). It is
  /// told, never polled: it runs when the size changes
  /// (``viewWillTransition(to:)``, before the layout pass), when code
  /// changes the tabs, the selection or the bar, or a covering page goes
  /// (``barDidChange()``), and when the `More` stack says it is back at its
  /// list (``moreStackDidShowList()``): never in the layout pass, so no page
  /// appears or disappears between layout and drawing.
  /// Before the first size is known nothing is arranged: the first one
  /// arranges `More` before anything appears.
  func arrangeMore() {
    guard coveringPage == nil, let width = lastBarWidth else { return }
    arrangeMore(shownItems: tabBar.visibleItemCount(width: width))
  }

  /// The tabs, the bar's shape or the selection changed from code, or a
  /// page that covered the tabs went: `More` follows, and the screen is
  /// drawn again.
  func barDidChange() {
    arrangeMore()
    setNeedsDisplay()
  }

  /// The `More` stack was popped back to its list (its push or pop has
  /// ended): the tab that was on it gets its root back.
  func moreStackDidShowList() {
    guard moreTab != nil, moreNavigationController.isAtRoot else { return }
    arrangeMore()
  }

  /// Keeps `More` in step with a bar of `shown` cells for tabs:
  /// - a tab popped back to the `More` list gets its root back;
  /// - a tab on the `More` stack that now has a cell of its own goes back
  ///   to it, and stays selected if it was on screen;
  /// - the `More` list with no `More` cell shows the selected tab instead;
  /// - a selected tab with no cell of its own goes on the `More` stack.
  func arrangeMore(shownItems shown: Int) {
    let hasMore = shown < viewControllers.count
    if moreTab != nil, moreNavigationController.isAtRoot { returnTabFromMore() }
    if let index = moreTab, index < shown {
      if selection == .more {
        select(.tab(index))
      } else {
        returnTabFromMore()
      }
    }
    if selection == .more, !hasMore, viewControllers.indices.contains(storedSelectedIndex) {
      select(.tab(storedSelectedIndex))
    }
    if hasMore, case .tab(let index) = selection, index >= shown {
      showOnMore(index, animated: false)
    }
    // A list on screen follows the tabs behind `More`: a resize or new tabs
    // change them while it shows, and its appearance came before.
    if selection == .more { reloadMoreList(shownItems: shown) }
  }

  /// Builds the `More` list's rows for the tabs behind `More` in a bar of
  /// `shownItems` cells for tabs (by default the bar at the last layout's
  /// width; none before the first size is known); with `onlyIfChanged`, only when those tabs changed (the first
  /// row's tab or the number of rows). The selection stays on its tab while
  /// that tab is still behind `More` (each row's ``ListRow/id`` is its tab's
  /// index). O(1) when nothing changed, else O(tabs behind `More`).
  func reloadMoreList(shownItems: Int? = nil, onlyIfChanged: Bool = true) {
    guard let list = moreNavigationController.rootViewController as? MoreListController else {
      return
    }
    guard let visible = shownItems ?? lastBarWidth.map(tabBar.visibleItemCount) else { return }
    let count = viewControllers.count
    let shown = min(visible, count)
    let rows = list.listView.rows
    let same = rows.count == count - shown && (rows.isEmpty || rows[0].id == AnyHashable(shown))
    if onlyIfChanged, same { return }
    // One copy of the items, not one per row: with thousands of tabs the
    // list was built in quadratic time.
    let items = self.items
    list.listView.rows = items.indices.dropFirst(shown).map { index in
      let item = items[index]
      return ListRow(
        item.glyph + "  " + item.title, id: index, detail: item.badge.label ?? ""
      ) { [weak self] in self?.selectFromMore(index) }
    }
    list.setNeedsDisplay()
  }
}
