import ArgumentParser
import NcursesTerminal
import TabBarKit

#if canImport(Glibc)
  import Glibc
#endif

extension TabBarStyle: ExpressibleByArgument {}

/// The built-in themes `--theme` takes (P5).
enum DemoTheme: String, CaseIterable, ExpressibleByArgument {
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

/// `tabbar-demo`: a NetEase-News-like app that shows TabBarKit.
@main
struct TabBarDemo: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tabbar-demo",
    abstract: "A terminal app navigated by a bottom tab bar, built with TabBarKit.",
    discussion: """
      Keys: left/right, tab/backtab or 1-9 switch tabs; up/down, pgup/pgdn, home/end \
      move; enter opens; esc goes back; ? shows the keys; q quits.
      """,
    version: "0.1.0")

  @Option(
    help: ArgumentHelp(
      "Load the tabs, badges and pages from a JSON file (see Examples/CONTENT-FORMAT.md).",
      valueName: "file"))
  var content: String?

  @Option(
    help: """
      Tab bar style: regular (glyph over title), compact (one row) or icon. \
      Default: the content file's, else regular.
      """)
  var barStyle: TabBarStyle?

  @Option(
    help: """
      Colours: standard (NetEase red in the 8 ANSI colours), dark or light (for a dark or \
      light terminal background: 256 colours or truecolor, brought down to what the \
      terminal shows). Default: the content file's day theme, else standard; given \
      here, it wins over Night mode saved with --state.
      """)
  var theme: DemoTheme?

  @Flag(help: "Draw without colours (NO_COLOR in the environment does the same).")
  var noColor = false

  @Flag(help: "Leave the mouse to the terminal (no clicks or wheel in the app).")
  var noMouse = false

  @Flag(help: "Make every change instant: no slides.")
  var noAnimation = false

  @Flag(help: "Draw the tab bar over the content instead of below it.")
  var translucent = false

  @Option(
    help: ArgumentHelp(
      "Start at a deep link: 1-based positions separated by /, a tab then rows.",
      discussion: """
        2/5/1 starts on tab 2 with its row 5 opened, then row 1 of that page (a number \
        in an accordion opens that section, and the next one that section's row). A step that cannot be taken is an error \
        naming it, and the demo exits with status 2 before using the terminal. With \
        --state, the link wins: it selects its tab and replaces that tab's pages, while \
        the other tabs keep their saved pages.
        """,
      valueName: "path"))
  var open: String?

  @Option(
    help: ArgumentHelp(
      "Restore where you were from a file at start, and save it there on quit.",
      discussion: """
        Saves the selected tab, every tab's pages and list positions when the demo \
        quits (q, Ctrl-C, the end of --keys with --headless, or SIGTERM, SIGHUP, \
        SIGINT or SIGQUIT, as when its terminal window closes), writing a temporary \
        file with a random name beside the file and renaming it over it. A missing or \
        empty file starts afresh. One that holds no saved state (notes, the content \
        file) is ignored and never replaced, nor is a symbolic link that another user \
        owns in a sticky directory such as /tmp followed; one that cannot be written \
        (read-only, or in a missing directory) is read but left alone. A very deep \
        stack is saved cut short, so the file always loads. Either way the demo runs as usual, \
        prints one warning line on stderr after the terminal is restored, and exits \
        with status 0 (or dies of the signal that stopped it).
        """,
      valueName: "file"))
  var state: String?

  @Option(
    help: ArgumentHelp(
      "Milliseconds a tab's list takes to load, as over a slow network (0: at once).",
      discussion: """
        While a list loads it shows Loading…; keys keep working, and r loads it again. \
        With 0, or with --headless, lists load at once, with no loading state.
        """,
      valueName: "ms"))
  var latency = 150

  @Flag(help: "Make every list load fail: it shows the error and a Retry row (r retries).")
  var failLoads = false

  @Option(help: .hidden)
  var animationRate: Double = 1

  @Flag(help: "Render without a terminal and print the settled frame to stdout.")
  var headless = false

  @Option(help: "Screen size for --headless, as WIDTHxHEIGHT.")
  var size = "80x24"

  @Option(help: "Comma-separated keys to replay with --headless, e.g. \"2,enter,esc\".")
  var keys = ""

  @Flag(
    help: """
      With --headless, also print the style layer (S selected, R reverse, B bold, \
      C coloured text, D dim, U underline, . plain), one letter per cell.
      """)
  var styles = false

  /// The largest `--size`: a 1000×1000 screen already takes seconds to
  /// settle in a debug build, and far larger ones tried to allocate
  /// gigabytes and died.
  static let maximumSize = Size(width: 1000, height: 1000)

  /// The speeds `--animation-rate` takes: a hundredth of normal speed to a
  /// hundred times it.
  static let animationRates = 0.01...100.0

  /// The latencies `--latency` takes, in milliseconds: up to a minute.
  static let latencies = 0...60_000

  func validate() throws {
    guard let parsed = Size(parsing: size) else {
      throw ValidationError("--size must be WIDTHxHEIGHT with both above 0, got '\(size)'")
    }
    let most = Self.maximumSize
    guard parsed.width <= most.width, parsed.height <= most.height else {
      throw ValidationError(
        "--size must be at most \(most.width)x\(most.height), got '\(size)'")
    }
    do {
      _ = try Key.parseList(keys)
    } catch {
      throw ValidationError("--keys: \(error)")
    }
    // inf crashed the clock, and 1e-9 made an animation that never ends.
    guard animationRate.isFinite, Self.animationRates.contains(animationRate) else {
      let range = Self.animationRates
      throw ValidationError(
        "--animation-rate must be from \(range.lowerBound) to \(Int(range.upperBound)), "
          + "got '\(animationRate)'")
    }
    guard Self.latencies.contains(latency) else {
      throw ValidationError(
        "--latency must be from \(Self.latencies.lowerBound) to \(Self.latencies.upperBound) "
          + "milliseconds, got '\(latency)'")
    }
    if !headless && !keys.isEmpty {
      throw ValidationError("--keys needs --headless")
    }
  }

  func run() throws {
    // Runs on the main thread: the app's controllers are main-actor types.
    try MainActor.assumeIsolated { try runApp() }
  }

  @MainActor
  private func runApp() throws {
    // The content is read and checked before anything touches the terminal,
    // so a bad file leaves it as it was (R6).
    let content: ContentFile
    let root: TabBarController
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
    root.isTranslucent = translucent
    let settings = SettingsStore.store(for: root)

    // The saved state first, so that a deep link wins over its selection.
    // Its problems are only warnings, printed once the terminal is restored.
    let stateFile = state.map { StateFile(path: $0) }
    var stateProblems: [String] = []
    var mayReplaceState = true
    var reopenedForm: String?
    do {
      let saved = try stateFile?.load()
      // Night mode and the bar style saved, unless --theme or --bar-style is given.
      settings?.start(saved: saved?.settings, theme: theme, barStyle: barStyle)
      if let saved {
        // The posted stories first, so the rows saved as selected are there.
        if let compose = saved.compose { ComposeDesk.current.restore(compose, content: content) }
        reopenedForm = saved.compose?.open
        let mismatches = root.restore(saved.navigation)
        if !mismatches.isEmpty {
          // Said, not silently dropped: the file was saved with other content.
          let list = mismatches.map(\.description).joined(separator: "; ")
          stateProblems.append("it does not match the content (\(list)); restored what matched")
        }
      }
    } catch {
      settings?.start(saved: nil, theme: theme, barStyle: barStyle)
      // A file that holds no saved state may be the user's: never replaced.
      mayReplaceState = !error.forbidsSaving
      stateProblems.append("\(error); ignored it" + (mayReplaceState ? "" : "; not saving over it"))
    }
    if let open {
      let link = OpenPath(text: open)
      do {
        try link.follow(in: root)
      } catch {
        // Page titles come from the content file: escaped, never raw (R5).
        throw Self.failure("\(link.flag): \(ContentError.escaped("\(error)"))")
      }
    }
    // A form open at quit is open again, with its text.
    ComposeDesk.current.reopen(reopenedForm, content: content)

    // Saved on every way out that is a quit: q, Ctrl-C, the end of --keys,
    // and SIGTERM, SIGHUP, SIGINT or SIGQUIT (the terminal restored first).
    let finish: @MainActor () -> Void = {
      guard let stateFile else { return }
      do {
        var state = SavedState(navigation: root.navigationState)
        state.settings = settings?.saved
        state.compose = ComposeDesk.current.state
        if mayReplaceState { try stateFile.save(state) }
      } catch {
        stateProblems.append("\(error)")
      }
      if !stateProblems.isEmpty {
        // One line, with nothing from the file that could act on a terminal.
        var stderr = StandardError()
        let name = ContentError.escaped(stateFile.path)
        let problems = ContentError.escaped(stateProblems.joined(separator: "; "))
        print("tabbar-demo: warning: --state \(name): \(problems)", to: &stderr)
      }
    }
    if headless {
      try runHeadless(root, keyMap: content.keyMap)
    } else {
      try runInTerminal(root, content: content, onStopSignal: finish)
    }
    finish()
  }

  @MainActor
  private func runHeadless(_ root: TabBarController, keyMap: KeyMap) throws {
    let events = try Key.parseList(keys).map { InputEvent.key($0) }
    let noColorEnv = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
    let terminal = MemoryTerminal(
      size: Size(parsing: size)!, events: events, supportsColor: !noColor && !noColorEnv)
    let app = Application(
      root: root, terminal: terminal, keyMap: keyMap, animated: !noAnimation)
    try app.run()
    print(terminal.screen.text)
    if styles {
      print("")
      print(terminal.screen.styleText)
    }
  }

  @MainActor
  private func runInTerminal(
    _ root: TabBarController, content: ContentFile, onStopSignal: @escaping @MainActor () -> Void
  ) throws {
    let terminal: NcursesTerminal
    do {
      terminal = try NcursesTerminal(colors: !noColor, mouse: !noMouse)
    } catch {
      let hint = if case .notATerminal = error { ", or use --headless" } else { "" }
      throw Self.failure("\(error)\(hint)")
    }
    terminal.onStopSignal = onStopSignal
    let app = Application(
      root: root, terminal: terminal, keyMap: content.keyMap,
      clock: SystemClock(rate: animationRate),
      animated: !noAnimation)
    // The badge timer runs while the Notifications setting is on.
    SettingsStore.store(for: root)?.run(on: app)
    defer { terminal.restore() }
    do {
      try app.run()
    } catch {
      throw Self.failure("the terminal went away: \(error)")
    }
  }
}

