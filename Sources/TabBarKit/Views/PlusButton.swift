/// CYL's plus button: a button in the bar that is not a tab. It keeps
/// its own width, stands one row above the bar, and either presents a modal
/// page or selects a controller of its own, like a tab.
public struct PlusButton {
  /// What pressing the button does.
  public enum Action {
    /// Presents the page the closure builds over everything; Esc closes it.
    case present(() -> ViewController)
    /// Selects this controller as if it were a tab.
    case select(ViewController)
  }

  /// The glyph in the middle of the button.
  public var glyph: String
  /// A title under the glyph in the regular style; empty for none.
  public var title: String
  /// Columns the button takes, raised part included.
  public var width: Int
  /// The tab position the button stands before; nil for the middle, which
  /// needs an even number of items.
  public var index: Int?
  /// What pressing the button does.
  public var action: Action

  /// Creates a plus button.
  public init(
    glyph: String = "+", title: String = "", width: Int = 7, index: Int? = nil, action: Action
  ) {
    self.glyph = glyph
    self.title = title
    self.width = max(3, width)
    self.index = index
    self.action = action
  }
}

/// A tab bar set up in a way that cannot work.
public enum TabBarConfigurationError: Error, Equatable, CustomStringConvertible {
  /// A centred plus button needs an even number of items.
  case plusButtonNeedsEvenItemCount(Int)
  /// The plus button's index is past the last position.
  case plusButtonIndexOutOfRange(index: Int, itemCount: Int)
  /// ``TabBarController/init(viewControllers:items:)`` got a different
  /// number of items than controllers.
  case itemCountMismatch(controllers: Int, items: Int)

  /// A one-line message.
  public var description: String {
    switch self {
    case .plusButtonNeedsEvenItemCount(let count):
      return "a centred plus button needs an even number of tabs, got \(count); "
        + "give the plus button an index or add a tab"
    case .plusButtonIndexOutOfRange(let index, let count):
      return "plus button index \(index) is out of range 0…\(count)"
    case .itemCountMismatch(let controllers, let items):
      return "\(controllers) tab controllers but \(items) items; give one item per controller"
    }
  }
}
