/// One screen cell: a character (a whole grapheme cluster) and its style.
///
/// A character wider than one column occupies its own cell and the cells to
/// its right, which hold continuations: the terminal draws nothing there.
/// Most characters take one or two columns; a cluster of several spacing
/// characters can take more (see ``TextWidth``).
///
/// The cell stays 16 bytes and compares as a 32-bit value and a style, whatever
/// it holds: a single scalar is kept as itself, and a cluster of more than one
/// scalar (`e` + U+0301, `👩‍💻`) as the id of its entry in a process-wide,
/// append-only table, so equal clusters compare equal across buffers.
public struct Cell: Hashable, Sendable {
  /// A scalar's value, or ``clusterFlag`` with the cluster's width and id.
  var content: UInt32
  /// How it is drawn.
  public var style: Style

  /// Set in ``content`` for a cluster: bits 16–30 then hold its width in
  /// columns and bits 0–15 its id in ``ClusterTable``.
  static let clusterFlag: UInt32 = 1 << 31

  /// Creates a cell that holds one scalar.
  package init(_ scalar: Unicode.Scalar, style: Style = .plain) {
    self.content = scalar.value
    self.style = style
  }

  /// Creates a cell that holds `character`, a whole grapheme cluster, as it is
  /// (text written with ``ScreenBuffer/write(_:at:style:maxX:)`` is sanitised
  /// first; this is not). A cluster of more than 16 scalars, or a new one
  /// past 65,536 distinct clusters in the process, is kept as its first
  /// scalar.
  @_disfavoredOverload
  public init(_ character: Character, style: Style = .plain) {
    let scalars = character.unicodeScalars
    let first = scalars.first ?? " "
    if scalars.index(after: scalars.startIndex) == scalars.endIndex {
      self.init(first, style: style)
    } else {
      let text = Substring(character.description)
      let content = ClusterTable.content(of: text, width: TextWidth.clusterWidth(of: text))
      self.init(content: content ?? first.value, style: style)
    }
  }

  /// Creates a cell from its raw ``content``.
  init(content: UInt32, style: Style) {
    self.content = content
    self.style = style
  }

  /// A space in the plain style.
  public static let blank = Cell(" ")

  /// A cell right of a wide character's first column.
  package static let continuation = Cell("\u{0}")

  /// True for a cell right of a wide character's first column.
  public var isContinuation: Bool { content == 0 }

  /// True when the cell holds a cluster of more than one scalar.
  package var isCluster: Bool { content & Self.clusterFlag != 0 }

  /// True for a space (a single U+0020, in any style).
  var isSpace: Bool { content == 0x20 }

  /// The cell's character: its scalar, or its whole cluster.
  public var character: Character {
    isCluster ? ClusterTable.text(ofContent: content).first ?? " " : Character(scalar)
  }

  /// The cell's character as a string.
  package var text: String {
    isCluster ? ClusterTable.text(ofContent: content) : String(scalar)
  }

  /// The cell's first scalar (the whole character unless it is a cluster).
  /// Setting it replaces the character with that scalar.
  package var scalar: Unicode.Scalar {
    get {
      if isCluster { return ClusterTable.text(ofContent: content).unicodeScalars.first ?? " " }
      return Unicode.Scalar(content) ?? " "
    }
    set { content = newValue.value }
  }

  /// The columns the cell's character covers: 0 for a continuation, else 1,
  /// 2, or for some clusters more.
  public var width: Int {
    if isCluster { return Int((content >> 16) & 0x7FFF) }
    return isContinuation ? 0 : TextWidth.width(of: Unicode.Scalar(content) ?? " ")
  }

  /// Appends the cell's character to `out` (nothing for a continuation).
  func append(to out: inout String.UnicodeScalarView) {
    if isCluster {
      out.append(contentsOf: ClusterTable.text(ofContent: content).unicodeScalars)
    } else if !isContinuation {
      out.append(Unicode.Scalar(content) ?? " ")
    }
  }
}

extension Cell: CustomDebugStringConvertible {
  /// The character's scalars, its width and its style: readable in a failed test.
  public var debugDescription: String {
    let scalars =
      isContinuation
      ? "continuation"
      : text.unicodeScalars.map {
        "U+" + String($0.value, radix: 16, uppercase: true)
      }.joined(separator: " ")
    return "Cell(\(scalars), width \(width), \(style))"
  }
}
