/// The words the library itself draws: the `More` tab, the key help's
/// title, headings and footer, the help and hint of every key the library's
/// controllers bind, a filtered list's count, its empty filter and loading
/// states, the too-small and too-large messages and the cut-paste toast.
///
/// Set it on the root controller, as ``ViewController/theme`` is, so that
/// an app in another language shows no English of the library's own:
///
/// ```swift
/// root.interfaceStrings = .simplifiedChinese
/// ```
///
/// Words of your own start from a built-in set; each text and each key's
/// words are read and set by name (a key by the ``Action`` it sends, or as
/// a ``LibraryKey``), and `Text.allCases`, `english.actionsWithWords` and
/// `LibraryKey.allCases` list every one, so a translation can be checked for
/// what it left in English:
///
/// ```swift
/// var german = InterfaceStrings.english
/// german[.more] = "Mehr"
/// german[.nextTab] = InterfaceStrings.KeyWords("Nächster Tab", hint: "←→ Tabs")
/// root.interfaceStrings = german
/// ```
///
/// The controllers read their keys' words from here each time they are
/// shown, so setting other words while the app runs relabels the hint and
/// the key help at once. The keys an app binds itself carry the app's own
/// words (``ViewController/keyBindings``).
public struct InterfaceStrings: Hashable, Sendable {
  /// What a key does, in the key help (`help`) and, for the few keys that
  /// have one, in the hint of the bar's rule (`hint`, such as `enter open`).
  public struct KeyWords: Hashable, Sendable {
    /// The line in the key help, such as "Open".
    public var help: String
    /// The part of the hint, such as `enter open`; nil keeps the key out of
    /// the hint.
    public var hint: String?
    /// The part of the hint while the key's first key does not reach it
    /// (a field types it), naming one that does, such as `alt-1–9 tabs`
    /// (see ``KeyBinding/fallbackHint``).
    public var fallbackHint: String?

    /// Words for a key.
    public init(_ help: String, hint: String? = nil, fallbackHint: String? = nil) {
      self.help = help
      self.hint = hint
      self.fallbackHint = fallbackHint
    }
  }

  /// A text the library draws; the English is given for each.
  public enum Text: Hashable, Sendable, CaseIterable {
    /// The title of the `More` cell, of its list, and so of the `‹ More`
    /// back button.
    case more
    /// The key help's title.
    case keysTitle
    /// The key help's bottom line while every key fits: any key closes it.
    case helpFooter
    /// The key help's bottom line while the keys scroll and only Esc closes it.
    case scrollingHelpFooter
    /// A filtered list's count, `{shown} of {total}`: the placeholders are
    /// replaced by the number of rows shown and of all rows.
    case matchCount
    /// The message below the smallest size, `Terminal too small: need
    /// {need}, have {have}`, the placeholders replaced by sizes such as
    /// `20×7`. It is wrapped at spaces.
    case terminalTooSmall
    /// The message past the largest size (4000×1000 cells),
    /// `Terminal too large: at most {most}, have {have}`, the placeholders
    /// replaced by sizes such as `4000×1000`. It is wrapped at spaces.
    case terminalTooLarge
    /// The toast after a paste that did not fit in a field or a list's
    /// filter, `Pasted text cut to {count} characters`: `{count}` is the
    /// most the field holds.
    case pasteCut
    /// A list whose filter left no row: `No results for '{filter}'`, the
    /// placeholder replaced by the filter's text.
    case noResults
    /// A list while it loads its rows: `Loading…`.
    case loading
    /// A list whose load failed: `Could not load: {error}`, the placeholder
    /// replaced by the error.
    case loadFailed
    /// What Enter does on a list whose load failed: `enter retry`, and the
    /// button under the error.
    case retry
    /// The heading of the focused page's keys in the key help.
    case pageKeysTitle
    /// The heading of the tab bar's keys in the key help.
    case tabBarKeysTitle
    /// The heading of the app's keys (quit, help…) in the key help.
    case appKeysTitle
  }

