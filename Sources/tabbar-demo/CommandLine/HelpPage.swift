/// The text `--help` prints, laid out from the table of options as
/// argument-parser laid it out: OVERVIEW, the discussion, USAGE, then
/// OPTIONS with each label in a column and its help wrapped beside it, a
/// longer explanation indented below.
struct HelpPage {
  /// The program's name, as typed.
  var command: String
  /// One line: what the program is.
  var abstract: String
  /// A paragraph after the abstract.
  var discussion: String
  /// The options, in the order shown; hidden ones are left out.
  var options: [CommandLineOption]
  /// The widest line: 79, so that an 80-column terminal never wraps it
  /// (argument-parser's width without a terminal).
  var width = 79

  /// The options every command line takes, shown last.
  static let builtIns = [
    (label: "--version", help: "Show the version."),
    (label: "-h, --help", help: "Show help information."),
  ]

  /// Where the help column starts: two blanks, a 24-column label, and no
  /// fewer than one blank after it (a longer label puts its help below).
  static let labelWidth = 24
  static let helpColumn = 2 + labelWidth

  /// The page, ending in one newline.
  var text: String {
    var lines = ["OVERVIEW: \(abstract)", ""]
    lines += Self.wrap(discussion, width: width)
    lines.append("")
    let usage =
      options.filter { !$0.isHidden }.map { "[\($0.label)]" } + ["[--help]", "[--version]"]
    lines += Self.wrap(
      usage.joined(separator: " "), width: width, first: "USAGE: \(command) ",
      rest: String(repeating: " ", count: "USAGE: \(command) ".count),
      breakingOnlyBefore: "[")
    lines += ["", "OPTIONS:"]
    for option in options where !option.isHidden {
      var help = option.help
      if !option.choices.isEmpty { help += " (values: \(option.choices.joined(separator: ", ")))" }
      if let value = option.defaultValue, !value.isEmpty { help += " (default: \(value))" }
      lines += entry(option.label, help)
      if !option.discussion.isEmpty {
        let indent = String(repeating: " ", count: 8)
        lines += Self.wrap(option.discussion, width: width, first: indent, rest: indent)
      }
    }
    for builtIn in Self.builtIns { lines += entry(builtIn.label, builtIn.help) }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One option's lines: the label, then its help from the help column.
  private func entry(_ label: String, _ help: String) -> [String] {
    let indent = String(repeating: " ", count: Self.helpColumn)
    let head = "  " + label
    if head.count < Self.helpColumn {
      let first = head + String(repeating: " ", count: Self.helpColumn - head.count)
      return Self.wrap(help, width: width, first: first, rest: indent)
    }
    return [head] + Self.wrap(help, width: width, first: indent, rest: indent)
  }

  /// `text` in lines of at most `width` characters (a longer word stands
  /// alone), the first after `first`, the others after `rest`. With
  /// `breakingOnlyBefore`, a line breaks only before a word that starts with it.
  static func wrap(
    _ text: String, width: Int, first: String = "", rest: String = "",
    breakingOnlyBefore start: Character? = nil
  ) -> [String] {
    var units: [String] = []
    for word in text.split(separator: " ") {
      if let start, let last = units.last, word.first != start {
        units[units.count - 1] = last + " " + word
      } else {
        units.append(String(word))
      }
    }
    var lines: [String] = []
    var line = first
    var lineIsEmpty = true
    for unit in units {
      if !lineIsEmpty && line.count + 1 + unit.count > width {
        lines.append(line)
        line = rest
        lineIsEmpty = true
      }
      line += (lineIsEmpty ? "" : " ") + unit
      lineIsEmpty = false
    }
    if !lineIsEmpty { lines.append(line) }
    return lines
  }
}
