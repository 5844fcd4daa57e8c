/// A stack of pages with a navigation bar on top: push shows a
/// new page, pop returns to the one below. The root page is never popped.
///
/// Push and pop slide (about 0.2 s) unless animations are off. A page is
/// drawn with its navigation bar. When its place in the stack shows the
/// container's bar (``ViewController/hidesBottomBarWhenPushed``), the page
/// leaves the rows the container keeps for its bar
/// and the container draws its bar there, at the page's place in a slide,
/// so the bar leaves with the root page and comes back with it.
open class NavigationController: ViewController {
  /// The pages, root first. Never empty.
  public private(set) var viewControllers: [ViewController]

  /// A push or pop that is sliding.
  struct Transition {
    var from: PageSnapshot
    var to: PageSnapshot
    var isPush: Bool
    /// True when the page that leaves is no longer in the stack (a pop, or
    /// a replaced top): it leaves the container when the slide ends.
    var fromLeaves: Bool
    var animation: Animation
  }

  /// A page as it is drawn during a slide: the page, its back title and
  /// whether the container's bar shows under it.
  struct PageSnapshot {
    var page: ViewController
    var backTitle: String?
    var showsBottomBar: Bool
  }

  /// The slide in progress, if any.
  private(set) var activeTransition: Transition?
  private var transitionToken: Animator.Token?

  /// Creates a stack with its root page; the title and tab item are the root's.
  public init(rootViewController: ViewController) {
    viewControllers = [rootViewController]
    super.init(title: rootViewController.title)
    tabBarItem = rootViewController.tabBarItem
    embed(rootViewController)
  }

  /// The tab's item: the root page's, as UIKit's navigation controller
  /// takes its root's `tabBarItem`. Setting either sets both, so a badge set
  /// on the root page shows in the bar.
  override public var tabBarItem: TabBarItem {
    didSet {
      if rootViewController.tabBarItem != tabBarItem { rootViewController.tabBarItem = tabBarItem }
    }
  }

  override func childTabBarItemDidChange(_ child: ViewController) {
    if child === rootViewController, child.tabBarItem != tabBarItem {
      tabBarItem = child.tabBarItem
    }
  }

  /// The page on top of the stack.
  public var topViewController: ViewController { viewControllers[viewControllers.count - 1] }

  /// The root page.
  public var rootViewController: ViewController { viewControllers[0] }

  /// True when the top page is the root.
  package var isAtRoot: Bool { viewControllers.count == 1 }

  /// Pushes `page` on top, sliding it in when `animated` and animations are on.
  public func pushViewController(_ page: ViewController, animated: Bool = true) {
    finishTransition()
    let from = snapshot(at: viewControllers.count - 1)
    embed(page)
    viewControllers.append(page)
    begin(from: from, to: snapshot(at: viewControllers.count - 1), isPush: true, animated: animated)
  }

  /// Pops the top page; nil at the root, where nothing happens.
  @discardableResult
  public func popViewController(animated: Bool = true) -> ViewController? {
    guard viewControllers.count > 1 else { return nil }
    finishTransition()
    let from = snapshot(at: viewControllers.count - 1)
    viewControllers.removeLast()
    begin(
      from: from, to: snapshot(at: viewControllers.count - 1), isPush: false, animated: animated)
    return from.page
  }

  /// Replaces the stack with `pages`, root first, as UIKit's
  /// `setViewControllers(_:animated:)`: pages that join are embedded (a page
  /// in another container moves here), pages that are no longer in it leave.
  /// When the top page changes it slides in as a push when it is new to the
  /// stack, or as a pop when it was already in it. An empty list changes
  /// nothing: the stack is never empty.
  public func setViewControllers(_ pages: [ViewController], animated: Bool = true) {
    guard let newTop = pages.last else { return }
    finishTransition()
    let from = snapshot(at: viewControllers.count - 1)
    let isPush = !viewControllers.contains { $0 === newTop }
    let old = viewControllers
    viewControllers = pages
    for page in pages { embed(page) }
    // The old top leaves once its slide has ended; the others at once.
    for page in old where page !== from.page && !pages.contains(where: { $0 === page }) {
      unembed(page)
    }
    guard from.page !== newTop else { return setNeedsDisplay() }
    begin(
      from: from, to: snapshot(at: viewControllers.count - 1), isPush: isPush,
      fromLeaves: !pages.contains { $0 === from.page }, animated: animated)
  }

  /// How many pages at the bottom of the stack show the container's bar
  /// whatever their ``ViewController/hidesBottomBarWhenPushed``: the root,
  /// and on the `More` stack also the root of the tab chosen from it.
  var barRootCount = 1

  /// True when the page at `index` shows the container's bar.
  func showsBottomBar(at index: Int) -> Bool {
    let first = min(barRootCount, index + 1)
    return !viewControllers[first..<(index + 1)].contains { $0.hidesBottomBarWhenPushed }
  }

