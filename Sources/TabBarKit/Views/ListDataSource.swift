/// Rows that a list builds only when it needs them, from the app's own
/// data: the rows on screen, the selected one, the one opened.
///
/// This is the shape of UIKit's `UITableViewDataSource` (a count, and a
/// cell for each row that comes on screen), of ratatui's lists built by a
/// closure per visible item, and of the virtual mode of desktop list views.
/// A list of 200,000 log lines then holds the lines once, in the app's
/// model, and a screenful of ``ListRow``s at a time.
///
/// The list reads ``rowCount`` when it is given the source and when told
/// of a change, never in between: after changing its data an app tells
/// the list what changed, as it would tell a `UITableView`, with
/// ``ListView/noteRowsInserted(in:)``, ``ListView/noteRowsRemoved(in:)``,
/// ``ListView/noteRowsChanged(in:)`` or ``ListView/reloadData()``. Each
/// costs what it names: rows appended to a long list are searched alone
/// under a kept filter.
///
/// ```swift
/// final class LogLines: ListDataSource {
///   var lines: [LogLine] = []
///   var rowCount: Int { lines.count }
///   func row(at index: Int) -> ListRow {
///     ListRow(spans: lines[index].spans, id: lines[index].number)
///   }
/// }
/// ```
@MainActor
public protocol ListDataSource: AnyObject {
  /// How many rows there are, headers included.
  var rowCount: Int { get }

  /// Row `index`, built when the list needs it: on screen, selected,
  /// opened. About a screenful of calls a frame: keep it quick.
  func row(at index: Int) -> ListRow

  /// True when row `index` is a section header (``ListRow/header(_:id:)``).
  /// Asked of every row when the list is given the source or reloaded,
  /// and of each new row: the default, no headers, costs nothing.
  func isHeader(at index: Int) -> Bool

  /// Row `index` as the filter reads it: its title, detail,
  /// ``ListRow/searchText`` and ``ListRow/searchKey``; the rest of it is
  /// never used. Asked of every row at the list's first filter (and of
  /// each new row after it), so a source can skip what only drawing
  /// needs (a destination, a badge). The default is ``row(at:)``.
  func searchableRow(at index: Int) -> ListRow

  /// The index of the row whose ``ListRow/id`` is `id`, or nil: how a
  /// restored list finds the row it had selected. The default looks at
  /// every row's ``row(at:)`` in turn; a source with an index of its own
  /// answers at once.
  func index(ofRowID id: AnyHashable) -> Int?
}

extension ListDataSource {
  /// No headers.
  public func isHeader(at index: Int) -> Bool { false }

  /// The whole row.
  public func searchableRow(at index: Int) -> ListRow { row(at: index) }

  /// Looks at every row in turn. O(n).
  public func index(ofRowID id: AnyHashable) -> Int? {
    (0..<rowCount).first { row(at: $0).id == id }
  }
}
