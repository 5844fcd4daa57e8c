import Foundation
import Testing

/// `make run` after `make test` (or the other way round) compiles nothing:
/// both build the demo with one command line in one build folder, and
/// every other build `make test` runs uses a configuration or a folder of
/// its own, so none of them invalidates the release build.
@Suite("the Makefile's builds")
struct BuildReuseTests {
  /// The `swift` commands `make -n target` would run, one per line.
  static func swiftCommands(_ target: String) throws -> [String] {
    let result = try Subprocess.run(
      "/usr/bin/env",
      ["make", "-n", "--no-print-directory", "-C", DemoBinary.packageRoot.path, target],
      environment: ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("MAKE") })
    #expect(result.status == 0, "\(result.standardError)")
    return result.standardOutput.split(separator: "\n").map(String.init)
      .filter { $0.contains("swift build") || $0.contains("swift test") }
  }

  @Test("make run and make test build the release demo with the very same command")
  func sameReleaseBuild() throws {
    let run = try Self.swiftCommands("run").filter { $0.contains("-c release") }
    let test = try Self.swiftCommands("test").filter { $0.contains("-c release") }
    #expect(run.count == 1, "\(run)")
    #expect(test == run, "make test: \(test)\nmake run: \(run)")
  }

  @Test("make test's other builds keep off the release build: debug, or a folder of their own")
  func otherBuildsApart() throws {
    let others = try Self.swiftCommands("test").filter { !$0.contains("-c release") }
    #expect(!others.isEmpty)
    for command in others {
      let ownFolder = command.contains("--scratch-path") || command.contains("--package-path")
      let flagsThatRebuild = ["--static-swift-stdlib", "-Xswiftc", "-Xcc", "-Xlinker"]
      #expect(
        ownFolder || !flagsThatRebuild.contains(where: command.contains),
        "\(command) shares .build with the release demo and changes its flags")
    }
  }
}
