/// A button of an ``AlertController``, as UIKit's `UIAlertAction`.
public struct AlertAction {
  /// What a button does, which sets its look and its key.
  public enum Style: Sendable {
    /// An ordinary choice. In a dialog without a destructive button, the
    /// first one has Enter when the dialog opens.
    case `default`
    /// Leaves things as they were: Esc chooses it, and in a dialog with a
    /// destructive button, Enter too when the dialog opens.
    case cancel
    /// Deletes or discards something: drawn in the warning colour, and
    /// never chosen by the Enter a dialog opens with: that is on the cancel
    /// button (see ``AlertController/preferredAction``).
    case destructive
  }

  /// The button's text.
  public var title: String
  /// What the button does.
  public var style: Style
  /// Runs once the dialog is dismissed, when the button is chosen.
  public var handler: (@MainActor () -> Void)?

  /// Creates a button.
  public init(
    title: String, style: Style = .default, handler: (@MainActor () -> Void)? = nil
  ) {
    self.title = title
    self.style = style
    self.handler = handler
  }
}

/// A dialog presented over the page on screen, as UIKit's
/// `UIAlertController`: a title, a message, and a row of buttons in a
/// centred box. The page stays on screen under it and every key goes to the
/// dialog until a button is chosen:
///
/// - Enter (or Space) chooses the focused button, at first the
///   ``preferredAction``. Unless you set it, where the dialog opens depends
///   on its kind:
///
///   | The dialog has | It opens with Enter on |
///   | --- | --- |
///   | a destructive and a cancel button (Delete, Sign out) | the cancel button |
///   | no destructive button (OK, Save), or no cancel button | its first non-cancel button |
///   | only a cancel button | that button |
///
///   A dialog that can destroy something is answered safely by Enter
///   (UIKit's rule): the destructive choice takes a move (Right or Tab)
///   first. Set ``preferredAction`` to open on another button;
/// - Esc chooses the cancel button (or just closes an alert without one);
/// - Left/Right and Tab/Shift-Tab move between the buttons;
/// - a click on a button chooses it.
///
/// ```swift
/// let alert = AlertController(title: "Discard draft?", message: "It has 120 words.")
/// alert.addAction(AlertAction(title: "Keep editing", style: .cancel))
/// alert.addAction(AlertAction(title: "Discard", style: .destructive) { page.discard() })
/// page.present(alert)
/// ```
open class AlertController: ViewController {
  /// The text under the title, wrapped to the box.
  public var message: String {
    didSet { setNeedsDisplay() }
  }
  /// The buttons, left to right.
  package private(set) var actions: [AlertAction] = []
  /// The button Enter chooses when the dialog opens. Unless set: the cancel
  /// button when a button is destructive, else the first button that is
  /// not a cancel button.
  public var preferredAction: Int? {
    didSet { focusedIndex = preferredAction ?? defaultFocus }
  }
  /// The button Enter chooses now.
  package private(set) var focusedIndex = 0

  /// The box, the message lines shown and the row of the first, and the
  /// buttons' frames, from the last layout.
  private var frames: (box: Rect, message: [String], messageY: Int, buttons: [Rect])?

  /// Creates a dialog; add its buttons with ``addAction(_:)``.
  public init(title: String, message: String) {
    self.message = message
    super.init(title: title)
  }

  /// A dialog with one button, "OK", that closes it.
  public static func alert(
    title: String, message: String, ok: String = "OK", handler: (@MainActor () -> Void)? = nil
  ) -> AlertController {
    let alert = AlertController(title: title, message: message)
    alert.addAction(AlertAction(title: ok, handler: handler))
    return alert
  }

  /// A dialog that asks before something is done: a cancel button and a
  /// confirming one, Enter on the confirming one. A destructive action
  /// (deleting, discarding, signing out) shows its button in the warning
  /// colour, and Enter is on Cancel instead: confirming it takes a move
  /// (Right or Tab) first.
  public static func confirm(
    title: String, message: String, confirm: String = "OK", cancel: String = "Cancel",
    destructive: Bool = false, onConfirm: @escaping @MainActor () -> Void,
    onCancel: (@MainActor () -> Void)? = nil
  ) -> AlertController {
    let alert = AlertController(title: title, message: message)
    alert.addAction(AlertAction(title: cancel, style: .cancel, handler: onCancel))
    alert.addAction(
      AlertAction(title: confirm, style: destructive ? .destructive : .default, handler: onConfirm))
    return alert
  }

  /// Adds a button at the right end.
  public func addAction(_ action: AlertAction) {
    actions.append(action)
    focusedIndex = preferredAction ?? defaultFocus
    setNeedsDisplay()
  }

  /// The button focused at first unless ``preferredAction`` is set: Cancel
  /// when a button is destructive, else the first that is not Cancel.
  private var defaultFocus: Int {
    let cancel = actions.firstIndex { $0.style == .cancel }
    if let cancel, actions.contains(where: { $0.style == .destructive }) { return cancel }
    return actions.firstIndex { $0.style != .cancel } ?? 0
  }

  /// Chooses button `index`: the dialog is dismissed, then its handler runs.
  package func choose(_ index: Int) {
    guard actions.indices.contains(index) else { return }
    let handler = actions[index].handler
    dismiss()
    handler?()
  }

  /// Esc: the cancel button, or a plain close.
  private func cancel() {
    if let index = actions.firstIndex(where: { $0.style == .cancel }) {
      choose(index)
    } else {
      dismiss()
    }
  }

  // MARK: Presentation and input

  override open var modalPresentationStyle: ModalPresentationStyle { .overFullScreen }

