import TabBarKit

/// Every word the demo shows that is not content: the library's own
/// (``InterfaceStrings``, the words of its keys included) and the demo's
/// pages' (loading, errors, the player, their keys).
///
/// A content file picks a `language` for all of them at once, then
/// replaces single words by name (`strings`) and the keys' words by name
/// (`keys`), so a file in Chinese shows no English.
struct Words: Equatable {
  /// The languages the demo has every word in.
  enum Language: String, CaseIterable {
    case english = "en"
    case simplifiedChinese = "zh-Hans"
  }

  /// The library's words.
  var interface: InterfaceStrings
  /// The demo's pages' words.
  var demo: DemoStrings

  /// Every word in `language`.
  init(_ language: Language = .english) {
    switch language {
    case .english:
      self.init(interface: .english, demo: .english)
    case .simplifiedChinese:
      self.init(interface: .simplifiedChinese, demo: .simplifiedChinese)
    }
  }

  init(interface: InterfaceStrings, demo: DemoStrings) {
    self.interface = interface
    self.demo = demo
  }

  /// The words of every key a content file's `keys` may replace, by name:
  /// the library's controllers' and the app's, then the demo's pages'.
  static var keyNames: [String: WritableKeyPath<Words, InterfaceStrings.KeyWords>] {
    [
      "nextTab": \.interface[.nextTab],
      "previousTab": \.interface[.previousTab],
      "selectTab": \.interface[.selectTab],
      "plusButton": \.interface[.plusButton],
      "back": \.interface[.back],
      "moveUp": \.interface[.moveUp],
      "moveDown": \.interface[.moveDown],
      "pageUp": \.interface[.pageUp],
      "pageDown": \.interface[.pageDown],
      "moveToTop": \.interface[.moveToTop],
      "moveToBottom": \.interface[.moveToBottom],
      "search": \.interface[.search],
      "activate": \.interface[.activate],
      "clearFilter": \.interface[.clearFilter],
      "toggleSection": \.interface[.toggleSection],
      "nextField": \.interface[.nextField],
      "previousField": \.interface[.previousField],
      "pressButton": \.interface[.pressButton],
      "choose": \.interface[.choose],
      "cancel": \.interface[.cancel],
      "nextButton": \.interface[.nextButton],
      "previousButton": \.interface[.previousButton],
      "help": \.interface[.help],
      "redraw": \.interface[.redraw],
      "suspend": \.interface[.suspend],
      "quit": \.interface[.quit],
      "refresh": \.demo.refresh,
      "seekBackward": \.demo.seekBackward,
      "seekForward": \.demo.seekForward,
      "favourite": \.demo.favourite,
    ]
  }
}

/// The words of the demo's own pages.
struct DemoStrings: Equatable {
  /// A list while it loads.
  var loading = "Loading…"
  /// A list that failed to load: `{title}` is the page's, `{error}` why.
  var loadFailed = "Could not load {title}: {error}."
  /// Under it: how to try again.
  var retryHelp = "Press r to retry."
  /// The row that tries again.
  var retry = "↻ Retry"
  /// Why a load failed with `--fail-loads`.
  var networkUnreachable = "the network is unreachable"
  /// The player while it plays.
  var playing = "▶ Playing"
  /// The player while paused.
  var paused = "‖ Paused"
  /// The player at the end.
  var ended = "■ Ended"
  /// The player's keys, under its bar.
  var playerKeys = "←→ seek 10 s · click the bar to jump"
  /// What Enter does on the player: in the hint and the help.
  var play = "play"
  var pause = "pause"
  var replay = "replay"
  /// What Enter does on a setting row of Me: in the hint and the help.
  var change = "change"
  /// `r` on a feed: load it again (or retry a failed load).
  var refresh = InterfaceStrings.KeyWords("Reload", hint: "r reload")
  /// ← and `[` on the player.
  var seekBackward = InterfaceStrings.KeyWords("Seek back 10 s", hint: "←→ seek")
  /// → and `]` on the player.
  var seekForward = InterfaceStrings.KeyWords("Seek forward 10 s")
  /// `f` on a story: add it to Favourites, or take it out.
  var favourite = InterfaceStrings.KeyWords("Favourite the story", hint: "f favourite")
  /// `f` on a story already among the favourites: take it out.
  var unfavourite = InterfaceStrings.KeyWords(
    "Remove the story from Favourites", hint: "f unfavourite")
  /// The toasts of `f`.
  var favourited = "Added to Favourites"
  var unfavourited = "Removed from Favourites"
  /// Signed out: the row of Profile that signs in, and the button of the
  /// dialog the plus button shows.
  var signIn = "Sign in"
  /// Signed out: the dialog of the plus button.
  var signInToPost = "Sign in to post"
  var signInToPostMessage = "Posting needs an account: sign in first."
  /// Signed out: what the personal lists (Messages, Favourites, History) say.
  var signedOutList = "Signed out: sign in to see this list."
  /// Downloads once the cache is cleared.
  var noDownloads = "Nothing saved: the cache was cleared."
  /// The title of a news alert in Messages, which the badge timer brings.
  var newsAlert = "Breaking: {title}"
  /// How long ago a story was posted: minutes, hours, days.
  var minutesAgo = "{n}m"
  var hoursAgo = "{n}h"
  var daysAgo = "{n}d"
  /// Reading from one page to the next: next story, comments, resume.
  var flow = ReadingFlowStrings.english
  /// A comment's likes and replies.
  var comments = CommentStrings.english
  /// A channel or a section whose every story is of a blocked topic.
  var allTopicsBlocked =
    "Every topic of this channel is blocked: unblock one in Me › Blocked topics."
  /// A section of Topics whose every story is of a blocked topic: after
  /// its header, and the toast of opening it.
  var sectionBlocked = "blocked"
  var sectionAllBlocked = "Every story of {title} is blocked: unblock it in Me › Blocked topics."
  /// News's news feeds (`--feed`): the lines over a channel, the link.
  var feeds = FeedStrings.english

