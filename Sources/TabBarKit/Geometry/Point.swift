/// A position on the screen, in cells: `x` is the column, `y` the row, both from 0.
public struct Point: Hashable, Sendable {
  /// The column, from 0 at the left edge.
  public var x: Int
  /// The row, from 0 at the top edge.
  public var y: Int

  /// Creates a point at column `x`, row `y`.
  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }

  /// The top-left corner of the screen.
  public static let zero = Point(x: 0, y: 0)
}
