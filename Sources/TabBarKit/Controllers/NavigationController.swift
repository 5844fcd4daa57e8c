/// A stack of pages with a navigation bar on top (N1, N2, N4): push shows a
/// new page, pop returns to the one below. The root page is never popped.
open class NavigationController: ViewController {
  /// The pages, root first. Never empty.
  public private(set) var viewControllers: [ViewController]

  /// Creates a stack with its root page; the title and tab item are the root's.
  public init(rootViewController: ViewController) {
    viewControllers = [rootViewController]
    super.init(title: rootViewController.title)
    tabBarItem = rootViewController.tabBarItem
    rootViewController.parent = self
  }

  /// The page on top of the stack.
  public var topViewController: ViewController { viewControllers[viewControllers.count - 1] }

  /// The root page.
  public var rootViewController: ViewController { viewControllers[0] }

  /// True when the top page is the root.
  public var isAtRoot: Bool { viewControllers.count == 1 }

  /// Pushes `page` on top (N2).
  public func push(_ page: ViewController) {
    let old = topViewController
    page.parent = self
    viewControllers.append(page)
    transition(from: old, to: page)
    setNeedsDisplay()
  }

  /// Pops the top page; nil at the root, where nothing happens (N2).
  @discardableResult
  public func pop() -> ViewController? {
    guard viewControllers.count > 1 else { return nil }
    let old = viewControllers.removeLast()
    transition(from: old, to: topViewController)
    old.parent = nil
    setNeedsDisplay()
    return old
  }

  /// Pops every page above the root; returns them, bottom first.
  @discardableResult
  public func popToRoot() -> [ViewController] {
    guard viewControllers.count > 1 else { return [] }
    let popped = Array(viewControllers[1...])
    viewControllers.removeSubrange(1...)
    transition(from: popped.last, to: rootViewController)
    for page in popped { page.parent = nil }
    setNeedsDisplay()
    return popped
  }

  /// True when the bottom bar should hide for the current stack (N3): some
  /// page above the root asks for it (UIKit's rule: the first such page hides
  /// the bar for itself and every page above it).
  public var hidesBottomBar: Bool {
    viewControllers.dropFirst().contains { $0.hidesBottomBarWhenPushed }
  }

  override open var visibleChildren: [ViewController] { [topViewController] }
  override open var allChildren: [ViewController] { viewControllers }

  override open func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let backTitle =
      viewControllers.count > 1 ? viewControllers[viewControllers.count - 2].title : nil
    let bar = NavigationBar(title: topViewController.title, backTitle: backTitle, theme: theme)
    let (barRect, content) = rect.dividedAtTop(NavigationBar.height)
    bar.render(in: barRect, into: &buffer)
    buffer.fill(content)
    topViewController.render(in: content, into: &buffer)
  }

  override open func handle(_ action: Action) -> Bool {
    if topViewController.handle(action) { return true }
    if action == .back { return pop() != nil }
    return false
  }
}
