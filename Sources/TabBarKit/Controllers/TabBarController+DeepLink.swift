/// A deep link that cannot be followed: it names the first bad step.
public struct DeepLinkError: Error, Equatable, CustomStringConvertible {
  /// The 1-based position of the bad step in the path.
  public var step: Int
  /// What is wrong with it.
  public var reason: String

  /// Creates an error for a step; a controller's
  /// ``ViewController/openChild(at:)`` leaves the step out, and
  /// ``TabBarController/open(path:completion:)`` fills it in.
  public init(step: Int = 0, reason: String) {
    self.step = step
    self.reason = reason
  }

  /// A one-line message.
  public var description: String { "step \(step): \(reason)" }
}

/// A deep link being followed: whether ``TabBarController/open(path:completion:)``
/// has returned, and how the path ended if it did before.
@MainActor
private final class LinkProgress {
  var returned = false
  var ended: Result<ViewController, PathStepError>?
}

/// A step of a path that could not be taken: its index in the path, and
/// why.
struct PathStepError: Error {
  /// The step's index in the positions followed.
  var index: Int
  /// What the controller at that step said.
  var error: DeepLinkError
}

extension TabBarController {
  /// Follows a path of 1-based positions without animation, asking each
  /// controller in turn to open its child at the next position
  /// (``ViewController/openChild(at:)``): the first selects a tab and
  /// starts from its root, as a URL does (whatever pages were pushed on
  /// it), each next one opens that row of the page on top (pushing its
  /// page) or that section of an accordion, whose next step is a row of
  /// the section. `[2, 5, 1]` starts on tab 2 with rows 5 then 1 pushed.
  ///
  /// A step into a list that loads its rows and has none yet waits until a
  /// load has brought them, and the path goes on from there (a newer link
  /// replaces one that waits). `completion` hears how the path ended: nil
  /// once its last step was taken, or the error of the step that failed.
  /// When nothing waited it runs before this returns.
  ///
  /// - Throws: the error of the first step that cannot be taken now,
  ///   leaving what was done so far; `completion` does not run then.
  public func open(
    path: [Int], completion: (@MainActor (DeepLinkError?) -> Void)? = nil
  ) throws(DeepLinkError) {
    linkGeneration += 1
    let generation = linkGeneration
    let progress = LinkProgress()
    openPath(path[...], isWanted: { [weak self] in self?.linkGeneration == generation }) {
      result in
      if progress.returned { completion?(Self.linkError(result)) } else { progress.ended = result }
    }
    progress.returned = true
    guard let ended = progress.ended else { return }  // it waits: `completion` hears the end
    if let error = Self.linkError(ended) { throw error }
    completion?(nil)
  }

  /// Nil for a path that was followed to its end, else the error of the
  /// step that failed, numbered from 1.
  private static func linkError(_ result: Result<ViewController, PathStepError>) -> DeepLinkError? {
    guard case .failure(let step) = result else { return nil }
    return DeepLinkError(step: step.index + 1, reason: step.error.reason)
  }

  /// Selects tab `position` (from 1), pops it to its root, and returns the
  /// controller that holds its pages: its own, or the `More` stack for a
  /// tab shown there.
  func openTab(at position: Int) throws(DeepLinkError) -> ViewController {
    // Compared, never computed with: the position may be any number.
    guard position >= 1, position <= viewControllers.count else {
      throw DeepLinkError(reason: "no tab \(position) (there are \(viewControllers.count))")
    }
    selectedIndex = position - 1
    // A link starts at its tab's root, as a URL does.
    guard moreTab == position - 1 else {
      _ = (viewControllers[position - 1] as? TabBarChildContainer)?.popStackToRoot(animated: false)
      return viewControllers[position - 1]
    }
    // On the `More` stack: its list, then the tab's pages.
    let more = moreNavigationController
    if more.viewControllers.count > 2 {
      more.setViewControllers(Array(more.viewControllers.prefix(2)), animated: false)
    }
    return more
  }
}
