/// The root of a tab-bar app: one child per tab, a bar of cells at the
/// bottom, and the selected child's page above it (T1–T8, T11, N3).
///
/// ```swift
/// let tabs = TabBarController(
///   viewControllers: [newsPage, videoPage],
///   items: [TabBarItem(title: "News", glyph: "□", selectedGlyph: "■"),
///           TabBarItem(title: "Video", glyph: "▷", selectedGlyph: "▶")])
/// ```
open class TabBarController: ViewController {
  /// The tabs' controllers, usually navigation controllers. Replacing them
  /// with a shorter list clamps the selection (T8).
  public var viewControllers: [ViewController] {
    didSet {
      for child in oldValue where !viewControllers.contains(where: { $0 === child }) {
        child.parent = nil
      }
      for child in viewControllers { child.parent = self }
      let old = oldValue.indices.contains(selectedIndex) ? oldValue[selectedIndex] : nil
      selectedIndex = min(selectedIndex, max(0, viewControllers.count - 1))
      if old !== selectedViewController { transition(from: old, to: selectedViewController) }
      setNeedsDisplay()
    }
  }

  /// The selected tab. Setting it from code calls no delegate method; an
  /// index out of range is ignored (T8).
  public var selectedIndex: Int {
    get { storedSelectedIndex }
    set {
      guard viewControllers.indices.contains(newValue), newValue != storedSelectedIndex else {
        return
      }
      let old = selectedViewController
      storedSelectedIndex = newValue
      transition(from: old, to: selectedViewController)
      setNeedsDisplay()
    }
  }
  private var storedSelectedIndex = 0

  /// Hears about and may veto the user's selections.
  public weak var delegate: TabBarControllerDelegate?

  /// Regular (two rows, the default) or compact (one row).
  public var barStyle: TabBarStyle = .regular {
    didSet { setNeedsDisplay() }
  }

  /// Called with the new cell width whenever a relayout changes it (T11, CYL's
  /// width-change notification).
  public var onItemWidthChange: ((Int) -> Void)?
  var lastItemWidthForNotification: Int?

  /// Creates a controller with one child per tab (T2: the first is selected).
  public init(viewControllers: [ViewController]) {
    self.viewControllers = viewControllers
    super.init(title: "")
    for child in viewControllers { child.parent = self }
  }

  /// CYL's "two arrays": controllers and their items, in the same order. Extra
  /// items are ignored; a controller without an item keeps its own.
  public convenience init(viewControllers: [ViewController], items: [TabBarItem]) {
    for (child, item) in zip(viewControllers, items) {
      child.tabBarItem = item
      if let nav = child as? NavigationController { nav.rootViewController.tabBarItem = item }
    }
    self.init(viewControllers: viewControllers)
  }

  /// The selected tab's controller, or nil when there are no tabs.
  public var selectedViewController: ViewController? {
    viewControllers.indices.contains(selectedIndex) ? viewControllers[selectedIndex] : nil
  }

  /// The items in tab order.
  public var items: [TabBarItem] { viewControllers.map(\.tabBarItem) }

  override open var visibleChildren: [ViewController] {
    selectedViewController.map { [$0] } ?? []
  }
  override open var allChildren: [ViewController] { viewControllers }

  override open func handle(_ action: Action) -> Bool { handleTabAction(action) }

  override open func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    renderTabs(in: rect, into: &buffer)
  }

  override open var nodeDescription: String {
    "TabBarController(selected: \(selectedIndex))"
  }
}
