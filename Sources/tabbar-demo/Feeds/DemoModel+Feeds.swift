import NewsFeeds
import TabBarKit

@MainActor
extension DemoModel {
  /// A list page whose channels are news feeds (`--feed`, or the page's
  /// `feeds`): a strip of them, in the order given, each titled by its
  /// feed (by its address until the first fetch), the first one shown.
  /// `/` filters a channel's stories when `searchable`. The first channel
  /// is the list the tab's posted stories go to, on top of its stories, as
  /// Top's are without feeds.
  func feedStrip(title: String, sources: [FeedSource], searchable: Bool) -> BuiltPage {
    let channels = sources.map {
      FeedChannelPage(source: $0, model: self, searchable: searchable)
    }
    // Held weakly: each channel holds the list, and the strip the channels.
    let neighbours = channels.map(WeakChannel.init)
    for channel in channels {
      channel.neighbours = { neighbours.compactMap(\.page) }
    }
    let strip = ChannelStripController(title: title, channels: channels)
    return BuiltPage(
      page: strip, list: channels.first, strip: strip, feedChannel: channels.first)
  }
}

@MainActor
extension DemoModel {
  /// The row of Me's History or Favourites for the feed story `id`, titled
  /// as the story with its feed beside it; nil when `id` is no feed's story
  /// shown in this run (the cache's stories count).
  func feedStoryRow(_ id: String) -> ListRow? {
    guard let story = feeds.stories[id] else { return nil }
    let title = story.item.title.isEmpty ? story.item.summary : story.item.title
    return ListRow(
      title, id: id, detail: story.feed,
      destination: { [weak self] in
        guard let self else { return TextViewController(title: title, blocks: []) }
        return FeedStoryPage(item: story.item, source: story.source, channel: nil, model: self)
      })
  }
}

/// A channel held weakly.
@MainActor
private struct WeakChannel {
  weak var page: FeedChannelPage?
}
