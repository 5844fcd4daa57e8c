import Foundation
import NcursesTerminal
import TabBarKit

// An app that comes back where it was, however it ends:
// - `willTerminate` saves where the user is (a `RestorationCoder`, as JSON)
//   on every way out: q, Ctrl-C, SIGTERM, SIGHUP (the window closed), a
//   terminal that went away. The library calls it before it restores the
//   terminal, once.
// - At start the saved state is restored, then `--open` follows a deep link
//   (`--open 1/4`: Inbox, its fourth message; positions skip the headers).
//   Both reach Inbox, a list that loads its rows: they wait for its load,
//   then land.
//
// inbox-example [--state FILE] [--open TAB/ROW/…] [--latency MS]

/// The value after `flag` on the command line, if any.
func argument(_ flag: String) -> String? {
  let arguments = CommandLine.arguments
  guard let at = arguments.firstIndex(of: flag), at + 1 < arguments.count else { return nil }
  return arguments[at + 1]
}

/// One line on standard error and exit status 2, before the terminal starts.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("inbox-example: error: \(message)\n".utf8))
  exit(2)
}

let latency = Duration.milliseconds(Int(argument("--latency") ?? "500") ?? 500)
let statePath = argument("--state")

/// A message row that opens the message.
@MainActor
func message(_ sender: String, _ subject: String, _ body: String) -> ListRow {
  ListRow(subject, id: subject, detail: sender) {
    TextViewController(title: subject, blocks: [.heading("From \(sender)"), .paragraph(body)])
  }
}

let messages: [ListRow] = [
  .header("Today"),
  message("Ana", "Lunch on Friday?", "The new place by the station, at one?"),
  message("Build bot", "Nightly build passed", "All 412 tests passed in 6 minutes."),
  message("Sam", "Slides for Monday", "Attached: the slides, with the numbers from March."),
  .header("Earlier"),
  message("Ravi", "Trip photos", "Forty photos from the coast, the lighthouse among them."),
  message("Mara", "Book club: chapter 5", "We meet on the 12th; bring the questions."),
  message("Owen", "Bike for sale", "A blue road bike, barely ridden, with two helmets."),
]

// Inbox loads its rows, as from a server: "Loading…", then the messages.
let inbox = ListViewController(title: "Inbox") {
  try await Task.sleep(for: latency)
  return messages
}
let archive = ListViewController(
  title: "Archive",
  rows: [message("Lee", "Old invoice", "Paid in full on the 3rd.")])
let tabs: TabBarController
do {
  tabs = try TabBarController(
    viewControllers: [
      NavigationController(rootViewController: inbox),
      NavigationController(rootViewController: archive),
    ],
    items: [TabBarItem(title: "Inbox", glyph: "✉"), TabBarItem(title: "Archive", glyph: "▤")])
} catch {
  fail("\(error)")
}

// Where the user was: restored now as far as it can be; Inbox's part once
// it has loaded.
if let statePath, let data = FileManager.default.contents(atPath: statePath),
  let saved = try? JSONDecoder().decode(RestorationCoder.self, from: data)
{
  saved.restore(tabs) { skipped in
    guard !skipped.isEmpty else { return }
    tabs.showToast("Restored what matched: " + skipped.map(\.description).joined(separator: "; "))
  }
}

// A deep link wins over the restored place; it starts at its tab's root.
if let link = argument("--open") {
  let path = link.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
  guard !path.contains(nil) else { fail("--open \(link): give numbers separated by /") }
  do {
    try tabs.open(path: path.compactMap(\.self)) { error in
      // A step that waited for Inbox's rows and failed then: an error the
      // user has to read stays longer than the 3 s of a notice.
      if let error { tabs.showToast("--open \(link): \(error)", for: .seconds(8)) }
    }
  } catch {
    fail("--open \(link): \(error)")
  }
}

TerminalApp.run(
  willTerminate: { _ in
    // Before the terminal is restored, once, however the app ends.
    guard let statePath, let data = try? JSONEncoder().encode(RestorationCoder(encoding: tabs))
    else { return }
    try? data.write(to: URL(fileURLWithPath: statePath), options: .atomic)
  }
) { tabs }
