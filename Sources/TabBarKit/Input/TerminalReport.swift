/// Something a terminal sends in answer to a query, which is never a key:
/// ``KeyDecoder`` hands it out unread, and the terminal backend, which alone
/// knows what it asked, reads its meaning (which protocols the terminal
/// speaks, its background colour).
package enum TerminalReport: Hashable, Sendable {
  /// A control sequence with the private marker, `Esc [ ? parameters final`:
  /// the bytes between `?` and the final byte (digits, `;`, and
  /// intermediates such as `$`), and the final byte. The kitty keyboard
  /// protocol's flags end in `u`, a DEC private mode report in `$ y`, the
  /// device attributes in `c`.
  case privateSequence([UInt8], final: UInt8)
  /// An OSC string (`Esc ] …`) that ended with BEL or ST: its first bytes
  /// (at most 64), such as `11;rgb:ffff/ffff/ffff` for the background colour.
  case operatingSystemCommand([UInt8])
}
