import Dispatch
import NcursesTerminal
import TabBarKit

// Work that finishes while the app waits for keys: a page's task (async/await)
// and a closure a background thread posts. The end-to-end tests check that
// both are drawn without a key being pressed, and that the app then sleeps.

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

let page = FeedPage()
TerminalApp.run(
  configure: { app in
    // A callback-based library's thread hands its result back with post.
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(400)) {
      app.post { page.posted = "Posted from another thread" }
    }
  },
  { NavigationController(rootViewController: page) })
