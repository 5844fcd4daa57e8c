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
      Keys: left/right, tab/backtab or 1-9 switch tabs; up/down, pgup/pgdn, home/end \
      move; enter opens; esc goes back; ? shows the keys; q quits.
      """,
    options: CommandLineOption.demo)

  var content: String?
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
    guard let parsed = Size(parsing: size) else {
      throw CommandLineError("--size must be WIDTHxHEIGHT with both above 0, got '\(size)'")
    }
    let most = Self.maximumSize
    guard parsed.width <= most.width, parsed.height <= most.height else {
      throw CommandLineError(
        "--size must be at most \(most.width)x\(most.height), got '\(size)'")
    }
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
  }

  func run() throws {
    // Runs on the main thread: the app's controllers are main-actor types.
    try MainActor.assumeIsolated { try runApp() }
  }

  @MainActor
  private func runApp() throws {
    // The content is read and checked before anything touches the terminal,
    // so a bad file leaves it as it was.
    let content: ContentFile
    let root: DemoRootController
    // The tabs' lists load from this network (FeedViewController).
    FeedViewController.network = SimulatedNetwork(
      latency: .milliseconds(latency), failsLoads: failLoads)
    FeedViewController.loadsAtOnce = headless
    do {
      content = try DemoContent.load(path: self.content)
      root = try content.makeRoot(barStyle: barStyle)
    } catch {
      throw Self.failure("\(error)")
    }
    let settings = root.settings

    // The saved state first, so that a deep link wins over its selection.
    // Its problems are only warnings, printed once the terminal is restored.
    let stateFile = state.map { StateFile(path: $0) }
    var stateProblems: [String] = []
    var mayReplaceState = true
    var reopenedForm: String?
    do {
      let saved = try stateFile?.load()
      // Night mode and the bar style saved, unless --theme or --bar-style is given.
      settings.start(saved: saved?.settings, theme: theme, barStyle: barStyle)
      if let saved {
        // The posted stories first, so the rows saved as selected are there.
        if let compose = saved.compose { root.compose.restore(compose, content: content) }
        reopenedForm = saved.compose?.open
        let mismatches = saved.restoration.restore(root)
        if saved.isFromOlderVersion {
          stateProblems.append(
            "saved by an older tabbar-demo: started on the first tab (kept the settings, "
              + "the draft and the posts)")
        } else if !mismatches.isEmpty {
          // Said, not silently dropped: the file was saved with other content.
          let list = mismatches.map(\.description).joined(separator: "; ")
          stateProblems.append("it does not match the content (\(list)); restored what matched")
        }
      }
    } catch {
      settings.start(saved: nil, theme: theme, barStyle: barStyle)
      // A file that holds no saved state may be the user's: never replaced.
      mayReplaceState = !error.forbidsSaving
      stateProblems.append("\(error); ignored it" + (mayReplaceState ? "" : "; not saving over it"))
    }
    if let open {
      let link = OpenPath(text: open)
      do {
        try link.follow(in: root)
      } catch {
        // Page titles come from the content file: escaped, never raw.
        throw Self.failure("\(link.flag): \(ContentError.escaped("\(error)"))")
      }
    }
    // A form open at quit is open again, with its text.
    root.compose.reopen(reopenedForm, content: content)

    // Saved once on every way out: q, Ctrl-C, the end of --keys, a stop
    // signal (SIGTERM, SIGHUP, SIGINT, SIGQUIT, a closed window) and a
    // terminal that went away; in a terminal, before it is restored.
    var saved = false
    let save: @MainActor () -> Void = {
      guard let stateFile, !saved else { return }
      saved = true
      do {
        var state = SavedState(restoration: RestorationCoder(encoding: root))
        state.settings = settings.saved
        state.compose = root.compose.state
        if mayReplaceState { try stateFile.save(state) }
      } catch {
        stateProblems.append("\(error)")
      }
    }
    // The problems, as one warning line once the terminal is restored.
    var reported = false
    let report: @MainActor () -> Void = {
      guard let stateFile, !reported, !stateProblems.isEmpty else { return }
      reported = true
      // One line, with nothing from the file that could act on a terminal.
      var stderr = StandardError()
      let name = ContentError.escaped(stateFile.path)
      let problems = ContentError.escaped(stateProblems.joined(separator: "; "))
      print("tabbar-demo: warning: --state \(name): \(problems)", to: &stderr)
    }
    if headless {
      try runHeadless(root)
      save()
    } else {
      do {
        try runInTerminal(root, content: content, save: save, report: report)
      } catch {
        report()
        throw error
      }
    }
    report()
    // The terminal is restored and the state saved: nothing needs freeing.
    // Releasing every page, row and parsed value here took 80-220 ms after
    // q with 100,000 rows (make bench's scale table); the process ends now.
    exit(0)
  }

  @MainActor
  private func runHeadless(_ root: TabBarController) throws {
    let events = try Key.parseList(keys).map { InputEvent.key($0) }
    let noColorEnv = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
    let terminal = MemoryTerminal(
      size: Size(parsing: size)!, events: events, supportsColor: !noColor && !noColorEnv)
    let app = Application(
      root: root, terminal: terminal, animated: !noAnimation)
    try app.run()
    print(terminal.screen.text)
    if styles {
      print("")
      print(terminal.screen.styleText)
    }
  }

  /// Runs the app in the terminal; `save` runs before the terminal is
  /// restored on every way out, `report` after it when a stop signal ends
  /// the process (otherwise the caller reports).
  @MainActor
  private func runInTerminal(
    _ root: DemoRootController, content: ContentFile, save: @escaping @MainActor () -> Void,
    report: @escaping @MainActor () -> Void
  ) throws {
    let terminal: NcursesTerminal
    do {
      terminal = try NcursesTerminal(colors: !noColor, mouse: !noMouse)
    } catch {
      let hint = if case .notATerminal = error { ", or use --headless" } else { "" }
      throw Self.failure("\(error)\(hint)")
    }
    terminal.onStopSignal = { [unowned terminal] in
      save()
      terminal.restore()
      report()
    }
    let app = Application(
      root: root, terminal: terminal, clock: SystemClock(rate: animationRate),
      animated: !noAnimation)
    // The badge timer runs while the Notifications setting is on.
    root.settings.run(on: app)
    defer { terminal.restore() }
    do {
      try app.run()
    } catch {
      // The terminal hung up: what the user did is still saved.
      save()
      terminal.restore()
      throw Self.failure("the terminal went away: \(error)")
    }
    save()
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
