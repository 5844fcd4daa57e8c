import NcursesTerminal
import TabBarKit

#if canImport(Glibc)
  import Glibc
#endif

/// The built-in themes `--theme` takes.
enum DemoTheme: String, CaseIterable {
  case standard, dark, light

  /// The library's theme of that name.
  var theme: Theme {
    switch self {
    case .standard: return .standard
    case .dark: return .dark
    case .light: return .light
    }
  }
}

/// What `--theme` asks for: a theme for the terminal's background, or one
/// of the built-in themes.
enum ThemeOption: Equatable {
  /// Dark or light for the terminal's background, standard where it is
  /// not known (Night mode Auto).
  case auto
  /// That theme, whatever the terminal.
  case fixed(DemoTheme)

  /// The values `--theme` takes.
  static let names = ["auto"] + DemoTheme.allCases.map(\.rawValue)

  /// The option named `name`, or nil.
  init?(rawValue name: String) {
    if name == "auto" {
      self = .auto
    } else if let theme = DemoTheme(rawValue: name) {
      self = .fixed(theme)
    } else {
      return nil
    }
  }
}

/// `tabbar-demo`: a NetEase-News-like app that shows TabBarKit.
///
/// Its command line is read by ``ParsedCommandLine`` against the table in
/// ``CommandLineOption/demo`` (DemoOptions.swift): a few dozen lines instead
/// of argument-parser, which took about 40% of the start of `--version` and
/// almost a MiB of memory (issue 14).
@main
struct TabBarDemo {
  static let command = "tabbar-demo"
  static let version = "0.1.0"

  /// The help page: `--help` or `-h`.
  static let help = HelpPage(
    command: command,
    abstract: "A terminal app navigated by a bottom tab bar, built with TabBarKit.",
    discussion: """
      Keys: left/right, tab/backtab or 1-9 switch tabs; [ and ] switch News's \
      channels; up/down, pgup/pgdn, home/end move; enter opens; esc goes back; \
      ? shows the keys; q quits.
      """,
    options: CommandLineOption.demo)

  var content: String?
  /// `--feed`, as given: News's channels are these feeds.
  var feeds: [String] = []
  var barStyle: TabBarStyle?
  var theme: ThemeOption?
  var noColor = false
  var noMouse = false
  var noAnimation = false
  var open: String?
  var state: String?
  var latency = 150
  var failLoads = false
  var animationRate: Double = 1
  var headless = false
  var size = "80x24"
  var keys = ""
  var styles = false

  /// What a command line asks for.
  enum Invocation {
    /// Run the demo with these options.
    case run(TabBarDemo)
    /// Print the help page, or the version, and exit with status 0.
    case help, version
  }

  /// Reads and checks `arguments` (without the program's name).
  ///
  /// - Throws: a ``CommandLineError`` for a line that cannot be used: an
  ///   unknown option, a missing or bad value, a failed ``validate()``.
  static func invocation(_ arguments: [String]) throws(CommandLineError) -> Invocation {
    typealias Option = CommandLineOption
    let line = try ParsedCommandLine(arguments, options: Option.demo)
    switch line.request {
    case .help: return .help
    case .version: return .version
    case nil: break
    }
    var demo = TabBarDemo()
    demo.content = line.value(.content)
    demo.feeds = line.values(.feed)
    demo.barStyle = try line.value(.barStyle, TabBarStyle.init(rawValue:))
    demo.theme = try line.value(.theme, ThemeOption.init(rawValue:))
    demo.noColor = line.contains(.noColor)
    demo.noMouse = line.contains(.noMouse)
    demo.noAnimation = line.contains(.noAnimation)
    demo.open = line.value(.open)
    demo.state = line.value(.state)
    demo.latency = try line.value(.latency) { Int($0) } ?? demo.latency
    demo.failLoads = line.contains(.failLoads)
    demo.animationRate = try line.value(.animationRate) { Double($0) } ?? demo.animationRate
    demo.headless = line.contains(.headless)
    demo.size = line.value(.size) ?? demo.size
    demo.keys = line.value(.keys) ?? demo.keys
    demo.styles = line.contains(.styles)
    try demo.validate()
    return .run(demo)
  }

