extension ListRow {
  /// A part of a row's title in a style of its own, as ratatui's `Span`:
  /// the row's title is its spans one after another.
  ///
  /// ```swift
  /// ListRow(spans: [
  ///   .init("WARN ", style: .warning), .init("cache at "), .init("91%", style: .bold),
  /// ])
  /// ```
  public struct Span: Hashable, Sendable {
    /// The text of the part.
    public var text: String
    /// How it is drawn, over the row's own style.
    public var style: SpanStyle

    /// A part of a title, drawn in `style`.
    public init(_ text: String, style: SpanStyle = .plain) {
      self.text = text
      self.style = style
    }
  }

  /// The title as parts, each in its own style; a title given as a string
  /// is one plain part. Setting it sets ``title`` to the parts' texts one
  /// after another.
  public var spans: [Span] {
    get {
      guard !styleRuns.isEmpty else { return title.isEmpty ? [] : [Span(title)] }
      var spans: [Span] = []
      var start = title.utf8.startIndex
      for run in styleRuns {
        let end = title.utf8.index(title.utf8.startIndex, offsetBy: run.end)
        spans.append(Span(String(title[start..<end]), style: run.style))
        start = end
      }
      if start < title.endIndex { spans.append(Span(String(title[start...]))) }
      return spans
    }
    set {
      title = newValue.map(\.text).joined()
      var runs: [StyleRun] = []
      var end = 0
      for span in newValue where !span.text.isEmpty {
        end += span.text.utf8.count
        if let last = runs.last, last.style == span.style {
          runs[runs.count - 1].end = end
        } else {
          runs.append(StyleRun(end: end, style: span.style))
        }
      }
      // A plain title needs no runs.
      styleRuns = runs.allSatisfy { $0.style == .plain } ? [] : runs
    }
  }

  /// Where a styled part of the title ends, in UTF-8 bytes from its start,
  /// and its style.
  struct StyleRun: Hashable, Sendable {
    var end: Int
    var style: SpanStyle
  }
}

/// How a part of a row's title is drawn (``ListRow/Span``): a part of the
/// theme (its colour and attributes) and an emphasis, over the row's own
/// style. On the selected row only bold and underline show: colours would
/// hide the selection.
public struct SpanStyle: Hashable, Sendable {
  /// The part of the theme whose colour and attributes the span takes
  /// (``Theme/Part/error``, ``Theme/Part/accent``…), or nil for the row's.
  public var part: Theme.Part?
  /// Bold, dim or accent, added to the part's style.
  public var emphasis: ListRow.Emphasis

  /// A style from `part` of the theme, with `emphasis` added.
  public init(part: Theme.Part? = nil, emphasis: ListRow.Emphasis = []) {
    self.part = part
    self.emphasis = emphasis
  }

  /// The row's own style.
  public static let plain = SpanStyle()
  /// Bold.
  public static let bold = SpanStyle(emphasis: .bold)
  /// Dim: a part that matters less (a timestamp).
  public static let dim = SpanStyle(emphasis: .dim)
  /// The theme's accent colour.
  public static let accent = SpanStyle(emphasis: .accent)
  /// The theme's error style, bold: an `ERROR` tag.
  public static let error = SpanStyle(part: .error, emphasis: .bold)
  /// The theme's warning style: a `WARN` tag.
  public static let warning = SpanStyle(part: .warning)
  /// The style the filter marks its match with (``Theme/Part/match``): a
  /// word the app highlights.
  public static let highlight = SpanStyle(part: .match)
}
