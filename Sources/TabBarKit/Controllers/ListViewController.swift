/// A page that shows a list (``ListView``): Up/Down, PageUp/PageDown and
/// Home/End move the selection, Enter pushes the selected row's page (N2).
/// The selection and scroll position stay as they were when a pushed page is
/// popped.
open class ListViewController: ViewController {
  /// The list's rows, selection and scroll position.
  public var listView: ListView

  /// Creates a list page.
  public init(title: String, rows: [ListRow]) {
    listView = ListView(rows: rows)
    super.init(title: title)
  }

  override open func viewWillLayout(in rect: Rect) {
    // Under a translucent bar the rows run on, but scrolling keeps the
    // selection and the last row above it (T13).
    listView.layout(height: rect.height, bottomInset: safeAreaInsets.bottom)
  }

  override open func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    listView.render(in: rect, theme: theme, into: &buffer)
  }

  override open var supportedActions: Set<Action> {
    var actions: Set<Action> = listView.rows.count > 1 ? [.moveDown] : []
    if listView.rows.contains(where: { $0.destination != nil || $0.perform != nil }) {
      actions.insert(.activate)
    }
    return actions
  }

  override open func handle(_ action: Action) -> Bool {
    if action == .activate { return activateSelectedRow() }
    return listView.handle(action)
  }

  /// Pushes the selected row's page, or runs its action; false when it has neither.
  @discardableResult
  public func activateSelectedRow() -> Bool {
    guard listView.rows.indices.contains(listView.selectedIndex) else { return false }
    let row = listView.rows[listView.selectedIndex]
    if let make = row.destination, let nav = navigationController {
      nav.pushViewController(make())
      return true
    }
    if let perform = row.perform {
      perform()
      return true
    }
    return false
  }

  override open func handleMouse(_ event: MouseEvent, in rect: Rect) -> Bool {
    switch event.kind {
    case .wheelUp: return scroll(by: -3)
    case .wheelDown: return scroll(by: 3)
    case .press:
      // A click selects the row and opens it, as a tap does (I2).
      guard let index = listView.rowIndex(at: event.position.y, in: rect) else { return false }
      listView.select(index)
      activateSelectedRow()
      setNeedsDisplay()
      return true
    }
  }

  private func scroll(by rows: Int) -> Bool {
    let before = (listView.selectedIndex, listView.scrollOffset)
    listView.scroll(by: rows)
    return before != (listView.selectedIndex, listView.scrollOffset)
  }
}
