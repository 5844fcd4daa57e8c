/// Sections stacked vertically, each a header over its content, at most one
/// open (the "ExpandableViewController"). Up/Down move between headers;
/// Enter or Space toggles the focused one; opening one closes the other; the
/// change slides open (about 0.18 s) unless animations are off. As in a
/// tree, Down from an open section's header moves into its rows (so they can
/// be opened from the keyboard) and Down past the last row on to the next
/// header; Up from the first row comes back to the header. Sections that do
/// not all fit scroll, with a scroll bar in the last column as a list has
/// (a click above or below its thumb pages).
open class AccordionController: ViewController {
  /// One section: a header title and the page shown under it when open.
  public struct Section {
    /// The header's title.
    public var title: String
    /// The page shown while the section is open.
    public var content: ViewController

    /// Creates a section.
    public init(title: String, content: ViewController) {
      self.title = title
      self.content = content
    }
  }

  /// The sections, top to bottom. Replacing them closes every section.
  public var sections: [Section] {
    didSet {
      for section in oldValue { unembed(section.content) }
      for section in sections { embed(section.content) }
      expandedIndex = nil
      change = nil
      isFocusInContent = false
      focusedIndex = min(focusedIndex, max(0, sections.count - 1))
      setNeedsDisplay()
    }
  }

  /// Rows each header takes (its title sits on the middle row).
  public var headerHeight = 1 {
    didSet { setNeedsDisplay() }
  }

  /// The open section; nil when none is open or there are no sections.
  public private(set) var expandedIndex: Int?

  /// The header the keys act on.
  package internal(set) var focusedIndex = 0

  /// An opening or closing in progress.
  private var change: (opening: Int?, closing: Int?, animation: Animation)?
  private var changeToken: Animator.Token?

  /// Creates an accordion with every section closed.
  public init(title: String, sections: [Section], headerHeight: Int = 1) {
    self.sections = sections
    self.headerHeight = max(1, headerHeight)
    super.init(title: title)
    for section in sections { embed(section.content) }
    updateContentSelection()
  }

  /// Opens section `index`, closing the open one; or closes it when it is open.
  public func toggle(_ index: Int, animated: Bool = true) {
    guard sections.indices.contains(index) else { return }
    if let token = changeToken { animator?.finish(token) }
    let closing = expandedIndex
    let opening = closing == index ? nil : index
    expandedIndex = opening
    focusedIndex = index
    isFocusInContent = false
    let old = closing.map { sections[$0].content }
    let new = opening.map { sections[$0].content }
    beginTransition(from: old, to: new)
    if animated && animationsEnabled && isVisible, let animator {
      let animation = Animation(start: clock.now, duration: Animation.accordionDuration)
      change = (opening, closing, animation)
      changeToken = animator.run(animation) { [weak self] in self?.endChange() }
    } else {
      endTransition(from: old, to: new)
    }
    setNeedsDisplay()
  }

  /// The end of an opening or closing: the lifecycle calls that waited for it.
  private func endChange() {
    guard let change else { return }
    self.change = nil
    changeToken = nil
    endTransition(
      from: change.closing.map { sections[$0].content },
      to: change.opening.map { sections[$0].content })
  }

  override open var visibleChildren: [ViewController] {
    expandedIndex.map { [sections[$0].content] } ?? []
  }
  /// The open section's content while the keys are in it; else the
  /// accordion itself has the focus (its headers).
  override open var focusedChild: ViewController? {
    isFocusInContent ? visibleChildren.first : nil
  }

  /// True while the keys go to the open section's content, not the headers.
  package internal(set) var isFocusInContent = false {
    didSet { updateContentSelection() }
  }

  /// The open section's content, when the keys can go into it.
  private var focusableContent: ViewController? {
    guard let open = expandedIndex, open == focusedIndex, change == nil else { return nil }
    let content = sections[open].content
    return content.keyBindings.isEmpty ? nil : content
  }

  /// A list in an accordion shows its selection only while it has the keys.
  private func updateContentSelection() {
    for (index, section) in sections.enumerated() {
      (section.content as? ListViewController)?.listView.showsSelection =
        isFocusInContent && index == expandedIndex
    }
  }

