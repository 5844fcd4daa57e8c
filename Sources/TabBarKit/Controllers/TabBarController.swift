/// The root of a tab-bar app: one child per tab, a bar of cells at the
/// bottom, and the selected child's page above it.
///
/// ```swift
/// let tabs = try TabBarController(
///   viewControllers: [newsPage, videoPage],
///   items: [TabBarItem(title: "News", glyph: "□", selectedGlyph: "■"),
///           TabBarItem(title: "Video", glyph: "▷", selectedGlyph: "▶")])
/// ```
open class TabBarController: ViewController {
  /// The tabs' controllers, usually navigation controllers. Replacing them
  /// with a shorter list clamps the selection.
  public var viewControllers: [ViewController] {
    willSet {
      // A tab shown on the `More` stack gets its pages back first.
      returnTabFromMore()
    }
    didSet {
      for child in oldValue where !viewControllers.contains(where: { $0 === child }) {
        unembed(child)
      }
      for child in viewControllers { embed(child) }
      storedSelectedIndex = min(storedSelectedIndex, max(0, viewControllers.count - 1))
      if case .tab(let index) = selection {
        let old = oldValue.indices.contains(index) ? oldValue[index] : nil
        storedSelectedIndex = min(index, max(0, viewControllers.count - 1))
        selection = .tab(storedSelectedIndex)
        if old !== selectedViewController { transition(from: old, to: selectedViewController) }
      } else if selection == .more {
        // The `More` list on screen lists the new tabs, or gives way.
        reloadMoreList(onlyIfChanged: false)
      }
      barDidChange()
    }
  }

  /// The selected tab. Setting it from code calls no delegate method; an
  /// index out of range is ignored.
  public var selectedIndex: Int {
    get { storedSelectedIndex }
    set {
      guard viewControllers.indices.contains(newValue) else { return }
      select(.tab(newValue))
      barDidChange()
    }
  }
  var storedSelectedIndex = 0

  /// What is on screen under the bar: a tab, the `More` stack (its list, or
  /// the tab chosen from it), or the plus button's controller.
  enum Selection: Equatable {
    case tab(Int)
    case more
    case plus
  }
  var selection = Selection.tab(0)

  /// Hears about and may veto the user's selections.
  public weak var delegate: TabBarControllerDelegate?

  /// Regular (two rows, the default), compact (one row) or icon (glyphs only).
  public var barStyle: TabBarStyle = .regular {
    didSet { barDidChange() }
  }

  /// At most this many tab cells (`More` included, the plus button not); the
  /// rest go behind `More` (UIKit's 5).
  public var maximumVisibleItems = 5 {
    didSet { barDidChange() }
  }

  /// When true, content takes the whole screen and the bar draws over its
  /// bottom rows; when false (the default) content ends above the bar.
  public var isTranslucent = false {
    didSet { setNeedsDisplay() }
  }

  /// The plus button, if any; set it with ``setPlusButton(_:)``.
  public private(set) var plusButton: PlusButton?

  /// The page presented last (by the plus button, ``present(_:)`` or a
  /// dialog), over everything; it takes every key.
  public var presentedViewController: ViewController? { presentedViewControllers.last }
  /// Every presented page, the first presented first: a page presented
  /// over another (a dialog over a compose page) stacks on it.
  package private(set) var presentedViewControllers: [ViewController] = []

  /// The full-screen page presented last, under any dialogs; nil when the
  /// tabs show.
  var coveringPage: ViewController? {
    presentedViewControllers.last { $0.modalPresentationStyle == .fullScreen }
  }

  /// The dialogs over the covering page, or over the tabs: the pages
  /// presented over the screen after the last full-screen one.
  var overlays: ArraySlice<ViewController> {
    let last = presentedViewControllers.lastIndex { $0.modalPresentationStyle == .fullScreen }
    return presentedViewControllers[(last.map { $0 + 1 } ?? 0)...]
  }

  /// The `More` cell's stack: the list of the tabs that do not fit at
  /// its root and, as UIKit's More navigation controller, the tab chosen
  /// from it pushed over the list, with the pages that tab pushes.
  public private(set) lazy var moreNavigationController: NavigationController = {
    let nav = MoreNavigationController(rootViewController: MoreListController())
    embed(nav)
    return nav
  }()

  /// The tab whose pages are on the `More` stack, above the list:
  /// they move there when the tab is chosen from `More`, and back to the
  /// tab's own stack when it gets a cell of its own or is selected from code.
  var moreTab: Int?