  /// Pops every page above the root; returns them, bottom first.
  @discardableResult
  public func popToRootViewController(animated: Bool = true) -> [ViewController] {
    guard viewControllers.count > 1 else { return [] }
    finishTransition()
    let from = snapshot(at: viewControllers.count - 1)
    let popped = Array(viewControllers[1...])
    viewControllers.removeSubrange(1...)
    for page in popped.dropLast().reversed() { unembed(page) }
    begin(from: from, to: snapshot(at: 0), isPush: false, animated: animated)
    return popped
  }

  func snapshot(at index: Int) -> PageSnapshot {
    PageSnapshot(
      page: viewControllers[index],
      backTitle: index > 0 ? viewControllers[index - 1].title : nil,
      showsBottomBar: showsBottomBar(at: index))
  }

  private func begin(
    from: PageSnapshot, to: PageSnapshot, isPush: Bool, fromLeaves: Bool? = nil, animated: Bool
  ) {
    beginTransition(from: from.page, to: to.page)
    let transition = Transition(
      from: from, to: to, isPush: isPush, fromLeaves: fromLeaves ?? !isPush,
      animation: Animation(start: clock.now, duration: Animation.pushDuration))
    if animated && animationsEnabled && isVisible {
      activeTransition = transition
      transitionToken = animator.run(transition.animation) { [weak self] in
        self?.end(transition)
      }
    } else {
      end(transition)
    }
    setNeedsDisplay()
  }

  private func end(_ transition: Transition) {
    activeTransition = nil
    transitionToken = nil
    endTransition(from: transition.from.page, to: transition.to.page)
    // A page that left the stack (popped, or replaced) leaves the container.
    if transition.fromLeaves { unembed(transition.from.page) }
  }

  /// Ends the slide in progress, if any, at once.
  private func finishTransition() {
    if let token = transitionToken { animator.finish(token) }
  }

  /// True when the bottom bar should hide for the current stack: some
  /// page above the root asks for it (UIKit's rule: the first such page hides
  /// the bar for itself and every page above it).
  package var hidesBottomBar: Bool { !snapshot(at: viewControllers.count - 1).showsBottomBar }

  override open var visibleChildren: [ViewController] { [topViewController] }

  override open func viewWillLayout(in rect: Rect) {
    for page in pagesOnScreen {
      page.page.viewWillLayout(in: contentRect(of: page, in: rect))
    }
  }
  /// The pages it holds: while its tab is shown on the `More` stack,
  /// its pages are that stack's children, not its own.
  override open func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    renderStack(in: rect, into: &buffer)
  }

  /// Esc and Backspace go back: they pop the top page, or at the root of a
  /// presented stack dismiss it. At the root of a tab they are not bound.
  override open var keyBindings: [KeyBinding] {
    guard !isAtRoot || isPresented else { return [] }
    return [
      KeyBinding([.escape, .backspace], .back, interfaceStrings[.back], hintImportance: .high)
    ]
  }

  override open func handle(_ action: Action) -> Bool {
    guard action == .back else { return false }
    if popViewController() != nil { return true }
    guard isPresented else { return false }
    dismiss()
    return true
  }

  override open func handleMouse(_ event: MouseEvent, in rect: Rect) -> Bool {
    let (barRect, content) = rect.dividedAtTop(NavigationBar.height)
    if barRect.contains(event.position) {
      let page = snapshot(at: viewControllers.count - 1)
      let bar = NavigationBar(title: page.page.title, backTitle: page.backTitle, theme: theme)
      guard event.kind == .press, bar.backLabelFrame(in: barRect)?.contains(event.position) == true
      else { return false }
      return popViewController() != nil
    }
    return topViewController.handleMouse(event, in: content)
  }

  // MARK: The tab bar's hooks

  override var stackPages: [ViewController] { viewControllers }

  override func takeBackStack(_ pages: [ViewController]) -> Bool {
    setViewControllers(pages, animated: false)
    return true
  }

  override func popStackToRoot() -> Bool { !popToRootViewController().isEmpty }

  override var hidesContainerBar: Bool { hidesBottomBar }

  override var hasNavigationBar: Bool { true }

  override func barOffsets(width: Int) -> [Int]? { stackBarOffsets(width: width) }

  /// Tells each page how many of its bottom rows a translucent bar covers:
  /// the bar's rows for the pages that show it, else none.
  override func insetPagesForBar(rows barRows: Int, translucent: Bool) -> Bool {
    // One pass, as ``showsBottomBar(at:)`` decides it: the first page past
    // the roots that hides the bar hides it above too.
    var showsBar = true
    for (index, page) in viewControllers.enumerated() {
      if index >= barRootCount && page.hidesBottomBarWhenPushed { showsBar = false }
      page.safeAreaInsets.bottom = translucent && showsBar ? barRows : 0
    }
    return true
  }

  // MARK: State restoration and deep links

  /// Saves the stack: each page's state, root first, and for each page
  /// under the top the positions that open the page above it
  /// (``ViewController/openChildPositions``).
  override open func encodeRestorableState(with coder: inout RestorationCoder) {
    coder.encode(Self.stackEntries(viewControllers[...]), forKey: "pages")
  }

  /// The saved entries of `pages`, root first.
  static func stackEntries(_ pages: ArraySlice<ViewController>) -> [RestorationCoder] {
    pages.enumerated().map { offset, page in
      var entry = page.restorationEntry()
      if offset < pages.count - 1 {
        entry.encode(
          page.openChildPositions.map { position in
            var step = RestorationCoder()
            step.encode(position, forKey: "at")
            return step
          }, forKey: "opens")
      }
      return entry
    }
  }

  /// Pops to the root, then gives each saved page its state and opens the
  /// next one from it as a deep link does; stops at the first page that
  /// does not take its state or cannot open the next.
  override open func decodeRestorableState(with coder: RestorationCoder) {
    popToRootViewController(animated: false)
    let entries = coder.decodeCoders(forKey: "pages")
    for (depth, entry) in entries.enumerated() {
      let page = viewControllers[depth]
      guard page.restore(from: entry), depth < entries.count - 1 else { return }
      var node = page
      do {
        for step in entry.decodeCoders(forKey: "opens") {
          guard let position = step.decodeInt(forKey: "at") else { break }
          node = try node.openChild(at: position)
        }
      } catch {
        return coder.reportMismatch(error.reason)
      }
      guard viewControllers.count == depth + 2 else {
        return coder.reportMismatch("“\(page.title)” opens nothing")
      }
    }
  }

  /// Opens the child at `position` of the page on top.
  override open func openChild(at position: Int) throws(DeepLinkError) -> ViewController {
    try topViewController.openChild(at: position)
  }
}

