import TabBarKit

/// One run's `--state` file: read into the app at start, written once on
/// the way out, and its problems told as one warning line once the
/// terminal is restored. With no file, every step does nothing.
@MainActor
final class StateSession {
  /// The file, if `--state` gave one.
  let file: StateFile?
  /// What went wrong reading or writing it: warnings, never errors.
  private(set) var problems: [String] = []
  /// False when the file holds something that is not a saved state (the
  /// user's own file): it is never replaced.
  private var mayReplace = true
  private var saved = false
  private var reported = false
  /// True when writing the file failed: what the user did since the start
  /// is lost (a warning says why).
  private(set) var saveFailed = false
  /// The steps of the saved navigation the app could not take back.
  private var mismatches: [RestorationMismatch] = []
  /// True when the file was saved by an older version.
  private var isFromOlderVersion = false

  /// A session of the file at `path`, or of none.
  init(path: String?) {
    file = path.map { StateFile(path: $0) }
  }

  /// Starts `root`'s settings and takes back what the file saved: the
  /// posts, then the navigation. The command line's `theme` and `barStyle`
  /// win over the saved ones. Returns the form that was open at quit.
  func restore(into root: DemoRootController, theme: ThemeOption?, barStyle: TabBarStyle?)
    -> String?
  {
    let model = root.model
    do {
      let saved = try file?.load()
      model.settings.start(saved: saved?.settings, theme: theme, barStyle: barStyle)
      guard let saved else { return nil }
      // The posted stories first, so the rows saved as selected are there.
      if let compose = saved.compose { model.compose.restore(compose, content: model.content) }
      if let reading = saved.reading { model.reading.restore(reading) }
      if let resume = saved.resume { model.resume.restore(resume) }
      if let comments = saved.comments { model.comments.restore(comments) }
      if let inbox = saved.inbox { model.inbox.restore(inbox) }
      // A list that loads and has no rows yet takes its part later: what
      // it skips is told with the rest.
      isFromOlderVersion = saved.isFromOlderVersion
      mismatches = saved.restoration.restore(root) { [weak self] all in self?.mismatches = all }
      return saved.compose?.open
    } catch {
      model.settings.start(saved: nil, theme: theme, barStyle: barStyle)
      mayReplace = !error.forbidsSaving
      problems.append("\(error); ignored it" + (mayReplace ? "" : "; not saving over it"))
      return nil
    }
  }

  /// Writes `root`'s state, once, whichever way out comes first.
  func save(_ root: DemoRootController) {
    guard let file, !saved else { return }
    saved = true
    do {
      var state = SavedState(restoration: RestorationCoder(encoding: root))
      state.settings = root.settings.saved
      state.compose = root.compose.state
      state.reading = root.model.reading.state
      state.resume = root.model.resume.state
      state.comments = root.model.comments.state
      state.inbox = root.model.inbox.state
      if mayReplace { try file.save(state) }
    } catch {
      saveFailed = true
      problems.append("\(error)")
    }
  }

  /// Prints the problems, once, as one line on stderr with nothing from the
  /// file that could act on a terminal.
  func report() {
    var problems = problems
    if isFromOlderVersion {
      problems.insert(
        "saved by an older tabbar-demo: started on the first tab (kept the settings, "
          + "the draft and the posts)", at: 0)
    } else if !mismatches.isEmpty {
      // Said, not silently dropped: the file was saved with other content.
      let list = mismatches.map(\.description).joined(separator: "; ")
      problems.insert("it does not match the content (\(list)); restored what matched", at: 0)
    }
    guard let file, !reported, !problems.isEmpty else { return }
    reported = true
    var stderr = StandardError()
    let name = ContentError.escaped(file.path)
    let text = ContentError.escaped(problems.joined(separator: "; "))
    print("tabbar-demo: warning: --state \(name): \(text)", to: &stderr)
  }
}
