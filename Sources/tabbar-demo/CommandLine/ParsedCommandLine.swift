/// A command line read against a table of options: the values and flags
/// given, or a request for the help page or the version.
///
/// Takes `--name value`, `--name=value` and `--name` for a flag; the last
/// of an option given twice wins, and ``values(_:)`` gives every one of a
/// repeatable option (`--feed a --feed b`). A value given as the next argument may
/// not start with `-`, unless a digit follows (`--open --headless` is a
/// missing value; `--latency -5` and `--latency=-5` are values, which the
/// option's check then refuses by name). `--help`, `-h` or `--version`
/// anywhere before `--` wins over everything else on the line, errors
/// included.
struct ParsedCommandLine: Equatable {
  /// What the line asks for instead of a run.
  enum Request: Equatable {
    case help, version
  }

  /// `--help` or `--version`, when given.
  var request: Request?
  /// The values given, by option name.
  private(set) var values: [String: String] = [:]
  /// Every value given, by option name, in the order given.
  private(set) var allValues: [String: [String]] = [:]
  /// The flags given, by name.
  private(set) var flags: Set<String> = []

  /// Reads `arguments` (without the program's name).
  ///
  /// - Throws: a ``CommandLineError`` for an unknown option, a word that is
  ///   not an option, a missing value or a value given to a flag.
  init(_ arguments: [String], options: [CommandLineOption]) throws(CommandLineError) {
    let beforeEnd = arguments.prefix { $0 != "--" }
    if beforeEnd.contains(where: { $0 == "--help" || $0 == "-h" }) {
      request = .help
      return
    }
    if beforeEnd.contains("--version") {
      request = .version
      return
    }
    var byName: [String: CommandLineOption] = [:]
    for option in options { byName[option.name] = option }
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        // Nothing is taken after it: the demo has no positional arguments.
        if index < arguments.endIndex { throw .unexpectedArgument(arguments[index]) }
        break
      }
      guard argument.hasPrefix("--") else {
        throw argument.hasPrefix("-") && argument != "-"
          ? .unknownOption(argument) : .unexpectedArgument(argument)
      }
      let body = argument.dropFirst(2)
      let name = String(body.prefix { $0 != "=" })
      let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
      guard let option = byName[name] else { throw .unknownOption("--\(name)") }
      if option.isFlag {
        if let inline { throw .valueNotTaken(option, inline) }
        flags.insert(name)
        continue
      }
      if let inline {
        guard !inline.isEmpty else { throw .missingValue(option) }
        values[name] = inline
        allValues[name, default: []].append(inline)
      } else if index < arguments.endIndex, Self.isValue(arguments[index]) {
        values[name] = arguments[index]
        allValues[name, default: []].append(arguments[index])
        index += 1
      } else {
        throw .missingValue(option)
      }
    }
  }

  /// True when `argument`, after an option, is its value rather than the
  /// next option: it does not start with `-`, it is `-` alone, or it is a
  /// negative number (no option starts with a digit).
  private static func isValue(_ argument: String) -> Bool {
    guard argument.hasPrefix("-"), argument != "-" else { return true }
    return argument.dropFirst().first.map { ("0"..."9").contains($0) } ?? false
  }

  /// The value given to `option`, or its default.
  func value(_ option: CommandLineOption) -> String? {
    values[option.name] ?? option.defaultValue
  }

  /// Every value given to `option`, in the order given; empty when none was.
  func values(_ option: CommandLineOption) -> [String] {
    allValues[option.name] ?? []
  }

  /// The value given to `option` (or its default) read by `convert`.
  ///
  /// - Throws: ``CommandLineError/invalidValue(_:_:)`` when `convert`
  ///   returns nil.
  func value<Value>(
    _ option: CommandLineOption, _ convert: (String) -> Value?
  ) throws(CommandLineError) -> Value? {
    guard let text = value(option) else { return nil }
    guard let value = convert(text) else { throw .invalidValue(text, option) }
    return value
  }

  /// True when the flag `option` was given.
  func contains(_ option: CommandLineOption) -> Bool {
    flags.contains(option.name)
  }
}
