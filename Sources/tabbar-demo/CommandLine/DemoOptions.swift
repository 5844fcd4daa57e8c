import TabBarKit

/// The demo's options, in the order `--help` lists them.
extension CommandLineOption {
  static let content = value(
    "content", "file",
    help: "Load the tabs, badges and pages from a JSON file (see Examples/CONTENT-FORMAT.md).")

  static let feed = value(
    "feed", "url",
    help: "Show a news feed (RSS, Atom or JSON Feed) as a channel of News; repeat for more.",
    discussion: """
      An http or https URL, a file:// URL or a path. The feeds replace News's channels, \
      in the order given, each titled by its feed, the first one shown. They are \
      fetched in the background (Loading…, then the stories; r fetches again) and kept \
      in $XDG_CACHE_HOME/tabbar-demo (~/.cache/tabbar-demo when unset): offline, or \
      when the server fails, the stories fetched before show under a dim line that \
      says so. o on a story opens its link with $BROWSER, else xdg-open.
      """)

  static let barStyle = value(
    "bar-style", "bar-style",
    help: """
      Tab bar style: regular (glyph over title), compact (one row) or icon. \
      Default: the content file's, else regular.
      """,
    choices: TabBarStyle.allCases.map(\.rawValue))

  static let theme = value(
    "theme", "theme",
    help: """
      Colours: auto (dark or light for the terminal's background, which the terminal \
      is asked for at start, else COLORFGBG says; standard where neither tells), \
      standard (NetEase red in the 8 ANSI colours, on the terminal's own background), \
      dark or light (each with its own background: 256 colours or truecolor, brought \
      down to what the terminal shows). Default: auto, or the Night mode saved with \
      --state; given here, it wins over the saved one.
      """,
    choices: ThemeOption.names)

  static let noColor = flag(
    "no-color", help: "Draw without colours (NO_COLOR in the environment does the same).")

  static let noMouse = flag(
    "no-mouse", help: "Leave the mouse to the terminal (no clicks or wheel in the app).")

  static let noAnimation = flag("no-animation", help: "Make every change instant: no slides.")

  static let open = value(
    "open", "path",
    help: "Start at a deep link: 1-based positions separated by /, a tab then rows.",
    discussion: """
      2/5/1 starts on tab 2 with its row 5 opened, then row 1 of that page (a number \
      in an accordion opens that section, and the next one that section's row). A step \
      that cannot be taken is an error naming it, and the demo exits with status 2 before \
      using the terminal. With --state, the link wins: it selects its tab and replaces \
      that tab's pages, while the other tabs keep their saved pages.
      """)

  static let state = value(
    "state", "file",
    help: "Restore where you were from a file at start, and save it there on quit.",
    discussion: """
      Saves the selected tab, every tab's pages and what each keeps of itself (list \
      positions, the player's position), Me's settings, History, Favourites and \
      the messages read, where each story, chapter and video was left, the \
      comments written, the compose form's draft (and whether it was open) and \
      the stories posted once, before the terminal is restored, on every way out: q, Ctrl-C, the end \
      of --keys with --headless, SIGTERM, SIGHUP, SIGINT or SIGQUIT (as when its \
      terminal window closes, under bash too), a terminal that went away or \
      stopped reading. It writes a temporary file with a random name beside the \
      file and renames it over it; one a killed run left is removed by the next \
      save. A missing or empty file starts afresh, and so does a saved state \
      with an integer past 64 bits (with a warning; it is saved over). One \
      that holds no saved state (notes, the content file) is ignored and never \
      replaced. No symbolic link on the path is followed that another user owns \
      in a sticky directory such as /tmp, nor is a file they own there read or \
      taken over. The file gets read and write bits only, as the umask allows. \
      Two runs on one file keep each other's posts (the save locks the file and \
      reads it again). One that cannot be written (read-only, or in a missing \
      directory) is read but left alone. A very deep stack is saved cut short, so \
      the file always loads. A file saved by an older tabbar-demo keeps its \
      settings, draft and posts and starts on the first tab. A state saved with \
      other content is restored as far \
      as it fits, with a warning. Either way the demo runs as usual, prints one \
      warning line on stderr after the terminal is restored, and exits with \
      status 0 (or dies of the signal that stopped it).
      """)

  static let latency = value(
    "latency", "ms",
    help: "Milliseconds a tab's list takes to load, as over a slow network (0: at once).",
    discussion: """
      While a list loads it shows Loading…; keys keep working, and r loads it again. \
      With 0, or with --headless, lists load at once, with no loading state.
      """,
    default: "150")

  static let failLoads = flag(
    "fail-loads",
    help: "Make every list load fail: it shows the error and a Retry row (r retries).")

  /// The clock's speed for the end-to-end tests: not in the help.
  static let animationRate = value(
    "animation-rate", "rate", help: "", default: "1", isHidden: true)

  static let headless = flag(
    "headless", help: "Render without a terminal and print the settled frame to stdout.")

  static let size = value(
    "size", "size", help: "Screen size for --headless, as WIDTHxHEIGHT.", default: "80x24")

  static let keys = value(
    "keys", "keys",
    help: "Comma-separated keys to replay with --headless, e.g. \"2,enter,esc\".", default: "")

  static let styles = flag(
    "styles",
    help: """
      With --headless, also print the style layer (S selected, R reverse, B bold, \
      C coloured text, D dim, U underline, . plain), one letter per cell.
      """)

  /// Every option of the demo, in the order of the help page.
  static let demo: [Self] = [
    content, feed, barStyle, theme, noColor, noMouse, noAnimation, open, state,
    latency, failLoads, animationRate, headless, size, keys, styles,
  ]
}