  /// The largest `--size`: a 1000×1000 screen already takes seconds to
  /// settle in a debug build, and far larger ones tried to allocate
  /// gigabytes and died.
  static let maximumSize = Size(width: 1000, height: 1000)

  /// The speeds `--animation-rate` takes: a hundredth of normal speed to a
  /// hundred times it.
  static let animationRates = 0.01...100.0

  /// The latencies `--latency` takes, in milliseconds: up to a minute.
  static let latencies = 0...60_000

  /// Checks the values together, as read: sizes, ranges, key names.
  ///
  /// - Throws: a ``CommandLineError`` naming the option and the value.
  func validate() throws(CommandLineError) {
    _ = try SizeOption.parse(size, maximum: Self.maximumSize)
    if !keys.isEmpty, keys.allSatisfy({ $0 == " " }) {
      throw CommandLineError(
        "--keys is blank; give key names separated by commas, such as \"2,enter,esc\" "
          + "(the space bar is \"space\")")
    }
    do {
      _ = try Key.parseList(keys)
    } catch {
      throw CommandLineError("--keys: \(error)")
    }
    // inf crashed the clock, and 1e-9 made an animation that never ends.
    guard animationRate.isFinite, Self.animationRates.contains(animationRate) else {
      let range = Self.animationRates
      throw CommandLineError(
        "--animation-rate must be from \(range.lowerBound) to \(Int(range.upperBound)), "
          + "got '\(animationRate)'")
    }
    guard Self.latencies.contains(latency) else {
      throw CommandLineError(
        "--latency must be from \(Self.latencies.lowerBound) to \(Self.latencies.upperBound) "
          + "milliseconds, got '\(latency)'")
    }
    if !headless && !keys.isEmpty {
      throw CommandLineError("--keys needs --headless")
    }
    _ = try Self.feedSources(feeds)
  }

  func run() throws {
    // Runs on the main thread: the app's controllers are main-actor types.
    try MainActor.assumeIsolated { try runApp() }
  }

  /// Builds the app from its content, takes back the saved state, follows
  /// `--open`, and runs: headless or in the terminal.
  @MainActor
  private func runApp() throws {
    // The content is read and checked before anything touches the terminal,
    // so a bad file leaves it as it was.
    let root: DemoRootController
    do {
      let network = SimulatedNetwork(latency: .milliseconds(latency), failsLoads: failLoads)
      let content = try DemoContent.load(path: content)
      if !feeds.isEmpty, DemoFeeds.newsPage(of: content) == nil {
        throw CommandLineError("--feed: the content has no tab with a list to show feeds in")
      }
      let model = DemoModel(
        content: content, network: network, loadsAtOnce: headless, feeds: try feedOptions())
      Phases.mark("make the model")
      root = try model.makeRoot(barStyle: barStyle)
      Phases.mark("make the pages")
    } catch {
      throw Self.failure("\(error)")
    }
    // The saved state first, so that a deep link wins over its selection.
    let session = StateSession(path: state, content: ContentState.name(ofContentAt: content))
    let reopenedForm = session.restore(into: root, theme: theme, barStyle: barStyle)
    // The feeds' stories in the History kept by --state were read.
    root.model.feeds.restoreRead(root.model.reading.history)
    try follow(open, in: root)
    // A form open at quit is open again, with its text.
    root.reopenForm(reopenedForm)
    if headless {
      try runHeadless(root)
      session.save(root)
      session.report()
      exit(0)
    }
    let ending = try runInTerminal(root, session: session)
    session.report()
    // The terminal is restored and the state saved: nothing needs freeing.
    // Releasing every page, row and parsed value here took 80-220 ms after
    // q with 100,000 rows (make bench's scale table); the process ends now.
    // A terminal that went away leaves nobody to read a warning: the
    // status says whether what the user did was kept.
    TerminalApp.exit(ending, status: ending == .terminalLost && session.saveFailed ? 1 : 0)
  }

