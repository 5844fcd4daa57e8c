/// Where the user was: the selected tab and, for every tab, the list
/// positions down its stack. `Codable`, so an app can save it on quit and
/// restore it at start.
public struct NavigationState: Codable, Equatable, Sendable {
  /// One page of a stack: its list position, or its open accordion section.
  public struct Page: Codable, Equatable, Sendable {
    /// The selected row (or focused accordion header).
    public var selectedRow: Int
    /// The first row on screen.
    public var scrollOffset: Int
    /// The open accordion section, if any.
    public var expandedSection: Int?

    /// Creates a page state.
    public init(selectedRow: Int, scrollOffset: Int = 0, expandedSection: Int? = nil) {
      self.selectedRow = selectedRow
      self.scrollOffset = scrollOffset
      self.expandedSection = expandedSection
    }
  }

  /// The selected tab.
  public var selectedIndex: Int
  /// Each tab's stack, root first; a page above another was opened from
  /// the row selected below it.
  public var stacks: [[Page]]

  /// Creates a state.
  public init(selectedIndex: Int, stacks: [[Page]]) {
    self.selectedIndex = selectedIndex
    self.stacks = stacks
  }
}

extension TabBarController {
  /// The selected tab and every tab's stack with its list positions.
  public var navigationState: NavigationState {
    let stacks = viewControllers.indices.map { tab in
      // A tab on the `More` stack (T10) has its pages there.
      stack(ofTab: tab).map { page -> NavigationState.Page in
        switch page {
        case let list as ListViewController:
          return .init(
            selectedRow: list.listView.selectedIndex, scrollOffset: list.listView.scrollOffset)
        case let accordion as AccordionController:
          return .init(
            selectedRow: accordion.focusedIndex, expandedSection: accordion.expandedIndex)
        default:
          return .init(selectedRow: 0)
        }
      }
    }
    return NavigationState(selectedIndex: selectedIndex, stacks: stacks)
  }

  /// Puts the tabs back as `state` describes, without animation. Steps that
  /// no longer fit the content (a row that is gone) are skipped, so a state
  /// saved by an older version never fails: the stack stops there.
  public func restore(_ state: NavigationState) {
    // Every tab's pages on its own stack (T10); the layout puts the selected
    // tab back on the `More` stack when it has no cell.
    returnTabFromMore()
    for (tab, pages) in zip(viewControllers, state.stacks) {
      guard let nav = tab as? NavigationController else { continue }
      nav.popToRootViewController(animated: false)
      for (depth, saved) in pages.enumerated() {
        let page = nav.viewControllers[depth]
        let isLast = depth == pages.count - 1
        if let list = page as? ListViewController {
          list.listView.restore(selectedIndex: saved.selectedRow, scrollOffset: saved.scrollOffset)
          guard !isLast, list.listView.rows.indices.contains(saved.selectedRow),
            list.listView.selectedIndex == saved.selectedRow,
            let make = list.listView.rows[saved.selectedRow].destination
          else { break }
          nav.pushViewController(make(), animated: false)
        } else if let accordion = page as? AccordionController {
          if let section = saved.expandedSection, accordion.expandedIndex != section {
            accordion.toggle(section, animated: false)
          }
          break
        } else {
          break
        }
      }
    }
    selectedIndex = state.selectedIndex
  }
}
