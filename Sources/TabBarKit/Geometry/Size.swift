/// A size in cells: `width` columns by `height` rows.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  /// The number of columns.
  public var width: Int
  /// The number of rows.
  public var height: Int

  /// Creates a size; negative values are clamped to 0.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// A size of no cells.
  public static let zero = Size(width: 0, height: 0)

  /// `80x24` style: the way the command line and messages write a size.
  public var description: String { "\(width)x\(height)" }

  /// Parses `WxH` (for example `80x24`); nil for anything else or a zero side.
  package init?(parsing text: String) {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else {
      return nil
    }
    self.init(width: w, height: h)
  }
}
