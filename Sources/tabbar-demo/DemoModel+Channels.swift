import TabBarKit

@MainActor
extension DemoModel {
  /// A list page with `channels`: a strip of them over one list each, as
  /// NetEase's News (头条 / 要闻 / 体育 …). A channel lists the page's rows
  /// whose stories are in its categories, in the page's order; one without
  /// categories lists every row, as the first channel (Top, 头条) does.
  func channelStrip(
    title: String, rows: [ContentFile.Row], searchable: Bool, channels: [ContentFile.Channel]
  ) -> ChannelStripController {
    var storyText: [String: String] = [:]
    // The channels share the rows, and so their stories: `n` on a story
    // keeps to those of the channel it was opened from (``StoryPage``).
    let stories = storyIDs(of: rows)
    let made = rows.map {
      (row: $0, list: listRow($0, storyText: &storyText, siblings: stories))
    }
    let lists = channels.map { channel in
      // Each channel hides the stories of blocked topics.
      let listed = made.filter { channel.lists(category: category(of: $0.row)) }
      let list = TopicListPage(
        title: channel.title,
        topics: TopicFilter(
          rows: listed.map(\.list), of: listed.map(\.row), content: content, blocked: blocked))
      list.isSearchable = searchable
      return list
    }
    return ChannelStripController(title: title, channels: lists)
  }

  /// The category of the story `row` opens; nil for a row that opens no
  /// text page or one without a category.
  private func category(of row: ContentFile.Row) -> String? {
    guard let id = row.page, case .text(let article)? = content.pages[JSONKey(id)]?.kind,
      !article.category.isEmpty
    else { return nil }
    return article.category
  }

  /// A tab's channel strip with each channel a feed that loads from
  /// ``network``, as a tab's plain list is.
  func feeds(_ strip: ChannelStripController) -> ChannelStripController {
    strip.channels = strip.channels.map(feed)
    return strip
  }
}
