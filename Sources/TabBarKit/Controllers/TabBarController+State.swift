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
    /// The selected row of the open accordion section's list, when the keys
    /// were in it (the page above was opened from that row).
    public var sectionRow: Int?
    /// The first row on screen of that list.
    public var sectionScrollOffset: Int?

    /// Creates a page state.
    public init(
      selectedRow: Int, scrollOffset: Int = 0, expandedSection: Int? = nil,
      sectionRow: Int? = nil, sectionScrollOffset: Int? = nil
    ) {
      self.selectedRow = selectedRow
      self.scrollOffset = scrollOffset
      self.expandedSection = expandedSection
      self.sectionRow = sectionRow
      self.sectionScrollOffset = sectionScrollOffset
    }
  }

  /// A step of a saved state that the app's pages no longer have, found by
  /// ``TabBarController/restore(_:)``: the stack stops before it.
  public struct Mismatch: Equatable, Sendable, CustomStringConvertible {
    /// The tab (from 0), or nil for the selected tab itself.
    public var tab: Int?
    /// What is missing, for example `row 7 of “Reading” is gone`.
    public var reason: String

    /// Creates a mismatch.
    public init(tab: Int?, reason: String) {
      self.tab = tab
      self.reason = reason
    }

    /// `tab 2: row 7 of “Reading” is gone`, counting tabs from 1 as the
    /// number keys do.
    public var description: String {
      tab.map { "tab \($0 + 1): \(reason)" } ?? reason
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
      // A tab on the `More` stack has its pages there.
      stack(ofTab: tab).map { page -> NavigationState.Page in
        switch page {
        case let list as ListViewController:
          return .init(
            selectedRow: list.listView.selectedIndex, scrollOffset: list.listView.scrollOffset)
        case let accordion as AccordionController:
          var state = NavigationState.Page(
            selectedRow: accordion.focusedIndex, expandedSection: accordion.expandedIndex)
          if accordion.isFocusInContent, let open = accordion.expandedIndex,
            let list = accordion.sections[open].content as? ListViewController
          {
            state.sectionRow = list.listView.selectedIndex
            state.sectionScrollOffset = list.listView.scrollOffset
          }
          return state
        default:
          return .init(selectedRow: 0)
        }
      }
    }
    return NavigationState(selectedIndex: selectedIndex, stacks: stacks)
  }

  /// Puts the tabs back as `state` describes, without animation. Steps that
  /// no longer fit the pages (a row that is gone, a tab fewer) are skipped,
  /// so a state saved by an older version never fails: the stack stops
  /// there, and the result lists what was skipped, for the app to tell the
  /// user.
  @discardableResult
  public func restore(_ state: NavigationState) -> [NavigationState.Mismatch] {
    var mismatches: [NavigationState.Mismatch] = []
    // Every tab's pages on its own stack; the layout puts the selected
    // tab back on the `More` stack when it has no cell.
    returnTabFromMore()
    if state.stacks.count != viewControllers.count {
      mismatches.append(
        .init(
          tab: nil,
          reason: "it has \(state.stacks.count) tabs, the app \(viewControllers.count)"))
    }
    for (tab, pages) in zip(viewControllers.indices, state.stacks) {
      guard let nav = viewControllers[tab] as? NavigationController else { continue }
      nav.popToRootViewController(animated: false)
      if let reason = restore(pages, on: nav) {
        mismatches.append(.init(tab: tab, reason: reason))
      }
    }
    if viewControllers.indices.contains(state.selectedIndex) {
      selectedIndex = state.selectedIndex
    } else {
      mismatches.append(.init(tab: nil, reason: "its tab \(state.selectedIndex + 1) is gone"))
    }
    return mismatches
  }

  /// Pushes the pages of `pages` on `nav`, from its root; the reason it
  /// stopped short, if it did.
  private func restore(_ pages: [NavigationState.Page], on nav: NavigationController) -> String? {
    for (depth, saved) in pages.enumerated() {
      let page = nav.viewControllers[depth]
      let isLast = depth == pages.count - 1
      let list: ListViewController
      switch page {
      case let page as ListViewController:
        list = page
        list.listView.restore(selectedIndex: saved.selectedRow, scrollOffset: saved.scrollOffset)
        guard list.listView.selectedIndex == saved.selectedRow else {
          return "row \(saved.selectedRow + 1) of “\(list.title)” is gone"
        }
      case let accordion as AccordionController:
        if accordion.sections.indices.contains(saved.selectedRow) {
          accordion.focusedIndex = saved.selectedRow
        }
        guard let section = saved.expandedSection else {
          return isLast ? nil : "no section of “\(accordion.title)” is open"
        }
        guard accordion.sections.indices.contains(section) else {
          return "section \(section + 1) of “\(accordion.title)” is gone"
        }
        if accordion.expandedIndex != section { accordion.toggle(section, animated: false) }
        if saved.sectionRow != nil || !isLast { accordion.focusedIndex = section }
        guard let row = saved.sectionRow else {
          return isLast ? nil : "no row of “\(accordion.title)” was chosen"
        }
        guard let rows = accordion.sections[section].content as? ListViewController else {
          return "section \(section + 1) of “\(accordion.title)” has no rows"
        }
        list = rows
        list.listView.restore(selectedIndex: row, scrollOffset: saved.sectionScrollOffset ?? 0)
        guard list.listView.selectedIndex == row else {
          return "row \(row + 1) of “\(accordion.sections[section].title)” is gone"
        }
        accordion.isFocusInContent = true
      default:
        return isLast ? nil : "“\(page.title)” opens nothing"
      }
      if isLast { return nil }
      guard let make = list.listView.rows[list.listView.selectedIndex].destination else {
        return "row \(list.listView.selectedIndex + 1) of “\(list.title)” opens nothing"
      }
      nav.pushViewController(make(), animated: false)
    }
    return nil
  }
}
