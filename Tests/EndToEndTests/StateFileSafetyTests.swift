import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What `--state` trusts: numbers no content could hold, links and files
/// other users could plant, the mode bits of the file it replaces, another
/// run of the demo on the same file, and temporary files a killed run left.
///
/// Each test works in a directory of its own, removed afterwards.
@Suite("saved state: what it trusts", .serialized, .timeLimit(.minutes(1)))
final class StateFileSafetyTests {
  /// A directory for this test's files.
  let directory: URL
  /// `state.json` in it, not created.
  let statePath: String

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabbar-trust-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    statePath = directory.appendingPathComponent("state.json").path
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  // MARK: Numbers

  /// A first-version state file (position at the top level) with `value`
  /// in `field`.
  static func versionOne(_ field: String, _ value: String) -> String {
    var page = ["selectedRow": "0", "scrollOffset": "0"]
    if field != "selectedIndex" { page[field] = value }
    let fields = page.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }
    let index = field == "selectedIndex" ? value : "0"
    return #"{"selectedIndex": \#(index), "stacks": [[{\#(fields.joined(separator: ", "))}]]}"#
  }

  static let boundaryValues = ["9223372036854775807", "-1", "-9223372036854775808"]

  @Test(
    "a first-version file with a boundary number in any field starts afresh with one warning, status 0",
    arguments: ["selectedIndex", "selectedRow", "expandedSection", "sectionRow"], boundaryValues)
  func boundaryNumberInVersionOne(_ field: String, _ value: String) async throws {
    try Data(Self.versionOne(field, value).utf8).write(to: URL(fileURLWithPath: statePath))
    let run = try await DemoBinary.run(["--headless", "--state", statePath, "--keys", "3"])
    #expect(run.status == 0)
    let warning = StateFileTests.oneLine(run.standardError) ?? ""
    #expect(warning.hasPrefix("tabbar-demo: warning: --state \(statePath): "), "\(warning)")
    let fresh = try await DemoBinary.run(["--headless", "--keys", "3"])
    #expect(run.standardOutput == fresh.standardOutput, "not a fresh start")
    // Saved over at quit: the next start restores it, silently.
    let next = try await DemoBinary.run(["--headless", "--state", statePath])
    #expect(next.status == 0 && next.standardError.isEmpty, "\(next.standardError)")
    #expect(DeepLinkTests.lines(next.standardOutput).first?.contains("Video") == true)
  }

  @Test(
    "a saved number at either end of Int, in any field the pages save, is a warning at most, never a crash",
    arguments: ["selectedTab", "row", "scroll", "section", "focused", "at"], boundaryValues)
  func boundaryNumberInPages(_ key: String, _ value: String) async throws {
    _ = try await DemoBinary.run([
      "--headless", "--state", statePath, "--keys", "4,down,enter,down,down,enter",
    ])
    let saved = try String(contentsOfFile: statePath, encoding: .utf8)
    let pattern = try Regex("\"\(key)\" : -?[0-9]+")
    #expect(saved.contains(pattern), "no \(key) saved: \(saved)")
    let edited = saved.replacing(pattern, with: "\"\(key)\" : \(value)")
    try Data(edited.utf8).write(to: URL(fileURLWithPath: statePath))
    let run = try await DemoBinary.run(["--headless", "--state", statePath])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(!run.standardOutput.isEmpty)
    let lines = run.standardError.split(separator: "\n")
    #expect(lines.count <= 1, "\(run.standardError)")
    #expect(lines.allSatisfy { $0.hasPrefix("tabbar-demo: warning: --state \(statePath): ") })
  }

  @Test("an integer past Int in a saved state starts afresh with one warning, and is saved over")
  func integerPastInt() async throws {
    try Data(#"{"version": 2, "restoration": {"selectedTab": 99999999999999999999}}"#.utf8)
      .write(to: URL(fileURLWithPath: statePath))
    let run = try await DemoBinary.run(["--headless", "--state", statePath, "--keys", "3"])
    #expect(run.status == 0)
    #expect(
      run.standardError
        == "tabbar-demo: warning: --state \(statePath): cannot restore it "
        + "(restoration.selectedTab 99999999999999999999 is out of range); ignored it\n")
    let next = try await DemoBinary.run(["--headless", "--state", statePath])
    #expect(next.status == 0 && next.standardError.isEmpty, "\(next.standardError)")
  }

  @Test("a fraction where a saved number goes is named as such, not as JSON that is not valid")
  func fractionIsNamed() async throws {
    try Data(#"{"selectedIndex": 1.5, "stacks": []}"#.utf8).write(
      to: URL(fileURLWithPath: statePath))
    let run = try await DemoBinary.run(["--headless", "--state", statePath])
    #expect(run.status == 0)
    #expect(
      run.standardError
        == "tabbar-demo: warning: --state \(statePath): not a saved state (selectedIndex: "
        + "expected an integer, found 1.5); ignored it; not saving over it\n")
  }

  // MARK: Links and other users' files

  @Test(
    "a directory link planted by another user in a sticky directory is not followed, on any component",
    .enabled(if: getuid() == 0, "needs root to give the link another owner"))
  func plantedDirectoryLink() async throws {
    let privateDirectory = directory.appendingPathComponent("private")
    #expect(mkdir(privateDirectory.path, 0o700) == 0)
    let sticky = directory.appendingPathComponent("tmp")
    #expect(mkdir(sticky.path, 0o777) == 0 && chmod(sticky.path, 0o1777) == 0)
    let link = sticky.appendingPathComponent("link-to-private")
    #expect(symlink(privateDirectory.path, link.path) == 0)
    #expect(lchown(link.path, 65534, 65534) == 0)
    let path = link.appendingPathComponent("x.json").path

    let run = try await DemoBinary.run(["--headless", "--state", path, "--keys", "2"])
    #expect(run.status == 0)
    #expect(
      run.standardError
        == "tabbar-demo: warning: --state \(path): a symbolic link in a sticky world-writable "
        + "directory, owned by another user (\(link.path)); not following it; ignored it; "
        + "not saving over it\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: privateDirectory.path) == [])

    // Our own link there is followed, as the kernel follows it.
    #expect(lchown(link.path, getuid(), getgid()) == 0)
    let own = try await DemoBinary.run(["--headless", "--state", path, "--keys", "2"])
    #expect(own.status == 0 && own.standardError.isEmpty, "\(own.standardError)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: privateDirectory.path) == ["x.json"])
  }

  @Test(
    "a set-id file another user owns in a sticky directory is neither read nor taken over",
    .enabled(if: getuid() == 0, "needs root to give the file another owner"))
  func plantedFile() async throws {
    // A good saved state, so only its owner can stop the load and the save.
    _ = try await DemoBinary.run(["--headless", "--state", statePath, "--keys", "2"])
    let sticky = directory.appendingPathComponent("tmp")
    #expect(mkdir(sticky.path, 0o777) == 0 && chmod(sticky.path, 0o1777) == 0)
    let path = sticky.appendingPathComponent("state.json").path
    #expect(
      FileManager.default.createFile(
        atPath: path, contents: FileManager.default.contents(atPath: statePath)))
    #expect(chown(path, 65534, 65534) == 0 && chmod(path, 0o6777) == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))

    let run = try await DemoBinary.run(["--headless", "--state", path, "--keys", "3"])
    #expect(run.status == 0)
    #expect(DeepLinkTests.lines(run.standardOutput).first?.contains("Video") == true)
    #expect(
      run.standardError
        == "tabbar-demo: warning: --state \(path): the file is another user's, in a sticky "
        + "world-writable directory; not reading it; ignored it; not saving over it\n")
    var status = stat()
    #expect(stat(path, &status) == 0)
    #expect(status.st_uid == 65534 && status.st_mode & 0o7777 == 0o6777, "taken over")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test(
    "the file saved gets read and write bits only, never more than the umask allows",
    arguments: [("022", 0o644), ("027", 0o640), ("077", 0o600)])
  func modeBits(umask: String, expected: Int) async throws {
    _ = try await DemoBinary.run(["--headless", "--state", statePath, "--keys", "2"])
    #expect(chmod(statePath, 0o6777) == 0)
    let run = try await runWithUmask(umask, ["--headless", "--state", statePath, "--keys", "3"])
    #expect(run.status == 0 && run.standardError.isEmpty, "\(run.standardError)")
    let mode = try FileManager.default.attributesOfItem(atPath: statePath)[.posixPermissions]
    #expect(mode as? Int == expected, "mode \(String((mode as? Int) ?? 0, radix: 8))")

    // The file's own narrower bits are kept.
    #expect(chmod(statePath, 0o600) == 0)
    _ = try await runWithUmask(umask, ["--headless", "--state", statePath])
    let kept = try FileManager.default.attributesOfItem(atPath: statePath)[.posixPermissions]
    #expect(kept as? Int == 0o600)
  }

  @Test(
    "a file another user owns outside a sticky directory is replaced by ours, with our umask's bits",
    .enabled(if: getuid() == 0, "needs root to give the file another owner"))
  func otherUsersModeIsNotCopied() async throws {
    _ = try await DemoBinary.run(["--headless", "--state", statePath, "--keys", "2"])
    #expect(chown(statePath, 65534, 65534) == 0 && chmod(statePath, 0o6777) == 0)
    let run = try await runWithUmask("022", ["--headless", "--state", statePath, "--keys", "3"])
    #expect(run.status == 0 && run.standardError.isEmpty, "\(run.standardError)")
    var status = stat()
    #expect(stat(statePath, &status) == 0)
    #expect(status.st_mode & 0o7777 == 0o644 && status.st_uid == getuid())
  }

  /// Runs the demo under `umask`.
  func runWithUmask(_ umask: String, _ arguments: [String]) async throws -> Subprocess.Result {
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = nil
    let quoted = ([try DemoBinary.path()] + arguments).map { "'\($0)'" }.joined(separator: " ")
    return try await Subprocess.run(
      "/bin/sh", ["-c", "umask \(umask) && exec \(quoted)"], environment: environment,
      timeout: .seconds(10))
  }

  // MARK: Two runs

  @Test("two runs on one file: the one that quits last keeps the other's post")
  func twoRunsKeepBothPosts() async throws {
    // The first run starts, and so loads the file, before the second posts.
    let first = try TmuxSession(arguments: ["--state", statePath, "--latency", "0"])
    defer { first.kill() }
    try await first.waitFor(text: "Markets rally")
    #expect(!FileManager.default.fileExists(atPath: statePath))

    let second = try await DemoBinary.run([
      "--headless", "--state", statePath, "--keys", "+,F,r,o,m,space,t,w,o,tab,B,tab,tab,enter",
    ])
    #expect(second.status == 0 && second.standardError.isEmpty, "\(second.standardError)")

    try first.type("+")
    try await first.waitFor(text: "What happened?")
    try first.type("From one")
    try first.press("Tab")
    try first.type("Body")
    try first.press("Tab", "Tab", "Enter")
    try await first.waitFor("the post on News") { $0.text(ofRow: 3).contains("From one") }
    try first.press("q")
    #expect(try await first.waitForExit().status == 0)

    let run = try await DemoBinary.run(["--headless", "--state", statePath])
    #expect(run.status == 0 && run.standardError.isEmpty, "\(run.standardError)")
    let lines = DeepLinkTests.lines(run.standardOutput)
    #expect(lines.count > 3, "\(run.standardOutput)")
    // Newest first: the first run posted last.
    #expect(lines[3].contains("From one") && lines[4].contains("From two"), "\(run.standardOutput)")
  }

  // MARK: Temporary files

  @Test("a temporary file left by a run killed during its save is removed by the next save")
  func staleTemporaryFileIsRemoved() async throws {
    _ = try await DemoBinary.run(["--headless", "--state", statePath, "--keys", "2"])
    // Named as a save names them, by a process that is gone (pid_max is
    // below 2^22), and one by this test's own process, still running.
    let gone = directory.appendingPathComponent(".state.json.tabbar-save-4194999-1f2e3d4c").path
    let running = directory.appendingPathComponent(
      ".state.json.tabbar-save-\(getpid())-5a6b7c8d"
    ).path
    let other = directory.appendingPathComponent(".state.json.mine").path
    for path in [gone, running, other] {
      #expect(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
    }
    let run = try await DemoBinary.run(["--headless", "--state", statePath, "--keys", "3"])
    #expect(run.status == 0 && run.standardError.isEmpty, "\(run.standardError)")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(
      names == [
        ".state.json.mine", ".state.json.tabbar-save-\(getpid())-5a6b7c8d", "state.json",
      ])
  }
}