extension NavigationController {
  /// The page on screen, or both pages of a slide.
  private var pagesOnScreen: [PageSnapshot] {
    activeTransition.map { [$0.from, $0.to] } ?? [snapshot(at: viewControllers.count - 1)]
  }

  /// The bar space a page gets: the container's bar, when the page shows it.
  private func barSpace(of page: PageSnapshot) -> (rows: Int, overlays: Bool) {
    page.showsBottomBar ? parent?.bottomBarSpace ?? (0, false) : (0, false)
  }

  /// Where `page`'s content goes in `rect`: below the navigation bar, above
  /// the rows a container's bar takes from the pages that show it.
  private func contentRect(of page: PageSnapshot, in rect: Rect) -> Rect {
    let space = barSpace(of: page)
    let pageRect = space.overlays ? rect : rect.dividedAtBottom(space.rows).rest
    return pageRect.dividedAtTop(NavigationBar.height).rest
  }

  /// The horizontal offset of each page on screen that shows the
  /// container's bar, for the container to draw its bar under it: 0 at
  /// rest, the page's place in a slide while one runs.
  func stackBarOffsets(width: Int) -> [Int] {
    guard let transition = activeTransition else {
      return pagesOnScreen.filter(\.showsBottomBar).map { _ in 0 }
    }
    let (fromX, toX) = slideOffsets(transition, width: width)
    var offsets: [Int] = []
    if transition.from.showsBottomBar { offsets.append(fromX) }
    if transition.to.showsBottomBar { offsets.append(toX) }
    return offsets
  }

  private func slideOffsets(_ transition: Transition, width: Int) -> (from: Int, to: Int) {
    // The new page comes in from the right on a push, the old page leaves
    // to the right on a pop.
    let shift = transition.animation.value(from: 0, to: width, at: clock.now)
    return transition.isPush ? (-shift, width - shift) : (shift, shift - width)
  }

  /// Draws the stack into `rect`: the top page, or both pages of a slide.
  func renderStack(in rect: Rect, into buffer: inout ScreenBuffer) {
    guard let transition = activeTransition else {
      renderPage(snapshot(at: viewControllers.count - 1), in: rect, into: &buffer)
      return
    }
    // Both pages are drawn off screen and slid across.
    let (fromX, toX) = slideOffsets(transition, width: rect.width)
    for (page, x) in [(transition.from, fromX), (transition.to, toX)] {
      var offscreen = ScreenBuffer(size: rect.size)
      renderPage(page, in: offscreen.bounds, into: &offscreen)
      buffer.draw(offscreen, at: Point(x: rect.minX + x, y: rect.minY), clip: rect)
    }
  }

  private func renderPage(_ page: PageSnapshot, in rect: Rect, into buffer: inout ScreenBuffer) {
    let content = contentRect(of: page, in: rect)
    var bar = NavigationBar(title: page.page.title, backTitle: page.backTitle, theme: theme)
    // Without a bar under the page, the hint goes in the navigation bar's rule.
    if barSpace(of: page).rows == 0, page.page === topViewController { bar.hint = statusHint }
    bar.render(
      in: Rect(
        x: rect.minX, y: content.minY - NavigationBar.height, width: rect.width,
        height: NavigationBar.height), into: &buffer)
    page.page.render(in: content, into: &buffer)
  }
}