  /// Called with the new cell width whenever a relayout changes it (CYL's
  /// width-change notification).
  public var onItemWidthChange: ((Int) -> Void)?
  var lastItemWidthForNotification: Int?
  /// The bar's width at the last size change or layout: `More` and the
  /// key handling need to know which tabs are behind `More`. Nil until the
  /// app tells the first size (``viewWillTransition(to:)``): nothing is
  /// arranged on a guessed width.
  var lastBarWidth: Int?
  /// The content and the bar as the last layout pass placed them: mouse
  /// hit-testing reads these instead of laying out again.
  var laidOutFrames: (content: Rect, bar: Rect?)?
  /// The bar as the last layout pass made it: drawing reads it.
  var laidOutBar: TabBar?
  /// Test hook: how many times ``tabBar`` was made, to check that a frame
  /// makes it once.
  package var _barsMade = 0
  /// True when the last layout pass left the bar's rows to the selected
  /// container (``TabBarChildContainer/layoutForTabBar(rows:translucent:)``),
  /// which then says where the bar goes.
  var containerPlacesBar = false

  /// Counts the deep links followed: one that waits for a list's rows goes
  /// on only while no newer one came.
  var linkGeneration = 0

  /// The bar hidden from code: the requested state and the slide.
  var barHiddenRequested = false
  var barSlide: (from: Double, to: Double, animation: Animation)?
  var barSlideToken: Animator.Token?

  /// Creates a controller with one child per tab (the first is selected).
  public init(viewControllers: [ViewController]) {
    self.viewControllers = viewControllers
    super.init(title: "")
    for child in viewControllers { embed(child) }
  }

  /// CYL's "two arrays": controllers and their items, in the same order.
  ///
  /// - Throws: ``TabBarConfigurationError/itemCountMismatch(controllers:items:)``
  ///   when the arrays differ in length (CYL asserts), so a forgotten item
  ///   or tab is caught at start instead of showing the wrong titles.
  public convenience init(
    viewControllers: [ViewController], items: [TabBarItem]
  ) throws(TabBarConfigurationError) {
    guard viewControllers.count == items.count else {
      throw .itemCountMismatch(controllers: viewControllers.count, items: items.count)
    }
    // A navigation controller passes its item on to its root page.
    for (child, item) in zip(viewControllers, items) { child.tabBarItem = item }
    self.init(viewControllers: viewControllers)
  }

  /// Adds, replaces or (with nil) removes the plus button. A button
  /// without an index stands in the middle and needs an even number of tabs.
  public func setPlusButton(_ button: PlusButton?) throws(TabBarConfigurationError) {
    if let button {
      if let index = button.index {
        guard (0...viewControllers.count).contains(index) else {
          throw .plusButtonIndexOutOfRange(index: index, itemCount: viewControllers.count)
        }
      } else if viewControllers.count % 2 != 0 {
        throw .plusButtonNeedsEvenItemCount(viewControllers.count)
      }
    }
    if selection == .plus { select(.tab(storedSelectedIndex)) }
    if case .select(let controller)? = plusButton?.action { unembed(controller) }
    plusButton = button
    if case .select(let controller)? = button?.action { embed(controller) }
    barDidChange()
  }

  /// The controller on screen under the bar: the selected tab's, the `More`
  /// stack (``moreNavigationController``, also while it shows the tab chosen
  /// from it), or the plus button's; nil when there are no tabs.
  public var selectedViewController: ViewController? {
    switch selection {
    case .tab(let index):
      return viewControllers.indices.contains(index) ? viewControllers[index] : nil
    case .more:
      return moreNavigationController
    case .plus:
      if case .select(let controller)? = plusButton?.action { return controller }
      return nil
    }
  }

  /// Switches what is on screen, with the lifecycle calls; the items
  /// that clear their badge on selection do so here. A tab whose pages
  /// are on the `More` stack gets them back first.
  func select(_ new: Selection) {
    guard new != selection else { return }
    let returns: Bool
    if case .tab(let index) = new { returns = moreTab == index } else { returns = false }
    switchSelection(to: new, movingPagesOffScreen: returns && selection == .more) {
      if returns { returnTabFromMore() }
      if case .tab(let index) = new { markSelected(index) }
    }
  }

  /// Makes tab `index` the selected one; its badge goes when it clears on
  /// selection.
  func markSelected(_ index: Int) {
    storedSelectedIndex = index
    if viewControllers[index].tabBarItem.clearsBadgeOnSelect {
      viewControllers[index].tabBarItem.badge = .none
    }
  }

  /// Puts `new` on screen after `move`, which may move pages between the
  /// stacks, with the lifecycle calls. When the controller that leaves
  /// holds pages that move (`movingPagesOffScreen`), it disappears before
  /// the move and the new one appears after it, so that no page appears
  /// twice; otherwise the calls come in UIKit's order.
  func switchSelection(
    to new: Selection, movingPagesOffScreen: Bool, move: () -> Void = {}
  ) {
    let old = selectedViewController
    if movingPagesOffScreen {
      transition(from: old, to: nil)
      move()
      selection = new
      transition(from: nil, to: selectedViewController)
    } else {
      move()
      selection = new
      if old !== selectedViewController { transition(from: old, to: selectedViewController) }
    }
    setNeedsDisplay()
  }

