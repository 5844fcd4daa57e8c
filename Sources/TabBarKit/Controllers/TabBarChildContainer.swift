/// What a ``TabBarController`` asks of a container it holds as a tab, so that
/// a container of your own takes part in the tab bar as
/// ``NavigationController`` does: its stack of pages, the bar hidden while
/// the page on top asks for it, the bar sliding with the pages, the `More`
/// stack, a translucent bar's insets, and its pages' tab items.
///
/// A tab that does not adopt it is one page to the tab bar: it is laid out
/// above the bar, shows it always, and goes on the `More` stack whole.
/// Every requirement has that behaviour as its default, so a container
/// adopts what it needs. `NavigationController` adopts all of it;
/// ``ChannelStripController`` passes the bar's questions on to its
/// selected channel when that channel is a container.
///
/// A stack of one's own that hides the bar below its root:
///
/// ```swift
/// final class TrailController: ViewController, TabBarChildContainer {
///   private(set) var pages: [ViewController]
///
///   var stackPages: [ViewController] { pages }
///   func takeBackStack(_ pages: [ViewController]) { setPages(pages) }
///   func popStackToRoot(animated: Bool) -> Bool { … }
///   var hidesTabBar: Bool { pages.count > 1 }
///   func layoutForTabBar(rows: Int, translucent: Bool) -> Bool { … }
/// }
/// ```
///
/// (`Examples/CustomContainer` has the whole of it.)
@MainActor
public protocol TabBarChildContainer: ViewController {
  /// The pages of its stack, root first, the page on screen last: a tab
  /// chosen from `More` lends them to the `More` stack, which shows them
  /// over its list (`‹ More` on the root), and gives them back with
  /// ``takeBackStack(_:)``. The default, `[self]`, lends the container
  /// itself, whole.
  var stackPages: [ViewController] { get }

  /// Takes back its stack, root first, without animation: what
  /// ``stackPages`` lent to the `More` stack, with the pages pushed there
  /// since (a page lent leaves this container while it is lent). Only
  /// called when ``stackPages`` lent more than the container itself. The
  /// default does nothing.
  func takeBackStack(_ pages: [ViewController])

  /// Pops its stack to the root, sliding when `animated`: choosing the
  /// selected tab again does (UIKit's rule), and a deep link, which starts
  /// at its tab's root. True when a page was popped. The default pops
  /// nothing.
  func popStackToRoot(animated: Bool) -> Bool

  /// True while the page on screen hides the tab bar (the page, or one
  /// below it other than the root, has
  /// ``ViewController/hidesBottomBarWhenPushed``): the bar leaves, and
  /// the container gets the whole height. The default is false.
  var hidesTabBar: Bool { get }

  /// Called in each layout pass before ``ViewController/viewWillLayout(in:)``
  /// with the tab bar's rows now (fewer while it slides, 0 while hidden)
  /// and whether it is drawn over the pages (``TabBarController/isTranslucent``).
  ///
  /// Return true to be laid out over the whole rectangle, bar rows
  /// included: the container then keeps those rows free under each page
  /// that shows the bar (or, when translucent, sets the page's
  /// ``ViewController/safeAreaInsets``), and says where the bar goes in
  /// ``tabBarOffsets(width:)``, so that the bar leaves and comes back with
  /// the root page. The default returns false: the tab bar lays the
  /// container out above its bar, as any page.
  func layoutForTabBar(rows: Int, translucent: Bool) -> Bool

  /// Where the tab bar is drawn under this container's pages, once
  /// ``layoutForTabBar(rows:translucent:)`` returned true: the horizontal
  /// offset of each page on screen that shows the bar, `[0]` at rest, the
  /// pages' places while a push or pop slides, empty while no page shows
  /// it. The default is `[0]`.
  func tabBarOffsets(width: Int) -> [Int]

  /// Called when `child`'s ``ViewController/tabBarItem`` changed (a new
  /// badge): a stack takes its root page's item, as UIKit's navigation
  /// controller does. The default does nothing.
  func childTabBarItemDidChange(_ child: ViewController)

  /// Saves its state as ``ViewController/encodeRestorableState(with:)``
  /// would with `pages` as its stack: its pages are lent to the `More`
  /// stack while its tab is shown there, and saved as its own. The default
  /// saves its state as it is.
  func encodeRestorableState(stack pages: [ViewController], with coder: inout RestorationCoder)
}

extension TabBarChildContainer {
  /// The container itself.
  public var stackPages: [ViewController] { [self] }

  /// Nothing to take back.
  public func takeBackStack(_ pages: [ViewController]) {}

  /// Nothing to pop.
  public func popStackToRoot(animated: Bool) -> Bool { false }

  /// The bar shows.
  public var hidesTabBar: Bool { false }

  /// Laid out above the bar, as any page.
  public func layoutForTabBar(rows: Int, translucent: Bool) -> Bool { false }

  /// The bar where it stands.
  public func tabBarOffsets(width: Int) -> [Int] { [0] }

  /// Nothing to follow.
  public func childTabBarItemDidChange(_ child: ViewController) {}

  /// Its state as it is.
  public func encodeRestorableState(
    stack pages: [ViewController], with coder: inout RestorationCoder
  ) {
    encodeRestorableState(with: &coder)
  }
}
