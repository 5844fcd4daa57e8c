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

    /// Words for a key.
    public init(_ help: String, hint: String? = nil) {
      self.help = help
      self.hint = hint
    }
  }

  /// The title of the `More` cell, of its list, and so of the `‹ More`
  /// back button.
  public var more: String
  /// The key help's title.
  public var keysTitle: String
  /// The key help's bottom line while every key fits: any key closes it.
  public var helpFooter: String
  /// The key help's bottom line while the keys scroll and only Esc closes it.
  public var scrollingHelpFooter: String
  /// A filtered list's count, `{shown} of {total}`: the placeholders are
  /// replaced by the number of rows shown and of all rows.
  public var matchCount: String
  /// The message below the smallest size, `Terminal too small: need
  /// {need}, have {have}`, the placeholders replaced by sizes such as
  /// `20×7`. It is wrapped at spaces.
  public var terminalTooSmall: String
  /// The message past the largest size (``Application/maximumSize``),
  /// `Terminal too large: at most {most}, have {have}`, the placeholders
  /// replaced by sizes such as `4000×1000`. It is wrapped at spaces.
  public var terminalTooLarge: String
  /// The toast after a paste that did not fit in a field or a list's
  /// filter, `Pasted text cut to {count} characters`: `{count}` is the
  /// most the field holds.
  public var pasteCut: String
  /// A list whose filter left no row: `No results for '{filter}'`, the
  /// placeholder replaced by the filter's text.
  public var noResults: String
  /// A list while it loads its rows: `Loading…`.
  public var loading: String
  /// A list whose load failed: `Could not load: {error}`, the placeholder
  /// replaced by the error.
  public var loadFailed: String
  /// What Enter does on a list whose load failed: `enter retry`, and the
  /// button under the error.
  public var retry: String

  /// Words of your own; each one left out is the English one.
  public init(
    more: String = "More", keysTitle: String = "Keys",
    helpFooter: String = "any key closes · q quits",
    scrollingHelpFooter: String = "esc closes · q quits",
    matchCount: String = "{shown} of {total}",
    terminalTooSmall: String = "Terminal too small: need {need}, have {have}",
    terminalTooLarge: String = "Terminal too large: at most {most}, have {have}",
    pasteCut: String = "Pasted text cut to {count} characters",
    noResults: String = "No results for '{filter}'", loading: String = "Loading…",
    loadFailed: String = "Could not load: {error}", retry: String = "retry"
  ) {
    self.more = more
    self.keysTitle = keysTitle
    self.helpFooter = helpFooter
    self.scrollingHelpFooter = scrollingHelpFooter
    self.matchCount = matchCount
    self.terminalTooSmall = terminalTooSmall
    self.terminalTooLarge = terminalTooLarge
    self.pasteCut = pasteCut
    self.noResults = noResults
    self.loading = loading
    self.loadFailed = loadFailed
    self.retry = retry
  }

  // MARK: The key help's headings

  /// The heading of the focused page's keys in the key help.
  public var pageKeysTitle = "This page"
  /// The heading of the tab bar's keys in the key help.
  public var tabBarKeysTitle = "Tab bar"
  /// The heading of the app's keys (quit, help…) in the key help.
  public var appKeysTitle = "App"

  // MARK: The tab bar's keys

  /// → and Tab: the next tab.
  public var nextTab = KeyWords("Next tab", hint: "←→ tabs")
  /// ← and Shift-Tab: the previous tab.
  public var previousTab = KeyWords("Previous tab")
  /// 1…9 and Alt-1…9: a tab by its number.
  public var selectTab = KeyWords("Select tab 1–9")
  /// `+`: the plus button. A button with a title is hinted by it instead:
  /// `+ post`.
  public var plusButton = KeyWords("Plus button", hint: "+ plus")

  // MARK: Pages' keys

  /// Esc and Backspace: back to the page below, or away from a presented page.
  public var back = KeyWords("Back", hint: "esc back")
  /// ↑ and `k`.
  public var moveUp = KeyWords("Move up")
  /// ↓ and `j`.
  public var moveDown = KeyWords("Move down", hint: "↑↓ move")
  /// PgUp.
  public var pageUp = KeyWords("Page up")
  /// PgDn.
  public var pageDown = KeyWords("Page down")
  /// Home and `g`.
  public var moveToTop = KeyWords("First row")
  /// End and `G`.
  public var moveToBottom = KeyWords("Last row")
  /// `/` on a list that filters.
  public var search = KeyWords("Filter the list", hint: "/ search")
  /// Enter and Space on a list: open the selected row.
  public var activate = KeyWords("Open", hint: "enter open")
  /// Enter and Space on a list whose load failed: load it again.
  public var retryLoad = KeyWords("Load again", hint: "enter retry")
  /// Esc on a filtered list.
  public var clearFilter = KeyWords("Clear the filter", hint: "esc clear")
  /// Enter and Space on an accordion's header.
  public var toggleSection = KeyWords("Open or close the section", hint: "enter open")
  /// Tab in a form.
  public var nextField = KeyWords("Next field", hint: "tab next")
  /// Shift-Tab in a form.
  public var previousField = KeyWords("Previous field")
  /// Enter on a form's button; its hint is `enter` and the button's title.
  public var pressButton = KeyWords("Press the button")
  /// Enter in a dialog.
  public var choose = KeyWords("Choose the button", hint: "enter choose")
  /// Esc in a dialog.
  public var cancel = KeyWords("Cancel", hint: "esc cancel")
  /// →, ↓ and Tab in a dialog.
  public var nextButton = KeyWords("Next button")
  /// ←, ↑ and Shift-Tab in a dialog.
  public var previousButton = KeyWords("Previous button")

  // MARK: The app's keys

  /// `?`.
  public var help = KeyWords("Show or hide this help", hint: "? keys")
  /// Ctrl-L.
  public var redraw = KeyWords("Redraw the screen")
  /// Ctrl-Z.
  public var suspend = KeyWords("Suspend (fg resumes)")
  /// `q` and Ctrl-C.
  public var quit = KeyWords("Quit")

  /// The library's words in English: the default.
  public static let english = InterfaceStrings()

  /// The library's words in Simplified Chinese.
  public static let simplifiedChinese: InterfaceStrings = {
    var words = InterfaceStrings(
      more: "更多", keysTitle: "按键", helpFooter: "任意键关闭 · q 退出",
      scrollingHelpFooter: "esc 关闭 · q 退出", matchCount: "{shown}/{total}",
      terminalTooSmall: "终端太小：需要 {need}，当前 {have}",
      terminalTooLarge: "终端太大：最多 {most}，当前 {have}",
      pasteCut: "粘贴的文字已截断为 {count} 个字符", noResults: "没有与“{filter}”相符的结果",
      loading: "正在加载…", loadFailed: "无法加载：{error}", retry: "重试")
    words.pageKeysTitle = "本页"
    words.tabBarKeysTitle = "标签栏"
    words.appKeysTitle = "应用"
    words.nextTab = KeyWords("下一个标签", hint: "←→ 标签")
    words.previousTab = KeyWords("上一个标签")
    words.selectTab = KeyWords("选择第 1–9 个标签")
    words.plusButton = KeyWords("加号按钮", hint: "+ 加号")
    words.back = KeyWords("返回", hint: "esc 返回")
    words.moveUp = KeyWords("上移")
    words.moveDown = KeyWords("下移", hint: "↑↓ 移动")
    words.pageUp = KeyWords("上一页")
    words.pageDown = KeyWords("下一页")
    words.moveToTop = KeyWords("第一行")
    words.moveToBottom = KeyWords("最后一行")
    words.search = KeyWords("筛选列表", hint: "/ 搜索")
    words.activate = KeyWords("打开", hint: "enter 打开")
    words.retryLoad = KeyWords("重新加载", hint: "enter 重试")
    words.clearFilter = KeyWords("清除筛选", hint: "esc 清除")
    words.toggleSection = KeyWords("展开或收起分组", hint: "enter 展开")
    words.nextField = KeyWords("下一项", hint: "tab 下一项")
    words.previousField = KeyWords("上一项")
    words.pressButton = KeyWords("按下按钮")
    words.choose = KeyWords("选择按钮", hint: "enter 选择")
    words.cancel = KeyWords("取消", hint: "esc 取消")
    words.nextButton = KeyWords("下一个按钮")
    words.previousButton = KeyWords("上一个按钮")
    words.help = KeyWords("显示或隐藏本帮助", hint: "? 按键")
    words.redraw = KeyWords("重绘屏幕")
    words.suspend = KeyWords("挂起（fg 恢复）")
    words.quit = KeyWords("退出")
    return words
  }()

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
    Self.fill(matchCount, ["shown": "\(shown)", "total": "\(total)"])
  }

  /// The too-large message with its sizes.
  func terminalTooLarge(most: Size, have: Size) -> String {
    Self.fill(
      terminalTooLarge,
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
    return Self.fill(pasteCut, ["count": digits + grouped])
  }

  /// The empty filter's message with its text.
  func noResults(for filter: String) -> String { Self.fill(noResults, ["filter": filter]) }

  /// The failed load's message with its error.
  func loadFailed(_ error: String) -> String { Self.fill(loadFailed, ["error": error]) }

  /// The too-small message with its sizes.
  func terminalTooSmall(need: Size, have: Size) -> String {
    Self.fill(
      terminalTooSmall,
      ["need": "\(need.width)×\(need.height)", "have": "\(have.width)×\(have.height)"])
  }
}
