/// Hears about, and may veto, tab selections made by the user (T8). Changes
/// made from code (`selectedIndex = 2`) call none of these.
public protocol TabBarControllerDelegate: AnyObject {
  /// Return false to veto the switch: highlight and content stay as they are.
  func tabBarController(_ controller: TabBarController, shouldSelect index: Int) -> Bool
  /// Called after the user switched from one tab to another.
  func tabBarController(_ controller: TabBarController, didSelect index: Int, from previous: Int)
  /// Called when the user chose the tab that was already selected.
  func tabBarController(_ controller: TabBarController, didReselect index: Int)
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
}
