import Foundation

/// Finds the built `tabbar-demo` executable that the end-to-end tests drive.
///
/// The first of these that names a file wins:
/// 1. `TABBAR_DEMO`: the path of the executable itself;
/// 2. `TABBAR_BUILD_DIR`: a build directory such as `.build`, used as
///    `<dir>/debug/tabbar-demo`;
/// 3. the directory of the running test executable (on Linux), so that
///    `swift test --scratch-path .build-x` tests the binary from `.build-x`;
/// 4. `<package root>/.build/debug/tabbar-demo`, the root found from `#filePath`.
///
/// A missing binary is an error, never a reason to skip: a test suite that
/// passes without having run proves nothing.
enum DemoBinary {
  /// An explanation of why no binary was found.
  struct NotFound: Error, CustomStringConvertible {
    /// The paths that were tried, in order.
    var tried: [String]

    var description: String {
      """
      tabbar-demo not found (tried: \(tried.joined(separator: ", "))). \
      Build it first with `swift build`, or point TABBAR_DEMO at the executable.
      """
    }
  }

  /// The package root: three levels up from this file
  /// (`<root>/Tests/EndToEndTests/DemoBinary.swift`).
  static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The path of the executable to test.
  ///
  /// - Throws: `NotFound` when no candidate is an executable file.
  static func path() throws -> String {
    let candidates = candidatePaths()
    let fileManager = FileManager.default
    if let found = candidates.first(where: { fileManager.isExecutableFile(atPath: $0) }) {
      return found
    }
    throw NotFound(tried: candidates)
  }

  /// Every path `path()` considers, most specific first.
  static func candidatePaths() -> [String] {
    let environment = ProcessInfo.processInfo.environment
    // An explicit choice is the only candidate, so a typo fails loudly instead
    // of quietly testing some other build.
    if let explicit = environment["TABBAR_DEMO"], !explicit.isEmpty {
      return [explicit]
    }
    if let buildDirectory = environment["TABBAR_BUILD_DIR"], !buildDirectory.isEmpty {
      return [URL(fileURLWithPath: buildDirectory).appendingPathComponent("debug/tabbar-demo").path]
    }
    var paths: [String] = []
    if let testExecutable = try? FileManager.default.destinationOfSymbolicLink(
      atPath: "/proc/self/exe")
    {
      paths.append(
        URL(fileURLWithPath: testExecutable).deletingLastPathComponent()
          .appendingPathComponent("tabbar-demo").path)
    }
    paths.append(packageRoot.appendingPathComponent(".build/debug/tabbar-demo").path)
    return paths
  }
}

extension DemoBinary {
  /// Runs the demo with `arguments`, standard input from `/dev/null` and both
  /// outputs into files, so that none of them is a terminal.
  ///
  /// - Throws: `NotFound`, or `Subprocess.Failure` when it runs longer than
  ///   `timeout`.
  static func run(
    _ arguments: [String], timeout: Duration = .seconds(10)
  ) async throws -> Subprocess.Result {
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm-256color"
    environment["NO_COLOR"] = nil
    return try await Subprocess.run(
      try path(), arguments, environment: environment, timeout: timeout)
  }
}
