import Foundation
import Testing

/// What `Scripts/install-deps.sh` would install, checked against a made-up root (DEPS_ROOT)
/// with `--dry-run`, so nothing is installed and the machine's own packages do not matter.
@Suite("Installing what fetching and parsing need")
struct InstallDepsTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scripts/install-deps.sh").path

  /// The packages the script says are missing on a machine whose / is `root`.
  func missing(root: String, test: Bool = false) throws -> [String] {
    let process = try Subprocess(
      ["/bin/bash", Self.script, "--dry-run"] + (test ? ["--test"] : []),
      environment: ["DEPS_ROOT": root, "PATH": "/usr/bin:/bin"])
    let output = process.readToEnd()
    #expect(process.wait() == 0)
    let line = output.trimmingCharacters(in: .whitespacesAndNewlines)
    return line.isEmpty
      ? []
      : line.replacingOccurrences(of: "missing: ", with: "").split(separator: " ").map(String.init)
  }

  func make(_ root: String, _ paths: [String]) throws {
    for path in paths {
      let url = URL(fileURLWithPath: root + path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      _ = FileManager.default.createFile(
        atPath: url.path, contents: Data(), attributes: [.posixPermissions: 0o755])
    }
  }

  @Test(
    "a fresh machine without them gets libcurl's and libxml2's headers, pkg-config and CA certificates"
  )
  func freshMachine() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let packages = try missing(root: folder.path)
    #expect(
      packages == [
        "libncurses-dev", "libcurl4-openssl-dev", "libxml2-dev", "pkg-config", "ca-certificates",
      ])
    #expect(try missing(root: folder.path, test: true).contains("python3"))
  }

  @Test("a machine that has them, curl's headers in Debian's multiarch folder, gets nothing more")
  func everythingThere() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try make(
      folder.path,
      [
        "/usr/include/ncursesw/curses.h", "/usr/include/x86_64-linux-gnu/curl/curl.h",
        "/usr/include/libxml2/libxml/parser.h", "/usr/bin/pkg-config",
        "/etc/ssl/certs/ca-certificates.crt",
      ])
    #expect(try missing(root: folder.path) == [])
  }
}
