/// Who is told when a part of the model changes: the pages that show it,
/// and the app. The model sends a change and never looks for who shows
/// it, as a `NotificationCenter` post or a Combine subject does; a page
/// rebuilds its rows from the model when told (Bubble Tea's `View()` of
/// the model, UIKit's diffable `apply`).
///
/// Each observer is held weakly by its owner: a page observes while it
/// lives, and a popped page stops being told without saying so.
@MainActor
final class ModelObservers<Change> {
  private struct Observer {
    weak var owner: AnyObject?
    let handle: @MainActor (Change) -> Void
  }

  private var observers: [Observer] = []
  /// How many observers there were after the last sweep of the gone ones.
  private var sweptCount = 0

  /// Calls `handle` with every change sent from now on, while `owner`
  /// lives. `handle` should not hold `owner` strongly.
  ///
  /// Complexity: amortized O(1). The observers whose owner is gone are swept
  /// out when the list has doubled since the last sweep, not at each call:
  /// a deep link 16,000 pages deep makes a list at each step.
  func observe(by owner: AnyObject, _ handle: @escaping @MainActor (Change) -> Void) {
    if observers.count >= 2 * max(sweptCount, 32) { sweep() }
    observers.append(Observer(owner: owner, handle: handle))
  }

  /// Drops the observers whose owner is gone.
  private func sweep() {
    observers.removeAll { $0.owner == nil }
    sweptCount = observers.count
  }

  /// Tells every observer whose owner lives about `change`, in the order
  /// they began to observe. An observer added meanwhile hears the next one.
  func send(_ change: Change) {
    sweep()
    for observer in observers where observer.owner != nil {
      observer.handle(change)
    }
  }
}
