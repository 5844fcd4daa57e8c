/// What a key means to the controller that binds it. A ``KeyBinding`` turns
/// keys into an action, and the same binding gives the help overlay and the
/// hint their words, so they cannot disagree with what the keys do.
public enum Action: Hashable, Sendable {
  /// Leave the app.
  case quit
  /// Show or hide the key help.
  case help
  /// Select the tab to the right (wrapping).
  case nextTab
  /// Select the tab to the left (wrapping).
  case previousTab
  /// Select the tab at a 0-based index; an index past the last tab is ignored.
  case selectTab(Int)
  /// Press the plus button.
  case plusButton
  /// Pop the top page.
  case back
  /// Move the selection up one row.
  case moveUp
  /// Move the selection down one row.
  case moveDown
  /// Move the selection up one screen.
  case pageUp
  /// Move the selection down one screen.
  case pageDown
  /// Move to the first row.
  case moveToTop
  /// Move to the last row.
  case moveToBottom
  /// Open the selected row; choose a button.
  case activate
  /// Move the focus to the next field or button (Tab in a form or a dialog).
  case focusNext
  /// Move the focus to the previous field or button (Shift-Tab).
  case focusPrevious
  /// Filter the list on screen by typed text (a list whose
  /// ``ListViewController/isSearchable`` is true).
  case search
  /// Repaint every cell, for a screen that another program wrote over.
  case redraw
  /// Stop the app with the terminal restored, as a shell's Ctrl-Z does;
  /// `fg` brings it back, redrawn.
  case suspend
  /// An action of the app's own, named by a string: bind a key to it in the
  /// page's ``ViewController/keyBindings`` and answer it in the page's
  /// ``ViewController/handle(_:)-(Action)``.
  ///
  /// ```swift
  /// extension Action { static let refresh = Action.custom("refresh") }
  /// ```
  case custom(String)
}
