import Glibc
import NcursesTerminal
import TabBarKit

// Two arrays make an app (CYL): one of controllers, one of items, in the same order.
let pages = ["Home", "Search", "Me"].map { title in
  NavigationController(
    rootViewController: ListViewController(
      title: title, rows: (1...30).map { ListRow("\(title) \($0)") }))
}
do {
  let tabs = try TabBarController(
    viewControllers: pages,
    items: [
      TabBarItem(title: "Home", glyph: "⌂"), TabBarItem(title: "Search", glyph: "?"),
      TabBarItem(title: "Me", glyph: "☺"),
    ])
  let terminal = try NcursesTerminal()
  Application(root: tabs, terminal: terminal).run()
  terminal.restore()
} catch {
  let message = "minimal-example: error: \(error)\n"
  write(STDERR_FILENO, message, message.utf8.count)
  exit(2)
}
