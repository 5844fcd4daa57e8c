import Synchronization

/// The URLs that styles link to (``Style/link``), by id.
///
/// Process-wide and append-only, as ``ClusterTable`` is: an id never changes
/// meaning, so a style keeps a 32-bit id instead of a string, two cells
/// linking to the same URL compare equal across buffers, and the per-frame
/// diff never looks a URL up. Only styles that carry a link touch it.
///
/// It holds at most ``capacity`` URLs of at most
/// ``Hyperlink/maximumLength`` bytes each, so hostile content cannot grow
/// it without bound; past that a style is not linked (its text still shows).
enum LinkTable {
  /// The most URLs the table holds.
  static let capacity = 1 << 16

  struct State {
    var ids: [String: UInt32] = [:]
    /// Index 0 stands for "no link".
    var urls: [String] = [""]
  }

  static let state = Mutex(State())

  /// The id of `url` (already sanitised), stored if it was not there yet;
  /// nil when the table is full.
  static func id(of url: String) -> UInt32? {
    state.withLock { state in
      if let id = state.ids[url] { return id }
      guard state.urls.count <= capacity else { return nil }
      let id = UInt32(state.urls.count)
      state.urls.append(url)
      state.ids[url] = id
      return id
    }
  }

  /// The URL of `id`; nil for 0 or an id the table never gave.
  static func url(of id: UInt32) -> String? {
    guard id != 0 else { return nil }
    return state.withLock { $0.urls.indices.contains(Int(id)) ? $0.urls[Int(id)] : nil }
  }

  /// How many URLs the table holds (for tests).
  static var count: Int { state.withLock { $0.urls.count - 1 } }
}

/// How a URL is made safe to send to a terminal inside an OSC 8 hyperlink.
package enum Hyperlink {
  /// The longest URL kept, in bytes once sanitised: VTE and others drop
  /// longer ones (VTE's limit is 2083), and one screen never needs more.
  package static let maximumLength = 2048

  /// `url` with every byte outside printable ASCII (controls, ESC, DEL,
  /// space, and the UTF-8 of anything not ASCII) percent-encoded, as a URI
  /// writes them: no escape sequence can reach the terminal from a link,
  /// and `ESC \` or BEL cannot end the hyperlink early. Nil when the result
  /// is empty or longer than ``maximumLength``.
  package static func sanitized(_ url: String) -> String? {
    var out = ""
    out.reserveCapacity(url.utf8.count)
    for byte in url.utf8 {
      if byte > 0x20 && byte < 0x7F {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        out +=
          "%" + String(byte >> 4, radix: 16, uppercase: true)
          + String(byte & 0xF, radix: 16, uppercase: true)
      }
      guard out.utf8.count <= maximumLength else { return nil }
    }
    return out.isEmpty ? nil : out
  }
}