  /// On the headers: the moving keys and Enter or Space to open or close
  /// one. In an open section's content, Up, Home and Down: what the content
  /// does not use of them leaves it for the headers.
  override open var keyBindings: [KeyBinding] {
    guard !sections.isEmpty else { return [] }
    let words = interfaceStrings
    let moving = [
      KeyBinding([.up, .character("k")], .moveUp, words[.moveUp]),
      KeyBinding([.down, .character("j")], .moveDown, words[.moveDown]),
      KeyBinding([.home, .character("g")], .moveToTop, words[.moveToTop]),
    ]
    if isFocusInContent, focusableContent != nil { return moving }
    return moving + [
      KeyBinding([.end, .character("G")], .moveToBottom, words[.moveToBottom]),
      KeyBinding(
        [.enter, .character(" ")], .activate, words[.toggleSection], hintImportance: .high),
    ]
  }

  override open func handle(_ action: Action) -> Bool {
    guard !sections.isEmpty else { return false }
    if isFocusInContent {
      guard focusableContent != nil else {
        isFocusInContent = false
        return handle(action)
      }
      // The content had the key first (it has the focus) and left it.
      switch action {
      case .moveUp, .moveToTop:
        // Up past the content's first row goes back to its header…
        isFocusInContent = false
      case .moveDown where focusedIndex < sections.count - 1:
        // …and Down past its last row on to the next header, as in a tree.
        isFocusInContent = false
        focusedIndex += 1
      default:
        return false
      }
      return true
    }
    switch action {
    case .moveDown where focusableContent != nil:
      isFocusInContent = true
    case .moveUp where focusedIndex > 0:
      focusedIndex -= 1
    case .moveDown where focusedIndex < sections.count - 1:
      focusedIndex += 1
    case .moveToTop where focusedIndex != 0:
      focusedIndex = 0
    case .moveToBottom where focusedIndex != sections.count - 1:
      focusedIndex = sections.count - 1
    case .activate:
      toggle(focusedIndex)
    default:
      return false
    }
    return true
  }

  /// Rows of the stacked sections scrolled off the top, as of the last
  /// layout pass, or as a click on the scroll bar left them. The stack
  /// scrolls, as a list does, so the focused header (with its rows when
  /// open) stays on screen and clear of a translucent bar.
  package private(set) var scrollOffset = 0

  /// The part of `rect` nothing covers: all of it but the bottom inset.
  private func uncovered(_ rect: Rect) -> Rect {
    rect.dividedAtBottom(min(safeAreaInsets.bottom, max(0, rect.height - 1))).rest
  }

  /// Rows an open section's content takes: what the headers leave of the
  /// uncovered height. When that is under three rows (a short terminal, many
  /// sections), the uncovered height less its header, and the stack scrolls.
  private func openHeight(visible: Int) -> Int {
    let leftover = visible - sections.count * headerHeight
    let full = max(0, visible - headerHeight)
    return leftover >= min(3, full) ? leftover : full
  }

  /// The rows each section's content gets now: the open one `room`, the
  /// others none; in between while animating.
  private func contentHeights(room: Int) -> [Int] {
    var heights = Array(repeating: 0, count: sections.count)
    guard let change else {
      if let open = expandedIndex { heights[open] = room }
      return heights
    }
    let opened = change.animation.value(from: 0, to: room, at: clock.now)
    if let opening = change.opening { heights[opening] = opened }
    if let closing = change.closing {
      heights[closing] = room - opened
    }
    return heights
  }

  /// Each header's rectangle and its content's, top to bottom, the stack
  /// starting at row `top`; not cut to `rect`.
  private func frames(in rect: Rect, top: Int, room: Int) -> [(header: Rect, content: Rect)] {
    var y = top
    return contentHeights(room: room).map { height in
      let header = Rect(x: rect.minX, y: y, width: rect.width, height: headerHeight)
      let content = Rect(x: rect.minX, y: y + headerHeight, width: rect.width, height: height)
      y += headerHeight + height
      return (header, content)
    }
  }

  /// The frames as drawn in `rect` at the present scroll offset, left of
  /// the scroll bar when there is one.
  private func frames(in rect: Rect) -> (frames: [(header: Rect, content: Rect)], room: Int) {
    let room = openHeight(visible: uncovered(rect).height)
    let stack = stackRect(rect)
    return (frames(in: stack, top: rect.minY - scrollOffset, room: room), room)
  }

