import NewsFeeds
import TabBarKit

@MainActor
extension DemoModel {
  /// A list page whose channels are news feeds (`--feed`, or the page's
  /// `feeds`): a strip of them, in the order given, each titled by its
  /// feed (by its address until the first fetch), the first one shown.
  /// `/` filters a channel's stories when `searchable`.
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
    return BuiltPage(page: strip, strip: strip)
  }
}

/// A channel held weakly.
@MainActor
private struct WeakChannel {
  weak var page: FeedChannelPage?
}