  /// Follows the deep link `--open`, if given.
  @MainActor
  private func follow(_ open: String?, in root: DemoRootController) throws {
    guard let open else { return }
    let link = OpenPath(text: open)
    do {
      try link.follow(in: root)
    } catch {
      // Page titles come from the content file: escaped, never raw.
      throw Self.failure("\(link.flag): \(ContentError.escaped("\(error)"))")
    }
  }

  @MainActor
  private func runHeadless(_ root: TabBarController) throws {
    let events = try Key.parseList(keys).map { InputEvent.key($0) }
    let noColorEnv = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
    let terminal = MemoryTerminal(
      size: try SizeOption.parse(size, maximum: Self.maximumSize), events: events,
      supportsColor: !noColor && !noColorEnv)
    let app = Application(
      root: root, terminal: terminal, animated: !noAnimation)
    try app.run()
    Phases.mark("run to the last frame")
    print(terminal.screen.text)
    if styles {
      print("")
      print(terminal.screen.styleText)
    }
  }

  /// Runs the app in the terminal through the library's lifecycle: the
  /// state is saved once on every way out (q, Ctrl-C, a stop signal, a
  /// terminal that went away), always before the terminal is restored.
  /// Returns how the app ended, the terminal restored.
  @MainActor
  private func runInTerminal(
    _ root: DemoRootController, session: StateSession
  ) throws -> TerminalApp.Ending {
    do {
      return try TerminalApp.runAndReturn(
        colors: !noColor, mouse: !noMouse, clock: SystemClock(rate: animationRate),
        animated: !noAnimation,
        // The badge timer runs while the Notifications setting is on.
        configure: { app in root.settings.run(on: app) },
        willTerminate: { _ in session.save(root) },
        { root })
    } catch let error as NcursesTerminal.StartError {
      session.report()
      let hint = if case .notATerminal = error { ", or use --headless" } else { "" }
      throw Self.failure("\(error)\(hint)")
    }
  }
}

extension TabBarDemo {
  /// Reads the command line and runs. A command line that cannot be used,
  /// whatever the reason (an unknown option, a bad value, a failed
  /// validation), ends like every other bad input: one line on stderr with
  /// nothing that could act on a terminal, and exit status 2. `--help` and
  /// `--version` print to stdout and exit with status 0.
  static func main() {
    let demo: TabBarDemo
    do {
      switch try invocation(Array(CommandLine.arguments.dropFirst())) {
      case .help:
        print(help.text, terminator: "")
        exit(0)
      case .version:
        print(version)
        exit(0)
      case .run(let options):
        demo = options
      }
    } catch {
      exit(failure(error.description).status)
    }
    do {
      try demo.run()
    } catch let status as ExitStatus {
      // `run()` printed its own message.
      exit(status.status)
    } catch {
      exit(failure("\(error)").status)
    }
    exit(0)
  }

  /// Prints `tabbar-demo: error: message` on stderr and gives the exit status 2
  /// to throw: bad input of any kind ends this way.
  ///
  /// The message is escaped here, once for every path: values from the
  /// command line and the environment (`TERM`, in `NcursesTerminal`'s
  /// message) must not act on the terminal. Escaping text that is already
  /// escaped changes nothing.
  static func failure(_ message: String) -> ExitStatus {
    var stderr = StandardError()
    print("tabbar-demo: error: \(ContentError.escaped(message))", to: &stderr)
    return ExitStatus(status: 2)
  }
}

/// The status the demo exits with, thrown once its message is printed.
struct ExitStatus: Error {
  var status: Int32
}

/// Standard error as a `TextOutputStream`.
struct StandardError: TextOutputStream {
  mutating func write(_ string: String) {
    var bytes = Array(string.utf8)
    _ = bytes.withUnsafeMutableBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
  }
}
