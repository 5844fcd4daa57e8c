import CNcurses
import TabBarKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Hyperlinks (OSC 8): the cells whose style carries a ``Style/link`` are
/// written inside `ESC ] 8 ; ; URL ESC \` and `ESC ] 8 ; ; ESC \` on a
/// terminal believed to show them (``NcursesTerminal/writesHyperlinks``).
///
/// ncurses draws cells and knows nothing of hyperlinks, and a terminal
/// attaches a link to a cell when the cell is printed. So after each
/// `doupdate` the linked cells of every row that changed in the frame are
/// printed again, the same characters in the same attributes, inside the
/// hyperlink: between DECSC and DECRC, so the cursor and attributes are
/// where ncurses believes they are, and each run placed by an absolute
/// cursor move, so no column can shift. A whole row is taken, not only its
/// changed cells, because ncurses may reprint unchanged cells of a row it
/// updates (to move the cursor right), which drops their link.
extension NcursesTerminal {
  /// Whether the terminal is believed to show OSC 8 hyperlinks, from the
  /// environment that `variable` reads. A conservative allow-list, as
  /// other programs keep (the `supports-hyperlinks` package, GCC, systemd):
  ///
  /// - `FORCE_HYPERLINK` decides when set: `0` off, anything else on.
  /// - Inside tmux or screen: on only for tmux 3.4 or later
  ///   (`TERM_PROGRAM=tmux`, `TERM_PROGRAM_VERSION`), which passes links
  ///   on to a terminal that shows them; older ones drop them.
  /// - iTerm2 3.1 or later, WezTerm, Ghostty, VS Code 1.72 or later
  ///   (`TERM_PROGRAM`); kitty, foot, Alacritty, Contour (`TERM`); VTE
  ///   terminals from 0.50.1 (GNOME Terminal, Tilix, Terminator:
  ///   `VTE_VERSION` 5001 or more); Windows Terminal (`WT_SESSION`).
  /// - Anything else: off.
  ///
  /// A terminal that does not know OSC 8 skips it as any unknown OSC
  /// string, so a wrong guess leaves the text as it is; the list stays
  /// short because some old terminals print such strings.
  package nonisolated static func hyperlinksSupported(_ variable: (String) -> String?) -> Bool {
    func value(_ name: String) -> String? {
      guard let text = variable(name), !text.isEmpty else { return nil }
      return text
    }
    if let forced = value("FORCE_HYPERLINK") { return forced != "0" }
    let term = value("TERM") ?? ""
    let program = value("TERM_PROGRAM") ?? ""
    let version = Self.version(value("TERM_PROGRAM_VERSION"))
    if value("TMUX") != nil || value("STY") != nil || program == "tmux"
      || term.hasPrefix("tmux") || term.hasPrefix("screen")
    {
      return program == "tmux" && version.lexicographicallyPrecedes([3, 4]) == false
    }
    switch program {
    case "iTerm.app": return !version.lexicographicallyPrecedes([3, 1])
    case "vscode": return !version.lexicographicallyPrecedes([1, 72])
    case "WezTerm", "ghostty": return true
    default: break
    }
    let terms = ["xterm-kitty", "foot", "foot-extra", "alacritty", "contour", "xterm-ghostty"]
    if terms.contains(term) || term.hasPrefix("wezterm") { return true }
    if let vte = value("VTE_VERSION").flatMap({ Int($0) }), vte >= 5001 { return true }
    return value("WT_SESSION") != nil
  }

  /// The numbers of a version (`3.3a` → [3, 3], `next-3.4` → [3, 4]).
  private nonisolated static func version(_ text: String?) -> [Int] {
    guard let text else { return [] }
    let start = text.firstIndex(where: \.isNumber) ?? text.endIndex
    return text[start...].split(separator: ".").map { part in
      Int(part.prefix(while: \.isNumber)) ?? 0
    }
  }

  /// Keeps track of the linked cells on screen and of the rows the frame
  /// changes: called for each cell ``draw(_:at:)`` is handed.
  func noteHyperlink(_ cell: Cell, at point: Point) {
    if point.y != lastLinkRow {
      lastLinkRow = point.y
      rowsDrawn.insert(point.y)
    }
    if cell.style.isLinked, !cell.isContinuation {
      linkedCells[point.y, default: [:]][point.x] = cell
    } else if linkedCells[point.y]?.removeValue(forKey: point.x) != nil,
      linkedCells[point.y]?.isEmpty == true
    {
      linkedCells[point.y] = nil
    }
  }

  /// Forgets the linked cells, for a resize: the whole frame that follows
  /// draws them again.
  func forgetHyperlinks() {
    linkedCells.removeAll()
    rowsDrawn.removeAll()
    lastLinkRow = -1
  }

  /// Prints the linked cells of the rows drawn since the last frame again,
  /// inside their hyperlinks; called right after `doupdate`.
  func writeHyperlinks() {
    defer {
      rowsDrawn.removeAll(keepingCapacity: true)
      lastLinkRow = -1
    }
    let rows = rowsDrawn.filter { linkedCells[$0] != nil }.sorted()
    guard !rows.isEmpty else { return }
    cn_link_begin()
    for y in rows {
      var open: String?
      var nextX = -1
      for (x, cell) in linkedCells[y, default: [:]].sorted(by: { $0.key < $1.key }) {
        let url = cell.style.link ?? ""
        if open != nil, x != nextX || url != open {
          linkBytes(Self.closeHyperlink)
          open = nil
        }
        if open == nil {
          linkBytes("\u{1B}[\(y + 1);\(x + 1)H" + Self.openHyperlink(url))
          open = url
        }
        writeLinkedCell(cell, at: Point(x: x, y: y))
        nextX = x + max(1, cell.width)
      }
      if open != nil { linkBytes(Self.closeHyperlink) }
    }
    cn_link_end()
  }

  /// `ESC ] 8 ; ; url ESC \`: the URL is sanitised already (a
  /// ``Style/link`` is kept percent-encoded, printable ASCII only).
  package nonisolated static func openHyperlink(_ url: String) -> String {
    "\u{1B}]8;;\(url)\u{1B}\\"
  }

  /// `ESC ] 8 ; ; ESC \`: the end of a hyperlink.
  package nonisolated static let closeHyperlink = "\u{1B}]8;;\u{1B}\\"

  private func linkBytes(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { cn_link_bytes($0.baseAddress, $0.count) }
    }
  }

  /// The cell's character in its attributes, as ``draw(_:at:)`` drew it; a
  /// cluster spacing character by spacing character, each placed at its
  /// own column, as ncurses placed them.
  private func writeLinkedCell(_ cell: Cell, at point: Point) {
    let (attrs, pair) = attributes(for: cell.style)
    cn_link_attributes(attrs, pair)
    if asciiOnly {
      linkBytes(String(Self.asciiStandIn(for: cell.scalar)))
    } else if cell.isCluster {
      for run in TextWidth.spacingRuns(of: cell.character) {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: run.scalars.prefix(5).map(Self.printable))
        linkBytes("\u{1B}[\(point.y + 1);\(point.x + run.column + 1)H" + String(text))
      }
    } else {
      linkBytes(String(Self.printable(cell.scalar)))
    }
  }

  /// `scalar`, or U+FFFD for a C0 or C1 control: a cell made directly
  /// (``Cell/init(_:style:)``, not sanitised) never sends one raw.
  private static func printable(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? "\u{FFFD}" : scalar
  }
}
