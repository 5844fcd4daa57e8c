import TabBarKit
import TabBarKitTesting
import Testing

/// A container of an app's own takes part in the tab bar through
/// `TabBarChildContainer`, as `NavigationController` does.
@MainActor
@Suite("containers of one's own in a tab")
struct TabBarChildContainerTests {
  /// A bare stack: the top page under the trail of titles; Esc pops. It
  /// adopts the protocol for its stack and the bar, and nothing else. The
  /// code of the DocC article "Keys, text and containers" (its section "A
  /// container in a tab"), as the article shows it.
  final class Stack: ViewController, TabBarChildContainer {
    private(set) var pages: [ViewController]

    init(_ root: ViewController) {
      pages = [root]
      super.init(title: root.title)
      embed(root)
    }

    func push(_ page: ViewController) {
      embed(page)
      pages.append(page)
      transition(from: pages[pages.count - 2], to: page)
      setNeedsDisplay()
    }

    override var visibleChildren: [ViewController] { pages.suffix(1) }

    override var keyBindings: [KeyBinding] {
      pages.count > 1 ? [KeyBinding([.escape], .back, help: "Back", hint: "esc back")] : []
    }

    override func handle(_ action: Action) -> Bool {
      guard action == .back else { return false }
      return popStackToRoot(animated: false)
    }

    override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
      buffer.write("[\(pages.map(\.title).joined(separator: "/"))]", at: rect.origin)
      pages.last?.render(
        in: Rect(x: rect.minX, y: rect.minY + 1, width: rect.width, height: rect.height - 1),
        into: &buffer)
    }

    var stackPages: [ViewController] { pages }

    func takeBackStack(_ pages: [ViewController]) {
      for page in pages { embed(page) }
      self.pages = pages
    }

    func popStackToRoot(animated: Bool) -> Bool {
      guard pages.count > 1 else { return false }
      let top = pages[pages.count - 1]
      let popped = pages.dropFirst()
      pages = [pages[0]]
      transition(from: top, to: pages[0])
      for page in popped { unembed(page) }
      setNeedsDisplay()
      return true
    }

    var hidesTabBar: Bool { pages.count > 1 }
  }

  /// A page named `title` with one line of text.
  final class Page: ViewController {
    override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
      buffer.write("page \(title)", at: rect.origin)
    }
  }

  /// Tabs Notes (a `Stack`) and Lists, and with `more`, four tabs more,
  /// the last of them a `Stack` too (Recipes), behind More.
  static func tabs(more: Bool = false) -> (TabBarController, [Stack]) {
    let notes = Stack(Page(title: "Notes"))
    let recipes = Stack(Page(title: "Recipes"))
    var tabs: [ViewController] = [notes, ListViewController(title: "Lists")]
    if more {
      tabs += ["Ideas", "Archive", "Trash"].map { ListViewController(title: $0) } + [recipes]
    }
    return (TabBarController(viewControllers: tabs), [notes, recipes])
  }

  /// True when the bar's titles are on the screen's last row.
  static func barShows(_ app: AppDriver) -> Bool {
    app.screen.lines.last?.contains("Notes") == true
  }

  @Test("the bar leaves while a container's page above its root shows, and comes back")
  func barHidesBelowTheRoot() throws {
    let (tabs, stacks) = Self.tabs()
    let app = AppDriver(root: tabs, size: Size(width: 60, height: 12))
    #expect(Self.barShows(app))
    stacks[0].push(Page(title: "Groceries"))
    app.tick()
    #expect(!Self.barShows(app), "\(app.screen.text)")
    #expect(app.screen.lines[1].hasPrefix("page Groceries"))
    try app.press("esc")
    #expect(Self.barShows(app))
    #expect(app.screen.lines[0].hasPrefix("[Notes]"))
  }

  @Test("choosing a container's tab again pops it to its root")
  func reselectPopsTheContainer() throws {
    let (tabs, stacks) = Self.tabs()
    let app = AppDriver(root: tabs, size: Size(width: 60, height: 12))
    stacks[0].push(Page(title: "Groceries"))
    stacks[0].push(Page(title: "Eggs"))
    try app.press("1")
    #expect(stacks[0].pages.map(\.title) == ["Notes"])
    #expect(Self.barShows(app))
  }

  @Test("behind More, a container's pages go on the More stack and come back to it")
  func containerBehindMore() throws {
    let (tabs, stacks) = Self.tabs(more: true)
    let recipes = stacks[1]
    let app = AppDriver(root: tabs, size: Size(width: 80, height: 16))
    // Five cells: four tabs and More; Trash and Recipes are behind More.
    try app.press("6")
    let more = tabs.moreNavigationController
    #expect(more.viewControllers.map(\.title) == ["More", "Recipes"])
    #expect(app.screen.lines[0].contains("‹ More"))
    #expect(Self.barShows(app), "the tab's root keeps the bar on the More stack")
    more.pushViewController(Page(title: "Pancakes"), animated: false)
    app.tick()
    #expect(!Self.barShows(app))
    // A cell of its own: the tab takes its pages back, the one pushed on
    // More included, and shows them itself.
    tabs.maximumVisibleItems = 6
    app.tick()
    #expect(recipes.pages.map(\.title) == ["Recipes", "Pancakes"])
    #expect(recipes.children.map(\.title) == ["Recipes", "Pancakes"])
    #expect(app.screen.lines[0].hasPrefix("[Recipes/Pancakes]"))
    #expect(!Self.barShows(app))
    try app.press("esc")
    #expect(Self.barShows(app))
  }

  @Test("a strip whose channels are stacks keeps the bar in step with the selected one")
  func stripOfStacks() throws {
    let channels = ["Top", "Sport"].map { title in
      NavigationController(
        rootViewController: ListViewController(
          title: title,
          rows: [ListRow("\(title) story") { ListViewController(title: "\(title) story") }]))
    }
    let strip = ChannelStripController(title: "News", channels: channels)
    let tabs = TabBarController(viewControllers: [strip, ListViewController(title: "Me")])
    let app = AppDriver(root: tabs, size: Size(width: 60, height: 12))
    func barShows() -> Bool { app.screen.lines.last?.contains("Me") == true }
    #expect(barShows())
    try app.press("enter")
    #expect(channels[0].viewControllers.count == 2)
    #expect(!barShows(), "the channel's pushed page hides the bar")
    #expect(app.screen.lines[0].contains("Top"), "the strip stays over the channel")
    // The other channel is at its root: the bar shows there.
    strip.selectChannel(at: 1)
    app.tick()
    #expect(barShows())
    strip.selectChannel(at: 0)
    try app.press("1")
    #expect(channels[0].viewControllers.count == 1, "choosing the tab again pops the channel")
    #expect(barShows())
  }
}
