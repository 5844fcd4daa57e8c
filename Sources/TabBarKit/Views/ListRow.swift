/// One row of a list page: a title, optional detail text at the right, and
/// optionally the page that Enter on it pushes.
public struct ListRow {
  /// The main text.
  public var title: String
  /// Secondary text drawn dim at the right, cut first when space runs out.
  public var detail: String
  /// Builds the page this row opens; nil for a row that opens nothing.
  public var destination: (() -> ViewController)?

  /// Creates a row.
  public init(
    _ title: String, detail: String = "", destination: (() -> ViewController)? = nil
  ) {
    self.title = title
    self.detail = detail
    self.destination = destination
  }
}
