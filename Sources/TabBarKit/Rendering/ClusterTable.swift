import Synchronization

/// The grapheme clusters of more than one scalar that cells hold, by id.
///
/// Process-wide and append-only: an id never changes meaning, so cells from
/// two buffers (a frame and the one before it) compare by value, and the
/// per-frame diff never looks a cluster up. The table is behind a mutex, not
/// on the main actor, because cells and buffers are plain `Sendable` values
/// any code may build; only cells that hold a cluster ever touch it.
///
/// It holds at most ``capacity`` clusters of at most ``maximumScalars``
/// scalars each, so hostile text cannot grow it without bound.
enum ClusterTable {
  /// The most clusters the table holds (ids fit in 16 bits).
  static let capacity = 1 << 16

  /// The most scalars kept of one cluster. No terminal keeps more in a cell
  /// (ncurses keeps 5 per `cchar_t`, tmux 3.3a 21 bytes), so text past it is
  /// dropped before a cluster is measured or stored (see `Sanitizer`).
  static let maximumScalars = 16

  /// A cluster compared scalar by scalar: `e` + U+0301 + U+0323 and `e` +
  /// U+0323 + U+0301 are equal Swift strings (canonically equivalent) but are
  /// drawn from different scalars, so they are two entries.
  struct Key: Hashable {
    var text: String
    static func == (lhs: Key, rhs: Key) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }
    func hash(into hasher: inout Hasher) {
      for byte in text.utf8 { hasher.combine(byte) }
    }
  }

  struct State {
    var ids: [Key: UInt32] = [:]
    var texts: [String] = []
  }

  static let state = Mutex(State())

  /// The content of a cell that holds `cluster`, `width` columns wide,
  /// stored in the table if it was not there yet; nil when the table is full
  /// or the cluster has more than ``maximumScalars`` scalars.
  static func content(of cluster: Substring, width: Int) -> UInt32? {
    guard cluster.unicodeScalars.prefix(maximumScalars + 1).count <= maximumScalars else {
      return nil
    }
    let key = Key(text: String(cluster))
    let id: UInt32? = state.withLock { state in
      if let id = state.ids[key] { return id }
      guard state.texts.count < capacity else { return nil }
      let id = UInt32(state.texts.count)
      state.texts.append(key.text)
      state.ids[key] = id
      return id
    }
    return id.map { Cell.clusterFlag | UInt32(min(width, 0x7FFF)) << 16 | $0 }
  }

  /// The cluster of a cell whose content has ``Cell/clusterFlag`` set.
  static func text(ofContent content: UInt32) -> String {
    let id = Int(content & 0xFFFF)
    return state.withLock { $0.texts.indices.contains(id) ? $0.texts[id] : "\u{FFFD}" }
  }

  /// How many clusters the table holds (for tests).
  static var count: Int { state.withLock { $0.texts.count } }
}