extension TabBarDemo {
  /// Parses the command line and runs. A command line that cannot be used,
  /// whatever the reason (an unknown option, a bad value, a failed
  /// validation), ends like every other bad input: one line on stderr with
  /// nothing that could act on a terminal, and exit status 2, instead of
  /// argument-parser's usage text and status 64.
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      // --help and --version (status 0), and the statuses `run()` chose
      // after printing its own message, go through argument-parser as usual.
      if error is ExitCode || exitCode(for: error) == .success { exit(withError: error) }
      let message = message(for: error)
      let line =
        message.split(whereSeparator: \.isNewline).first.map(String.init) ?? "\(error)"
      _ = failure(line.hasPrefix("Error: ") ? String(line.dropFirst(7)) : line)
      exit(withError: ExitCode(2))
    }
  }

  /// Prints `tabbar-demo: error: message` on stderr and gives the exit status 2
  /// to throw: bad input of any kind ends this way (R2, R3, R6).
  ///
  /// The message is escaped here, once for every path: values from the
  /// command line and the environment (`TERM`, in `NcursesTerminal`'s
  /// message) must not act on the terminal. Escaping text that is already
  /// escaped changes nothing.
  static func failure(_ message: String) -> ExitCode {
    var stderr = StandardError()
    print("tabbar-demo: error: \(ContentError.escaped(message))", to: &stderr)
    return ExitCode(2)
  }
}

/// Standard error as a `TextOutputStream`.
struct StandardError: TextOutputStream {
  mutating func write(_ string: String) {
    var bytes = Array(string.utf8)
    _ = bytes.withUnsafeMutableBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
  }
}
