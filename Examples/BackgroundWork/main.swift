import Dispatch
import NcursesTerminal
import TabBarKit

// Background work, three ways, while the app waits for keys:
// - Feed: a page's own task (async/await), drawn when it ends;
// - the same page: a closure a background thread posts with `app.post`;
// - Stories: a list that loads its rows (`ListViewController(title:rows:load:)`):
//   "Loading…", then the rows; the first load fails, to show the error and
//   its Retry (Enter).

/// Loads in a task tied to the page: "Loading…" until the result comes.
final class FeedPage: ViewController {
  var status = "Loading…"
  var posted = "Waiting for the thread…"

  init() { super.init(title: "Feed") }

  override func viewDidAppear() {
    startTask { [weak self] in
      let count = await Self.fetchStories()
      guard let self, !Task.isCancelled else { return }
      status = "Loaded \(count) stories in a task"
      setNeedsDisplay()
    }
  }

  /// Off the main actor, as a network call would be.
  @concurrent nonisolated static func fetchStories() async -> Int {
    try? await Task.sleep(for: .milliseconds(200))
    return 3
  }

  override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    buffer.write(status, at: rect.origin)
    buffer.write(posted, at: Point(x: rect.minX, y: rect.minY + 1))
  }
}

/// A server that is busy the first time it is asked.
@MainActor
final class StoryServer {
  struct Busy: Error, CustomStringConvertible {
    var description: String { "the server is busy" }
  }
  private var asked = 0

  /// The headlines, after a short wait off the main actor.
  func headlines() async throws -> [String] {
    asked += 1
    let first = asked == 1
    try await Task.sleep(for: .milliseconds(300))
    if first { throw Busy() }
    return ["Tides rise early", "Library opens late", "Bridge reopens"]
  }
}

let page = FeedPage()
let server = StoryServer()
let stories = ListViewController(title: "Stories") {
  try await server.headlines().map { ListRow($0, id: $0) }
}
TerminalApp.run(
  configure: { app in
    // A callback-based library's thread hands its result back with post.
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(400)) {
      app.post { page.posted = "Posted from another thread" }
    }
  },
  {
    try TabBarController(
      viewControllers: [
        NavigationController(rootViewController: page),
        NavigationController(rootViewController: stories),
      ],
      items: [TabBarItem(title: "Feed", glyph: "≡"), TabBarItem(title: "Stories", glyph: "☰")])
  })
