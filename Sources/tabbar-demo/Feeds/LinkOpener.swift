import TabBarKit

#if canImport(Glibc)
  import Glibc
#endif

/// Opens a story's link in the user's browser: the first command of
/// `$BROWSER` (a colon-separated list, `%s` standing for the link, else
/// the link appended, as the `BROWSER` convention and newsboat's `browser`
/// setting have it), or `xdg-open`.
///
/// `$BROWSER` runs in the foreground with the terminal
/// (``Application/runInForeground(_:environment:)``), as newsboat's
/// browser and git's editor do: a text browser (w3m, lynx) takes the
/// screen and the keys, and the app's frame comes back when it quits; a
/// graphical one that hands the link to its window and returns at once
/// gives the screen back at once. `xdg-open` runs detached, in a process
/// group of its own, its input and output away from the terminal: the app
/// keeps the screen and its keys while the desktop's browser opens, and the
/// browser outlives the app. Either way the link goes to the shell as an
/// argument, never inside the command's text, so no link can run a
/// command of its own.
struct LinkOpener {
  /// The `BROWSER` variable; nil or empty for `xdg-open`.
  var browser: String?

  /// The opener of this process's environment.
  static var standard: LinkOpener {
    LinkOpener(browser: getenv("BROWSER").map { String(cString: $0) })
  }

  /// Why a link could not be opened.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The command that opens a link: the first of `$BROWSER`'s, else
  /// `xdg-open`.
  var command: String {
    let first = (browser ?? "").split(separator: ":").first.map(String.init) ?? ""
    let trimmed = first.trimmingCharacters(in: " \t")
    return trimmed.isEmpty ? "xdg-open" : trimmed
  }

  /// The program ``command`` starts: its first word.
  var program: String { String(command.split(separator: " ").first ?? "xdg-open") }

  /// True when the browser runs in the foreground with the terminal:
  /// `$BROWSER` names it.
  var runsInForeground: Bool { command != "xdg-open" }

  /// The shell line that runs ``command`` on the link, which the shell
  /// holds as `$1` (and the program as `$2`): it exits with 127 when there
  /// is no such program. In the background, away from the terminal, unless
  /// `foreground`.
  func shellLine(foreground: Bool) -> String {
    let command = command
    let run =
      command.contains("%s")
      ? command.replacing("%s", with: "\"$1\"") : command + " \"$1\""
    let found = "command -v \"$2\" >/dev/null 2>&1 || exit 127; "
    return found + (foreground ? run : "(\(run)) </dev/null >/dev/null 2>&1 &")
  }

  /// Opens `link` and returns the program's name, or why it could not:
  /// with `$BROWSER`, runs the browser in the foreground with the terminal
  /// of `application` and returns when it ends; else starts `xdg-open` and
  /// returns as soon as the shell that starts it has left it running in
  /// the background.
  @MainActor
  func open(_ link: String, application: Application?) -> Result<String, Failure> {
    let program = program
    if runsInForeground, let application {
      let arguments = [
        "/bin/sh", "-c", shellLine(foreground: true), "tabbar-demo-browser", link, program,
      ]
      do {
        switch try application.runInForeground(arguments) {
        case .exited(0): return .success(program)
        case .exited(127):
          return .failure(Failure(description: "\(program) not found (set BROWSER)"))
        case let other:
          let name = program.split(separator: "/").last.map(String.init) ?? program
          return .failure(Failure(description: "\(name) \(other)"))
        }
      } catch {
        return .failure(Failure(description: error.description))
      }
    }
    let arguments = [
      "/bin/sh", "-c", shellLine(foreground: false), "tabbar-demo-browser", link, program,
    ]
    var pid: pid_t = 0
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A process group of its own, never the terminal's foreground one:
    // the terminal's signals (Ctrl-C, a hang-up) never reach the browser.
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    var argv = arguments.map { strdup($0) }
    argv.append(nil)
    defer { for pointer in argv { free(pointer) } }
    let started = posix_spawn(&pid, "/bin/sh", nil, &attributes, argv, environ)
    guard started == 0 else {
      return .failure(Failure(description: String(cString: strerror(started))))
    }
    // The shell ends once the browser runs in the background.
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    if status >> 8 & 0xFF == 127 {
      return .failure(Failure(description: "\(program) not found (set BROWSER)"))
    }
    return .success(program)
  }
}

extension String {
  /// The string without `characters` at its ends.
  fileprivate func trimmingCharacters(in characters: String) -> String {
    var text = Substring(self)
    while let first = text.first, characters.contains(first) { text.removeFirst() }
    while let last = text.last, characters.contains(last) { text.removeLast() }
    return String(text)
  }
}
