import TabBarKit

/// One run's `--state` file: read into the app at start, written once on
/// the way out, and its problems told as one warning line once the
/// terminal is restored. With no file, every step does nothing.
///
/// The file keeps the parts of each content file apart
/// (``ContentState``): a run reads and writes those of its own content,
/// and leaves the others' as they are.
@MainActor
final class StateSession {
  /// The file, if `--state` gave one.
  let file: StateFile?
  /// The name this run's content goes by in the file
  /// (``ContentState/name(ofContentAt:)``).
  let content: String
  /// What went wrong reading or writing it: warnings, never errors.
  private(set) var problems: [String] = []
  /// False when the file holds something that is not a saved state (the
  /// user's own file): it is never replaced.
  private var mayReplace = true
  /// The parts of this content the file held at start: what another run's
  /// changes to the file are told from when this run saves.
  private var base: ContentState?
  /// The file as loaded at start, to merge with at quit when no other run
  /// changed it meanwhile.
  private var loaded: StateFile.Loaded?
  private var saved = false
  private var reported = false

  /// A session of the file at `path` (or of none) for the content named
  /// `content`.
  init(path: String?, content: String = ContentState.builtIn) {
    file = path.map { StateFile(path: $0) }
    self.content = content
  }

  /// Starts `root`'s settings and takes back what the file saved: the
  /// posts, then the navigation. The command line's `theme` and `barStyle`
  /// win over the saved ones. Returns the form that was open at quit.
  func restore(into root: DemoRootController, theme: ThemeOption?, barStyle: TabBarStyle?)
    -> String?
  {
    let model = root.model
    do {
      loaded = try file?.load()
      let saved = loaded?.state
      model.settings.start(saved: saved?.settings, theme: theme, barStyle: barStyle)
      guard let saved else { return nil }
      problems += saved.warnings
      // Another content's parts are not this one's to restore: a first run
      // on this content.
      guard let parts = saved.parts(of: content) else { return nil }
      base = parts
      // The posted stories first, so the rows saved as selected are there.
      if let compose = parts.compose { model.compose.restore(compose, content: model.content) }
      if let reading = parts.reading { model.reading.restore(reading) }
      if let resume = parts.resume { model.resume.restore(resume) }
      if let comments = parts.comments { model.comments.restore(comments) }
      if let inbox = parts.inbox { model.inbox.restore(inbox) }
      // A state that kept no place (the encoder dropped it to fit) has
      // nothing to restore, and nothing to warn about.
      let mismatches =
        parts.restoration == RestorationCoder() ? [] : parts.restoration.restore(root)
      if saved.isFromOlderVersion {
        problems.append(
          "saved by an older tabbar-demo: started on the first tab (kept the settings, "
            + "the draft and the posts)")
      } else if !mismatches.isEmpty {
        // Said, not silently dropped: the file was saved with other content.
        let list = mismatches.map(\.description).joined(separator: "; ")
        problems.append("it does not match the content (\(list)); restored what matched")
      }
      return parts.compose?.open
    } catch {
      model.settings.start(saved: nil, theme: theme, barStyle: barStyle)
      mayReplace = !error.forbidsSaving
      problems.append("\(error); ignored it" + (mayReplace ? "" : "; not saving over it"))
      return nil
    }
  }

  /// Writes `root`'s state, once, whichever way out comes first, merged
  /// with what another run saved in the file meanwhile.
  func save(_ root: DemoRootController) {
    guard let file, !saved else { return }
    saved = true
    do {
      guard mayReplace else { return }
      let leftOut = try file.save(state(of: root), base: base, loaded: loaded)
      if !leftOut.isEmpty {
        problems.append("too large to keep: left out \(StateFile.list(leftOut))")
      }
    } catch {
      problems.append("\(error)")
    }
  }

  /// What the file keeps of `root` now.
  func state(of root: DemoRootController) -> SavedState {
    var state = SavedState(restoration: RestorationCoder(encoding: root))
    state.current.content = content
    state.settings = root.settings.saved
    state.compose = root.compose.state
    state.reading = root.model.reading.state
    state.resume = root.model.resume.state
    state.comments = root.model.comments.state
    state.inbox = root.model.inbox.state
    return state
  }

  /// Prints the problems, once, as one line on stderr with nothing from the
  /// file that could act on a terminal.
  func report() {
    guard let file, !reported, !problems.isEmpty else { return }
    reported = true
    var stderr = StandardError()
    let name = ContentError.escaped(file.path)
    let text = ContentError.escaped(problems.joined(separator: "; "))
    print("tabbar-demo: warning: --state \(name): \(text)", to: &stderr)
  }
}