  /// Rows of the whole stack: every header, and the open section's rows.
  private func stackHeight(in rect: Rect) -> Int {
    let room = openHeight(visible: uncovered(rect).height)
    return frames(in: rect, top: 0, room: room).last?.content.maxY ?? 0
  }

  /// An open section's frame across the whole width of `rect`, the stack's
  /// scroll bar column included: a list that scrolls in it puts its own bar
  /// in that column, where the stack's bar covers it, so one bar shows,
  /// never two side by side.
  private func contentFrame(_ frame: Rect, in rect: Rect) -> Rect {
    Rect(x: rect.minX, y: frame.minY, width: rect.width, height: frame.height)
  }

  /// `rect` less its last column when the stack does not fit in it: that
  /// column is the scroll bar's, drawn like a list's (``ScrollBar``).
  private func stackRect(_ rect: Rect) -> Rect {
    guard rect.width > 1, stackHeight(in: rect) > uncovered(rect).height else { return rect }
    return Rect(x: rect.minX, y: rect.minY, width: rect.width - 1, height: rect.height)
  }

  /// Scrolls as little as brings the focused header, and its rows when it is
  /// open, inside the uncovered part of `rect`.
  private func scrollToFocus(in rect: Rect) {
    let visible = uncovered(rect).height
    let stack = frames(in: rect, top: 0, room: openHeight(visible: visible))
    guard stack.indices.contains(focusedIndex), let last = stack.last else {
      scrollOffset = 0
      return
    }
    let focused = stack[focusedIndex]
    let top = focused.header.minY
    let bottom = expandedIndex == focusedIndex ? focused.content.maxY : focused.header.maxY
    var offset = scrollOffset
    if bottom > offset + visible { offset = bottom - visible }
    if top < offset { offset = top }
    scrollOffset = max(0, min(offset, last.content.maxY - visible))
  }

  override open func viewWillLayout(in rect: Rect) {
    scrollToFocus(in: rect)
    // Content is laid out at its open size and drawn cut, so it slides open.
    // The stack keeps it clear of a translucent bar, so it has no inset.
    // It takes the whole width (see ``contentFrame(_:in:)``).
    let room = frames(in: rect).room
    for (index, height) in contentHeights(room: room).enumerated() where height > 0 {
      let content = sections[index].content
      content.safeAreaInsets = .zero
      content.viewWillLayout(in: Rect(x: 0, y: 0, width: rect.width, height: room))
    }
  }