  /// A key of the library's own controllers whose words are not an
  /// ``Action``'s: what it does depends on where it is pressed (Enter opens
  /// a row, retries a load, toggles a section, presses a button), or it
  /// stands for a group of actions (`1–9`). The English help (and hint) is
  /// given for each; the keys that send one of the library's actions take
  /// that action's words (``subscript(_:)-(Action)``).
  public enum LibraryKey: Hashable, Sendable, CaseIterable {
    /// 1–9 and Alt-1–9: a tab by its number.
    case selectTab
    /// Enter and Space on a list whose load failed: load it again.
    case retryLoad
    /// Esc on a filtered list.
    case clearFilter
    /// Enter and Space on an accordion's header.
    case toggleSection
    /// `[` in a channel strip: the channel to the left (wrapping).
    case previousChannel
    /// `]` in a channel strip: the channel to the right (wrapping).
    case nextChannel
    /// Tab in a form.
    case nextField
    /// Shift-Tab in a form.
    case previousField
    /// Enter and Space on a form's button; its hint is `enter` and the
    /// button's title.
    case pressButton
    /// ← on a form's choice field: the option before.
    case previousChoice
    /// → and Space on a form's choice field: the option after.
    case nextChoice
    /// Enter in a dialog.
    case choose
    /// Esc in a dialog.
    case cancel
    /// →, ↓ and Tab in a dialog; → on a form's row of buttons.
    case nextButton
    /// ←, ↑ and Shift-Tab in a dialog; ← on a form's row of buttons.
    case previousButton
  }

  /// The texts, each one set.
  private var texts: [Text: String]
  /// The words of the library's actions, each one set.
  private var actionWords: [Action: KeyWords]
  /// The other keys' words, each one set.
  private var keyWords: [LibraryKey: KeyWords]

  /// The text drawn for `text`.
  public subscript(text: Text) -> String {
    get { texts[text] ?? "" }
    set { texts[text] = newValue }
  }

  /// The words shown for `key` in the key help and the hint.
  public subscript(key: LibraryKey) -> KeyWords {
    get { keyWords[key] ?? KeyWords("") }
    set { keyWords[key] = newValue }
  }

  /// The words shown in the key help and the hint for the keys that send
  /// `action`, one of the library's own (``Action/moveUp``,
  /// ``Action/quit``…): `strings[.moveUp]`.
  public subscript(action: Action) -> KeyWords {
    get { actionWords[action] ?? KeyWords("") }
    set { actionWords[action] = newValue }
  }

  /// The actions these strings give words for: in ``english``, every
  /// action the library's controllers and the app's table bind, so a
  /// translation can be checked against it.
  public var actionsWithWords: Set<Action> { Set(actionWords.keys) }

  /// The library's words in English: the default.
  public static let english = InterfaceStrings(
    texts: [
      .more: "More",
      .keysTitle: "Keys",
      .helpFooter: "any key closes · q quits",
      .scrollingHelpFooter: "esc closes · q quits",
      .matchCount: "{shown} of {total}",
      .terminalTooSmall: "Terminal too small: need {need}, have {have}",
      .terminalTooLarge: "Terminal too large: at most {most}, have {have}",
      .pasteCut: "Pasted text cut to {count} characters",
      .noResults: "No results for '{filter}'",
      .loading: "Loading…",
      .loadFailed: "Could not load: {error}",
      .retry: "retry",
      .pageKeysTitle: "This page",
      .tabBarKeysTitle: "Tab bar",
      .appKeysTitle: "App",
    ],
    actionWords: [
      .nextTab: KeyWords("Next tab", hint: "←→ tabs"),
      .previousTab: KeyWords("Previous tab"),
      .plusButton: KeyWords("Plus button", hint: "+ plus"),
      .back: KeyWords("Back", hint: "esc back"),
      .moveUp: KeyWords("Move up"),
      .moveDown: KeyWords("Move down", hint: "↑↓ move"),
      .pageUp: KeyWords("Page up"),
      .pageDown: KeyWords("Page down"),
      .moveToTop: KeyWords("First row"),
      .moveToBottom: KeyWords("Last row"),
      .search: KeyWords("Filter the list", hint: "/ search"),
      .activate: KeyWords("Open", hint: "enter open"),
      .help: KeyWords("Show or hide this help", hint: "? keys"),
      .redraw: KeyWords("Redraw the screen"),
      .suspend: KeyWords("Suspend (fg resumes)"),
      .quit: KeyWords("Quit", fallbackHint: "ctrl-c quit"),
    ],
    keyWords: [
      .selectTab: KeyWords("Select tab 1–9", fallbackHint: "alt-1–9 tabs"),
      .retryLoad: KeyWords("Load again", hint: "enter retry"),
      .clearFilter: KeyWords("Clear the filter", hint: "esc clear"),
      .toggleSection: KeyWords("Open or close the section", hint: "enter open"),
      .previousChannel: KeyWords("Previous channel", hint: "[] channels"),
      .nextChannel: KeyWords("Next channel"),
      .nextField: KeyWords("Next field", hint: "tab next"),
      .previousField: KeyWords("Previous field"),
      .pressButton: KeyWords("Press the button"),
      .previousChoice: KeyWords("Previous option"),
      .nextChoice: KeyWords("Next option"),
      .choose: KeyWords("Choose the button", hint: "enter choose"),
      .cancel: KeyWords("Cancel", hint: "esc cancel"),
      .nextButton: KeyWords("Next button"),
      .previousButton: KeyWords("Previous button"),
    ])

