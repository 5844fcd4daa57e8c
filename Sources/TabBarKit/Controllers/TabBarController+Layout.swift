extension TabBarController {
  /// True while the bar is on screen: the selected tab is at its root (N3).
  public var isTabBarVisible: Bool {
    guard !viewControllers.isEmpty else { return false }
    return !((selectedViewController as? NavigationController)?.hidesBottomBar ?? false)
  }

  /// The bar as it is drawn now.
  public var tabBar: TabBar {
    TabBar(items: items, selectedIndex: selectedIndex, style: barStyle, theme: theme)
  }

  /// Splits `rect` into the content and the bar. While the bar is hidden the
  /// content takes the full height (N3).
  public func layout(in rect: Rect) -> (content: Rect, bar: Rect?) {
    guard isTabBarVisible else { return (rect, nil) }
    let (bar, content) = rect.dividedAtBottom(barStyle.height)
    return (content, bar)
  }

  /// Draws the selected tab's page and, while it is visible, the bar (T11:
  /// a change of cell width is reported to ``onItemWidthChange``).
  func renderTabs(in rect: Rect, into buffer: inout ScreenBuffer) {
    let itemWidth = viewControllers.isEmpty ? 0 : rect.width / viewControllers.count
    if itemWidth != lastItemWidthForNotification {
      lastItemWidthForNotification = itemWidth
      onItemWidthChange?(itemWidth)
    }
    let (content, bar) = layout(in: rect)
    selectedViewController?.render(in: content, into: &buffer)
    if let bar { tabBar.render(in: bar, into: &buffer) }
  }
}
