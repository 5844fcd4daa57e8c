/// A deep link that cannot be followed: it names the first bad step.
public struct DeepLinkError: Error, Equatable, CustomStringConvertible {
  /// The 1-based position of the bad step in the path.
  public var step: Int
  /// What is wrong with it.
  public var reason: String

  /// Creates an error for a step.
  public init(step: Int, reason: String) {
    self.step = step
    self.reason = reason
  }

  /// A one-line message.
  public var description: String { "step \(step): \(reason)" }
}

extension TabBarController {
  /// Follows a path of 1-based indices without animation: the first selects
  /// a tab, each next one opens that row of the page on top (pushing its
  /// page) or that section of an accordion; the step after a section opens
  /// that section's row. `[2, 5, 1]` starts on tab 2 with rows 5 then 1
  /// pushed. Throws at the first step that cannot be taken, leaving what was
  /// done so far.
  public func open(path: [Int]) throws(DeepLinkError) {
    guard let first = path.first else { return }
    guard viewControllers.indices.contains(first - 1) else {
      throw DeepLinkError(step: 1, reason: "no tab \(first) (there are \(viewControllers.count))")
    }
    selectedIndex = first - 1
    var steps = path.enumerated().dropFirst().makeIterator()
    while let (offset, index) = steps.next() {
      let nav = selectedViewController as? NavigationController
      let page = nav?.topViewController ?? selectedViewController
      switch page {
      case let list as ListViewController:
        try openRow(index, of: list, in: nav, step: offset + 1)
      case let accordion as AccordionController:
        guard accordion.sections.indices.contains(index - 1) else {
          throw DeepLinkError(
            step: offset + 1,
            reason: "“\(accordion.title)” has no section \(index) "
              + "(it has \(accordion.sections.count))")
        }
        if accordion.expandedIndex != index - 1 { accordion.toggle(index - 1, animated: false) }
        // The next step is a row of the section just opened.
        guard let (rowOffset, row) = steps.next() else { break }
        let section = accordion.sections[index - 1]
        guard let rows = section.content as? ListViewController else {
          throw DeepLinkError(
            step: rowOffset + 1, reason: "section “\(section.title)” has no rows to open")
        }
        try openRow(row, of: rows, in: nav, step: rowOffset + 1)
      default:
        throw DeepLinkError(step: offset + 1, reason: "“\(page?.title ?? "")” has nothing to open")
      }
    }
  }

  /// Selects row `index` (1-based) of `list` and pushes the page it opens.
  private func openRow(
    _ index: Int, of list: ListViewController, in nav: NavigationController?, step: Int
  ) throws(DeepLinkError) {
    let rows = list.listView.rows
    guard rows.indices.contains(index - 1) else {
      throw DeepLinkError(
        step: step, reason: "“\(list.title)” has no row \(index) (it has \(rows.count))")
    }
    guard let make = rows[index - 1].destination, let nav else {
      throw DeepLinkError(step: step, reason: "row \(index) of “\(list.title)” opens no page")
    }
    list.listView.select(index - 1)
    nav.pushViewController(make(), animated: false)
  }
}
