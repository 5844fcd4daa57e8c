import Foundation

/// A child process with pipes, spawned with posix_spawn and reaped with waitpid.
///
/// Not Foundation's `Process`: its `waitUntilExit()` spins a run loop on the calling thread,
/// and two tests doing so on a 2-core machine took both threads of the concurrency pool and
/// never returned. The pipes are made close-on-exec, so a server spawned by one test never
/// holds another test's pipe open; and the child starts with no signal blocked (the spawning
/// thread may block some).
final class Subprocess {
  private static let spawning = NSLock()
  let pid: pid_t
  /// The write end of the child's standard input, or -1 once closed.
  private(set) var input: Int32
  /// The read end of the child's standard output.
  let output: Int32

  init(_ arguments: [String], environment: [String: String]? = nil) throws {
    var inputPipe: [Int32] = [0, 0]
    var outputPipe: [Int32] = [0, 0]
    // pipe2(O_CLOEXEC) is not in Swift's Glibc module: pipe, then FD_CLOEXEC, under a lock
    // that every spawn here takes, so no other test's child is spawned in between.
    Self.spawning.lock()
    defer { Self.spawning.unlock() }
    guard pipe(&inputPipe) == 0 else { throw POSIXError(.EMFILE) }
    guard pipe(&outputPipe) == 0 else {
      close(inputPipe[0])
      close(inputPipe[1])
      throw POSIXError(.EMFILE)
    }
    for fd in inputPipe + outputPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
    posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let environment = (environment ?? ProcessInfo.processInfo.environment).map { "\($0)=\($1)" }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var child: pid_t = 0
    let status = posix_spawnp(&child, arguments[0], &actions, &attributes, argv, envp)
    close(inputPipe[0])
    close(outputPipe[1])
    guard status == 0 else {
      close(inputPipe[1])
      close(outputPipe[0])
      throw POSIXError(POSIXErrorCode(rawValue: status) ?? .ENOENT)
    }
    pid = child
    input = inputPipe[1]
    output = outputPipe[0]
  }

  /// The child's standard output up to its first newline (or its end).
  func readLine() -> String {
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while read(output, &byte, 1) == 1, byte != UInt8(ascii: "\n") { bytes.append(byte) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The rest of the child's standard output.
  func readToEnd() -> String {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(output, &buffer, buffer.count)
      if count <= 0 { break }
      bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Closes the child's standard input.
  func closeInput() {
    if input >= 0 { close(input) }
    input = -1
  }

  /// Waits for the child to end; its exit status, or 128 + the signal that ended it.
  @discardableResult
  func wait() -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    closeInput()
    close(output)
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }

  /// Ends the child (SIGTERM) and reaps it.
  func terminate() {
    closeInput()
    kill(pid, SIGTERM)
    wait()
  }
}
