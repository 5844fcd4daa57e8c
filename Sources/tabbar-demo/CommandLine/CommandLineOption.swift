/// One option of the demo's command line, as a row of its table: how it is
/// written, whether it takes a value, and what `--help` says about it.
struct CommandLineOption: Sendable {
  /// The name after `--`, e.g. `bar-style`.
  var name: String
  /// What a value is called in the help and in errors (`--open <path>`);
  /// nil for a flag, which takes no value.
  var valueName: String?
  /// One paragraph for the help page.
  var help: String
  /// A longer explanation, printed indented below the help; empty for none.
  var discussion = ""
  /// The value used when the option is not given, shown as `(default: …)`.
  var defaultValue: String?
  /// The only values taken, shown as `(values: …)`; empty for any value.
  var choices: [String] = []
  /// Left out of the help page, but still taken.
  var isHidden = false

  /// `--name`.
  var flag: String { "--\(name)" }

  /// `--name <value>`, or `--name` for a flag.
  var label: String { valueName.map { "\(flag) <\($0)>" } ?? flag }

  /// True for a flag (no value).
  var isFlag: Bool { valueName == nil }

  /// A flag: `--name`, no value.
  static func flag(_ name: String, help: String) -> Self {
    Self(name: name, help: help)
  }

  /// An option with a value: `--name value` or `--name=value`.
  static func value(
    _ name: String, _ valueName: String, help: String, discussion: String = "",
    default defaultValue: String? = nil, choices: [String] = [], isHidden: Bool = false
  ) -> Self {
    Self(
      name: name, valueName: valueName, help: help, discussion: discussion,
      defaultValue: defaultValue, choices: choices, isHidden: isHidden)
  }
}

/// A command line that cannot be used, with the message for the one line
/// `tabbar-demo: error: …` (the wording argument-parser had, so that scripts
/// and tests reading it see no change).
struct CommandLineError: Error, Equatable, CustomStringConvertible {
  /// The message, without the `tabbar-demo: error: ` prefix.
  var description: String

  init(_ description: String) { self.description = description }

  /// `--bogus`, `-x`.
  static func unknownOption(_ argument: String) -> Self {
    Self("Unknown option '\(argument)'")
  }

  /// A word that is not an option, or anything after `--`.
  static func unexpectedArgument(_ argument: String) -> Self {
    Self("Unexpected argument '\(argument)'")
  }

  /// `--size` at the end, `--size=` or `--size --headless`.
  static func missingValue(_ option: CommandLineOption) -> Self {
    Self("Missing value for '\(option.label)'")
  }

  /// `--headless=1`.
  static func valueNotTaken(_ option: CommandLineOption, _ value: String) -> Self {
    Self("The option '\(option.flag)' does not take any value, but '\(value)' was specified.")
  }

  /// A value that is not a number, or not one of the choices.
  static func invalidValue(_ value: String, _ option: CommandLineOption) -> Self {
    var message = "The value '\(value)' is invalid for '\(option.label)'"
    if !option.choices.isEmpty {
      let quoted = option.choices.map { "'\($0)'" }
      let list = quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
      message += ". Please provide one of \(quoted.count == 1 ? quoted[0] : list)."
    }
    return Self(message)
  }
}
