import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program to its end with `posix_spawn`, standard input from
/// `/dev/null` and both outputs into temporary files.
///
/// Not Foundation's `Process`, for two reasons found the hard way:
/// - the test runner's threads block most signals, and a child inherits that
///   mask; the tmux server then never sees SIGCHLD or SIGTERM, so neither its
///   panes' exits nor `kill-server` reach it. Here the child starts with no
///   signal blocked and every signal at its default.
/// - the tmux server forks from the client and keeps the client's output open,
///   so reading a pipe to its end would wait for the server to exit. Files
///   have no end to wait for.
enum Subprocess {
  /// How a run ended.
  struct Result {
    /// The exit status, or 128 + the signal number when a signal ended it.
    var status: Int32
    /// Everything written to standard output.
    var standardOutput: String
    /// Everything written to standard error.
    var standardError: String
  }

  /// An error from `posix_spawn`, or a run that did not end in time.
  struct Failure: Error, CustomStringConvertible {
    /// What went wrong.
    var description: String
  }

  /// Runs `path` with `arguments` and `environment` and waits for it, for
  /// short commands such as tmux's.
  static func run(
    _ path: String, _ arguments: [String], environment: [String: String]
  ) throws -> Result {
    try withOutputFiles { outputPath, errorPath in
      let pid = try spawn(
        path, arguments, environment: environment, outputPath: outputPath, errorPath: errorPath)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) == -1 {
        guard errno == EINTR else { throw Failure(description: "waitpid failed for \(path)") }
      }
      return status
    }
  }

  /// Runs `path` with `arguments` and `environment`, and kills it if it runs
  /// longer than `timeout`.
  static func run(
    _ path: String, _ arguments: [String], environment: [String: String], timeout: Duration
  ) async throws -> Result {
    let (outputPath, errorPath) = outputFiles()
    defer { removeFiles(outputPath, errorPath) }
    let pid = try spawn(
      path, arguments, environment: environment, outputPath: outputPath, errorPath: errorPath)
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid { break }
      if result == -1 && errno != EINTR {
        throw Failure(description: "waitpid failed for \(path)")
      }
      if clock.now >= deadline {
        kill(pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
        throw Failure(description: "\(path) still ran after \(timeout); killed it")
      }
      try await Task.sleep(for: .milliseconds(10))
    }
    return readResult(status: decode(status), outputPath: outputPath, errorPath: errorPath)
  }

  /// Runs `body` with two fresh output files and reads them into the result
  /// for the exit status it returns; the files are removed either way.
  private static func withOutputFiles(
    _ body: (_ outputPath: String, _ errorPath: String) throws -> Int32
  ) throws -> Result {
    let (outputPath, errorPath) = outputFiles()
    defer { removeFiles(outputPath, errorPath) }
    let status = try body(outputPath, errorPath)
    return readResult(status: decode(status), outputPath: outputPath, errorPath: errorPath)
  }

  private static func removeFiles(_ paths: String...) {
    for path in paths { unlink(path) }
  }

  /// Two fresh paths in the temporary directory, for standard output and
  /// standard error.
  private static func outputFiles() -> (output: String, error: String) {
    let base = "\(FileManager.default.temporaryDirectory.path)/tabbar-e2e-\(UUID().uuidString)"
    return ("\(base).out", "\(base).err")
  }

  /// The result of a run whose outputs are in these files.
  private static func readResult(status: Int32, outputPath: String, errorPath: String) -> Result {
    Result(
      status: status,
      standardOutput: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
      standardError: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
  }

  /// Starts the child and returns its process id.
  private static func spawn(
    _ path: String, _ arguments: [String], environment: [String: String],
    outputPath: String, errorPath: String
  ) throws -> pid_t {
    #if canImport(Darwin)
      var attributes: posix_spawnattr_t? = nil
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var attributes = posix_spawnattr_t()
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid = pid_t()
    let error = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    guard error == 0 else {
      throw Failure(description: "cannot run \(path): \(String(cString: strerror(error)))")
    }
    return pid
  }

  /// The exit status in `wait` status, or 128 + the signal that ended it.
  private static func decode(_ status: Int32) -> Int32 {
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }
}
