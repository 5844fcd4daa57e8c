import TabBarKit

@MainActor
extension DemoModel {
  /// Makes `list`, tab `tab`'s root list (or its first channel, in
  /// `strip`), show the stories posted to that tab while it lives: each at
  /// the top, selected, its channel brought on screen; after posting, the
  /// filter cleared and the newest selected. A `feed` also ages the posted
  /// rows and tells the desk when they are on screen, as it is laid out.
  /// With `stories`, the list's data source, posts go in above its rows.
  func showsPosts(
    ofTab tab: Int, in list: ListViewController, feed: FeedViewController?,
    strip: ChannelStripController?, stories: StoryRows?
  ) {
    compose.takesPosts(inTab: tab, seenOnScreen: feed != nil)
    feed?.willShowRows = { [weak compose, weak feed] rows in
      guard let compose, let feed else { return }
      let onScreen = feed.isVisible && feed.tabBarController?.presentedViewController == nil
      compose.showPosts(in: &rows, stories: stories, onScreen: onScreen)
    }
    changes.observe(by: list) { [weak list, weak strip, compose] change in
      guard let list else { return }
      switch change {
      case .posted(let post, let badge) where post.tab == tab:
        list.listView.insertFirst(compose.row(post), above: stories)
        // A post taken back from --state goes in where it was, unselected.
        guard badge != nil else { return }
        list.listView.select(0)
        list.setNeedsDisplay()
        // In channels, the one that lists every story comes on screen with it.
        strip?.selectChannel(at: 0)
      case .landed(tab):
        list.listView.filter = ""
        list.listView.select(0)
        list.setNeedsDisplay()
      default:
        break
      }
    }
  }
}
