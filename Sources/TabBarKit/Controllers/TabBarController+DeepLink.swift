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
  /// page) or that section of an accordion. `[2, 5, 1]` starts on tab 2 with
  /// rows 5 then 1 pushed. Throws at the first step that cannot be taken,
  /// leaving what was done so far.
  public func open(path: [Int]) throws(DeepLinkError) {
    guard let first = path.first else { return }
    guard viewControllers.indices.contains(first - 1) else {
      throw DeepLinkError(step: 1, reason: "no tab \(first) (there are \(viewControllers.count))")
    }
    selectedIndex = first - 1
    for (offset, index) in path.dropFirst().enumerated() {
      try openStep(index, step: offset + 2)
    }
  }

  private func openStep(_ index: Int, step: Int) throws(DeepLinkError) {
    let nav = selectedViewController as? NavigationController
    let page = nav?.topViewController ?? selectedViewController
    switch page {
    case let list as ListViewController:
      let rows = list.list.rows
      guard rows.indices.contains(index - 1) else {
        throw DeepLinkError(
          step: step, reason: "“\(list.title)” has no row \(index) (it has \(rows.count))")
      }
      guard let make = rows[index - 1].destination, let nav else {
        throw DeepLinkError(
          step: step, reason: "row \(index) of “\(list.title)” opens no page")
      }
      list.list.select(index - 1)
      nav.push(make(), animated: false)
    case let accordion as AccordionController:
      guard accordion.sections.indices.contains(index - 1) else {
        throw DeepLinkError(
          step: step,
          reason: "“\(accordion.title)” has no section \(index) "
            + "(it has \(accordion.sections.count))")
      }
      if accordion.expandedIndex != index - 1 { accordion.toggle(index - 1, animated: false) }
    default:
      throw DeepLinkError(step: step, reason: "“\(page?.title ?? "")” has nothing to open")
    }
  }
}
