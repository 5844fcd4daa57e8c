/// A deep link that cannot be followed: it names the first bad step.
public struct DeepLinkError: Error, Equatable, CustomStringConvertible {
  /// The 1-based position of the bad step in the path.
  public var step: Int
  /// What is wrong with it.
  public var reason: String

  /// Creates an error for a step; a controller's
  /// ``ViewController/openChild(at:)`` leaves the step out, and
  /// ``TabBarController/open(path:)`` fills it in.
  public init(step: Int = 0, reason: String) {
    self.step = step
    self.reason = reason
  }

  /// A one-line message.
  public var description: String { "step \(step): \(reason)" }
}

extension TabBarController {
  /// Follows a path of 1-based positions without animation, asking each
  /// controller in turn to open its child at the next position
  /// (``ViewController/openChild(at:)``): the first selects a tab, each
  /// next one opens that row of the page on top (pushing its page) or that
  /// section of an accordion, whose next step is a row of the section.
  /// `[2, 5, 1]` starts on tab 2 with rows 5 then 1 pushed. Throws at the
  /// first step that cannot be taken, leaving what was done so far.
  public func open(path: [Int]) throws(DeepLinkError) {
    var node: ViewController = self
    for (offset, position) in path.enumerated() {
      do {
        node = try node.openChild(at: position)
      } catch {
        throw DeepLinkError(step: offset + 1, reason: error.reason)
      }
    }
  }

  /// Selects tab `position` (from 1) and returns its controller.
  func openTab(at position: Int) throws(DeepLinkError) -> ViewController {
    // Compared, never computed with: the position may be any number.
    guard position >= 1, position <= viewControllers.count else {
      throw DeepLinkError(reason: "no tab \(position) (there are \(viewControllers.count))")
    }
    selectedIndex = position - 1
    return viewControllers[position - 1]
  }
}
