import TabBarKit

extension ViewController {
  /// The page pushed over this one on its navigation stack, if any: what a
  /// page that opens a child at a position looks at to say it has one open
  /// (``ViewController/openChildPositions``).
  var pageAbove: ViewController? {
    guard let pages = navigationController?.viewControllers,
      let index = pages.firstIndex(where: { $0 === self }), index + 1 < pages.count
    else { return nil }
    return pages[index + 1]
  }
}
