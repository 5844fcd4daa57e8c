import TabBarKit

/// An app shaped like `tabbar-demo` (whose content lives in an executable
/// target that cannot be imported): five tabs, each a list page of 25 rows,
/// and every row pushes another list page of 25 rows, without end.
@MainActor
enum DemoLikeApp {
  /// The tabs, with the demo's titles and glyphs.
  static let items = [
    TabBarItem(title: "News", glyph: "□", selectedGlyph: "■"),
    TabBarItem(title: "Reading", glyph: "☆", selectedGlyph: "★"),
    TabBarItem(title: "Video", glyph: "▷", selectedGlyph: "▶"),
    TabBarItem(title: "Topics", glyph: "○", selectedGlyph: "●"),
    TabBarItem(title: "Me", glyph: "♡", selectedGlyph: "♥"),
  ]

  /// Rows per list page.
  static let rowCount = 25

  /// The rows of every pushed page: made once and shared (an array is copied
  /// on write only), so a push costs the page, not the formatting of its text.
  static let detailRows: [ListRow] = (1...rowCount).map { i in
    ListRow("Comment \(i) on the story above", detail: "\(i * 3) likes") {
      page(title: "Comment \(i)", rows: detailRows)
    }
  }

  /// A list page.
  static func page(title: String, rows: [ListRow]) -> ListViewController {
    ListViewController(title: title, rows: rows)
  }

  /// The root rows of tab `tab`: a title, a detail at the right, a page behind.
  static func rootRows(tab: Int) -> [ListRow] {
    (1...rowCount).map { i in
      let title = "\(items[tab].title) headline \(i): markets rally as shares climb"
      return ListRow(title, detail: "Finance · \(i)h") {
        page(title: title, rows: detailRows)
      }
    }
  }

  /// The whole app: a tab bar controller with one navigation stack per tab.
  static func makeRoot() -> TabBarController {
    let stacks = items.indices.map { tab in
      NavigationController(
        rootViewController: page(title: items[tab].title, rows: rootRows(tab: tab)))
    }
    return try! TabBarController(viewControllers: stacks, items: items)
  }
}
