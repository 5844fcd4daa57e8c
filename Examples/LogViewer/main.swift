import Foundation
import NcursesTerminal
import TabBarKit

// log-viewer-example            200,000 made-up lines, 3 more every half second
// log-viewer-example FILE       FILE's lines, and the lines written to it later
// log-viewer-example --lines N  N made-up lines

/// Lines written to a file after it was read, as `tail -f` follows it.
final class FileTail {
  let handle: FileHandle
  private var partial = Data()

  init(path: String) throws {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw ToolError("\(path): cannot open the file")
    }
    self.handle = handle
  }

  /// The whole lines read since the last call.
  func read() -> [String] {
    partial += handle.availableData
    guard let last = partial.lastIndex(of: 0x0A) else { return [] }
    let text = String(decoding: partial[..<last], as: UTF8.self)
    partial = Data(partial[(last + 1)...])
    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}

struct ToolError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

let arguments = Array(CommandLine.arguments.dropFirst())
TerminalApp.run {
  if let path = arguments.first, !path.hasPrefix("-") {
    let tail = try FileTail(path: path)
    return NavigationController(
      rootViewController: LogPage(log: LogLines(tail.read()), source: tail.read))
  }
  var count = 200_000
  if let option = arguments.first {
    guard option == "--lines" else { throw ToolError("unknown option \(option)") }
    guard arguments.count == 2, let n = Int(arguments[1]), n >= 0, n <= 10_000_000 else {
      throw ToolError("--lines takes one count from 0 to 10000000")
    }
    count = n
  }
  var made = MadeUpLog()
  let log = LogLines(made.lines(count))
  return NavigationController(rootViewController: LogPage(log: log) { made.lines(3) })
}