  override open func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let (frames, room) = frames(in: rect)
    let stack = stackRect(rect)
    for (index, frame) in frames.enumerated() {
      renderHeader(index, in: frame.header, clip: stack, into: &buffer)
      let shown = contentFrame(frame.content, in: rect).intersection(rect)
      if !shown.isEmpty {
        let content = sections[index].content
        var offscreen = ScreenBuffer(size: Size(width: rect.width, height: room))
        content.render(in: offscreen.bounds, into: &offscreen)
        buffer.draw(offscreen, at: frame.content.origin, clip: shown)
      }
    }
    ScrollBar.render(
      contentLength: stackHeight(in: rect), offset: scrollOffset, in: uncovered(rect),
      theme: theme, into: &buffer)
  }

  private func renderHeader(
    _ index: Int, in frame: Rect, clip: Rect, into buffer: inout ScreenBuffer
  ) {
    let rect = frame.intersection(clip)
    guard !rect.isEmpty else { return }
    let focused = index == focusedIndex && !isFocusInContent
    let style = focused ? theme[.selectedRow] : theme[.navigationTitle]
    buffer.fill(rect, with: Cell(" ", style: style))
    let marker = expandedIndex == index ? "▾ " : "▸ "
    let row = Point(x: rect.minX + 1, y: frame.minY + (frame.height - 1) / 2)
    guard rect.contains(row) else { return }
    buffer.write(
      TextWidth.truncate(marker + sections[index].title, toWidth: rect.width - 2), at: row,
      style: style, maxX: rect.maxX - 1)
  }

  override open func handleMouse(_ event: MouseEvent, in rect: Rect) -> Bool {
    // Only what is on screen can be hit; Rect.contains only compares, so a
    // click at any position (Int.max) is safe.
    guard rect.contains(event.position) else { return false }
    if event.kind == .press {
      let bar = ScrollBar.click(
        at: event.position, contentLength: stackHeight(in: rect), offset: scrollOffset,
        in: uncovered(rect))
      if bar.hit {
        if let action = bar.action { page(action == .pageDown ? 1 : -1, in: rect) }
        return true
      }
    }
    for (index, frame) in frames(in: rect).frames.enumerated() {
      if frame.header.contains(event.position) {
        guard event.kind == .press else { return false }
        toggle(index)
        return true
      }
      let content = contentFrame(frame.content, in: rect)
      if content.contains(event.position) {
        return sections[index].content.handleMouse(event, in: content)
      }
    }
    return false
  }

  /// Scrolls the stack a screen down (`direction` 1) or up (-1), as a
  /// click on the scroll bar's track asks, and moves the focus to the first
  /// header (going down) or the last (going up) wholly on the new screen,
  /// unless the focused one is there already: the layout pass keeps the
  /// focused header on screen, so the focus has to come along.
  private func page(_ direction: Int, in rect: Rect) {
    let visible = uncovered(rect).height
    let total = stackHeight(in: rect)
    let target = min(max(0, scrollOffset + direction * visible), max(0, total - visible))
    guard target != scrollOffset else { return }
    let stack = frames(in: rect, top: 0, room: openHeight(visible: visible))
    let window = target..<target + visible
    func onScreen(_ index: Int) -> Bool {
      let frame = stack[index]
      let bottom = expandedIndex == index ? frame.content.maxY : frame.header.maxY
      return window.contains(frame.header.minY) && bottom <= window.upperBound
    }
    if !(stack.indices.contains(focusedIndex) && onScreen(focusedIndex)) {
      let candidates = direction > 0 ? Array(stack.indices) : stack.indices.reversed()
      if let index = candidates.first(where: onScreen) {
        focusedIndex = index
        isFocusInContent = false
      }
    }
    scrollOffset = target
    setNeedsDisplay()
  }

  // MARK: State restoration and deep links

  /// Saves the focused header and the open section (from 1), whether the
  /// keys are in its content, and the content's own state.
  override open func encodeRestorableState(with coder: inout RestorationCoder) {
    coder.encode(focusedIndex + 1, forKey: "focused")
    guard let open = expandedIndex else { return }
    coder.encode(open + 1, forKey: "section")
    coder.encode(isFocusInContent, forKey: "inContent")
    coder.encode(sections[open].content.restorationEntry(), forKey: "content")
  }

  /// Opens the saved section and gives its content its state; a section
  /// that is gone is reported.
  override open func decodeRestorableState(with coder: RestorationCoder) {
    if let focused = coder.decodeInt(forKey: "focused"), focused >= 1, focused <= sections.count {
      focusedIndex = focused - 1
    }
    guard let section = coder.decodeInt(forKey: "section") else { return }
    guard section >= 1, section <= sections.count else {
      return coder.reportMismatch("section \(section) of “\(declaredTitle)” is gone")
    }
    if expandedIndex != section - 1 { toggle(section - 1, animated: false) }
    if let entry = coder.decodeCoder(forKey: "content"),
      !sections[section - 1].content.restore(from: entry)
    {
      return
    }
    if coder.decodeBool(forKey: "inContent") == true {
      focusedIndex = section - 1
      isFocusInContent = true
    }
  }

  /// Opens section `position` (from 1), unless it is open, and returns its
  /// content: the next step of a deep link opens a row of it.
  override open func openChild(at position: Int) throws(DeepLinkError) -> ViewController {
    guard position >= 1, position <= sections.count else {
      throw DeepLinkError(
        reason: "“\(declaredTitle)” has no section \(position) (it has \(sections.count))")
    }
    if expandedIndex != position - 1 { toggle(position - 1, animated: false) }
    return sections[position - 1].content
  }

  /// The open section and what its content has open.
  override open var openChildPositions: [Int] {
    guard let open = expandedIndex else { return [] }
    return [open + 1] + sections[open].content.openChildPositions
  }
}
