import TabBarKit

/// Reading `--size`: `WIDTHxHEIGHT`, each side from 1 to a maximum.
enum SizeOption {
  /// The size `text` gives, each side from 1 to `maximum`'s.
  ///
  /// - Throws: one line naming the value, the side that is out of range
  ///   and the sizes accepted: `--size must be WIDTHxHEIGHT from 1x1 to
  ///   1000x1000, got '-5x5' (width -5 is below 1)`. Digits too many for a
  ///   number are a side above the maximum, not a malformed size.
  static func parse(_ text: String, maximum: Size) throws(CommandLineError) -> Size {
    func failure(_ reason: String? = nil) -> CommandLineError {
      CommandLineError(
        "--size must be WIDTHxHEIGHT from 1x1 to \(maximum.width)x\(maximum.height), "
          + "got '\(text)'" + (reason.map { " (\($0))" } ?? ""))
    }
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2 else { throw failure() }
    var sides: [Int] = []
    for (name, part, most) in [
      ("width", parts[0], maximum.width), ("height", parts[1], maximum.height),
    ] {
      let negative = part.hasPrefix("-")
      let digits = negative || part.hasPrefix("+") ? part.dropFirst() : part
      guard !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }) else {
        throw failure()
      }
      let value = Int(part)
      if negative || value == 0 { throw failure("\(name) \(part) is below 1") }
      guard let value, value <= most else { throw failure("\(name) \(part) is above \(most)") }
      sides.append(value)
    }
    return Size(width: sides[0], height: sides[1])
  }
}