  static let english = DemoStrings()

  static let simplifiedChinese = DemoStrings(
    loading: "正在加载…", loadFailed: "无法加载{title}：{error}。", retryHelp: "按 r 重试。",
    retry: "↻ 重试", networkUnreachable: "网络不可用", playing: "▶ 正在播放", paused: "‖ 已暂停",
    ended: "■ 已结束", playerKeys: "←→ 快退/快进 10 秒 · 点击进度条跳转", play: "播放", pause: "暂停",
    replay: "重播", change: "更改", refresh: .init("重新加载", hint: "r 刷新"),
    seekBackward: .init("快退 10 秒", hint: "←→ 快退/快进"), seekForward: .init("快进 10 秒"),
    favourite: .init("收藏这篇新闻", hint: "f 收藏"),
    unfavourite: .init("取消收藏这篇新闻", hint: "f 取消收藏"), favourited: "已收藏", unfavourited: "已取消收藏",
    signIn: "登录", signInToPost: "登录后发布", signInToPostMessage: "发布需要账号：请先登录。",
    signedOutList: "已退出登录：登录后查看。", noDownloads: "没有已保存的内容：缓存已清除。",
    newsAlert: "快讯：{title}", minutesAgo: "{n}分钟前", hoursAgo: "{n}小时前", daysAgo: "{n}天前",
    flow: .simplifiedChinese, comments: .simplifiedChinese,
    allTopicsBlocked: "本频道的话题都已屏蔽：在“我的 › 屏蔽的话题”中取消屏蔽。",
    sectionBlocked: "已屏蔽", sectionAllBlocked: "“{title}”的内容都已屏蔽：在“我的 › 屏蔽的话题”中取消屏蔽。",
    feeds: .simplifiedChinese)

  /// `word` as a help line: its first letter upper case (`pause` → `Pause`).
  static func sentence(_ word: String) -> String {
    word.prefix(1).uppercased() + word.dropFirst()
  }

  /// `template` with each `{name}` replaced by its value.
  static func fill(_ template: String, _ values: [String: String]) -> String {
    var text = template
    for (name, value) in values { text = text.replacing("{\(name)}", with: value) }
    return text
  }
}

extension Words {
  /// Every word a content file's `strings` may replace, by name.
  static var stringNames: [String: WritableKeyPath<Words, String>] {
    [
      "more": \.interface[.more],
      "keysTitle": \.interface[.keysTitle],
      "helpFooter": \.interface[.helpFooter],
      "scrollingHelpFooter": \.interface[.scrollingHelpFooter],
      "matchCount": \.interface[.matchCount],
      "terminalTooSmall": \.interface[.terminalTooSmall],
      "terminalTooLarge": \.interface[.terminalTooLarge],
      "pasteCut": \.interface[.pasteCut],
      "noResults": \.interface[.noResults],
      "loading": \.demo.loading,
      "loadFailed": \.demo.loadFailed,
      "retryHelp": \.demo.retryHelp,
      "retry": \.demo.retry,
      "networkUnreachable": \.demo.networkUnreachable,
      "playing": \.demo.playing,
      "paused": \.demo.paused,
      "ended": \.demo.ended,
      "playerKeys": \.demo.playerKeys,
      "play": \.demo.play,
      "pause": \.demo.pause,
      "replay": \.demo.replay,
      "change": \.demo.change,
      "favourited": \.demo.favourited,
      "unfavourited": \.demo.unfavourited,
      "signIn": \.demo.signIn,
      "signInToPost": \.demo.signInToPost,
      "signInToPostMessage": \.demo.signInToPostMessage,
      "signedOutList": \.demo.signedOutList,
      "noDownloads": \.demo.noDownloads,
      "newsAlert": \.demo.newsAlert,
      "minutesAgo": \.demo.minutesAgo,
      "hoursAgo": \.demo.hoursAgo,
      "daysAgo": \.demo.daysAgo,
    ]
  }
}
