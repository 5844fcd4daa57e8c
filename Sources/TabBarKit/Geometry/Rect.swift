/// A rectangle of cells: an origin (top-left) and a size.
public struct Rect: Hashable, Sendable {
  /// The top-left cell.
  public var origin: Point
  /// The number of columns and rows.
  public var size: Size

  /// Creates a rectangle from its top-left cell and its size.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from coordinates; negative sizes become 0.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// An empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The leftmost column.
  public var minX: Int { origin.x }
  /// The top row.
  public var minY: Int { origin.y }
  /// One past the rightmost column.
  public var maxX: Int { origin.x + size.width }
  /// One past the bottom row.
  public var maxY: Int { origin.y + size.height }
  /// The middle column (rounded down).
  package var midX: Int { origin.x + size.width / 2 }
  /// The number of columns.
  public var width: Int { size.width }
  /// The number of rows.
  public var height: Int { size.height }
  /// True when the rectangle holds no cell.
  public var isEmpty: Bool { size.width == 0 || size.height == 0 }

  /// True when `point` lies inside the rectangle.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// The overlap of two rectangles (empty when they do not meet).
  package func intersection(_ other: Rect) -> Rect {
    let x0 = max(minX, other.minX)
    let y0 = max(minY, other.minY)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The rectangle shrunk by the given insets (never below zero size).
  package func inset(by insets: EdgeInsets) -> Rect {
    Rect(
      x: minX + insets.left, y: minY + insets.top,
      width: width - insets.left - insets.right,
      height: height - insets.top - insets.bottom)
  }

  /// Splits off `rows` rows at the top: (top part, the rest).
  package func dividedAtTop(_ rows: Int) -> (top: Rect, rest: Rect) {
    let r = min(max(0, rows), height)
    return (
      Rect(x: minX, y: minY, width: width, height: r),
      Rect(x: minX, y: minY + r, width: width, height: height - r)
    )
  }

  /// Splits off `rows` rows at the bottom: (bottom part, the rest).
  package func dividedAtBottom(_ rows: Int) -> (bottom: Rect, rest: Rect) {
    let r = min(max(0, rows), height)
    return (
      Rect(x: minX, y: maxY - r, width: width, height: r),
      Rect(x: minX, y: minY, width: width, height: height - r)
    )
  }
}