  /// The items in tab order.
  package var items: [TabBarItem] { viewControllers.map(\.tabBarItem) }

  /// Presents `page` over everything, the bar included; Esc at its root
  /// dismisses it. A full-screen page that is not a navigation controller
  /// gets one, so it has a title bar; a page presented over the screen
  /// (``ViewController/ModalPresentationStyle/overFullScreen``, a dialog)
  /// draws over what is on screen, which stays there.
  override open func present(_ page: ViewController) {
    animator?.step(at: clock.now, finishingAll: true)
    if page.modalPresentationStyle == .overFullScreen {
      embed(page)
      presentedViewControllers.append(page)
      if isVisible {
        page.beginAppearance(true)
        page.endAppearance(true)
      }
    } else {
      let presented =
        page is NavigationController ? page : NavigationController(rootViewController: page)
      embed(presented)
      let old = coveringPage ?? selectedViewController
      let covered = overlays
      presentedViewControllers.append(presented)
      beginTransition(from: old, to: presented)
      for overlay in covered where isVisible { overlay.beginAppearance(false) }
      endTransition(from: old, to: presented)
      for overlay in covered where isVisible { overlay.endAppearance(false) }
    }
    setNeedsDisplay()
  }

  /// Dismisses the page presented last, if any.
  override open func dismiss() {
    guard let presented = presentedViewControllers.popLast() else { return }
    if presented.modalPresentationStyle == .overFullScreen {
      if isVisible {
        presented.beginAppearance(false)
        presented.endAppearance(false)
      }
    } else {
      let uncovered = overlays
      let new = coveringPage ?? selectedViewController
      beginTransition(from: presented, to: new)
      for overlay in uncovered where isVisible { overlay.beginAppearance(true) }
      endTransition(from: presented, to: new)
      for overlay in uncovered where isVisible { overlay.endAppearance(true) }
    }
    unembed(presented)
    // `More` waited while the page covered the tabs.
    barDidChange()
  }

  override open var visibleChildren: [ViewController] {
    let base = coveringPage ?? selectedViewController
    return (base.map { [$0] } ?? []) + overlays
  }

  override open var keyBindings: [KeyBinding] { tabKeyBindings }

  override package var bindingGroupTitle: String? { interfaceStrings[.tabBarKeysTitle] }

  override open func handle(_ action: Action) -> Bool {
    handleTabAction(action)
  }

  override func isPresenting(_ child: ViewController) -> Bool {
    presentedViewControllers.contains { $0 === child }
  }

  override open func handleMouse(_ event: MouseEvent, in rect: Rect) -> Bool {
    handleTabMouse(event, in: rect)
  }

  override open func viewWillTransition(to size: Size) {
    transitionTabs(to: size)
    super.viewWillTransition(to: size)
  }

  override open func viewWillLayout(in rect: Rect) {
    layoutTabs(in: rect)
  }

  override open func encodeRestorableState(with coder: inout RestorationCoder) {
    encodeTabs(with: &coder)
  }

  override open func decodeRestorableState(with coder: RestorationCoder) {
    decodeTabs(with: coder)
  }

  override open func openChild(at position: Int) throws(DeepLinkError) -> ViewController {
    try openTab(at: position)
  }

  /// The bar's rows now, for the pages that show it; drawn over them when
  /// translucent. A presented page has the whole screen.
  var bottomBarSpace: (rows: Int, overlays: Bool) {
    coveringPage == nil ? (visibleBarRows, isTranslucent) : (0, false)
  }

  override open func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    renderTabs(in: rect, into: &buffer)
  }

  override open var nodeDescription: String {
    "TabBarController(selected: \(selectedIndex))"
  }
}

/// The `More` stack, as UIKit's More navigation controller: its list at
/// the root, and over it the pages of the tab chosen from it.
final class MoreNavigationController: NavigationController {
  /// The list and the root of the tab chosen from it show the bar, as
  /// that root does in a cell of its own.
  override var barRootCount: Int { 2 }

  /// Popped back to its list (by Esc, a click on the back label, `More`
  /// chosen again): the tab bar controller gives the tab its root back.
  override func didShow(_ page: ViewController) {
    guard page === rootViewController else { return }
    (parent as? TabBarController)?.moreStackDidShowList()
  }
}

/// The `More` list: the tabs that do not fit in the bar; choosing one
/// pushes it on the `More` stack and selects it.
final class MoreListController: ListViewController {
  init() {
    super.init(title: "More", rows: [])
  }

  /// The app's word for `More`, whatever the list was created with.
  override var title: String {
    get { interfaceStrings[.more] }
    set {}
  }

  override func viewWillAppear() {
    tabBarController?.reloadMoreList(onlyIfChanged: false)
  }
}
