/// A stack of pages with a navigation bar on top: push shows a
/// new page, pop returns to the one below. The root page is never popped.
///
/// Push and pop slide (about 0.2 s) unless animations are off. A page is
/// drawn with its navigation bar. In a tab (``TabBarChildContainer``), a
/// page whose place in the stack shows the tab bar
/// (``ViewController/hidesBottomBarWhenPushed``) leaves the bar's rows
/// free, and the tab bar draws its bar there, at the page's place in a
/// slide, so the bar leaves with the root page and comes back with it.
open class NavigationController: ViewController, TabBarChildContainer {
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
    callOffWaitingRestore()
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
    callOffWaitingRestore()
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

  /// A restore still waiting for a page's content does nothing more: the
  /// stack changed under it.
  private func callOffWaitingRestore() {
    restoreGeneration += 1
    waitingRestore = nil
  }

  /// How many pages at the bottom of the stack show the container's bar
  /// whatever their ``ViewController/hidesBottomBarWhenPushed``: the root;
  /// the `More` stack says two (its list and the root of the tab chosen
  /// from it).
  var barRootCount: Int { 1 }

  /// The bar rule, UIKit's: the first page past the roots that sets
  /// ``ViewController/hidesBottomBarWhenPushed`` hides the bar for itself
  /// and every page above it. The index of that page among the pages up to
  /// `last`, nil when they all show the bar. O(`last`).
  private func firstPageHidingBar(through last: Int) -> Int? {
    guard last >= barRootCount else { return nil }
    return (barRootCount...last).first { viewControllers[$0].hidesBottomBarWhenPushed }
  }

  /// True when the page at `index` shows the container's bar.
  func showsBottomBar(at index: Int) -> Bool { firstPageHidingBar(through: index) == nil }

