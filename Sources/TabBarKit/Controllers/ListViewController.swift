/// A page that shows a list (``ListView``): Up/Down, PageUp/PageDown and
/// Home/End move the selection, Enter pushes the selected row's page.
/// The selection and scroll position stay as they were when a pushed page is
/// popped.
///
/// A searchable list (``isSearchable``) filters its rows as you type after
/// `/`: a field over the list shows the text, the rows narrow to those whose
/// title contains it (ignoring case) with the match underlined, Enter keeps
/// the filter and goes back to the rows, and Esc clears it.
open class ListViewController: ViewController {
  /// The list's rows, selection and scroll position.
  public var listView: ListView
  /// True to let `/` filter the rows.
  public var isSearchable = false
  /// True while typed text goes into the filter (after `/`, until Enter or
  /// Esc).
  public private(set) var isEditingFilter = false

  /// Creates a list page.
  public init(title: String, rows: [ListRow]) {
    listView = ListView(rows: rows)
    super.init(title: title)
  }

  /// True while the filter field shows: being typed into, or kept.
  private var showsFilterField: Bool { isEditingFilter || !listView.filter.isEmpty }

  /// The filter field's row and the rows' rectangle, in `rect`.
  private func split(_ rect: Rect) -> (field: Rect?, rows: Rect) {
    guard showsFilterField, rect.height > 1 else { return (nil, rect) }
    let (field, rows) = rect.dividedAtTop(1)
    return (field, rows)
  }

  override open func viewWillLayout(in rect: Rect) {
    // Under a translucent bar the rows run on, but scrolling keeps the
    // selection and the last row above it.
    let rows = split(rect).rows
    listView.layout(height: rows.height, bottomInset: safeAreaInsets.bottom)
  }

