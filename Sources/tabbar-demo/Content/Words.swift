import TabBarKit

/// Every word the demo shows that is not content: the library's own
/// (``InterfaceStrings``), the key table's help and hints, and the demo's
/// pages' (loading, errors, the player).
///
/// A content file picks a `language` for all of them at once, then
/// replaces single words by name (`strings`) and the key table's words by
/// action (`keys`), so a file in Chinese shows no English.
struct Words: Equatable {
  /// The languages the demo has every word in.
  enum Language: String, CaseIterable {
    case english = "en"
    case simplifiedChinese = "zh-Hans"
  }

  /// The key table's words for one action: its line in the key help and its
  /// part of the status hint (nil: none).
  struct KeyWords: Equatable {
    var help: String
    var hint: String?
  }

  /// The library's words.
  var interface: InterfaceStrings
  /// The demo's pages' words.
  var demo: DemoStrings
  /// The key table's words by action name (`activate`, `back`, `refresh`…);
  /// an action not named keeps the table's English.
  var keys: [String: KeyWords]

  /// Every word in `language`.
  init(_ language: Language = .english) {
    switch language {
    case .english:
      self.init(interface: .english, demo: .english, keys: [:])
    case .simplifiedChinese:
      self.init(interface: .simplifiedChinese, demo: .simplifiedChinese, keys: Self.chineseKeys)
    }
  }

  init(interface: InterfaceStrings, demo: DemoStrings, keys: [String: KeyWords]) {
    self.interface = interface
    self.demo = demo
    self.keys = keys
  }

  /// The name a content file gives `action` under `keys`.
  static func name(of action: Action) -> String {
    switch action {
    case .quit: "quit"
    case .help: "help"
    case .nextTab: "nextTab"
    case .previousTab: "previousTab"
    case .selectTab: "selectTab"
    case .plusButton: "plusButton"
    case .back: "back"
    case .moveUp: "moveUp"
    case .moveDown: "moveDown"
    case .pageUp: "pageUp"
    case .pageDown: "pageDown"
    case .moveToTop: "moveToTop"
    case .moveToBottom: "moveToBottom"
    case .activate: "activate"
    case .search: "search"
    case .redraw: "redraw"
    case .suspend: "suspend"
    case .custom(let name): name
    }
  }

  /// The names of every action of the demo's key table, for the content
  /// file's `keys`.
  static var actionNames: Set<String> { Set(KeyMap.demo.bindings.map { name(of: $0.action) }) }

  /// `keyMap` in these words.
  func relabel(_ keyMap: KeyMap) -> KeyMap {
    keyMap.relabeled { binding in
      guard let words = keys[Self.name(of: binding.action)] else {
        return (binding.help, binding.hint)
      }
      // An action without a hint gets none: the hint's room is short.
      return (words.help, binding.hint == nil ? nil : words.hint)
    }
  }

  /// The key table in Simplified Chinese.
  static let chineseKeys: [String: KeyWords] = [
    "nextTab": KeyWords(help: "下一个标签", hint: "←→ 标签"),
    "previousTab": KeyWords(help: "上一个标签"),
    "selectTab": KeyWords(help: "选择第 1–9 个标签"),
    "moveUp": KeyWords(help: "上移"),
    "moveDown": KeyWords(help: "下移", hint: "↑↓ 移动"),
    "pageUp": KeyWords(help: "上一页"),
    "pageDown": KeyWords(help: "下一页"),
    "moveToTop": KeyWords(help: "第一行"),
    "moveToBottom": KeyWords(help: "最后一行"),
    "search": KeyWords(help: "筛选列表", hint: "/ 搜索"),
    "activate": KeyWords(help: "打开，或展开/收起分组", hint: "enter 打开"),
    "plusButton": KeyWords(help: "加号按钮", hint: "+ 加号"),
    "back": KeyWords(help: "返回", hint: "esc 返回"),
    "help": KeyWords(help: "显示或隐藏本帮助", hint: "? 按键"),
    "redraw": KeyWords(help: "重绘屏幕"),
    "suspend": KeyWords(help: "挂起（fg 恢复）"),
    "quit": KeyWords(help: "退出"),
    "refresh": KeyWords(help: "重新加载", hint: "r 刷新"),
  ]
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
  var playerKeys = "[ ] seek 10 s · click the bar to jump"
  /// What Enter does on the player: in the hint and the help.
  var play = "play"
  var pause = "pause"
  var replay = "replay"
  /// What Enter does on a setting row of Me: in the hint and the help.
  var change = "change"

  static let english = DemoStrings()

  static let simplifiedChinese = DemoStrings(
    loading: "正在加载…", loadFailed: "无法加载{title}：{error}。", retryHelp: "按 r 重试。",
    retry: "↻ 重试", networkUnreachable: "网络不可用", playing: "▶ 正在播放", paused: "‖ 已暂停",
    ended: "■ 已结束", playerKeys: "[ ] 快退/快进 10 秒 · 点击进度条跳转", play: "播放", pause: "暂停",
    replay: "重播", change: "更改")

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
      "more": \.interface.more,
      "keysTitle": \.interface.keysTitle,
      "helpFooter": \.interface.helpFooter,
      "scrollingHelpFooter": \.interface.scrollingHelpFooter,
      "next": \.interface.next,
      "back": \.interface.back,
      "choose": \.interface.choose,
      "cancel": \.interface.cancel,
      "matchCount": \.interface.matchCount,
      "terminalTooSmall": \.interface.terminalTooSmall,
      "terminalTooLarge": \.interface.terminalTooLarge,
      "pasteCut": \.interface.pasteCut,
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
    ]
  }
}