  /// Pops every page above the root; returns them, bottom first.
  @discardableResult
  public func popToRootViewController(animated: Bool = true) -> [ViewController] {
    // Popping to the root starts afresh, even at the root: a deep link
    // wins over a restore still waiting there.
    callOffWaitingRestore()
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
    if animated && animationsEnabled && isVisible, let animator {
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
    didShow(transition.to.page)
  }

  /// Called once `page` is on top and its push or pop has ended (slid in,
  /// or at once without animation), as UIKit's
  /// `navigationController(_:didShow:animated:)` tells a navigation
  /// controller's delegate: the `More` stack tells its tab bar controller
  /// here that it was popped back to its list. The default does nothing.
  func didShow(_ page: ViewController) {}

  /// Ends the slide in progress, if any, at once.
  private func finishTransition() {
    if let token = transitionToken { animator?.finish(token) }
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

  /// Draws the page on top under its navigation bar, or both pages of a
  /// slide.
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

  // MARK: In a tab

  /// The tab bar's rows under the pages that show it, and whether it is
  /// drawn over them, as the last layout pass gave them; none outside a tab.
  private var tabBarSpace: (rows: Int, overlays: Bool) = (0, false)

  /// The stack, root first: ``viewControllers``.
  open var stackPages: [ViewController] { viewControllers }

  /// Takes `pages` back as the stack, without animation.
  open func takeBackStack(_ pages: [ViewController]) {
    setViewControllers(pages, animated: false)
  }

  /// Pops to the root; true when a page was popped.
  open func popStackToRoot(animated: Bool) -> Bool {
    !popToRootViewController(animated: animated).isEmpty
  }

  /// True while a page above the root hides the bar (UIKit's rule, see
  /// ``ViewController/hidesBottomBarWhenPushed``).
  open var hidesTabBar: Bool { hidesBottomBar }

  /// Keeps the bar's rows free under the pages that show it, or, when the
  /// bar is translucent, tells each page how many of its bottom rows it
  /// covers: the bar's rows for the pages that show it, else none.
  open func layoutForTabBar(rows: Int, translucent: Bool) -> Bool {
    tabBarSpace = (rows, translucent)
    // One pass over the stack: the pages below the first that hides the bar
    // show it.
    let hiding = firstPageHidingBar(through: viewControllers.count - 1) ?? viewControllers.count
    for (index, page) in viewControllers.enumerated() {
      page.safeAreaInsets.bottom = translucent && index < hiding ? rows : 0
    }
    return true
  }

  /// The place of each page on screen that shows the bar: 0 at rest, its
  /// place in a slide while one runs.
  open func tabBarOffsets(width: Int) -> [Int] { stackBarOffsets(width: width) }

  /// Takes the root page's item, as UIKit's navigation controller does.
  open func childTabBarItemDidChange(_ child: ViewController) {
    if child === rootViewController, child.tabBarItem != tabBarItem {
      tabBarItem = child.tabBarItem
    }
  }

  /// Saves `pages` as its stack (see ``encodeRestorableState(with:)``).
  open func encodeRestorableState(
    stack pages: [ViewController], with coder: inout RestorationCoder
  ) {
    coder.encode(Self.stackEntries(pages[...]), forKey: "pages")
  }

  // MARK: State restoration and deep links

  /// Saves the stack: each page's state, root first, and for each page
  /// under the top the positions that open the page above it
  /// (``ViewController/openChildPositions``). While a restore waits for a
  /// list's rows, the pages it has not reached yet are saved as they were.
  override open func encodeRestorableState(with coder: inout RestorationCoder) {
    var entries = Self.stackEntries(viewControllers[...])
    if let waiting = waitingRestore, waiting.depth < entries.count {
      entries = Array(entries[..<waiting.depth] + waiting.entries[waiting.depth...])
    }
    coder.encode(entries, forKey: "pages")
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
  /// does not take its state or cannot open the next. A list with no rows
  /// yet (it loads them) takes its state once they are there, and the
  /// restore goes on from it then, unless the stack changed meanwhile.
  override open func decodeRestorableState(with coder: RestorationCoder) {
    popToRootViewController(animated: false)
    let entries = coder.decodeCoders(forKey: "pages").map(\.savedValues)
    restoreGeneration += 1
    restoreStack(entries, from: 0, coder: coder, generation: restoreGeneration)
  }

  /// A restore waiting for a page's content: the saved entries, and the
  /// depth of the page it waits at.
  private var waitingRestore: (entries: [RestorationCoder], depth: Int)?
  /// Counts the restores and the changes of stack, so that a restore that
  /// waited does nothing once the stack changed.
  private var restoreGeneration = 0

  /// Restores the page at `depth` and, from it, the pages above it.
  ///
  /// A loop while each page is ready at once, so that a stack of 16,000
  /// saved pages takes no deeper a call stack than one page does (a call
  /// per page overflowed the main thread's stack); a page that waits for
  /// its rows goes on from its own callback, with a fresh call stack.
  private func restoreStack(
    _ entries: [RestorationCoder], from start: Int, coder: RestorationCoder, generation: Int
  ) {
    var depth: Int? = start
    while let current = depth {
      depth = restorePage(entries, at: current, coder: coder, generation: generation)
    }
  }

  /// Whether a page's restore ended before the call that started it
  /// returned, and if so, the depth to restore next.
  @MainActor private final class RestoreStep {
    var returned = false
    var next: Int?
  }

  /// Restores the page at `depth` and opens the next one from it. Returns
  /// the next depth when that was done at once, for ``restoreStack`` to go
  /// on; nil when the stack ends there or the page waits (it then goes on
  /// by itself).
  private func restorePage(
    _ entries: [RestorationCoder], at depth: Int, coder: RestorationCoder, generation: Int
  ) -> Int? {
    guard depth < entries.count, viewControllers.count == depth + 1 else {
      waitingRestore = nil
      return nil
    }
    let page = viewControllers[depth]
    let entry = coder.reading(entries[depth], at: "pages[\(depth)]")
    waitingRestore = (entries, depth)
    let isWanted: @MainActor () -> Bool = { [weak self, weak page] in
      // The stack as the restore left it, its pages its own (not lent to
      // the `More` stack meanwhile).
      guard let self, let page, page.parent === self else { return false }
      return restoreGeneration == generation && viewControllers.count == depth + 1
        && viewControllers[depth] === page
    }
    let step = RestoreStep()
    coder.session?.beginWait()
    page.whenContentIsReady { [weak self] in
      defer { coder.session?.endWait() }
      guard let self, isWanted() else { return }
      guard page.restore(from: entry), depth < entries.count - 1 else {
        waitingRestore = nil
        return
      }
      let steps = entry.decodeCoders(forKey: "opens").map { $0.decodeInt(forKey: "at") }
      let positions = steps.prefix { $0 != nil }.compactMap(\.self)
      page.openPath(positions[...], log: coder.session, isWanted: isWanted) { [weak self] result in
        guard let self else { return }
        switch result {
        case .failure(let failure):
          waitingRestore = nil
          coder.reportMismatch(failure.error.reason)
        case .success:
          guard viewControllers.count == depth + 2 else {
            waitingRestore = nil
            return coder.reportMismatch("“\(page.declaredTitle)” opens nothing")
          }
          if step.returned {
            // After a wait: hold the log's wait while the rest restores.
            coder.session?.beginWait()
            restoreStack(entries, from: depth + 1, coder: coder, generation: generation)
            coder.session?.endWait()
          } else {
            step.next = depth + 1
          }
        }
      }
    }
    step.returned = true
    return step.next
  }

  /// Ready when the page on top is: a deep link's next step goes to it.
  override func whenContentIsReady(_ body: @escaping @MainActor () -> Void) {
    topViewController.whenContentIsReady(body)
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

  /// The bar space a page gets: the tab bar's, when the page shows it.
  private func barSpace(of page: PageSnapshot) -> (rows: Int, overlays: Bool) {
    page.showsBottomBar ? tabBarSpace : (0, false)
  }

  /// Where `page`'s content goes in `rect`: below the navigation bar, above
  /// the rows a container's bar takes from the pages that show it.
  private func contentRect(of page: PageSnapshot, in rect: Rect) -> Rect {
    let space = barSpace(of: page)
    let pageRect = space.overlays ? rect : rect.dividedAtBottom(space.rows).rest
    return pageRect.dividedAtTop(NavigationBar.height).rest
  }

  /// The horizontal offset of each page on screen that shows the tab
  /// bar, for the tab bar to draw its bar under it: 0 at rest, the page's
  /// place in a slide while one runs.
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
