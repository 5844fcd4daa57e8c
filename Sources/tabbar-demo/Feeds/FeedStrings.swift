import TabBarKit

/// The words of News when its channels are news feeds (`--feed`): the lines
/// over a channel's stories, the story's link, and `o`.
struct FeedStrings: Equatable {
  /// Over the stories kept from an earlier fetch when this one failed:
  /// `{age}` is how long ago the last fetch worked (`2h`), `{error}` why
  /// this one failed.
  var offline = "offline · updated {age} ago · {error}"
  /// The same, when no fetch has ever worked (the stories came from a file
  /// of another run that kept no time).
  var offlineNever = "offline · {error}"
  /// Over the stories after a fetch brought new ones: `{count}` of them.
  var newStories = "{count} new stories"
  /// The same, for one.
  var newStory = "1 new story"
  /// Over the stories while a fetch is under way and older ones show.
  var updating = "updating…"
  /// A feed that lists no stories.
  var noStories = "This feed has no stories yet."
  /// Under a story: where it comes from.
  var linkLine = "Link: {url}"
  /// The toast after `o`: `{url}` opened with `{program}`.
  var opened = "Opened with {program}"
  /// The toast when the browser could not be started.
  var openFailed = "Could not open the link: {error}"
  /// The toast of `o` on a story without a link.
  var noLink = "This story has no link"
  /// `o` on a story: open its link in the browser.
  var openLink = InterfaceStrings.KeyWords("Open the story's link in the browser", hint: "o open")

  static let english = FeedStrings()

  static let simplifiedChinese = FeedStrings(
    offline: "离线 · {age}更新 · {error}", offlineNever: "离线 · {error}",
    newStories: "{count} 条新闻", newStory: "1 条新闻", updating: "正在更新…",
    noStories: "这个订阅源还没有新闻。", linkLine: "链接：{url}", opened: "已用 {program} 打开",
    openFailed: "无法打开链接：{error}", noLink: "这篇新闻没有链接",
    openLink: .init("在浏览器中打开新闻链接", hint: "o 打开"))
}
