import Foundation
import TabBarKit
import Testing

@testable import tabbar_demo

/// The demo's own command-line parser (issue 14: argument-parser took 40%
/// of the start): every option form, every error with the wording the
/// end-to-end tests and scripts read, and a help page that names everything.
@Suite("the command line")
struct CommandLineParserTests {
  /// The options `arguments` run the demo with.
  static func demo(_ arguments: [String]) throws -> TabBarDemo {
    guard case .run(let demo) = try TabBarDemo.invocation(arguments) else {
      Issue.record("\(arguments) did not ask for a run")
      return TabBarDemo()
    }
    return demo
  }

  /// The message of the error `arguments` give.
  static func error(_ arguments: [String]) -> String? {
    do {
      _ = try TabBarDemo.invocation(arguments)
      return nil
    } catch {
      return error.description
    }
  }

  @Test("no arguments run with the defaults")
  func defaults() throws {
    let demo = try Self.demo([])
    #expect(demo.content == nil && demo.barStyle == nil && demo.theme == nil)
    #expect(demo.open == nil && demo.state == nil)
    #expect(!demo.noColor && !demo.noMouse && !demo.noAnimation)
    #expect(!demo.failLoads && !demo.headless && !demo.styles)
    #expect(demo.latency == 150 && demo.animationRate == 1)
    #expect(demo.size == "80x24" && demo.keys == "")
  }

  @Test(
    "an option's value goes as the next argument or after =",
    arguments: [["--content", "a.json"], ["--content=a.json"]])
  func valueForms(_ arguments: [String]) throws {
    #expect(try Self.demo(arguments).content == "a.json")
  }

  @Test("every option with a value is read, = or not")
  func everyValue() throws {
    let spaced = [
      "--content", "c.json", "--bar-style", "compact", "--theme", "dark", "--open", "2/5/1",
      "--state", "s.json", "--latency", "0", "--animation-rate", "2.5", "--headless",
      "--size", "40x10", "--keys", "2,enter",
    ]
    let joined = stride(from: 0, to: spaced.count, by: 1).reduce(into: [String]()) { out, i in
      if spaced[i] == "--headless" {
        out.append(spaced[i])
      } else if spaced[i].hasPrefix("--") {
        out.append("\(spaced[i])=\(spaced[i + 1])")
      }
    }
    for arguments in [spaced, joined] {
      let demo = try Self.demo(arguments)
      #expect(demo.content == "c.json", "\(arguments)")
      #expect(demo.barStyle == .compact && demo.theme == .fixed(.dark), "\(arguments)")
      #expect(demo.open == "2/5/1" && demo.state == "s.json", "\(arguments)")
      #expect(demo.latency == 0 && demo.animationRate == 2.5, "\(arguments)")
      #expect(demo.headless && demo.size == "40x10" && demo.keys == "2,enter", "\(arguments)")
    }
  }

  @Test("every flag is read; a value starting with = is a value; the last one given wins")
  func flagsAndRepeats() throws {
    let demo = try Self.demo([
      "--no-color", "--no-mouse", "--no-animation", "--fail-loads",
      "--headless", "--styles", "--latency", "1", "--latency=2", "--keys==",
    ])
    #expect(demo.noColor && demo.noMouse && demo.noAnimation)
    #expect(demo.failLoads && demo.headless && demo.styles)
    #expect(demo.latency == 2)
    #expect(demo.keys == "=")
  }

  @Test("--help, -h and --version win over anything else before --")
  func requests() throws {
    for arguments in [["--help"], ["-h"], ["--bogus", "--help"], ["--size", "-h"]] {
      guard case .help = try TabBarDemo.invocation(arguments) else {
        Issue.record("\(arguments) is not a help request")
        continue
      }
    }
    for arguments in [["--version"], ["--version", "--bogus"], ["--latency=x", "--version"]] {
      guard case .version = try TabBarDemo.invocation(arguments) else {
        Issue.record("\(arguments) is not a version request")
        continue
      }
    }
    #expect(Self.error(["--", "--help"]) == "Unexpected argument '--help'")
  }

  @Test(
    "a command line that cannot be used says why, in argument-parser's words",
    arguments: [
      (["--bogus"], "Unknown option '--bogus'"),
      (["--bogus=1"], "Unknown option '--bogus'"),
      (["-x"], "Unknown option '-x'"),
      (["extra"], "Unexpected argument 'extra'"),
      (["-"], "Unexpected argument '-'"),
      (["--", "x"], "Unexpected argument 'x'"),
      (["--size"], "Missing value for '--size <size>'"),
      (["--size="], "Missing value for '--size <size>'"),
      (["--open", "--headless"], "Missing value for '--open <path>'"),
      (["--headless=1"], "The option '--headless' does not take any value, but '1' was specified."),
      (["--latency", "abc"], "The value 'abc' is invalid for '--latency <ms>'"),
      (["--latency=1.5"], "The value '1.5' is invalid for '--latency <ms>'"),
      (["--animation-rate", "x"], "The value 'x' is invalid for '--animation-rate <rate>'"),
      (
        ["--bar-style", "foo"],
        "The value 'foo' is invalid for '--bar-style <bar-style>'. "
          + "Please provide one of 'regular', 'compact' or 'icon'."
      ),
      (
        ["--theme=x"],
        "The value 'x' is invalid for '--theme <theme>'. "
          + "Please provide one of 'auto', 'standard', 'dark' or 'light'."
      ),
    ])
  func errors(_ arguments: [String], _ message: String) {
    #expect(Self.error(arguments) == message)
  }

