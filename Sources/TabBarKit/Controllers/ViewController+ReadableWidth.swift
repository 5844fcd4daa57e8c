extension ViewController {
  /// The most columns a line of running text takes on the text pages at
  /// and below this controller, as UIKit's readable content guide and a
  /// book's measure: nil, the default, for the page's whole width.
  ///
  /// A ``TextViewController`` wider than this wraps its text to this many
  /// columns and centres the lines; the scroll bar stays in the last
  /// column. Set it on any controller, usually the root, and every text
  /// page under it follows at the next frame, those already on a stack
  /// included; a controller without its own uses its parent's. To give a
  /// page the whole width under a container that set one, set `Int.max`
  /// on it. Values below 1 count as 1.
  ///
  /// ```swift
  /// root.readableWidth = 80  // about 12 words a line, however wide the window
  /// ```
  public var readableWidth: Int? {
    get { inheritedTrait(\.readableWidth) }
    set {
      ownTraits.readableWidth = newValue
      setNeedsDisplay()
    }
  }
}
