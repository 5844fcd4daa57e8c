/// A page that shows a list (``ListView``): Up/Down, PageUp/PageDown and
/// Home/End move the selection, Enter pushes the selected row's page (N2).
/// The selection and scroll position stay as they were when a pushed page is
/// popped.
open class ListViewController: ViewController {
  /// The list's rows, selection and scroll position.
  public var list: ListView

  /// Creates a list page.
  public init(title: String, rows: [ListRow]) {
    list = ListView(rows: rows)
    super.init(title: title)
  }

  override open func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    list.layout(height: rect.height)
    list.render(in: rect, theme: theme, into: &buffer)
  }

  override open func handle(_ action: Action) -> Bool {
    if action == .activate { return activateSelectedRow() }
    return list.handle(action)
  }

  /// Pushes the selected row's page; false when it has none.
  @discardableResult
  public func activateSelectedRow() -> Bool {
    guard list.rows.indices.contains(list.selectedIndex),
      let make = list.rows[list.selectedIndex].destination,
      let nav = navigationController
    else { return false }
    nav.push(make())
    return true
  }
}
