/// A mouse event at a cell.
public struct MouseEvent: Hashable, Sendable {
  /// What the mouse did.
  public enum Kind: Hashable, Sendable {
    /// The left button was pressed (a click).
    case press
    /// The wheel turned up.
    case wheelUp
    /// The wheel turned down.
    case wheelDown
  }

  /// What the mouse did.
  public var kind: Kind
  /// The cell under the pointer.
  public var position: Point

  /// Creates a mouse event.
  package init(_ kind: Kind, at position: Point) {
    self.kind = kind
    self.position = position
  }
}
