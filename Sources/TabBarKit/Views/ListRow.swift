/// One row of a list page: a title, optional detail text at the right, and
/// what Enter (or a click) on it does: push a page, or run an action.
///
/// A row with an ``id`` keeps its identity when the list gets new rows:
/// the selection stays on the same item (``ListView/rows``). It can be
/// drawn bold, dim or in the accent colour (``emphasis``), have parts of
/// its title in styles of their own (``spans``: a severity tag, a
/// highlighted word), carry a ``badge`` at the right, and be found by
/// words it does not show (``searchText``, or a ``searchKey`` shared by the
/// rows of one record). A section header
/// (``header(_:id:)``) is a row that the selection skips.
public struct ListRow {
  /// What the row stands for (a message's id, a story's address): the
  /// selection follows it when the list gets new rows. Nil for a row known
  /// only by its place, such as a setting whose title changes with its
  /// value: the selection stays at the same place.
  public var id: AnyHashable?
  /// The main text. Setting it drops the styles of ``spans``.
  public var title: String {
    didSet { styleRuns = [] }
  }
  /// Secondary text drawn dim at the right, cut first when space runs out.
  public var detail: String
  /// Words the filter finds the row by besides its title and detail,
  /// never drawn: a category, an author, a body. Rows next to each other
  /// with equal texts share one search of it.
  public var searchText: String
  /// Words the filter finds the row by, folded once and shared: give every
  /// row that opens one story the story's key, and the filter searches it
  /// once a keystroke however many rows carry it (``SearchKey``).
  public var searchKey: SearchKey?
  /// How the title is drawn: bold (an unread message), dim, or in the
  /// theme's accent colour; plain by default.
  public var emphasis: Emphasis
  /// A count, a dot or a short word at the right end of the row.
  public var badge: Badge
  /// True for a section header: drawn in the theme's heading style and
  /// never selected.
  package private(set) var isHeader = false
  /// Builds the page this row pushes; nil for a row that pushes nothing.
  public var destination: (() -> ViewController)?
  /// Runs when the row is chosen and it has no destination.
  public var perform: (() -> Void)?

  /// The styled parts of ``title``: where each part ends (in UTF-8 bytes)
  /// and its style, in order; empty when the title is drawn in one style.
  var styleRuns: [StyleRun] = []

  /// Whether Enter does something on this row: it opens a page or runs an
  /// action.
  package var opens: Bool { destination != nil || perform != nil }

  /// How a row's title is drawn; the styles combine.
  public struct Emphasis: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Creates a set from its raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Bold: a row that wants attention, such as an unread message.
    public static let bold = Emphasis(rawValue: 1 << 0)
    /// Dim: a row that matters less, such as a read or muted one.
    public static let dim = Emphasis(rawValue: 1 << 1)
    /// In the theme's accent colour (``Theme/Part/accent``).
    public static let accent = Emphasis(rawValue: 1 << 2)
  }

  /// Creates a row that pushes the page `destination` builds (or nothing).
  public init(
    _ title: String, id: AnyHashable? = nil, detail: String = "", searchText: String = "",
    searchKey: SearchKey? = nil, emphasis: Emphasis = [], badge: Badge = .none,
    destination: (() -> ViewController)? = nil
  ) {
    self.id = id
    self.title = title
    self.detail = detail
    self.searchText = searchText
    self.searchKey = searchKey
    self.emphasis = emphasis
    self.badge = badge
    self.destination = destination
  }

  /// Creates a row that runs `perform` when chosen.
  public init(
    _ title: String, id: AnyHashable? = nil, detail: String = "", searchText: String = "",
    searchKey: SearchKey? = nil, emphasis: Emphasis = [], badge: Badge = .none,
    perform: @escaping () -> Void
  ) {
    self.init(
      title, id: id, detail: detail, searchText: searchText, searchKey: searchKey,
      emphasis: emphasis, badge: badge)
    self.perform = perform
  }

  /// Creates a row whose title is `spans` one after another, each drawn in
  /// its own style, that pushes the page `destination` builds (or nothing):
  ///
  /// ```swift
  /// ListRow(spans: [.init("ERROR", style: .error), .init(" disk full on /var")])
  /// ```
  public init(
    spans: [Span], id: AnyHashable? = nil, detail: String = "", searchText: String = "",
    searchKey: SearchKey? = nil, emphasis: Emphasis = [], badge: Badge = .none,
    destination: (() -> ViewController)? = nil
  ) {
    self.init(
      "", id: id, detail: detail, searchText: searchText, searchKey: searchKey,
      emphasis: emphasis, badge: badge, destination: destination)
    self.spans = spans
  }

  /// Creates a row whose title is `spans`, each in its own style, that runs
  /// `perform` when chosen.
  public init(
    spans: [Span], id: AnyHashable? = nil, detail: String = "", searchText: String = "",
    searchKey: SearchKey? = nil, emphasis: Emphasis = [], badge: Badge = .none,
    perform: @escaping () -> Void
  ) {
    self.init(
      spans: spans, id: id, detail: detail, searchText: searchText, searchKey: searchKey,
      emphasis: emphasis, badge: badge)
    self.perform = perform
  }

  /// A section header: a title over the rows after it, that the selection
  /// skips and the filter never matches (it shows while a row under it does).
  /// Without an `id`, its title is its identity.
  public static func header(_ title: String, id: AnyHashable? = nil) -> ListRow {
    var row = ListRow(title, id: id)
    row.isHeader = true
    return row
  }

  /// What the list follows the row by: its ``id``; a header without one, its
  /// title (apart from a row of the same title); nil for a row known by its
  /// place.
  var identity: AnyHashable? {
    if let id { return id }
    return isHeader ? AnyHashable(HeaderTitle(title: title)) : nil
  }

  /// A header's identity when it has no ``id``.
  private struct HeaderTitle: Hashable { var title: String }
}
