/// The words the library itself draws: the `More` tab, the key help's
/// title and footer, the hints of forms and dialogs, a filtered list's
/// count, the too-small and too-large messages and the cut-paste toast.
///
/// Set it on the root controller, as ``ViewController/theme`` is, so that
/// an app in another language shows no English of the library's own:
///
/// ```swift
/// root.interfaceStrings = .simplifiedChinese
/// ```
///
/// The key table's own words, such as `enter open`, belong to the key
/// table: give its ``KeyBinding/help`` and ``KeyBinding/hint`` in the same
/// language (``KeyMap/relabeled(_:)``).
public struct InterfaceStrings: Hashable, Sendable {
  /// The title of the `More` cell, of its list, and so of the `‹ More`
  /// back button.
  public var more: String
  /// The key help's title.
  public var keysTitle: String
  /// The key help's bottom line while every key fits: any key closes it.
  public var helpFooter: String
  /// The key help's bottom line while the keys scroll and only Esc closes it.
  public var scrollingHelpFooter: String
  /// In a hint, what Tab does in a form: `tab next`.
  public var next: String
  /// In a hint, what Esc does on a page it takes away: `esc back`.
  public var back: String
  /// In a dialog's hint, what Enter does: `enter choose`.
  public var choose: String
  /// In a dialog's hint, what Esc does: `esc cancel`.
  public var cancel: String
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

  /// Words of your own; each one left out is the English one.
  public init(
    more: String = "More", keysTitle: String = "Keys",
    helpFooter: String = "any key closes · q quits",
    scrollingHelpFooter: String = "esc closes · q quits", next: String = "next",
    back: String = "back", choose: String = "choose", cancel: String = "cancel",
    matchCount: String = "{shown} of {total}",
    terminalTooSmall: String = "Terminal too small: need {need}, have {have}",
    terminalTooLarge: String = "Terminal too large: at most {most}, have {have}",
    pasteCut: String = "Pasted text cut to {count} characters"
  ) {
    self.more = more
    self.keysTitle = keysTitle
    self.helpFooter = helpFooter
    self.scrollingHelpFooter = scrollingHelpFooter
    self.next = next
    self.back = back
    self.choose = choose
    self.cancel = cancel
    self.matchCount = matchCount
    self.terminalTooSmall = terminalTooSmall
    self.terminalTooLarge = terminalTooLarge
    self.pasteCut = pasteCut
  }

  /// The library's words in English: the default.
  public static let english = InterfaceStrings()

  /// The library's words in Simplified Chinese.
  public static let simplifiedChinese = InterfaceStrings(
    more: "更多", keysTitle: "按键", helpFooter: "任意键关闭 · q 退出",
    scrollingHelpFooter: "esc 关闭 · q 退出", next: "下一项", back: "返回", choose: "选择",
    cancel: "取消", matchCount: "{shown}/{total}",
    terminalTooSmall: "终端太小：需要 {need}，当前 {have}",
    terminalTooLarge: "终端太大：最多 {most}，当前 {have}",
    pasteCut: "粘贴的文字已截断为 {count} 个字符")

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

  /// The too-small message with its sizes.
  func terminalTooSmall(need: Size, have: Size) -> String {
    Self.fill(
      terminalTooSmall,
      ["need": "\(need.width)×\(need.height)", "have": "\(have.width)×\(have.height)"])
  }
}
