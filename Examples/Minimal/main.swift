import NcursesTerminal
import TabBarKit

// Two arrays make an app (CYL): one of controllers, one of items, in the same order.
let titles = ["Home", "Search", "Me"]
let pages = titles.map { title in
  NavigationController(
    rootViewController: ListViewController(
      title: title, rows: (1...30).map { ListRow("\(title) \($0)") }))
}
let items = zip(titles, ["⌂", "?", "☺"]).map { TabBarItem(title: $0, glyph: $1) }
TerminalApp.run { try TabBarController(viewControllers: pages, items: items) }
