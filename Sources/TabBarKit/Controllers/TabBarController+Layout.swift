extension TabBarController {
  /// True while the bar is on screen: no page is presented, the selected
  /// stack is at a page that shows the bar, and code has not hidden it.
  package var isTabBarVisible: Bool {
    guard !viewControllers.isEmpty, coveringPage == nil else { return false }
    if (selectedViewController as? TabBarChildContainer)?.hidesTabBar == true { return false }
    return visibleBarRows > 0
  }

  /// True once the bar is hidden from code and its slide has ended.
  public var isTabBarHidden: Bool { barHiddenRequested && barSlide == nil }

  /// Hides or shows the bar from code, sliding it (about 0.24 s, as RDV)
  /// when `animated`. Quick toggles end in the last requested state. An
  /// explicit show never beats a page that hides the bar.
  public func setTabBarHidden(_ hidden: Bool, animated: Bool) {
    let from = hiddenFraction
    barHiddenRequested = hidden
    let to: Double = hidden ? 1 : 0
    // A newer request replaces the slide in progress, from where it is.
    if let token = barSlideToken { animator?.cancel(token) }
    barSlideToken = nil
    if animated && animationsEnabled && isVisible && from != to, let animator {
      let animation = Animation(start: clock.now, duration: Animation.barDuration * abs(to - from))
      barSlide = (from, to, animation)
      barSlideToken = animator.run(animation) { [weak self] in
        self?.barSlide = nil
        self?.barSlideToken = nil
      }
    } else {
      barSlide = nil
    }
    setNeedsDisplay()
  }

  /// How far the bar has slid out of sight: 0 shown, 1 hidden.
  var hiddenFraction: Double {
    guard let slide = barSlide else { return barHiddenRequested ? 1 : 0 }
    return slide.from + (slide.to - slide.from) * slide.animation.progress(at: clock.now)
  }

  /// Rows of the bar on screen now (fewer while it slides).
  var visibleBarRows: Int {
    let height = barStyle.height
    return height - Int((Double(height) * hiddenFraction).rounded())
  }

  /// The bar as it is now, made from the tabs and the settings. The layout
  /// pass makes it once per frame (``laidOutBar``); input that needs it
  /// between frames makes its own.
  package var tabBar: TabBar {
    _barsMade += 1
    var bar = TabBar(
      items: items, selectedIndex: storedSelectedIndex, style: barStyle, theme: theme)
    bar.hint = statusHint
    bar.isShowingMore = selection == .more
    bar.isPlusSelected = selection == .plus
    bar.maximumVisibleItems = maximumVisibleItems
    bar.moreTitle = interfaceStrings[.more]
    if let plus = plusButton { bar.plusButton = (plus.glyph, plus.title, plus.width, plus.index) }
    return bar
  }

  /// Splits `rect` into the content and the bar. While the bar is hidden the
  /// content takes the full height; when translucent, always.
  package func layout(in rect: Rect) -> (content: Rect, bar: Rect?) {
    guard isTabBarVisible else { return (rect, nil) }
    let (bar, content) = rect.dividedAtBottom(visibleBarRows)
    return (isTranslucent ? rect : content, bar)
  }

  /// A new screen size, before its layout pass: keeps `More` in step with
  /// the bar (a resize that makes room for a tab on the `More` stack gives
  /// it its cell back and shows it; one that takes away the selected tab's
  /// cell puts it on the `More` stack; the `More` list with no `More` cell
  /// gives way to the selected tab). The appearance calls this makes come
  /// here, never between layout and drawing.
  func transitionTabs(to size: Size) {
    lastBarWidth = size.width
    arrangeMore()
  }

  /// The layout pass of a frame: remembers the bar's width for the keys,
  /// reports a change of cell width to ``onItemWidthChange``, and tells the
  /// pages what a translucent bar covers. It changes nothing on screen:
  /// `More` follows a size change in ``viewWillTransition(to:)``.
  func layoutTabs(in rect: Rect) {
    lastBarWidth = rect.width
    containerPlacesBar = false
    // What the mouse hits is what this frame shows.
    defer { laidOutFrames = layout(in: rect) }
    let bar = tabBar
    laidOutBar = bar
    notifyItemWidth(of: bar, barWidth: rect.width)
    for overlay in overlays { overlay.viewWillLayout(in: rect) }
    if let presented = coveringPage {
      presented.viewWillLayout(in: rect)
    } else if let selected = selectedViewController as? TabBarChildContainer,
      selected.layoutForTabBar(rows: visibleBarRows, translucent: isTranslucent)
    {
      // A stack leaves the bar's rows to us under the pages that show it.
      containerPlacesBar = true
      selected.viewWillLayout(in: rect)
    } else if let selected = selectedViewController {
      let (content, barRect) = layout(in: rect)
      selected.safeAreaInsets.bottom = isTranslucent ? barRect?.height ?? 0 : 0
      selected.viewWillLayout(in: content)
    }
  }

  /// Draws the page on screen and, where it shows, the bar. Reads only: the
  /// layout pass (``layoutTabs(in:)``) came first.
  func renderTabs(in rect: Rect, into buffer: inout ScreenBuffer) {
    // Dialogs presented over the screen draw last, over it.
    defer { for overlay in overlays { overlay.render(in: rect, into: &buffer) } }
    let bar = laidOutBar ?? tabBar
    if let presented = coveringPage {
      presented.render(in: rect, into: &buffer)
      return
    }
    let rows = visibleBarRows
    // The bar's rows at the bottom, at `x` (the page's place in a slide);
    // while the bar itself slides, its top rows show.
    func drawBar(atX x: Int) {
      guard rows > 0 else { return }
      let area = rect.dividedAtBottom(rows).bottom
      var offscreen = ScreenBuffer(size: Size(width: rect.width, height: barStyle.height))
      bar.render(in: offscreen.bounds, into: &offscreen)
      buffer.draw(offscreen, at: Point(x: area.minX + x, y: area.minY), clip: area)
    }
    if containerPlacesBar, let selected = selectedViewController as? TabBarChildContainer {
      // The stack leaves the bar's rows to us; the bar slides with the page.
      selected.render(in: rect, into: &buffer)
      for x in selected.tabBarOffsets(width: rect.width) { drawBar(atX: x) }
      return
    }
    let (content, barRect) = layout(in: rect)
    selectedViewController?.render(in: content, into: &buffer)
    if barRect != nil { drawBar(atX: 0) }
  }

  private func notifyItemWidth(of bar: TabBar, barWidth: Int) {
    let slots = bar.slots(width: barWidth).filter { $0 != .plus }.count
    let itemWidth = slots == 0 ? 0 : (barWidth - (bar.plusButton?.width ?? 0)) / slots
    if itemWidth != lastItemWidthForNotification {
      lastItemWidthForNotification = itemWidth
      onItemWidthChange?(itemWidth)
    }
  }
}
