import TabBarKit

@MainActor
extension DemoModel {
  /// A list page with `channels`: a strip of them over one list each, as
  /// NetEase's News (头条 / 要闻 / 体育 …). A channel lists the page's rows
  /// whose stories are in its categories, in the page's order; one without
  /// categories lists every row, as the first channel (Top, 头条) does.
  /// With `loads`, each channel is a feed that loads from ``network``, as a
  /// tab's plain list is.
  ///
  /// The channels share the file's rows and the stories' search keys; each
  /// builds the rows it draws (``StoryRows``), and one never shown builds
  /// nothing.
  func channelStrip(
    title: String, rows: ContentRows, searchable: Bool, channels: [ContentFile.Channel],
    loads: Bool
  ) -> BuiltPage {
    // The channels share the rows, and so their stories: `n` on a story
    // keeps to those of the channel it was opened from (``StoryPage``).
    let stories = RowStories(rows: rows, content: content)
    var first: (list: ListViewController, feed: FeedViewController?, stories: StoryRows)?
    let lists = channels.enumerated().map { index, channel -> ListViewController in
      let route = StoryRoute(stories: self.storyIDs(of: rows))
      // Each channel hides the stories of blocked topics. Only the first
      // one shows at start: the others pick their rows when first shown.
      let topics = TopicFilter(
        source: StoryRows(
          stories: stories, channel: index == 0 ? nil : channel, model: self, route: route),
        blocked: blocked)
      let list = TopicListPage(
        title: settings.localizedChannel(channel.title), topics: topics, lazily: index > 0)
      list.isSearchable = searchable
      list.allBlockedMessage = { [settings] in settings.strings.allTopicsBlocked }
      let loader = loads ? feed(list, topics: topics) : nil
      let shown = loader ?? list
      route.list = shown
      showsCommentCounts(in: shown)
      shown.title = settings.localizedChannel(channel.title)
      changes.observe(by: shown) { [weak self, weak shown] change in
        guard case .language = change, let self, let shown else { return }
        shown.title = settings.localizedChannel(channel.title)
      }
      if index == 0 { first = (shown, loader, topics.source) }
      return shown
    }
    let strip = ChannelStripController(title: title, channels: lists)
    return BuiltPage(
      page: strip, list: first?.list, feed: first?.feed, strip: strip, stories: first?.stories)
  }
}
