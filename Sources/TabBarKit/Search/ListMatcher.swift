/// How a list's filter decides which rows show (``ListView/matcher``).
///
/// The ``standard`` matcher finds the filter in each row's title, detail,
/// ``ListRow/searchText`` and ``ListRow/searchKey``, ignoring case, accents
/// and width, over texts it folded once. An app can bring its own: fuzzy
/// matching, a query language, an index of its own.
///
/// ```swift
/// // Only the title, and every word of the filter somewhere in it.
/// list.listView.matcher = ListMatcher { query, row in
///   let title = SearchKey(row.title)
///   return query.split(separator: " ").allSatisfy { title.contains(String($0)) }
/// }
/// ```
public struct ListMatcher {
  /// The app's test, or nil for the standard search.
  let test: (@MainActor (_ query: String, _ row: ListRow) -> Bool)?
  /// Whether a longer query only ever shows fewer rows (see
  /// ``init(narrows:_:)``).
  let narrows: Bool

  /// The list's own search: the filter's text anywhere in a row's title,
  /// detail, search text or search key, ignoring case, accents and width.
  /// Each distinct text is searched once a keystroke, and a longer filter
  /// searches only the rows the shorter one left.
  public static var standard: ListMatcher { ListMatcher(test: nil, narrows: true) }

  private init(test: (@MainActor (String, ListRow) -> Bool)?, narrows: Bool) {
    self.test = test
    self.narrows = narrows
  }

  /// A matcher that shows the rows for which `matches(query, row)` is
  /// true, `query` being the filter as typed (not empty).
  ///
  /// With `narrows` (the default) the list takes it that a query that
  /// contains an earlier one never shows a row the earlier one hid, and
  /// asks only about the rows the earlier one left: true of any test that
  /// looks for the query or its letters in a row. Say false for a test
  /// where typing more can show more (a query language with `or`).
  ///
  /// `matches` runs on the main actor, once for every row the filter
  /// looks at: for a list of a data source, on
  /// ``ListDataSource/searchableRow(at:)``.
  public init(narrows: Bool = true, _ matches: @escaping @MainActor (String, ListRow) -> Bool) {
    self.init(test: matches, narrows: narrows)
  }

  /// True for the standard search.
  var isStandard: Bool { test == nil }
}
