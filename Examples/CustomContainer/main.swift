import NcursesTerminal
import TabBarKit

// A container of your own in a tab: a stack of pages under a trail of their
// titles (Notes › Groceries). It embeds the pages it pushes, tells them when
// they come and go (`transition(from:to:)`), lays out and draws the one on
// top, and pops on Esc. Adopting `TabBarChildContainer` is what the tab bar
// needs of it: the bar leaves below its root (`hidesTabBar`), choosing its
// tab again pops it (`popStackToRoot`), and behind `More` its pages go on
// the `More` stack and come back (`stackPages`, `takeBackStack`).

/// A stack of pages with the trail of their titles on its first row.
final class TrailController: ViewController, TabBarChildContainer {
  /// The pages, root first.
  private(set) var pages: [ViewController]

  init(root: ViewController) {
    pages = [root]
    super.init(title: root.title)
    embed(root)
  }

  /// Pushes `page` on top.
  func push(_ page: ViewController) {
    let old = pages.last
    embed(page)
    pages.append(page)
    transition(from: old, to: page)
    setNeedsDisplay()
  }

  /// Pops the top page; false at the root.
  @discardableResult
  func pop() -> Bool {
    guard pages.count > 1 else { return false }
    let old = pages.removeLast()
    transition(from: old, to: pages.last)
    unembed(old)
    setNeedsDisplay()
    return true
  }

  override var visibleChildren: [ViewController] { pages.suffix(1) }

  override var keyBindings: [KeyBinding] {
    guard pages.count > 1 else { return [] }
    return [KeyBinding([.escape, .backspace], .back, help: "Back", hint: "esc back")]
  }

  override func handle(_ action: Action) -> Bool { action == .back && pop() }

  /// The rows under the trail: the page on top.
  private func pageRect(in rect: Rect) -> Rect {
    Rect(x: rect.minX, y: rect.minY + 1, width: rect.width, height: max(0, rect.height - 1))
  }

  override func viewWillLayout(in rect: Rect) {
    pages.last?.viewWillLayout(in: pageRect(in: rect))
  }

  override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let titles = pages.map(\.title).joined(separator: " › ")
    buffer.write(" " + titles, at: rect.origin, style: theme[.navigationTitle], maxX: rect.maxX)
    pages.last?.render(in: pageRect(in: rect), into: &buffer)
  }

  // What the tab bar asks of a container in a tab.

  var stackPages: [ViewController] { pages }

  func takeBackStack(_ pages: [ViewController]) {
    for page in pages { embed(page) }
    self.pages = pages
  }

  func popStackToRoot(animated: Bool) -> Bool {
    guard pages.count > 1 else { return false }
    while pages.count > 1 { pop() }
    return true
  }

  var hidesTabBar: Bool { pages.count > 1 }
}

/// A list whose rows open a page on the stack it is in: its trail, or the
/// `More` stack while its tab is shown there.
final class FolderPage: ListViewController {
  init(title: String, notes: [(String, String)]) {
    super.init(title: title)
    apply(notes.map { title, text in ListRow(title) { [unowned self] in open(title, text) } })
  }

  private func open(_ title: String, _ text: String) {
    let page = TextViewController(title: title, blocks: [.paragraph(text)])
    if let navigation = navigationController {
      navigation.pushViewController(page)
    } else {
      (parent as? TrailController)?.push(page)
    }
  }
}

let notes = TrailController(
  root: FolderPage(
    title: "Notes",
    notes: [
      ("Groceries", "Eggs, rice and green tea."),
      ("Call Mum", "Sunday, after lunch."),
      ("Ideas", "A tab bar for the terminal."),
    ]))
let recipes = TrailController(
  root: FolderPage(
    title: "Recipes",
    notes: [
      ("Pancakes", "Flour, milk, two eggs; rest the batter ten minutes."),
      ("Miso soup", "Dashi, tofu and wakame; the miso goes in last."),
    ]))
let trash = ListViewController(title: "Trash", rows: [ListRow("Old receipt")])
TerminalApp.run {
  let tabs = try TabBarController(
    viewControllers: [notes, recipes, trash],
    items: [
      TabBarItem(title: "Notes", glyph: "✎"), TabBarItem(title: "Recipes", glyph: "♨"),
      TabBarItem(title: "Trash", glyph: "♲"),
    ])
  // One cell for Notes, then More: Recipes, a trail too, shows there.
  tabs.maximumVisibleItems = 2
  return tabs
}
