import TabBarKit

/// The deep link given to `--open`: 1-based positions separated by `/`, the
/// first a tab and each next one a row (or accordion section) of the page on
/// top, so `2/5/1` is tab 2, its row 5, then row 1 of the page that opened.
/// After an accordion section, the next step is a row of that section.
struct OpenPath {
  /// The text as given.
  let text: String

  /// `--open TEXT` for messages, with anything that could act on a terminal
  /// escaped.
  var flag: String {
    "--open " + (text.isEmpty ? "\"\"" : ContentError.escaped(text))
  }

  /// The positions, 1-based.
  ///
  /// - Throws: a `DeepLinkError` naming the first step that is empty or not
  ///   a number.
  func steps() throws(DeepLinkError) -> [Int] {
    var steps: [Int] = []
    for (offset, step) in text.split(separator: "/", omittingEmptySubsequences: false).enumerated()
    {
      guard !step.isEmpty else {
        throw DeepLinkError(step: offset + 1, reason: "empty; expected a number")
      }
      guard step.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
        throw DeepLinkError(
          step: offset + 1, reason: "\(ContentError.quoted(String(step))) is not a number")
      }
      guard let number = Int(step) else {
        throw DeepLinkError(step: offset + 1, reason: "\(step) is too large")
      }
      steps.append(number)
    }
    return steps
  }

  /// Follows the link in `root` without animation: selects the tab, pops it
  /// to its root (a restored state may have left pages on it), then opens
  /// each row in turn.
  ///
  /// - Throws: a `DeepLinkError` for the first step that is not a number or
  ///   cannot be taken.
  @MainActor
  func follow(in root: DemoRootController) throws(DeepLinkError) {
    let steps = try steps()
    if let tab = steps.first, root.stacks.indices.contains(tab - 1) {
      root.stacks[tab - 1].popToRootViewController(animated: false)
    }
    try root.open(path: steps)
  }
}
