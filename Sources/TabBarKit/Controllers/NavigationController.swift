/// A stack of pages with a navigation bar on top (N1, N2, N4): push shows a
/// new page, pop returns to the one below. The root page is never popped.
///
/// Push and pop slide (about 0.2 s, N3) unless animations are off. A page is
/// drawn with its navigation bar and, when its place in the stack shows the
/// tab bar, with the tab bar under it, so the bar leaves with the root page
/// and comes back with it.
open class NavigationController: ViewController {
  /// The pages, root first. Never empty.
  public private(set) var viewControllers: [ViewController]

  /// A push or pop that is sliding.
  struct Transition {
    var from: PageSnapshot
    var to: PageSnapshot
    var isPush: Bool
    var animation: Animation
  }

  /// A page as it is drawn during a slide: the page, its back title and
  /// whether the tab bar shows under it.
  struct PageSnapshot {
    var page: ViewController
    var backTitle: String?
    var showsBottomBar: Bool
  }

  /// The slide in progress, if any.
  private(set) var activeTransition: Transition?

  /// Creates a stack with its root page; the title and tab item are the root's.
  public init(rootViewController: ViewController) {
    viewControllers = [rootViewController]
    super.init(title: rootViewController.title)
    tabBarItem = rootViewController.tabBarItem
    embed(rootViewController)
  }

  /// The page on top of the stack.
  public var topViewController: ViewController { viewControllers[viewControllers.count - 1] }

  /// The root page.
  public var rootViewController: ViewController { viewControllers[0] }

  /// True when the top page is the root.
  public var isAtRoot: Bool { viewControllers.count == 1 }

  /// Pushes `page` on top (N2), sliding it in when `animated` and animations are on.
  public func pushViewController(_ page: ViewController, animated: Bool = true) {
    stepAnimations(finishingAll: true)
    let from = snapshot(at: viewControllers.count - 1)
    embed(page)
    viewControllers.append(page)
    begin(from: from, to: snapshot(at: viewControllers.count - 1), isPush: true, animated: animated)
  }

  /// Pops the top page; nil at the root, where nothing happens (N2).
  @discardableResult
  public func popViewController(animated: Bool = true) -> ViewController? {
    guard viewControllers.count > 1 else { return nil }
    stepAnimations(finishingAll: true)
    let from = snapshot(at: viewControllers.count - 1)
    viewControllers.removeLast()
    begin(
      from: from, to: snapshot(at: viewControllers.count - 1), isPush: false, animated: animated)
    return from.page
  }

  /// Pops every page above the root; returns them, bottom first.
  @discardableResult
  public func popToRootViewController(animated: Bool = true) -> [ViewController] {
    guard viewControllers.count > 1 else { return [] }
    stepAnimations(finishingAll: true)
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
      showsBottomBar: !viewControllers[1..<(index + 1)].contains { $0.hidesBottomBarWhenPushed })
  }

  private func begin(from: PageSnapshot, to: PageSnapshot, isPush: Bool, animated: Bool) {
    beginTransition(from: from.page, to: to.page)
    let transition = Transition(
      from: from, to: to, isPush: isPush,
      animation: Animation(start: clock.now, duration: Animation.pushDuration))
    if animated && animationsEnabled && isVisible {
      activeTransition = transition
    } else {
      end(transition)
    }
    setNeedsDisplay()
  }

  private func end(_ transition: Transition) {
    activeTransition = nil
    endTransition(from: transition.from.page, to: transition.to.page)
    if !transition.isPush { unembed(transition.from.page) }
  }

  @discardableResult
  override package func stepAnimations(finishingAll: Bool) -> Bool {
    if let transition = activeTransition,
      finishingAll || transition.animation.isFinished(at: clock.now)
    {
      end(transition)
    }
    let childrenRunning = super.stepAnimations(finishingAll: finishingAll)
    return activeTransition != nil || childrenRunning
  }

  /// True when the bottom bar should hide for the current stack (N3): some
  /// page above the root asks for it (UIKit's rule: the first such page hides
  /// the bar for itself and every page above it).
  public var hidesBottomBar: Bool { !snapshot(at: viewControllers.count - 1).showsBottomBar }

  override open var visibleChildren: [ViewController] { [topViewController] }

  override open func viewWillLayout(in rect: Rect) {
    layoutPages(in: rect, bottomBar: nil)
  }
  override open var allChildren: [ViewController] { viewControllers }

  override open func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    render(in: rect, into: &buffer, bottomBar: nil)
  }

  override open var supportedActions: Set<Action> {
    topViewController.supportedActions.union(isAtRoot ? [] : [.back])
  }

  override open func handle(_ action: Action) -> Bool {
    if topViewController.handle(action) { return true }
    if action == .back { return popViewController() != nil }
    return false
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
}

