import TabBarKit

/// What the terminal answered to the start-up queries: whether it speaks the
/// kitty keyboard protocol and synchronized output, and its background
/// colour. The key decoder hands the answers out unread
/// (`TerminalReport`); only the backend, which asked, reads them here.
///
/// Answers count only while they are awaited (``expectReplies()``): the
/// device attributes (`Esc [ ? … c`), which every terminal sends and which
/// the backend asks for last, end the wait. An answer that was not awaited
/// changes nothing.
package struct TerminalReplies: Sendable {
  /// What the terminal answered about the kitty keyboard protocol.
  package enum KeyboardProtocol: Equatable, Sendable {
    /// No answer yet.
    case unknown
    /// The terminal answered the protocol query (`Esc [ ? flags u`) before
    /// its device attributes: it speaks the protocol.
    case supported(flags: Int)
    /// The device attributes came first: it does not.
    case unsupported
  }

  /// Decided by the first of the two answers to arrive while they are
  /// awaited (see ``KeyboardProtocol``); later answers do not change it.
  package private(set) var keyboardProtocol = KeyboardProtocol.unknown

  /// True once the terminal's device attributes came while awaited: the
  /// last answer to the start-up queries.
  package private(set) var hasDeviceAttributes = false

  /// True once the terminal reported, while answers were awaited, that it
  /// knows synchronized output (DEC private mode 2026: `Esc [ ? 2026 ; 1 $ y`
  /// or `; 2 $ y`, its answer to `Esc [ ? 2026 $ p`). The reports of other
  /// modes, and any report not awaited, change nothing.
  package private(set) var hasSynchronizedOutput = false

  /// The terminal's background colour, from its answer to OSC 11
  /// (`Esc ] 11 ; rgb:RRRR/GGGG/BBBB` ended by BEL or ST), taken only while
  /// answers are awaited (a terminal that answers answers before the device
  /// attributes); nil until then.
  package private(set) var backgroundColor: Color?

  /// True from ``expectReplies()`` until the device attributes come or
  /// ``stopAwaitingReplies()``: only then do answers count.
  package private(set) var isAwaitingReplies = false

  /// Creates the record of a terminal that was asked nothing yet.
  package init() {}

  /// Says that the terminal was just asked the start-up queries (ending with
  /// the device attributes query, which every terminal answers): their
  /// answers count from now on, until the device attributes come.
  package mutating func expectReplies() { isAwaitingReplies = true }

  /// Stops awaiting answers (the backend gave up waiting for them): an
  /// answer that comes later changes nothing.
  package mutating func stopAwaitingReplies() { isAwaitingReplies = false }

  /// Reads one answer from the terminal, if answers are awaited.
  package mutating func take(_ report: TerminalReport) {
    guard isAwaitingReplies else { return }
    switch report {
    case .privateSequence(let body, let final):
      switch final {
      case UInt8(ascii: "u"):
        // The protocol's flags; malformed flags are no answer.
        guard let flags = KeyDecoder.parameters(body) else { return }
        if keyboardProtocol == .unknown {
          keyboardProtocol = .supported(flags: (flags.first ?? nil) ?? 0)
        }
      case UInt8(ascii: "c"):
        // The device attributes answer the last query: the wait is over.
        if keyboardProtocol == .unknown { keyboardProtocol = .unsupported }
        hasDeviceAttributes = true
        isAwaitingReplies = false
      case UInt8(ascii: "y"):
        guard body.last == UInt8(ascii: "$"),
          let values = KeyDecoder.parameters(body.dropLast()), values.count == 2,
          values[0] == 2026, values[1] == 1 || values[1] == 2
        else { return }
        hasSynchronizedOutput = true
      default:
        return
      }
    case .operatingSystemCommand(let text):
      if let color = Self.backgroundColor(inAnswer: text) { backgroundColor = color }
    }
  }

  /// The colour in an OSC 11 answer's text (`11;rgb:R/G/B`, each 1 to 4 hex
  /// digits, scaled to 8 bits), or nil.
  package static func backgroundColor(inAnswer bytes: [UInt8]) -> Color? {
    let prefix = Array("11;rgb:".utf8)
    guard bytes.starts(with: prefix) else { return nil }
    let fields = bytes.dropFirst(prefix.count).split(
      separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    guard fields.count == 3 else { return nil }
    var channels: [UInt8] = []
    for field in fields {
      let isHex = field.allSatisfy {
        (0x30...0x39).contains($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0)
      }
      guard (1...4).contains(field.count), isHex,
        let value = Int(String(decoding: field, as: UTF8.self), radix: 16)
      else { return nil }
      let maximum = (1 << (4 * field.count)) - 1
      channels.append(UInt8((value * 255 + maximum / 2) / maximum))
    }
    return .rgb(channels[0], channels[1], channels[2])
  }
}
