/// One row of a list page: a title, optional detail text at the right, and
/// what Enter (or a click) on it does: push a page, or run an action.
public struct ListRow {
  /// The main text.
  public var title: String
  /// Secondary text drawn dim at the right, cut first when space runs out.
  public var detail: String
  /// Builds the page this row pushes; nil for a row that pushes nothing.
  public var destination: (() -> ViewController)?
  /// Runs when the row is chosen and it has no destination.
  public var perform: (() -> Void)?

  /// Creates a row that pushes the page `destination` builds (or nothing).
  public init(
    _ title: String, detail: String = "", destination: (() -> ViewController)? = nil
  ) {
    self.title = title
    self.detail = detail
    self.destination = destination
  }

  /// Creates a row that runs `perform` when chosen.
  public init(_ title: String, detail: String = "", perform: @escaping () -> Void) {
    self.title = title
    self.detail = detail
    self.perform = perform
  }
}