/// What a ``TabBarController`` hands its navigation controller so the tab bar
/// is drawn as part of the pages that show it.
struct BottomBar {
  /// Rows the bar takes from the page (0 while it is slid out of sight).
  var height: Int
  /// True when the bar draws over the content instead of below it (T13).
  var isTranslucent: Bool
  /// Draws the bar into a rectangle of `height` rows.
  var draw: (Rect, inout ScreenBuffer) -> Void
}

extension NavigationController {
  /// Lays out the page on screen (both pages of a slide) in the rectangle
  /// ``render(in:into:bottomBar:)`` draws it in: below the navigation bar,
  /// above an opaque tab bar on the pages that show it.
  func layoutPages(in rect: Rect, bottomBar: (height: Int, isTranslucent: Bool)?) {
    let pages =
      activeTransition.map { [$0.from, $0.to] } ?? [snapshot(at: viewControllers.count - 1)]
    for page in pages {
      var pageRect = rect
      if let bottomBar, page.showsBottomBar, bottomBar.height > 0, !bottomBar.isTranslucent {
        pageRect = rect.dividedAtBottom(bottomBar.height).rest
      }
      page.page.viewWillLayout(in: pageRect.dividedAtTop(NavigationBar.height).rest)
    }
  }

  /// Draws the stack into `rect`: the top page, or both pages of a slide.
  func render(in rect: Rect, into buffer: inout ScreenBuffer, bottomBar: BottomBar?) {
    guard let transition = activeTransition else {
      renderPage(snapshot(at: viewControllers.count - 1), in: rect, into: &buffer, bottomBar)
      return
    }
    // Both pages are drawn off screen and slid across: the new page comes in
    // from the right on a push, the old page leaves to the right on a pop.
    let shift = transition.animation.value(from: 0, to: rect.width, at: clock.now)
    let (fromX, toX) =
      transition.isPush ? (-shift, rect.width - shift) : (shift, shift - rect.width)
    for (page, x) in [(transition.from, fromX), (transition.to, toX)] {
      var offscreen = ScreenBuffer(size: rect.size)
      renderPage(page, in: offscreen.bounds, into: &offscreen, bottomBar)
      buffer.draw(offscreen, at: Point(x: rect.minX + x, y: rect.minY), clip: rect)
    }
  }

  private func renderPage(
    _ page: PageSnapshot, in rect: Rect, into buffer: inout ScreenBuffer, _ bottomBar: BottomBar?
  ) {
    var pageRect = rect
    var barRect: Rect?
    if let bottomBar, page.showsBottomBar, bottomBar.height > 0 {
      let (bar, rest) = rect.dividedAtBottom(bottomBar.height)
      barRect = bar
      if !bottomBar.isTranslucent { pageRect = rest }
    }
    var bar = NavigationBar(title: page.page.title, backTitle: page.backTitle, theme: theme)
    // Without the tab bar under the page, the hint goes in the navigation bar's rule.
    if barRect == nil, page.page === topViewController { bar.hint = statusHint }
    let (barArea, content) = pageRect.dividedAtTop(NavigationBar.height)
    bar.render(in: barArea, into: &buffer)
    page.page.render(in: content, into: &buffer)
    if let barRect, let bottomBar { bottomBar.draw(barRect, &buffer) }
  }
}
