extension ListView {
  /// The rows on show, in order: every row of ``rows``, or only those the
  /// ``filter`` leaves (with the headers over them).
  ///
  /// What "next" means to someone looking at a filtered list: a detail page
  /// that steps to the next item (a mail client's next message, a news
  /// app's next story) goes through these rather than through ``rows``.
  /// O(1) without a filter; O(m) for the m rows a filter leaves.
  public var shownRows: [ListRow] {
    guard let matches else { return rows }
    return matches.map { rows[$0] }
  }
}