  override open func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let (field, rows) = split(rect)
    if let field { renderFilterField(in: field, into: &buffer) }
    listView.render(in: rows, theme: theme, into: &buffer)
  }

  /// `/ text▏` on the left, `3 of 40` on the right.
  private func renderFilterField(in rect: Rect, into buffer: inout ScreenBuffer) {
    buffer.fill(rect, with: Cell(" ", style: theme.text))
    let count = interfaceStrings.matchCount(
      shown: listView.shownRowCount, total: listView.rows.count)
    let countX = rect.maxX - 1 - TextWidth.width(of: count)
    let limit = countX - 2 > rect.minX + 4 ? countX - 1 : rect.maxX - 1
    if limit < rect.maxX - 1 {
      buffer.write(count, at: Point(x: countX, y: rect.minY), style: theme.rowDetail)
    }
    var x = buffer.write("/ ", at: Point(x: rect.minX + 1, y: rect.minY), style: theme.hint)
    // The end of a long filter shows, where the typing happens: as many
    // characters from the end as fit, counted once each.
    let room = max(0, limit - x - 1)
    let text = listView.filter
    var start = text.endIndex
    var used = 0
    while start > text.startIndex {
      let before = text.index(before: start)
      used += TextWidth.width(of: text[before])
      if used > room { break }
      start = before
    }
    x = buffer.write(text[start...], at: Point(x: x, y: rect.minY), style: theme.text, maxX: limit)
    if isEditingFilter, x < limit {
      buffer.set(Cell(" ", style: theme.text.reversed), x: x, y: rect.minY)
    }
  }

  /// The moving keys (with two rows or more), `/` on a list that filters,
  /// Enter and Space on rows that open, and Esc (Backspace too once typing
  /// ends) while a filter shows.
  override open var keyBindings: [KeyBinding] {
    let words = interfaceStrings
    var bindings: [KeyBinding] = []
    if listView.shownRowCount > 1 {
      bindings += [
        KeyBinding([.up, .character("k")], .moveUp, words.moveUp),
        KeyBinding([.down, .character("j")], .moveDown, words.moveDown),
        KeyBinding([.pageUp], .pageUp, words.pageUp),
        KeyBinding([.pageDown], .pageDown, words.pageDown),
        KeyBinding([.home, .character("g")], .moveToTop, words.moveToTop),
        KeyBinding([.end, .character("G")], .moveToBottom, words.moveToBottom),
      ]
    }
    // Before Enter: when the rule is short the hint keeps its last parts,
    // so `/ search` gives way before `enter open` does.
    if isSearchable, !isEditingFilter {
      bindings.append(KeyBinding([.character("/")], .search, words.search))
    }
    if !isEditingFilter,
      listView.rows.contains(where: { $0.destination != nil || $0.perform != nil })
    {
      bindings.append(KeyBinding([.enter, .character(" ")], .activate, words.activate))
    }
    if showsFilterField {
      let keys: [Key] = isEditingFilter ? [.escape] : [.escape, .backspace]
      bindings.append(KeyBinding(keys, .back, words.clearFilter))
    }
    return bindings
  }

  override open func handle(_ action: Action) -> Bool {
    switch action {
    case .activate:
      if isEditingFilter { return endFilterEditing() }
      return activateSelectedRow()
    case .search where isSearchable:
      isEditingFilter = true
      setNeedsDisplay()
      return true
    case .back where !listView.filter.isEmpty || isEditingFilter:
      clearFilter()
      return true
    default:
      return listView.handle(action)
    }
  }

  // MARK: The filter

  override open var acceptsText: Bool { isEditingFilter }

  /// Adds typed or pasted text to the filter, as much as fits in
  /// ``ListView/maximumFilterLength`` characters (newlines and control
  /// characters left out); a paste cut there says so in a toast.
  ///
  /// Complexity: O(m), m the part of the text that fits.
  override open func insertText(_ text: String) {
    let room = max(0, ListView.maximumFilterLength - listView.filter.count)
    let (characters, wasCut) = TextEditor.clean(
      text, multiline: false, room: room, dropsNewlines: true)
    listView.filter += String(characters)
    if wasCut, !text.dropFirst().isEmpty {
      showToast(interfaceStrings.pasteCut(count: ListView.maximumFilterLength))
    }
    setNeedsDisplay()
  }

  override open func handle(_ key: Key) -> Bool {
    guard isEditingFilter else { return false }
    switch key {
    case .backspace:
      if !listView.filter.isEmpty { listView.filter.removeLast() }
    case .escape: clearFilter()
    case .enter: _ = endFilterEditing()
    default: return false
    }
    setNeedsDisplay()
    return true
  }

  /// Enter: the filter stays and the keys move in the rows again.
  private func endFilterEditing() -> Bool {
    isEditingFilter = false
    setNeedsDisplay()
    return true
  }

  /// Removes the filter: every row shows again, the selected one kept.
  public func clearFilter() {
    isEditingFilter = false
    listView.filter = ""
    setNeedsDisplay()
  }

  /// Pushes the selected row's page, or runs its action; false when it has neither.
  @discardableResult
  public func activateSelectedRow() -> Bool {
    guard let row = listView.selectedRow else { return false }
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
      // A click selects the row and opens it, as a tap does.
      guard let index = listView.rowIndex(at: event.position.y, in: split(rect).rows)
      else { return false }
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

  // MARK: State restoration and deep links

  /// Saves the selected row (from 1) and the scroll position.
  override open func encodeRestorableState(with coder: inout RestorationCoder) {
    coder.encode(listView.selectedIndex + 1, forKey: "row")
    coder.encode(listView.scrollOffset, forKey: "scroll")
  }

  /// Selects the saved row and scrolls as saved; a row that is gone selects
  /// the nearest one and is reported.
  override open func decodeRestorableState(with coder: RestorationCoder) {
    let last = max(1, listView.rows.count)
    let scroll = coder.decodeInt(forKey: "scroll", clampedTo: 0...last) ?? 0
    guard let saved = coder.decodeInt(forKey: "row") else { return }
    let row = min(max(saved, 1), last)
    listView.restore(selectedIndex: row - 1, scrollOffset: scroll)
    if row != saved {
      coder.reportMismatch("row \(saved) of “\(title)” is gone")
    }
  }

  /// Selects row `position` (from 1) and pushes the page it opens.
  override open func openChild(at position: Int) throws(DeepLinkError) -> ViewController {
    let rows = listView.rows
    guard position >= 1, position <= rows.count else {
      throw DeepLinkError(reason: "“\(title)” has no row \(position) (it has \(rows.count))")
    }
    guard let make = rows[position - 1].destination, let nav = navigationController else {
      throw DeepLinkError(reason: "row \(position) of “\(title)” opens no page")
    }
    listView.select(position - 1)
    let page = make()
    nav.pushViewController(page, animated: false)
    return page
  }

  /// The selected row, when it opens a page.
  override open var openChildPositions: [Int] {
    listView.selectedRow?.destination == nil ? [] : [listView.selectedIndex + 1]
  }
}