  @Test(
    "validate() runs on every parsed line",
    arguments: [
      (
        ["--size", "0x3"],
        "--size must be WIDTHxHEIGHT from 1x1 to 1000x1000, got '0x3' (width 0 is below 1)"
      ),
      (
        ["--size", "1001x24"],
        "--size must be WIDTHxHEIGHT from 1x1 to 1000x1000, got '1001x24' "
          + "(width 1001 is above 1000)"
      ),
      (
        ["--size", "9999999999999999999999x1"],
        "--size must be WIDTHxHEIGHT from 1x1 to 1000x1000, got '9999999999999999999999x1' "
          + "(width 9999999999999999999999 is above 1000)"
      ),
      (
        ["--size=-5x5"],
        "--size must be WIDTHxHEIGHT from 1x1 to 1000x1000, got '-5x5' (width -5 is below 1)"
      ),
      (
        ["--size", "80x-99999999999999999999999"],
        "--size must be WIDTHxHEIGHT from 1x1 to 1000x1000, got '80x-99999999999999999999999' "
          + "(height -99999999999999999999999 is below 1)"
      ),
      (
        ["--size", "80by24"],
        "--size must be WIDTHxHEIGHT from 1x1 to 1000x1000, got '80by24'"
      ),
      (["--latency=-5"], "--latency must be from 0 to 60000 milliseconds, got '-5'"),
      (["--latency", "-1"], "--latency must be from 0 to 60000 milliseconds, got '-1'"),
      (
        ["--headless", "--keys", " "],
        "--keys is blank; give key names separated by commas, such as \"2,enter,esc\" "
          + "(the space bar is \"space\")"
      ),
      (["--animation-rate=inf"], "--animation-rate must be from 0.01 to 100, got 'inf'"),
      (["--keys", "2"], "--keys needs --headless"),
    ])
  func validation(_ arguments: [String], _ message: String) {
    #expect(Self.error(arguments) == message)
  }

  @Test("a bad --keys name is a usage error that names it")
  func badKey() throws {
    let message = try #require(Self.error(["--headless", "--keys", "2,nokey"]))
    #expect(message.hasPrefix("--keys: ") && message.contains("nokey"), "\(message)")
  }

  // MARK: Help

  @Test("--help names every option with its value, help and discussion, and wraps at 79")
  func helpNamesEverything() {
    let text = TabBarDemo.help.text
    let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for option in CommandLineOption.demo where !option.isHidden {
      #expect(text.contains("\n  \(option.label) "), "\(option.label) missing")
      let help = option.help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(flat.contains(help), "the help of \(option.label)")
      let discussion = option.discussion.split(separator: " ").joined(separator: " ")
      if !discussion.isEmpty {
        #expect(flat.contains(discussion), "the discussion of \(option.label)")
      }
      #expect(flat.contains("[\(option.label)]"), "\(option.label) missing from USAGE")
      for choice in option.choices { #expect(flat.contains(choice)) }
    }
    #expect(!text.contains("--animation-rate"), "a hidden option shown")
    for part in ["OVERVIEW: ", "\nUSAGE: tabbar-demo ", "\nOPTIONS:\n", "--version", "-h, --help"] {
      #expect(text.contains(part), "\(part) missing")
    }
    #expect(flat.contains("(default: 150)") && flat.contains("(default: 80x24)"))
    let long = text.split(separator: "\n").filter { $0.count > 79 }
    #expect(long.isEmpty, "lines over 79 columns: \(long)")
  }

  @Test("a help column: labels padded to 26, a longer label's help on the next line")
  func helpLayout() {
    let page = HelpPage(
      command: "x", abstract: "A.", discussion: "D.",
      options: [
        .flag("short", help: "One."),
        .value("a-very-long-option-name", "value", help: "Two."),
      ])
    let lines = page.text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.contains("  --short                 One."))
    let long = try? #require(lines.firstIndex(of: "  --a-very-long-option-name <value>"))
    #expect(long.map { lines[$0 + 1] } == "                          Two.")
  }

  @Test("--help's --styles legend names the same letters as the README's, all of them")
  func stylesLegend() throws {
    let flat = TabBarDemo.help.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let legend = try #require(flat.range(of: "style layer (")).upperBound
    let inHelp = flat[legend...].prefix { $0 != ")" }.split(separator: ", ").map { $0.prefix(1) }
    #expect(inHelp == ["S", "R", "B", "C", "D", "U", "."])
    let root = URL(filePath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appending(path: "README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "`--styles` adds")).upperBound
    let paragraph = readme[start...].prefix { $0 != ")" }
    for letter in inHelp {
      #expect(paragraph.contains("`\(letter)`"), "the README's legend lacks \(letter)")
    }
    let readmeLetters = paragraph.split(separator: "`").enumerated()
      .filter { $0.offset % 2 == 1 }.map(\.element)
    #expect(readmeLetters.map(String.init) == inHelp.map(String.init))
  }
}