  /// Enter or Space chooses, Esc cancels, and the arrows and Tab move
  /// between the buttons.
  override open var keyBindings: [KeyBinding] {
    let words = interfaceStrings
    return [
      KeyBinding([.enter, .character(" ")], .activate, words[.choose], hintImportance: .high),
      KeyBinding([.escape, .backspace], .back, words[.cancel], hintImportance: .high),
      KeyBinding([.right, .down, .tab], .focusNext, words[InterfaceStrings.LibraryKey.nextButton]),
      KeyBinding(
        [.left, .up, .backTab], .focusPrevious, words[InterfaceStrings.LibraryKey.previousButton]),
    ]
  }

  /// The key help lists the dialog's keys under its title.
  override package var bindingGroupTitle: String? { title.isEmpty ? nil : title }

  /// Every action of its bindings stops here: nothing behind a dialog moves.
  override open func handle(_ action: Action) -> Bool {
    switch action {
    case .activate: choose(focusedIndex)
    case .back: cancel()
    case .focusNext: moveFocus(by: 1)
    case .focusPrevious: moveFocus(by: -1)
    default: return false
    }
    return true
  }

  private func moveFocus(by delta: Int) {
    guard !actions.isEmpty else { return }
    focusedIndex = (focusedIndex + delta + actions.count) % actions.count
    setNeedsDisplay()
  }

  override open func handleMouse(_ event: MouseEvent, in rect: Rect) -> Bool {
    if event.kind == .press, let buttons = frames?.buttons,
      let index = buttons.firstIndex(where: { $0.contains(event.position) })
    {
      choose(index)
    }
    return true
  }

  // MARK: Layout and drawing

  /// The widest message line, and the widest box, in columns.
  private static let messageWidth = 56

  override open func viewWillLayout(in rect: Rect) {
    var labels = actions.map { "[ \($0.title) ]" }
    let labelWidths = labels.map { TextWidth.width(of: $0) }
    let rowWidth = labelWidths.reduce(0, +) + 2 * max(0, labels.count - 1)
    // Side by side while they fit inside the frame and its margins, else
    // one under the other (as UIKit stacks a dialog's buttons that do not
    // fit): a button is never cut by the frame.
    let stacked = labels.count > 1 && rowWidth > rect.width - 4
    let buttonsWidth = stacked ? labelWidths.max() ?? 0 : rowWidth
    let maximum = max(1, min(Self.messageWidth, rect.width - 6))
    let lines = TextWrap.lines(message, width: maximum)
    let content = max(
      TextWidth.width(of: title) + 4, buttonsWidth, lines.map { TextWidth.width(of: $0) }.max() ?? 0
    )
    let width = min(rect.width, content + 4)
    // A label wider than the box still (a very narrow screen) is cut inside
    // its brackets.
    let labelRoom = max(1, width - 4)
    labels = labels.map { label in
      guard TextWidth.width(of: label) > labelRoom else { return label }
      return "[" + TextWidth.truncate(String(label.dropFirst().dropLast()), toWidth: labelRoom - 2)
        + "]"
    }
    // Frame, blank, message, blank, buttons, frame. On a short screen the
    // blank rows go first (the one above the message, then the one under
    // it), then the message's last lines: the buttons stay.
    let buttonRows = stacked ? labels.count : (labels.isEmpty ? 0 : 1)
    let room = max(0, rect.height - 2 - buttonRows)
    let shownLines = Array(lines.prefix(room))
    let blankUnder = room > shownLines.count ? 1 : 0
    let blankAbove = room > shownLines.count + 1 ? 1 : 0
    let height = min(rect.height, 2 + blankAbove + shownLines.count + blankUnder + buttonRows)
    let box = Rect(
      x: rect.minX + (rect.width - width) / 2, y: rect.minY + (rect.height - height) / 2,
      width: width, height: height)
    // The buttons, centred on the rows above the bottom frame.
    var buttons: [Rect] = []
    var x = box.minX + max(2, (box.width - buttonsWidth) / 2)
    for (index, label) in labels.enumerated() {
      let width = TextWidth.width(of: label)
      if stacked {
        let y = box.maxY - 1 - buttonRows + index
        buttons.append(
          Rect(x: box.minX + max(1, (box.width - width) / 2), y: y, width: width, height: 1))
      } else {
        buttons.append(Rect(x: x, y: box.maxY - 2, width: width, height: 1))
        x += width + 2
      }
    }
    buttonLabels = labels
    frames = (box, shownLines, box.minY + 1 + blankAbove, buttons)
  }

  /// The buttons' labels as the last layout drew them.
  private var buttonLabels: [String] = []

  override open func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    guard let (box, lines, messageY, buttons) = frames, box.width >= 4, box.height >= 3 else {
      return
    }
    buffer.fill(box)
    buffer.drawFrame(box, style: theme[.dialogBorder])
    let titleText = TextWidth.truncate(" \(title) ", toWidth: box.width - 2)
    buffer.writeCentered(
      titleText, in: Rect(x: box.minX + 1, y: box.minY, width: box.width - 2, height: 1),
      style: theme[.navigationTitle])
    for (i, line) in lines.enumerated() {
      buffer.write(
        line, at: Point(x: box.minX + 2, y: messageY + i), style: theme[.text],
        maxX: box.maxX - 2)
    }
    for (i, frame) in buttons.enumerated() where frame.minY > box.minY {
      let action = actions[i]
      var style = action.style == .destructive ? theme[.error] : theme[.button]
      if i == focusedIndex { style = theme[.focusedButton] }
      buffer.write(buttonLabels[i], at: frame.origin, style: style, maxX: box.maxX - 1)
    }
  }
}
