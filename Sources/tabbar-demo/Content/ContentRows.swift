/// The rows of a list page or of an accordion section, in the file's order.
///
/// A list read from a content file keeps its rows as its ``RowTable``
/// does: each row's title and detail become strings only when the row is
/// read (drawn, opened, searched), so 100,000 rows cost their text's bytes
/// and their places, not a string and a ``ContentFile/Row`` each. Rows made
/// in code are an array.
struct ContentRows: RandomAccessCollection, ExpressibleByArrayLiteral {
  private enum Storage {
    case rows([ContentFile.Row])
    /// The table's rows; a plain row without its own `page` opens
    /// `defaultPage`; the rows that are not plain, decoded, by their
    /// place among the table's values.
    case table(RowTable, defaultPage: String?, others: [ContentFile.Row])
  }

  private let storage: Storage

  /// The rows `rows`.
  init(_ rows: [ContentFile.Row]) {
    storage = .rows(rows)
  }

  init(arrayLiteral rows: ContentFile.Row...) {
    self.init(rows)
  }

  /// The rows of `table`: a plain row without a `page` of its own opens
  /// `defaultPage`; `others` are the rows it keeps as JSON values, decoded,
  /// in their order.
  init(table: RowTable, defaultPage: String?, others: [ContentFile.Row]) {
    storage = .table(table, defaultPage: defaultPage, others: others)
  }

  var startIndex: Int { 0 }

  var endIndex: Int {
    switch storage {
    case .rows(let rows): rows.count
    case .table(let table, _, _): table.count
    }
  }

  /// The row at `index`, its title and detail made into strings.
  subscript(index: Int) -> ContentFile.Row {
    switch storage {
    case .rows(let rows):
      return rows[index]
    case .table(let table, let defaultPage, let others):
      let entry = table.entries[index]
      if entry.titleCount == RowTable.valueMark { return others[Int(entry.title)] }
      return ContentFile.Row(
        title: table.title(of: entry), detail: table.detail(of: entry),
        page: Self.page(of: entry, in: table, defaultPage: defaultPage))
    }
  }

  /// The id of the page the row at `index` opens, without making its
  /// title and detail: O(1), for the loops over every row.
  func page(at index: Int) -> String? {
    switch storage {
    case .rows(let rows):
      return rows[index].page
    case .table(let table, let defaultPage, let others):
      let entry = table.entries[index]
      if entry.titleCount == RowTable.valueMark { return others[Int(entry.title)].page }
      return Self.page(of: entry, in: table, defaultPage: defaultPage)
    }
  }

  /// The ids of the pages the rows open, in order (nil for a row that
  /// opens nothing), without making a title.
  var pages: some Sequence<String?> {
    indices.lazy.map { page(at: $0) }
  }

  private static func page(
    of entry: RowTable.Entry, in table: RowTable, defaultPage: String?
  ) -> String? {
    switch entry.page {
    case RowTable.nullPage: nil
    case RowTable.noPage, RowTable.bareTitle: defaultPage
    default: table.pageIDs[Int(entry.page)]
    }
  }
}

extension ContentRows {
  /// The place of the first row that opens page `id`; nil when none does.
  /// O(n), making no title.
  func firstIndex(opening id: String) -> Int? {
    indices.first { page(at: $0) == id }
  }

  /// True when a row sets a setting. A row of a ``RowTable`` that sets one
  /// is among the rows it keeps as values: the plain rows are not looked at.
  var hasSetting: Bool {
    switch storage {
    case .rows(let rows): rows.contains { $0.setting != nil }
    case .table(_, _, let others): others.contains { $0.setting != nil }
    }
  }
}
