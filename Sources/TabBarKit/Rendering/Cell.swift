/// One screen cell: a character and its style.
///
/// A wide character (two columns) occupies its own cell and the cell to its
/// right, which holds ``continuation``: the terminal draws nothing there.
public struct Cell: Hashable, Sendable {
  /// The character drawn in the cell (a single column or the left half of a wide one).
  public var scalar: Unicode.Scalar
  /// How it is drawn.
  public var style: Style

  /// Creates a cell.
  public init(_ scalar: Unicode.Scalar, style: Style = .plain) {
    self.scalar = scalar
    self.style = style
  }

  /// A space in the plain style.
  public static let blank = Cell(" ")

  /// The right half of a wide character.
  public static let continuation = Cell("\u{0}")

  /// True for the right half of a wide character.
  public var isContinuation: Bool { scalar == "\u{0}" }

  /// The columns the cell's character covers: 0 for a continuation, else 1 or 2.
  public var width: Int { isContinuation ? 0 : TextWidth.width(of: scalar) }
}
