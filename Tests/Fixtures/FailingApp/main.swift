import NcursesTerminal
import TabBarKit

/// An app whose own code fails after the terminal started: the end-to-end
/// tests check that the terminal is restored before the error is printed.
struct FeedUnavailable: Error, CustomStringConvertible {
  var description: String { "the feed could not be loaded" }
}

TerminalApp.run {
  _ = ListViewController(title: "Feed", rows: [])
  throw FeedUnavailable()
}
