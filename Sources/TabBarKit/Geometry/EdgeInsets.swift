/// Distances in cells from each edge of a rectangle.
public struct EdgeInsets: Hashable, Sendable {
  /// Rows taken from the top.
  public var top: Int
  /// Columns taken from the left.
  public var left: Int
  /// Rows taken from the bottom.
  public var bottom: Int
  /// Columns taken from the right.
  public var right: Int

  /// Creates insets; each defaults to 0.
  public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// No inset on any edge.
  public static let zero = EdgeInsets()
}
