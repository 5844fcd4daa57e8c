import TabBarKit

@MainActor
extension DemoModel {
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
    let stacks = content.tabs.enumerated().map { index, tab in
      // Each tab's root loads as a networked app's lists do, and its list
      // shows the stories posted to the tab.
      let root = build(tab.page, openedAs: tab.item.title, route: nil, loads: true)
      if let list = root.list {
        showsPosts(
          ofTab: index, in: list, feed: root.feed, strip: root.strip, stories: root.stories)
        // A feed's channel builds its rows again with each fetch: the posts with them.
        root.feedChannel?.postsTab = index
      }
      return NavigationController(rootViewController: root.page)
    }
    // One stack per tab, each with its tab's item: the counts match by
    // construction.
    let controller = DemoRootController(stacks: stacks, model: self)
    controller.barStyle = barStyle ?? content.barStyle ?? .regular
    controller.interfaceStrings = content.words.interface
    // Text pages keep to the measure of Me's Text width (Normal until the
    // saved settings say).
    controller.readableWidth = settings.measure.columns
    // Me's badge counts the unread messages from the start.
    settings.showUnread()
    if let plus = content.plusButton {
      let action: PlusButton.Action
      switch plus.action {
      case .presents:
        // Posting needs an account: signed out, the button asks to sign in.
        action = .present {
          self.settings.signedIn ? self.page(plus.page, openedAs: plus.title) : self.signInFirst()
        }
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

  /// The dialog the plus button shows while signed out: Sign in or Cancel.
  func signInFirst() -> ViewController {
    let words = settings.strings
    return AlertController.confirm(
      title: words.signInToPost, message: words.signInToPostMessage,
      confirm: words.signIn, cancel: settings.interface[.cancel].help
    ) { [settings] in settings.setSignedIn(true) }
  }

  /// Builds the page `id`; `title` is what opened it (a tab, a row, the plus
  /// button), the page's title unless the page names its own. A story
  /// opened from a list goes through `route`: that list's stories.
  ///
  /// Rows build their pages only when chosen, so pages may refer to each
  /// other, or to themselves, to any depth.
  func page(_ id: String, openedAs title: String, route: StoryRoute? = nil) -> ViewController {
    build(id, openedAs: title, route: route, loads: false).page
  }

  /// A page as ``build(_:openedAs:route:loads:)`` makes it, with the list in
  /// it that a tab's posts go to, each as the type it was made.
  struct BuiltPage {
    /// The page.
    var page: ViewController
    /// The page itself when it is a list, or its first channel (Top, 头条,
    /// which lists every story).
    var list: ListViewController?
    /// That list, when it loads its rows.
    var feed: FeedViewController?
    /// The page, when it is a strip of channels.
    var strip: ChannelStripController?
    /// The stories ``list`` draws its rows from, when it has them as a data
    /// source: posts go in above them.
    var stories: StoryRows?
    /// ``list``, when it is the first channel of a strip of news feeds:
    /// it builds its rows again with each fetch, the tab's posts with them.
    var feedChannel: FeedChannelPage?
  }

  /// Builds the page `id` as ``page(_:openedAs:route:)`` does; with
  /// `loads`, its lists load from ``network`` as a tab's root does (a
  /// feed: `Loading…`, then the rows).
  ///
  /// Every list it makes observes ``changes`` for its comment counts, and
  /// Reading's for its Continue row.
  func build(_ id: String, openedAs title: String, route: StoryRoute?, loads: Bool) -> BuiltPage {
    let built = make(id, openedAs: title, route: route, loads: loads)
    // Every page's title follows the language, live: Me's pages, the
    // tabs' roots (`我的`), the back label of the page above.
    let original = content.pages[JSONKey(id)]?.title ?? title
    built.page.title = settings.localized(original)
    changes.observe(by: built.page) { [weak self, weak page = built.page] change in
      guard case .language = change, let self, let page else { return }
      page.title = settings.localized(original)
    }
    return built
  }

  /// The page `id` as ``build(_:openedAs:route:loads:)`` makes it, titled
  /// as the file says.
  private func make(_ id: String, openedAs title: String, route: StoryRoute?, loads: Bool)
    -> BuiltPage
  {
    guard let page = content.pages[JSONKey(id)] else {
      preconditionFailure("page \(id) was checked to exist when the file was loaded")
    }
    let title = page.title ?? title
    switch page.kind {
    case .list where id == ReadingLog.historyPage:
      return listed(ReadingListPage(title: title, model: self) { $0.history })
    case .list where id == ReadingLog.favouritesPage:
      return listed(ReadingListPage(title: title, model: self) { $0.favourites })
    case .list where id == ReadingLog.messagesPage:
      return listed(MessagesPage(title: title, model: self))
    case .list where ReadingLog.signedInPages.contains(id) && !settings.signedIn:
      // Downloads and Subscriptions are the reader's own, as History is:
      // signed out they are empty and say why (Me counts them 0).
      let list = ListViewController(title: title)
      list.emptyMessage = settings.strings.signedOutList
      return loads ? listed(feed(list)) : listed(list)
    case _ where id == ReadingLog.profilePage && !settings.signedIn:
      return listed(SignInPage(title: title, settings: settings, strings: settings.strings))
    case .list(let rows, _) where rows.hasSetting:
      return listed(SettingsPage(title: title, rows: Array(rows), model: self))
    case .list(_, let searchable) where feeds.sources[id] != nil:
      // News feeds in place of the page's rows (Feeds/).
      return feedStrip(title: title, sources: feeds.sources[id] ?? [], searchable: searchable)
    case .list(let rows, let searchable) where page.channels != nil:
      return channelStrip(
        title: title, rows: rows, searchable: searchable, channels: page.channels ?? [],
        loads: loads)
    case .list(let rows, let searchable):
      let route = StoryRoute(stories: self.storyIDs(of: rows))
      let topics = TopicFilter(
        source: StoryRows(
          stories: RowStories(rows: rows, content: content), model: self, route: route),
        blocked: blocked)
      // A list of stories hides those of the blocked topics, and builds the
      // rows it draws; Reading's books start with where reading stopped.
      let list: ListViewController
      if topics.hasTopics {
        list = TopicListPage(title: title, topics: topics)
      } else {
        var storyText: [String: String] = [:]
        let listRows = rows.map { listRow($0, storyText: &storyText, route: route) }
        list = ListViewController(title: title, rows: continueRows(onPage: id) + listRows)
      }
      // A book's chapters filter too: found by what they say.
      list.isSearchable = searchable || resume.isBook(id)
      var built = loads ? listed(feed(list, topics: topics.hasTopics ? topics : nil)) : listed(list)
      if topics.hasTopics { built.stories = topics.source }
      route.list = built.list
      if id == ResumeLog.readingPage, let shown = built.list { followsResume(in: shown) }
      if !topics.hasTopics, let shown = built.list { showsProgress(in: shown, of: rows) }
      return built
    case .text(let article):
      return BuiltPage(
        page: StoryPage(id: id, title: title, article: article, model: self, route: route))
    case .player(let seconds):
      return BuiltPage(page: player(id, title: title, seconds: seconds, video: page.video))
    case .accordion(let sections, let headerHeight):
      // Each section's list filters with / as a tab's list does. A story
      // opened from a section goes through the section's stories.
      let lists = sections.map { section in
        let route = StoryRoute(stories: self.storyIDs(of: section.rows))
        let topics = TopicFilter(
          source: StoryRows(
            stories: RowStories(rows: section.rows, content: content), model: self,
            route: route),
          blocked: blocked)
        let list = TopicListPage(title: section.title, topics: topics)
        list.isSearchable = true
        showsCommentCounts(in: list)
        return list
      }
      let topics = TopicsPage(title: title, lists: lists, headerHeight: headerHeight)
      topics.localized = { [settings] in settings.localized($0) }
      topics.strings = { [settings] in settings.strings }
      return BuiltPage(page: topics)
    case .form(let form):
      // Opened after a switch to 中文, the form is titled in Chinese.
      return BuiltPage(
        page: ComposePage(
          id: id, title: settings.localized(title), form: settings.localized(form), desk: compose))
    }
  }

  /// The page `id` as ``page(_:openedAs:route:)`` builds it, opened from
  /// a row of `route`'s list. A book opened while that list shows a filter
  /// opens filtered the same way: `/lighthouse` on Reading finds the book
  /// whose chapters say it, and Enter shows those chapters (Esc there
  /// shows them all). The book's list comes from ``BuiltPage/list``, as
  /// built, so no page is looked into.
  private func opened(_ id: String, as title: String, route: StoryRoute?) -> ViewController {
    let built = build(id, openedAs: title, route: route, loads: false)
    if resume.isBook(id), let query = route?.list?.listView.filter, !query.isEmpty,
      let book = built.list, book.isSearchable
    {
      book.listView.filter = query
    }
    return built.page
  }

  /// `list` built, showing the comment counts of its rows.
  private func listed(_ list: ListViewController) -> BuiltPage {
    showsCommentCounts(in: list)
    return BuiltPage(page: list, list: list)
  }

  /// `feed` built, showing the comment counts of its rows.
  private func listed(_ feed: FeedViewController) -> BuiltPage {
    showsCommentCounts(in: feed)
    return BuiltPage(page: feed, list: feed, feed: feed)
  }

  /// `list` as a feed that loads its rows from ``network``; `topics` hides
  /// the rows of blocked topics.
  func feed(_ list: ListViewController, topics: TopicFilter? = nil) -> FeedViewController {
    FeedViewController(
      loading: list, from: network, atOnce: loadsAtOnce, settings: settings, topics: topics)
  }

  /// A list row that pushes its page when chosen. The filter finds it by
  /// its detail and, when it opens a story, by the story's category, byline
  /// and body too: `/sport` finds the Sport stories. A story it opens goes
  /// through `route`.
  func listRow(_ row: ContentFile.Row, route: StoryRoute? = nil) -> ListRow {
    var storyText: [String: String] = [:]
    return listRow(row, storyText: &storyText, route: route)
  }

  /// A list row as ``listRow(_:route:)`` makes it; `storyText` keeps each story's
  /// searchable text, so that the rows of one list that open the same story
  /// share one string instead of each joining its body again.
  /// `route` holds the stories `n` and `p` go through from the one it opens.
  func listRow(
    _ row: ContentFile.Row, storyText: inout [String: String], route: StoryRoute? = nil
  ) -> ListRow {
    // The closure holds the model, the page id, the title and the shared
    // route, not the whole content row: 100,000 rows each keep one.
    let title = row.title
    return ListRow(
      title, detail: detail(of: row), searchText: searchText(of: row, storyText: &storyText),
      destination: row.page.map { id in
        { self.opened(id, as: title, route: route) }
      })
  }

  /// What a row is found by besides its title.
  private func searchText(of row: ContentFile.Row, storyText: inout [String: String]) -> String {
    var story = ""
    if let id = row.page {
      if let known = storyText[id] {
        story = known
      } else {
        if case .text(let article)? = content.pages[JSONKey(id)]?.kind {
          story = ([article.category, article.byline] + article.body.map(\.text))
            .filter { !$0.isEmpty }.joined(separator: "\n")
        } else if resume.isBook(id), case .list(let chapters, _)? = content.pages[JSONKey(id)]?.kind
        {
          // A book is found by what its chapters say, as an e-reader's
          // search finds it: `/lighthouse` on Reading.
          story = chapters.compactMap { chapter -> String? in
            guard let page = chapter.page,
              case .text(let article)? = content.pages[JSONKey(page)]?.kind
            else { return nil }
            return ([chapter.title] + article.body.map(\.text)).joined(separator: "\n")
          }.joined(separator: "\n")
        }
        storyText[id] = story
      }
    }
    if row.detail.isEmpty { return story }
    return story.isEmpty ? row.detail : row.detail + "\n" + story
  }
}
