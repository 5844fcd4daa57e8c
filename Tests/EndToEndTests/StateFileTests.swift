import Foundation
import Testing

/// `tabbar-demo --state FILE`: the selected tab and every tab's stack and
/// list positions are saved on quit (q, Ctrl-C, the end of `--keys`, SIGTERM,
/// SIGHUP) and restored at start. The file is replaced atomically. A file
/// that cannot be read, does not hold a state, or cannot be written never
/// stops the demo: one warning line on stderr once the terminal is restored,
/// status 0.
///
/// Each test works in a directory of its own, removed afterwards.
@Suite("saved state (--state)", .serialized, .timeLimit(.minutes(1)))
final class StateFileTests {
  /// A directory for this test's files.
  let directory: URL
  /// `state.json` in it, not created.
  let statePath: String

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabbar-state-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    statePath = directory.appendingPathComponent("state.json").path
  }

  deinit {
    // The read-only test leaves files without write permission; root can
    // remove them anyway, anyone else needs the directory writable, which it is.
    try? FileManager.default.removeItem(at: directory)
  }

  // MARK: Round trips

  /// Key sequences that leave the demo somewhere worth restoring: pages
  /// pushed on a scrolled list, an open accordion section, a scrolled root,
  /// a page opened then closed. None visits Topics and leaves it: its dot
  /// badge clears when it is opened, and badges are not navigation state.
  static let journeys = [
    "2,end,up,up,enter,down,enter",
    "4,down,down,enter",
    "5,pgdn,down",
    "3,enter,esc,down,down",
    "5,down,down,down,down,down,enter,down,enter",
    // A story opened from a row of an open Topics section.
    "4,down,enter,down,down,enter",
  ]

  @Test(
    "--state round trip: the next run starts on the frame the last one quit on",
    arguments: journeys)
  func headlessRoundTrip(_ keys: String) async throws {
    let first = try await DemoBinary.run(
      ["--headless", "--styles", "--state", statePath, "--keys", keys])
    #expect(first.status == 0 && first.standardError.isEmpty, "stderr: \(first.standardError)")
    #expect(FileManager.default.fileExists(atPath: statePath), "no state saved")

    let restored = try await DemoBinary.run(["--headless", "--styles", "--state", statePath])
    #expect(restored.status == 0 && restored.standardError.isEmpty, "\(restored.standardError)")
    #expect(restored.standardOutput == first.standardOutput)

    // The list positions down the stack came back too: going back to the
    // root after the restore shows what going back without quitting shows.
    let back = try await DemoBinary.run([
      "--headless", "--styles", "--keys", "\(keys),esc,esc,esc,esc,esc",
    ])
    let restoredBack = try await DemoBinary.run([
      "--headless", "--styles", "--state", statePath, "--keys", "esc,esc,esc,esc,esc",
    ])
    #expect(restoredBack.standardOutput == back.standardOutput)
  }

  @Test(
    "in a terminal, q, Ctrl-C, SIGTERM or SIGHUP saves; the next start shows the same screen",
    arguments: ["q", "C-c", "SIGTERM", "SIGHUP"])
  func terminalRoundTrip(_ quitKey: String) async throws {
    let listRows = 2..<21  // between the rules, at 80x24
    let before: PaneCapture
    let fourthRow: String
    do {
      // No slides: the pushed page is captured as soon as it shows.
      let tmux = try TmuxSession(arguments: ["--state", statePath, "--no-animation"])
      defer { tmux.kill() }
      try await tmux.waitFor("the bar") { DemoEndToEndTests.barIsShown($0) }
      try tmux.press("2")
      let reading = try await tmux.waitFor("Reading") {
        DemoEndToEndTests.navigationTitle($0) == "Reading" && DemoEndToEndTests.barIsShown($0)
      }
      fourthRow = reading.text(ofRow: 5).trimmingCharacters(in: .whitespaces)
      try tmux.press("Down", "Down", "Down")
      try await tmux.waitFor("Reading's fourth row selected") {
        DemoEndToEndTests.selectedRow(of: $0, in: listRows) == fourthRow
      }
      try tmux.press("Enter")
      before = try await tmux.waitFor("the pushed page") { DemoEndToEndTests.isPushedPage($0) }
      // A signal is how a closed window (SIGHUP) or a service manager (SIGTERM)
      // stops the demo: it saves, restores, then dies of that signal.
      let signals = ["SIGTERM": SIGTERM, "SIGHUP": SIGHUP]
      if let signal = signals[quitKey] {
        kill(try HardeningTests.demoPID(in: tmux), signal)
      } else {
        try tmux.press(quitKey)
      }
      let exit = try await tmux.waitForExit()
      #expect(exit.status == signals[quitKey].map { 128 + $0 } ?? 0, "status after \(quitKey)")
      // The shell names the signal that ended its child ("Terminated"); the
      // demo itself prints nothing.
      let shellSays = ["SIGTERM": ["Terminated"], "SIGHUP": ["Hangup"]][quitKey] ?? []
      #expect(DemoEndToEndTests.linesBeforeExit(exit) == shellSays, "messages: \(exit.lines)")
    }

    let tmux = try TmuxSession(arguments: ["--state", statePath])
    defer { tmux.kill() }
    let after = try await tmux.waitFor("the restored page") { DemoEndToEndTests.isPushedPage($0) }
    #expect(after.lines == before.lines, "before:\n\(before)\nafter:\n\(after)")
    // Back at the root, the row that opened the page is still selected.
    try tmux.press("Escape")
    try await tmux.waitFor("Reading's root with the fourth row selected") {
      DemoEndToEndTests.navigationTitle($0) == "Reading" && DemoEndToEndTests.barIsShown($0)
        && DemoEndToEndTests.selectedRow(of: $0, in: listRows) == fourthRow
    }
    try tmux.press("q")
    #expect(try await tmux.waitForExit().status == 0)
  }

  @Test("the player keeps its position as its own state: seek 30 s, quit, start again at 0:30")
  func playerPosition() async throws {
    // → seeks 10 s on the player: the page takes the key before the tab bar.
    let first = try await DemoBinary.run([
      "--headless", "--state", statePath, "--open", "3/1", "--keys", "right,right,right",
    ])
    #expect(first.status == 0 && first.standardError.isEmpty, "\(first.standardError)")
    #expect(first.standardOutput.contains("0:30 / "))
    let next = try await DemoBinary.run(["--headless", "--state", statePath])
    #expect(next.status == 0 && next.standardError.isEmpty, "\(next.standardError)")
    let lines = DeepLinkTests.lines(next.standardOutput)
    #expect(lines[0].hasPrefix(" ‹ Video"), "\(next.standardOutput)")
    #expect(next.standardOutput.contains("0:30 / "), "\(next.standardOutput)")
    #expect(next.standardOutput.contains("Paused"))
  }

  @Test("a state file of the version before pages saved themselves keeps the settings; one warning")
  func olderVersionFile() async throws {
    let old =
      #"{"selectedIndex": 2, "stacks": [[{"selectedRow": 9223372036854775807}]], "#
      + #""settings": {"barStyle": "compact"}}"#
    try Data(old.utf8).write(to: URL(fileURLWithPath: statePath))
    let run = try await DemoBinary.run(["--headless", "--state", statePath])
    let compact = try await DemoBinary.run(["--headless", "--bar-style", "compact"])
    #expect(run.status == 0)
    #expect(run.standardOutput == compact.standardOutput, "not the first tab, compact")
    #expect(
      run.standardError
        == "tabbar-demo: warning: --state \(statePath): saved by an older tabbar-demo: started "
        + "on the first tab (kept the settings, the draft and the posts)\n")
    // It was saved over in this version's format: the next start is silent.
    let next = try await DemoBinary.run(["--headless", "--state", statePath])
    #expect(next.status == 0 && next.standardError.isEmpty, "\(next.standardError)")
  }

  @Test("--open wins over the restored selection; the other tabs keep their saved pages")
  func openWinsOverState() async throws {
    // Saved: Reading with a page pushed, Video with a page pushed, Video selected.
    _ = try await DemoBinary.run([
      "--headless", "--state", statePath, "--keys", "2,enter,3,down,enter",
    ])
    let linked = try await DemoBinary.run([
      "--headless", "--styles", "--state", statePath, "--open", "2/6/1",
    ])
    let fresh = try await DemoBinary.run(["--headless", "--styles", "--open", "2/6/1"])
    #expect(linked.status == 0 && linked.standardError.isEmpty, "\(linked.standardError)")
    // Tab 2's saved page is replaced by the link's pages.
    #expect(linked.standardOutput == fresh.standardOutput)
    // Video kept its saved page (and the link's stack on Reading was saved).
    let video = try await DemoBinary.run(["--headless", "--state", statePath, "--keys", "3"])
    #expect(DeepLinkTests.lines(video.standardOutput)[0].hasPrefix(" ‹ Video"))
    let reading = try await DemoBinary.run(["--headless", "--state", statePath, "--keys", "2"])
    #expect(DeepLinkTests.lines(reading.standardOutput)[0].hasPrefix(" ‹ Rivers of the North"))

    // A bad link stops the demo before it runs: the saved state is not touched.
    let saved = try Data(contentsOf: URL(fileURLWithPath: statePath))
    let bad = try await DemoBinary.run(["--headless", "--state", statePath, "--open", "1/99"])
    #expect(bad.status == 2)
    #expect(try Data(contentsOf: URL(fileURLWithPath: statePath)) == saved)
  }

  // MARK: Files that cannot be used

  /// A state file that does not hold a state, and the start of the problem
  /// after `--state PATH: `.
  struct BadState: Sendable, CustomTestStringConvertible {
    /// What the test calls it.
    var name: String
    /// The file's bytes.
    var bytes: [UInt8]
    /// The problem up to where the decoder's own wording would start.
    var problem: String

    var testDescription: String { name }
  }

  static let badStates: [BadState] = [
    BadState(name: "empty", bytes: [], problem: "not a saved state (the file is empty)"),
    BadState(
      name: "not JSON", bytes: Array("{not json".utf8),
      problem:
        "not a saved state (line 1, column 2: expected a key in double quotes, found 'not')"),
    BadState(
      name: "cut short", bytes: Array(#"{"selectedIndex": 1, "stacks": [["#.utf8),
      problem: "not a saved state (line 1, column 34: "),
    BadState(
      name: "invalid UTF-8", bytes: [0x7B, 0xFF, 0x7D],
      problem: "not a saved state (invalid UTF-8 at byte offset 1)"),
    BadState(
      name: "a missing field", bytes: Array(#"{"stacks": [[{"selectedRow": 0}]]}"#.utf8),
      problem: "not a saved state (the top: no \"selectedIndex\")"),
    BadState(
      name: "a wrong type",
      bytes: Array(#"{"selectedIndex": "two", "stacks": []}"#.utf8),
      problem: "not a saved state (selectedIndex: "),
  ]

  @Test(
    "a corrupt state file is ignored with one warning line; normal start, status 0",
    arguments: badStates)
  func corruptFile(_ bad: BadState) async throws {
    try Data(bad.bytes).write(to: URL(fileURLWithPath: statePath))
    let run = try await DemoBinary.run(["--headless", "--styles", "--state", statePath])
    let fresh = try await DemoBinary.run(["--headless", "--styles"])
    #expect(run.status == 0)
    #expect(run.standardOutput == fresh.standardOutput, "not the normal start")
    let warning = try #require(Self.oneLine(run.standardError))
    let prefix = "tabbar-demo: warning: --state \(statePath): \(bad.problem)"
    #expect(warning.hasPrefix(prefix), "\(warning)\nwanted the start:\n\(prefix)")
    if bad.bytes.isEmpty {
      // An empty file holds nothing to lose (`touch state.json`): quitting
      // saved a good state into it, and the next run is silent.
      #expect(warning.hasSuffix("; ignored it"), "\(warning)")
      let next = try await DemoBinary.run(["--headless", "--state", statePath])
      #expect(next.status == 0 && next.standardError.isEmpty, "\(next.standardError)")
    } else {
      // Anything else may be the user's: it is never replaced.
      #expect(warning.hasSuffix("; ignored it; not saving over it"), "\(warning)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: statePath)) == Data(bad.bytes))
    }
  }

  @Test(
    "--state never replaces a file that is not a saved state: notes, the content file, a big binary"
  )
  func neverReplacesOtherFiles() async throws {
    let notes = directory.appendingPathComponent("notes.txt")
    try Data("shopping: milk, eggs\n".utf8).write(to: notes)
    let content = directory.appendingPathComponent("content.json")
    try Data(
      #"{"tabs": [{"title": "A", "page": "a"}], "pages": {"a": {"rows": ["one"]}}}"#.utf8
    ).write(to: content)
    let binary = directory.appendingPathComponent("big.bin")
    try Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })
      .write(to: binary)
    for (file, extra) in [
      (notes, [String]()), (content, ["--content", content.path]), (binary, []),
    ] {
      let before = try Data(contentsOf: file)
      let run = try await DemoBinary.run(
        ["--headless", "--state", file.path, "--keys", "down"] + extra)
      #expect(run.status == 0, "\(file.lastPathComponent): \(run.standardError)")
      let warning = Self.oneLine(run.standardError) ?? ""
      #expect(warning.hasPrefix("tabbar-demo: warning: --state \(file.path): not a saved state"))
      #expect(warning.hasSuffix("; ignored it; not saving over it"), "\(warning)")
      #expect(try Data(contentsOf: file) == before, "\(file.lastPathComponent) was replaced")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(names == ["big.bin", "content.json", "notes.txt"], "files left behind")
  }

  @Test(
    "a symbolic link planted by another user in a sticky world-writable directory is not followed",
    .enabled(if: getuid() == 0, "needs root to give the link another owner"))
  func stickyDirectoryLink() async throws {
    // The victim is a good saved state, so only the link's owner can stop the save.
    _ = try await DemoBinary.run(["--headless", "--state", statePath, "--keys", "2"])
    let victim = try Data(contentsOf: URL(fileURLWithPath: statePath))
    let sticky = directory.appendingPathComponent("tmp")
    #expect(mkdir(sticky.path, 0o777) == 0 && chmod(sticky.path, 0o1777) == 0)
    let link = sticky.appendingPathComponent("state.json").path
    #expect(symlink(statePath, link) == 0)
    #expect(lchown(link, 65534, 65534) == 0)

    let run = try await DemoBinary.run(["--headless", "--state", link])
    #expect(run.status == 0)
    // Not read either: the run starts afresh on News, not on the saved Reading.
    #expect(DeepLinkTests.lines(run.standardOutput).first?.contains("News") == true)
    let warning = Self.oneLine(run.standardError) ?? ""
    #expect(
      warning.hasPrefix(
        "tabbar-demo: warning: --state \(link): a symbolic link in a sticky world-writable "
          + "directory, owned by another user (\(link)); not following it"), "\(warning)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: statePath)) == victim, "the target changed")
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == statePath)
    #expect(try FileManager.default.contentsOfDirectory(atPath: sticky.path) == ["state.json"])

    // The same link owned by us is followed, as the kernel would.
    #expect(lchown(link, getuid(), getgid()) == 0)
    let own = try await DemoBinary.run(["--headless", "--state", link, "--keys", "3"])
    #expect(own.status == 0 && own.standardError.isEmpty, "\(own.standardError)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: statePath)) != victim)
  }

  @Test("a very deep stack is saved cut short, so that the next start always loads it")
  func deepStackFitsTheLoader() async throws {
    // The built-in pages end in stories; this page opens itself, forever.
    let content = directory.appendingPathComponent("deep.json").path
    try Data(
      #"{"tabs": [{"title": "Deep", "page": "deep"}], "pages": {"deep": {"rows": ["Deeper"], "rowPage": "deep"}}}"#
        .utf8
    ).write(to: URL(fileURLWithPath: content))
    let link = Array(repeating: "1", count: 16_000).joined(separator: "/")
    let first = try await DemoBinary.run(
      ["--headless", "--no-animation", "--content", content, "--state", statePath, "--open", link],
      timeout: .seconds(60))
    #expect(first.status == 0 && first.standardError.isEmpty, "\(first.standardError)")
    let size = try FileManager.default.attributesOfItem(atPath: statePath)[.size] as? Int ?? 0
    #expect(size > 0 && size <= 1 << 20, "saved \(size) bytes")
    let next = try await DemoBinary.run(
      ["--headless", "--content", content, "--state", statePath], timeout: .seconds(60))
    #expect(next.status == 0 && next.standardError.isEmpty, "\(next.standardError)")
    #expect(DeepLinkTests.lines(next.standardOutput).first?.contains("‹ Deeper") == true)
  }

  @Test("in a terminal, the warning about a corrupt file comes after the terminal is restored")
  func corruptFileInTerminal() async throws {
    try Data("{not json".utf8).write(to: URL(fileURLWithPath: statePath))
    let tmux = try TmuxSession(arguments: ["--state", statePath])
    defer { tmux.kill() }
    let screen = try await tmux.waitFor("the normal start") { DemoEndToEndTests.isRoot($0) }
    #expect(DemoEndToEndTests.markedTitle(screen) == "News")
    #expect(!screen.lines.contains { $0.contains("tabbar-demo:") }, "a message inside the app")

    try tmux.press("q")
    let exit = try await tmux.waitForExit()
    #expect(exit.status == 0)
    // Printed after ncurses left the alternate screen, so it is still there
    // on the shell's screen, and it is the only line.
    #expect(
      DemoEndToEndTests.linesBeforeExit(exit) == [
        "tabbar-demo: warning: --state \(statePath): not a saved state (line 1, column 2: "
          + "expected a key in double quotes, found 'not'); ignored it; not saving over it"
      ], "pane: \(exit.lines)")
    DemoEndToEndTests.expectRestored(exit)
  }

  @Test(
    "a state saved with a content file that has since lost a tab restores what fits, warning once")
  func editedContent() async throws {
    // The built-in content as a file (without the badge timer, which names a
    // tab), then the same file with its fifth tab taken out.
    let source = DemoBinary.packageRoot.appendingPathComponent(
      "Sources/tabbar-demo/Resources/demo.json")
    var json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
    json["badgeTimer"] = nil
    let content = directory.appendingPathComponent("content.json")
    try JSONSerialization.data(withJSONObject: json).write(to: content)
    let first = try await DemoBinary.run(
      ["--headless", "--state", statePath, "--content", content.path, "--keys", "5,end"])
    #expect(first.status == 0 && first.standardError.isEmpty, "\(first.standardError)")
    json["tabs"] = try #require(json["tabs"] as? [Any]).prefix(4).map { $0 }
    try JSONSerialization.data(withJSONObject: json).write(to: content)
    let edited = try await DemoBinary.run(
      ["--headless", "--state", statePath, "--content", content.path])
    #expect(edited.status == 0)
    #expect(DeepLinkTests.lines(edited.standardOutput).first?.contains("News") == true)
    #expect(
      edited.standardError
        == "tabbar-demo: warning: --state \(statePath): it does not match the content "
        + "(it has 5 tabs, the app 4; its tab 5 is gone); restored what matched\n")
    // The same content again: it matches what was saved on that quit.
    let again = try await DemoBinary.run(
      ["--headless", "--state", statePath, "--content", content.path])
    #expect(again.standardError.isEmpty, "\(again.standardError)")
  }

  @Test("another content file starts afresh on the same state file, and leaves the first's parts")
  func otherContent() async throws {
    let first = try await DemoBinary.run(["--headless", "--state", statePath, "--keys", "5,end"])
    #expect(first.status == 0 && first.standardError.isEmpty, "\(first.standardError)")
    // Examples/news.json has four tabs: a content of its own, never warned about.
    let news = DemoBinary.packageRoot.appendingPathComponent("Examples/news.json").path
    let other = try await DemoBinary.run(["--headless", "--state", statePath, "--content", news])
    #expect(other.status == 0 && other.standardError.isEmpty, "\(other.standardError)")
    #expect(DeepLinkTests.lines(other.standardOutput).first?.contains("Top Stories") == true)
    // The built-in content again: back where it quit, on Me's last row.
    let back = try await DemoBinary.run(["--headless", "--state", statePath])
    let meAtTheEnd = try await DemoBinary.run(["--headless", "--keys", "5,end"])
    #expect(back.standardError.isEmpty, "\(back.standardError)")
    #expect(back.standardOutput == meAtTheEnd.standardOutput)
  }

  @Test("a missing directory: the demo runs, warns once when saving, status 0")
  func missingDirectory() async throws {
    let missing = directory.appendingPathComponent("missing")
    let path = missing.appendingPathComponent("state.json").path
    let run = try await DemoBinary.run(["--headless", "--state", path, "--keys", "2"])
    #expect(run.status == 0)
    #expect(DeepLinkTests.lines(run.standardOutput).first?.contains("Reading") == true)
    #expect(
      run.standardError
        == "tabbar-demo: warning: --state \(path): cannot save the state: cannot create a file "
        + "in \(missing.path) (No such file or directory)\n")
    #expect(!FileManager.default.fileExists(atPath: missing.path), "the directory was created")
  }

  @Test("a read-only state file (chmod 444) is restored but never replaced; one warning")
  func readOnlyFile() async throws {
    _ = try await DemoBinary.run(["--headless", "--state", statePath, "--keys", "3,enter"])
    let saved = try Data(contentsOf: URL(fileURLWithPath: statePath))
    #expect(chmod(statePath, 0o444) == 0)

    // Root ignores permission bits (CAP_DAC_OVERRIDE), and rename(2) never
    // looks at the mode of the file it replaces, even for other users. So the
    // demo checks the mode itself, and this test means the same for root
    // (which the CI containers run as) and for anyone else.
    let run = try await DemoBinary.run(["--headless", "--state", statePath, "--keys", "esc"])
    #expect(run.status == 0)
    // Restored: Video's page was popped by Esc, so Video's root is on screen.
    #expect(
      DeepLinkTests.lines(run.standardOutput).first?.trimmingCharacters(in: .whitespaces) == "Video"
    )
    #expect(
      run.standardError
        == "tabbar-demo: warning: --state \(statePath): cannot save the state: "
        + "the file is read-only\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: statePath)) == saved, "the file changed")
    let mode = try FileManager.default.attributesOfItem(atPath: statePath)[.posixPermissions]
    #expect(mode as? Int == 0o444)
  }

  @Test("a path under a regular file fails for every user, root too: one line, status 0")
  func parentIsAFile() async throws {
    // open(2) and rename(2) give ENOTDIR when a "directory" on the path is a
    // regular file, whatever the caller's privileges: a real failure to read
    // and to write, even as root.
    let file = directory.appendingPathComponent("plain-file")
    try Data("x".utf8).write(to: file)
    let path = file.appendingPathComponent("state.json").path
    let run = try await DemoBinary.run(["--headless", "--state", path, "--keys", "2"])
    #expect(run.status == 0)
    #expect(DeepLinkTests.lines(run.standardOutput).first?.contains("Reading") == true)
    #expect(
      run.standardError
        == "tabbar-demo: warning: --state \(path): cannot read it (Not a directory); ignored it; "
        + "cannot save the state: cannot create a file in \(file.path) (Not a directory)\n")
  }

  @Test("a state path that is a FIFO or a directory is neither read nor replaced")
  func notARegularFile() async throws {
    let fifo = directory.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o644) == 0)
    for path in [fifo, directory.path] {
      let run = try await DemoBinary.run(["--headless", "--state", path], timeout: .seconds(15))
      #expect(run.status == 0)
      #expect(
        run.standardError
          == "tabbar-demo: warning: --state \(path): cannot read it (not a regular file); "
          + "ignored it; cannot save the state: not a regular file\n")
    }
    var status = stat()
    #expect(
      lstat(fifo, &status) == 0 && status.st_mode & mode_t(S_IFMT) == mode_t(S_IFIFO),
      "the FIFO was replaced")
  }

  @Test("saving is atomic: no temporary file is left, the mode and a symbolic link are kept")
  func atomicSave() async throws {
    _ = try await DemoBinary.run(["--headless", "--state", statePath, "--keys", "2"])
    #expect(chmod(statePath, 0o600) == 0)
    let link = directory.appendingPathComponent("link.json").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "state.json")

    let run = try await DemoBinary.run(["--headless", "--state", link, "--keys", "3"])
    #expect(run.status == 0 && run.standardError.isEmpty, "\(run.standardError)")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(names == ["link.json", "state.json"])
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link) == "state.json",
      "the link was replaced by a file")
    let mode = try FileManager.default.attributesOfItem(atPath: statePath)[.posixPermissions]
    #expect(mode as? Int == 0o600)
    // The link's target holds the new state: Video.
    let restored = try await DemoBinary.run(["--headless", "--state", statePath])
    #expect(DeepLinkTests.lines(restored.standardOutput).first?.contains("Video") == true)
  }

  // MARK: Helpers

  /// The text of `output` when it is exactly one line ending in a newline.
  static func oneLine(
    _ output: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> String? {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count == 2, lines[1].isEmpty else {
      Issue.record("not one line: \(output.debugDescription)", sourceLocation: sourceLocation)
      return nil
    }
    return String(lines[0])
  }
}
