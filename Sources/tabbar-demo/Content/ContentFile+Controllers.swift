import TabBarKit

@MainActor
extension ContentFile {
  /// The whole app: a tab bar controller with one navigation stack per tab,
  /// and the plus button if the file has one.
  ///
  /// Text goes to the controllers exactly as the file gives it; the library
  /// sanitises it when it reaches a cell.
  ///
  /// - Parameter barStyle: the style from the command line, which wins over
  ///   the file's; `regular` when neither gives one.
  /// - Returns: The demo's root: the tab bar controller with every tab.
  /// - Throws: a ``ContentError`` at `plusButton` when the library refuses
  ///   the button (the decoder already checks what it checks).
  func makeRoot(barStyle: TabBarStyle?) throws(ContentError) -> DemoRootController {
    let stacks = tabs.map { tab in
      NavigationController(
        rootViewController: FeedViewController.feed(
          page(tab.page, openedAs: tab.item.title), strings: words.demo))
    }
    // One stack per tab, each with its tab's item: the counts match by
    // construction.
    let controller = DemoRootController(stacks: stacks, content: self)
    controller.barStyle = barStyle ?? self.barStyle ?? .regular
    controller.interfaceStrings = words.interface
    if let plus = plusButton {
      let action: PlusButton.Action
      switch plus.action {
      case .presents:
        action = .present { page(plus.page, openedAs: plus.title) }
      case .selects:
        action = .select(
          NavigationController(rootViewController: page(plus.page, openedAs: plus.title)))
      }
      do {
        try controller.setPlusButton(
          PlusButton(
            glyph: plus.glyph, title: plus.title, width: plus.width, index: plus.index,
            action: action))
      } catch {
        throw ContentError(at: JSONPath.root.appending("plusButton"), error.description)
      }
    }
    return controller
  }

  /// Builds the page `id`; `title` is what opened it (a tab, a row, the plus
  /// button), the page's title unless the page names its own.
  ///
  /// Rows build their pages only when chosen, so pages may refer to each
  /// other, or to themselves, to any depth.
  func page(_ id: String, openedAs title: String) -> ViewController {
    guard let page = pages[JSONKey(id)] else {
      preconditionFailure("page \(id) was checked to exist when the file was loaded")
    }
    let title = page.title ?? title
    switch page.kind {
    case .list(let rows, _) where rows.contains(where: { $0.setting != nil }):
      return SettingsPage(title: title, rows: rows, content: self)
    case .list(let rows, let searchable):
      var storyText: [String: String] = [:]
      let list = ListViewController(
        title: title, rows: rows.map { listRow($0, storyText: &storyText) })
      list.isSearchable = searchable
      return list
    case .text(let article):
      return TextViewController(title: title, blocks: article.blocks(title: title))
    case .player(let seconds):
      return PlayerPage(title: title, length: .seconds(seconds), strings: words.demo)
    case .accordion(let sections, let headerHeight):
      let sections = sections.map { section in
        AccordionController.Section(
          title: section.title,
          content: ListViewController(title: section.title, rows: section.rows.map(listRow)))
      }
      return AccordionController(title: title, sections: sections, headerHeight: headerHeight)
    case .form(let form):
      return ComposePage(id: id, title: title, form: form)
    }
  }

  /// A list row that pushes its page when chosen. The filter finds it by
  /// its detail and, when it opens a story, by the story's category, byline
  /// and body too: `/sport` finds the Sport stories.
  func listRow(_ row: Row) -> ListRow {
    var storyText: [String: String] = [:]
    return listRow(row, storyText: &storyText)
  }

  /// A list row as ``listRow(_:)`` makes it; `storyText` keeps each story's
  /// searchable text, so that the rows of one list that open the same story
  /// share one string instead of each joining its body again.
  func listRow(_ row: Row, storyText: inout [String: String]) -> ListRow {
    ListRow(
      row.title, detail: row.detail, searchText: searchText(of: row, storyText: &storyText),
      destination: row.page.map { id in { page(id, openedAs: row.title) } })
  }

  /// What a row is found by besides its title.
  private func searchText(of row: Row, storyText: inout [String: String]) -> String {
    var story = ""
    if let id = row.page {
      if let known = storyText[id] {
        story = known
      } else {
        if case .text(let article)? = pages[JSONKey(id)]?.kind {
          story = ([article.category, article.byline] + article.body.map(\.text))
            .filter { !$0.isEmpty }.joined(separator: "\n")
        }
        storyText[id] = story
      }
    }
    if row.detail.isEmpty { return story }
    return story.isEmpty ? row.detail : row.detail + "\n" + story
  }

  /// Starts the badge timer, if the file has one, on `app`; its
  /// token stops it.
  @discardableResult
  func startBadgeTimer(on app: Application, controller: TabBarController) -> Timers.Token? {
    guard let timer = badgeTimer, controller.viewControllers.indices.contains(timer.tab) else {
      return nil
    }
    let tab = controller.viewControllers[timer.tab]
    return app.schedule(every: timer.interval) {
      if case .count(let count) = tab.tabBarItem.badge { tab.tabBarItem.badge = .count(count + 1) }
    }
  }
}