  /// The library's words in Simplified Chinese.
  public static let simplifiedChinese = InterfaceStrings(
    texts: [
      .more: "更多",
      .keysTitle: "按键",
      .helpFooter: "任意键关闭 · q 退出",
      .scrollingHelpFooter: "esc 关闭 · q 退出",
      .matchCount: "{shown}/{total}",
      .terminalTooSmall: "终端太小：需要 {need}，当前 {have}",
      .terminalTooLarge: "终端太大：最多 {most}，当前 {have}",
      .pasteCut: "粘贴的文字已截断为 {count} 个字符",
      .noResults: "没有与“{filter}”相符的结果",
      .loading: "正在加载…",
      .loadFailed: "无法加载：{error}",
      .retry: "重试",
      .pageKeysTitle: "本页",
      .tabBarKeysTitle: "标签栏",
      .appKeysTitle: "应用",
    ],
    actionWords: [
      .nextTab: KeyWords("下一个标签", hint: "←→ 标签"),
      .previousTab: KeyWords("上一个标签"),
      .plusButton: KeyWords("加号按钮", hint: "+ 加号"),
      .back: KeyWords("返回", hint: "esc 返回"),
      .moveUp: KeyWords("上移"),
      .moveDown: KeyWords("下移", hint: "↑↓ 移动"),
      .pageUp: KeyWords("上一页"),
      .pageDown: KeyWords("下一页"),
      .moveToTop: KeyWords("第一行"),
      .moveToBottom: KeyWords("最后一行"),
      .search: KeyWords("筛选列表", hint: "/ 搜索"),
      .activate: KeyWords("打开", hint: "enter 打开"),
      .help: KeyWords("显示或隐藏本帮助", hint: "? 按键"),
      .redraw: KeyWords("重绘屏幕"),
      .suspend: KeyWords("挂起（fg 恢复）"),
      .quit: KeyWords("退出", fallbackHint: "ctrl-c 退出"),
    ],
    keyWords: [
      .selectTab: KeyWords("选择第 1–9 个标签", fallbackHint: "alt-1–9 标签"),
      .retryLoad: KeyWords("重新加载", hint: "enter 重试"),
      .clearFilter: KeyWords("清除筛选", hint: "esc 清除"),
      .toggleSection: KeyWords("展开或收起分组", hint: "enter 展开"),
      .previousChannel: KeyWords("上一个频道", hint: "[] 频道"),
      .nextChannel: KeyWords("下一个频道"),
      .nextField: KeyWords("下一项", hint: "tab 下一项"),
      .previousField: KeyWords("上一项"),
      .pressButton: KeyWords("按下按钮"),
      .previousChoice: KeyWords("上一个选项"),
      .nextChoice: KeyWords("下一个选项"),
      .choose: KeyWords("选择按钮", hint: "enter 选择"),
      .cancel: KeyWords("取消", hint: "esc 取消"),
      .nextButton: KeyWords("下一个按钮"),
      .previousButton: KeyWords("上一个按钮"),
    ])

  /// `template` with each `{name}` replaced by its value.
  static func fill(_ template: String, _ values: [String: String]) -> String {
    var text = template
    for (name, value) in values {
      text = text.replacing("{\(name)}", with: value)
    }
    return text
  }

  /// The filtered list's count with its numbers.
  func matchCount(shown: Int, total: Int) -> String {
    Self.fill(self[.matchCount], ["shown": "\(shown)", "total": "\(total)"])
  }

  /// The too-large message with its sizes.
  func terminalTooLarge(most: Size, have: Size) -> String {
    Self.fill(
      self[.terminalTooLarge],
      ["most": "\(most.width)×\(most.height)", "have": "\(have.width)×\(have.height)"])
  }

  /// The cut-paste toast with its count, digits grouped by thousands
  /// (`100,000`).
  func pasteCut(count: Int) -> String {
    var digits = String(count)
    var grouped = ""
    while digits.count > 3 {
      grouped = "," + digits.suffix(3) + grouped
      digits.removeLast(3)
    }
    return Self.fill(self[.pasteCut], ["count": digits + grouped])
  }

  /// The empty filter's message with its text.
  func noResults(for filter: String) -> String { Self.fill(self[.noResults], ["filter": filter]) }

  /// The failed load's message with its error.
  func loadFailed(_ error: String) -> String { Self.fill(self[.loadFailed], ["error": error]) }

  /// The too-small message with its sizes.
  func terminalTooSmall(need: Size, have: Size) -> String {
    Self.fill(
      self[.terminalTooSmall],
      ["need": "\(need.width)×\(need.height)", "have": "\(have.width)×\(have.height)"])
  }
}
