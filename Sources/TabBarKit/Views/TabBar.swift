/// The bar of tab cells at the bottom of the screen: a rule, then one cell
/// per slot. A value: the ``TabBarController`` builds one for each frame.
///
/// Slots are the items that fit, a `More` cell when some do not, and
/// the plus button, which keeps its own width while the tabs share the
/// rest equally.
package struct TabBar {
  /// One place in the bar.
  package enum Slot: Hashable, Sendable {
    /// The item at this index.
    case item(Int)
    /// The `More` cell that lists the items that did not fit.
    case more
    /// The plus button.
    case plus
  }

  /// The items, one cell each while they fit.
  package var items: [TabBarItem]
  /// The selected item; an index at or past the visible cells highlights `More`.
  package var selectedIndex: Int
  /// True while the `More` stack is on screen, its list or a tab chosen
  /// from it (it highlights `More`).
  package var isShowingMore = false
  /// Regular, compact or icon.
  package var style: TabBarStyle
  /// Colours or monochrome.
  package var theme: Theme
  /// The plus button's look and place, if there is one.
  package var plusButton: (glyph: String, title: String, width: Int, index: Int?)?
  /// True while the plus button's own controller is selected.
  package var isPlusSelected = false
  /// At most this many tab cells, `More` included (UIKit: 5).
  package var maximumVisibleItems = 5
  /// A tab cell narrower than this sends the last items behind `More`.
  package var minimumCellWidth = 6
  /// Key hints written into the rule above the cells, when there is room.
  package var hint: StatusHint?

  /// The `More` cell's item.
  package static let moreItem = TabBarItem(title: "More", glyph: "⋯")
  /// The title of the `More` cell (``InterfaceStrings/Text/more``).
  package var moreTitle = TabBar.moreItem.title

  /// Creates a bar.
  package init(
    items: [TabBarItem], selectedIndex: Int, style: TabBarStyle = .regular,
    theme: Theme = .color
  ) {
    self.items = items
    self.selectedIndex = selectedIndex
    self.style = style
    self.theme = theme
  }

  /// Column spans of `count` equal cells across `width` columns: the
  /// leftover columns go one each to the leftmost cells, so widths differ by at
  /// most one and the cells cover the full width.
  package static func cellSpans(count: Int, width: Int) -> [Range<Int>] {
    guard count > 0, width > 0 else { return [] }
    let base = width / count
    let extra = width % count
    var spans: [Range<Int>] = []
    var x = 0
    for i in 0..<count {
      let w = base + (i < extra ? 1 : 0)
      spans.append(x..<(x + w))
      x += w
    }
    return spans
  }

  /// How many items get a cell of their own at `width` columns; when
  /// it is fewer than the items, the last tab cell is `More`.
  package func visibleItemCount(width: Int) -> Int {
    let plusWidth = plusButton?.width ?? 0
    let fit = max(1, (width - plusWidth) / max(1, minimumCellWidth))
    let cells = min(items.count, maximumVisibleItems, fit)
    return cells < items.count ? max(0, cells - 1) : cells
  }

  /// The `More` cell's item at `width` columns: ``moreItem`` with a dot
  /// when a tab behind `More` has a badge, so a hidden tab that
  /// wants attention shows in the bar.
  package func moreCellItem(width: Int) -> TabBarItem {
    var item = Self.moreItem
    item.title = moreTitle
    let hidden = items.dropFirst(visibleItemCount(width: width))
    if hidden.contains(where: { $0.badge.label != nil }) { item.badge = .dot }
    return item
  }

  /// The slots from left to right at `width` columns.
  package func slots(width: Int) -> [Slot] {
    let shown = visibleItemCount(width: width)
    var slots: [Slot] = (0..<shown).map { .item($0) }
    if shown < items.count { slots.append(.more) }
    if let plus = plusButton {
      let position = min(plus.index ?? slots.count / 2, slots.count)
      slots.insert(.plus, at: position)
    }
    return slots
  }

  /// The slot of the selected tab: its own cell, or `More` when it does not fit.
  package func selectedSlot(width: Int) -> Slot? {
    if isPlusSelected { return .plus }
    if isShowingMore { return .more }
    let shown = visibleItemCount(width: width)
    if selectedIndex < shown { return .item(selectedIndex) }
    return selectedIndex < items.count ? .more : nil
  }

  /// Each slot's cell when the bar occupies `rect` (cell rows only; the plus
  /// button also owns the rule row above its cell).
  package func slotFrames(in rect: Rect) -> [(slot: Slot, frame: Rect)] {
    let cells = rect.dividedAtBottom(style.cellRows).bottom
    let slots = slots(width: cells.width)
    let plusWidth = min(plusButton?.width ?? 0, cells.width)
    let tabCount = slots.filter { $0 != .plus }.count
    var spans = Self.cellSpans(count: tabCount, width: cells.width - plusWidth).makeIterator()
    var x = cells.minX
    var frames: [(Slot, Rect)] = []
    for slot in slots {
      let width = slot == .plus ? plusWidth : (spans.next()?.count ?? 0)
      frames.append((slot, Rect(x: x, y: cells.minY, width: width, height: cells.height)))
      x += width
    }
    return frames
  }

  /// The slot under `point`, the plus button's raised part included.
  package func slot(at point: Point, in rect: Rect) -> Slot? {
    for (slot, frame) in slotFrames(in: rect) {
      var hit = frame
      if slot == .plus {
        hit = Rect(x: frame.minX, y: rect.minY, width: frame.width, height: rect.height)
      }
      if hit.contains(point) { return slot }
    }
    return nil
  }

  /// Draws the bar into `rect` (its height should be ``TabBarStyle/height``).
  package func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    guard !rect.isEmpty else { return }
    buffer.fill(rect)
    let rule = rect.dividedAtTop(1).top
    buffer.drawRule(in: rule, style: theme[.separator])
    let frames = slotFrames(in: rect)
    if let hint {
      // Right-aligned in the rule, clear of the plus button's raised box.
      var room = rule
      if let plus = frames.first(where: { $0.slot == .plus })?.frame, plus.maxX > rule.midX {
        room = Rect(x: rule.minX, y: rule.minY, width: plus.minX - rule.minX, height: 1)
      } else if let plus = frames.first(where: { $0.slot == .plus })?.frame {
        room = Rect(x: plus.maxX, y: rule.minY, width: rule.maxX - plus.maxX, height: 1)
      }
      hint.draw(rightAlignedIn: room, theme: theme, into: &buffer)
    }
    let selected = selectedSlot(width: rect.width)
    let titleRoom = evenTitleRoom(frames: frames, width: rect.width)
    for (slot, frame) in frames {
      switch slot {
      case .item(let index):
        renderCell(
          items[index], selected: slot == selected, in: frame, titleRoom: titleRoom,
          into: &buffer)
      case .more:
        renderCell(
          moreCellItem(width: rect.width), selected: slot == selected, in: frame,
          titleRoom: titleRoom, into: &buffer)
      case .plus:
        renderPlus(selected: slot == selected, in: frame, rule: rule, into: &buffer)
      }
    }
  }

  /// The columns every cut title of the regular style is cut to: the
  /// room of the narrowest cell whose title does not fit, so that cut
  /// titles are cut alike ("Read…", "Topi…"), not one a column longer
  /// because its cell got a leftover column. Nil when every title fits.
  private func evenTitleRoom(frames: [(slot: Slot, frame: Rect)], width: Int) -> Int? {
    guard style == .regular else { return nil }
    var room: Int?
    for (slot, frame) in frames {
      let title: String
      switch slot {
      case .item(let index): title = items[index].title
      case .more: title = moreTitle
      case .plus: continue
      }
      let cellRoom = frame.width > 2 ? frame.width - 1 : frame.width
      if TextWidth.width(of: title) > cellRoom { room = min(room ?? cellRoom, cellRoom) }
    }
    return room
  }

  private func renderCell(
    _ item: TabBarItem, selected: Bool, in frame: Rect, titleRoom: Int? = nil,
    into buffer: inout ScreenBuffer
  ) {
    guard !frame.isEmpty else { return }
    let style = selected ? theme[.barSelectedItem] : theme[.barItem]
    buffer.fill(frame, with: Cell(" ", style: style))
    let glyph = item.glyph(selected: selected)
    // A cut title leaves one column free so neighbouring titles never touch.
    let room = frame.width > 2 ? frame.width - 1 : frame.width
    let glyphRow = frame.dividedAtTop(1).top
    var label: String
    // Columns the badge takes after the label; in the compact style they are
    // kept from the title, so the badge wins over the title.
    var badgeWidth = 0
    // Columns between the label and the badge: one after a title, so the
    // two never read as one word ("Video new", not "Videonew"); none after
    // a glyph alone, where the badge is its top-right.
    var badgeGap = 0
    switch self.style {
    case .regular:
      label = glyph
      let titleRow = Rect(x: frame.minX, y: frame.minY + 1, width: frame.width, height: 1)
      // A title that does not fit is cut as the other cut titles are.
      let fits = TextWidth.width(of: item.title) <= room
      buffer.writeCentered(
        TextWidth.truncate(item.title, toWidth: fits ? room : min(room, titleRoom ?? room)),
        in: titleRow, style: style)
    case .compact:
      // Glyph, title and badge side by side: the title is cut first, then
      // it goes; a badge that still does not fit is cut (a count becomes a dot).
      let glyphWidth = TextWidth.width(of: glyph)
      let fullBadge = item.badge.label.map { TextWidth.width(of: $0) } ?? 0
      let gap = fullBadge > 0 ? 1 : 0
      let titleRoom = room - glyphWidth - 1 - gap - fullBadge
      if titleRoom >= 2 {
        label = glyph + " " + TextWidth.truncate(item.title, toWidth: titleRoom)
        badgeWidth = fullBadge
        badgeGap = gap
      } else if glyphWidth > 0, glyphWidth < room {
        label = glyph
        let badge = item.badge.label(fitting: room - glyphWidth)
        badgeWidth = badge.map { TextWidth.width(of: $0) } ?? 0
      } else {
        label = TextWidth.truncate(item.title, toWidth: room)
      }
    case .icon:
      label = glyph
    }
    label = TextWidth.truncate(label, toWidth: room)
    let labelWidth = TextWidth.width(of: label)
    var x = glyphRow.minX + (glyphRow.width - labelWidth - badgeGap - badgeWidth) / 2
    if self.style != .compact, let badge = item.badge.label(fitting: room - labelWidth) {
      // The glyph moves left as far as its badge needs to show whole.
      let needed = labelWidth + TextWidth.width(of: badge)
      x = max(glyphRow.minX, min(x, glyphRow.minX + room - needed))
    }
    buffer.write(label, at: Point(x: x, y: glyphRow.minY), style: style, maxX: glyphRow.maxX)
    renderBadge(
      item.badge, after: x + labelWidth + badgeGap, in: glyphRow, selected: selected,
      into: &buffer)
  }

  /// The badge right after the glyph (its top-right in a terminal), never past
  /// the cell's last column but one, so it never touches a neighbour.
  private func renderBadge(
    _ badge: Badge, after x: Int, in row: Rect, selected: Bool, into buffer: inout ScreenBuffer
  ) {
    let limit = row.maxX - 1
    guard let text = badge.label(fitting: limit - x) else { return }
    let style: Style
    if case .dot = badge {
      style = selected ? theme[.barSelectedItem] : theme[.badgeDot]
    } else {
      style = selected ? theme[.badgeOnSelected] : theme[.badge]
    }
    buffer.write(text, at: Point(x: x, y: row.minY), style: style, maxX: limit)
  }

  /// The plus button: a box that rises into the rule row above the bar.
  private func renderPlus(
    selected: Bool, in frame: Rect, rule: Rect, into buffer: inout ScreenBuffer
  ) {
    guard let plus = plusButton, frame.width >= 3 else { return }
    let box = theme[.plusButton]
    let inner = frame.width - 2
    buffer.write(
      "╭" + String(repeating: "─", count: inner) + "╮", at: Point(x: frame.minX, y: rule.minY),
      style: box)
    for y in frame.minY..<frame.maxY {
      buffer.write("│", at: Point(x: frame.minX, y: y), style: box)
      buffer.write("│", at: Point(x: frame.maxX - 1, y: y), style: box)
    }
    let innerRect = Rect(x: frame.minX + 1, y: frame.minY, width: inner, height: frame.height)
    let glyphStyle = selected ? theme[.barSelectedItem] : box
    buffer.fill(innerRect, with: Cell(" ", style: selected ? glyphStyle : .plain))
    buffer.writeCentered(plus.glyph, in: innerRect, style: glyphStyle)
    if style == .regular, !plus.title.isEmpty, innerRect.height > 1 {
      let titleRow = innerRect.dividedAtBottom(1).bottom
      buffer.writeCentered(plus.title, in: titleRow, style: selected ? glyphStyle : theme[.barItem])
    }
  }
}
