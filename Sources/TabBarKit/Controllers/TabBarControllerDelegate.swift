/// Hears about, and may veto, the user's choices in the tab bar: tabs,
/// the `More` cell and the plus button. Changes made from code
/// (`selectedIndex = 2`) call none of these.
@MainActor
public protocol TabBarControllerDelegate: AnyObject {
  /// Return false to veto the switch: highlight and content stay as they are.
  /// Asked also when the user chooses the selected tab again (as UIKit
  /// does); a veto then keeps its stack from popping to the root.
  func tabBarController(_ controller: TabBarController, shouldSelect index: Int) -> Bool
  /// Called after the user switched from one tab to another.
  func tabBarController(_ controller: TabBarController, didSelect index: Int, from previous: Int)
  /// Called when the user chose the tab that was already selected.
  func tabBarController(_ controller: TabBarController, didReselect index: Int)
  /// Return false to keep the `More` stack from showing (or, when it shows,
  /// from popping to its list).
  func tabBarControllerShouldShowMore(_ controller: TabBarController) -> Bool
  /// Called after the user chose the `More` cell and its stack shows: the
  /// list, or the tab chosen from it last.
  func tabBarControllerDidShowMore(_ controller: TabBarController)
  /// Return false to ignore a press of the plus button.
  func tabBarControllerShouldPressPlusButton(_ controller: TabBarController) -> Bool
  /// Called after the user pressed the plus button and its action ran (CYL's
  /// `didSelectControl:` for the plus button).
  func tabBarControllerDidPressPlusButton(_ controller: TabBarController)
}

extension TabBarControllerDelegate {
  /// Allows every switch.
  public func tabBarController(_ controller: TabBarController, shouldSelect index: Int) -> Bool {
    true
  }
  /// Does nothing.
  public func tabBarController(
    _ controller: TabBarController, didSelect index: Int, from previous: Int
  ) {}
  /// Does nothing.
  public func tabBarController(_ controller: TabBarController, didReselect index: Int) {}
  /// Allows the `More` list.
  public func tabBarControllerShouldShowMore(_ controller: TabBarController) -> Bool { true }
  /// Does nothing.
  public func tabBarControllerDidShowMore(_ controller: TabBarController) {}
  /// Allows every press.
  public func tabBarControllerShouldPressPlusButton(_ controller: TabBarController) -> Bool {
    true
  }
  /// Does nothing.
  public func tabBarControllerDidPressPlusButton(_ controller: TabBarController) {}
}
