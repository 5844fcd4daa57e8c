import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The demo on a pseudo-terminal whose other side nobody reads: a frozen
/// terminal emulator, or output stopped by flow control. Its writes block, and
/// a stop signal must still end it.
@Suite("blocked output", .serialized, .timeLimit(.minutes(1)))
struct BlockedOutputTests {
  /// The demo running on a pty that this test holds the master side of.
  struct PtyDemo {
    var pid: pid_t
    var master: Int32

    /// Starts the demo in a new session whose controlling terminal is a new
    /// pty of 80×24, with `TERM` set to `term` and `environment`
    /// (`NAME=value`) added. With `newSession` false the demo stays in the
    /// test's session: the pty is not its controlling terminal, so closing
    /// it sends no hangup signal, and the demo only finds its terminal gone.
    static func start(
      arguments: [String] = [], columns: UInt16 = 80, rows: UInt16 = 24,
      term: String = "xterm-256color", environment: [String] = [], newSession: Bool = true
    ) throws -> PtyDemo {
      // posix_openpt and friends are hidden from Swift (_XOPEN_SOURCE): the
      // same through /dev/ptmx and its ioctls (TIOCSPTLCK, TIOCGPTN).
      let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
      try #require(master >= 0)
      var unlock: Int32 = 0
      var number: UInt32 = 0
      try #require(ioctl(master, UInt(0x4004_5431), &unlock) == 0)
      try #require(ioctl(master, UInt(0x8004_5430), &number) == 0)
      let slavePath = "/dev/pts/\(number)"
      var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
      _ = ioctl(master, UInt(TIOCSWINSZ), &size)
      let program = try DemoBinary.path()
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
      posix_spawn_file_actions_adddup2(&actions, 0, 1)
      posix_spawn_file_actions_adddup2(&actions, 0, 2)
      posix_spawn_file_actions_addclose(&actions, master)
      var attributes = posix_spawnattr_t()
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      // A new session: the pty becomes its controlling terminal, as in a
      // terminal window. No signal blocked, every one at its default.
      var none = sigset_t()
      sigemptyset(&none)
      var all = sigset_t()
      sigfillset(&all)
      posix_spawnattr_setsigmask(&attributes, &none)
      posix_spawnattr_setsigdefault(&attributes, &all)
      let session = newSession ? Self.spawnSetsid : 0
      posix_spawnattr_setflags(
        &attributes, Int16(session | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
      let words: [String] = [program] + arguments
      let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
      let variables: [String] = ["TERM=\(term)", "PATH=/usr/bin:/bin"] + environment
      let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
      defer { (argv + envp).forEach { free($0) } }
      var pid: pid_t = 0
      let status = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
      try #require(status == 0, "posix_spawn: \(status)")
      return PtyDemo(pid: pid, master: master)
    }

    /// glibc's POSIX_SPAWN_SETSID, which Swift does not see.
    static let spawnSetsid: Int32 = 0x80

    /// Reads what the demo wrote so far, without waiting.
    @discardableResult
    func drain(for time: Duration) async throws -> String {
      var output: [UInt8] = []
      let clock = ContinuousClock()
      let end = clock.now + time
      var buffer = [UInt8](repeating: 0, count: 65536)
      while clock.now < end {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, 20) > 0 {
          let count = Glibc.read(master, &buffer, buffer.count)
          if count > 0 { output += buffer[0..<count] }
        }
      }
      return String(decoding: output, as: UTF8.self)
    }

    /// Sends tab switches, reading nothing, until the demo stops taking
    /// input: its output is blocked. False if that never happened.
    ///
    /// Each turn writes until the terminal refuses more, or a few hundred
    /// times: a test task can wait long for its next turn while the whole
    /// suite runs on two cores, and a write a turn never filled the buffer.
    func blockOutput() async throws -> Bool {
      let flags = fcntl(master, F_GETFL)
      _ = fcntl(master, F_SETFL, flags | O_NONBLOCK)
      let clock = ContinuousClock()
      let end = clock.now + .seconds(20)
      let keys = Array(String(repeating: "\u{1B}[C2\r\u{1B}", count: 8).utf8)
      while clock.now < end {
        for _ in 0..<400 {
          let written = keys.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
          if written >= 0 || errno == EINTR { continue }
          if errno == EAGAIN { return true }
          // The demo is gone (EIO: no process holds the terminal any more).
          var status: Int32 = 0
          let ended = waitpid(pid, &status, WNOHANG) == pid
          let state = ended ? "ended with wait status \(status)" : "still runs"
          Issue.record("writing keys failed with errno \(errno); the demo \(state)")
          return false
        }
        try await Task.sleep(for: .milliseconds(5))
      }
      return false
    }

    /// Waits at most `timeout` for the demo to end, and returns its wait
    /// status, or nil if it still runs.
    func waitForEnd(timeout: Duration) async throws -> Int32? {
      let clock = ContinuousClock()
      let end = clock.now + timeout
      var status: Int32 = 0
      while clock.now < end {
        if waitpid(pid, &status, WNOHANG) == pid { return status }
        try await Task.sleep(for: .milliseconds(20))
      }
      return nil
    }

    /// Kills the demo if it still runs and closes the pty.
    func kill() {
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == 0 {
        Glibc.kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
      }
      close(master)
    }
  }

  @Test(
    "a stop signal ends the app within 8 s while its output is blocked",
    arguments: [SIGTERM, SIGHUP, SIGINT, SIGQUIT])
  func stopSignalWhileBlocked(signal: Int32) async throws {
    let demo = try PtyDemo.start(arguments: ["--no-animation", "--latency", "0"])
    defer { demo.kill() }
    try await demo.drain(for: .milliseconds(700))  // the first frame
    let blocked = try await demo.blockOutput()
    try #require(blocked, "the demo kept reading input: its output never blocked")
    #expect(Glibc.kill(demo.pid, signal) == 0)
    // The restore after a second (the alarm), then the save, then the exit:
    // about 1.2 s on a quiet machine. The whole suite beside it on two cores
    // once stretched that past 4 s (a fresh-clone run, SIGTERM); the defect
    // this guards, a hang, never ends.
    let status = try await demo.waitForEnd(timeout: .seconds(8))
    let ended = try #require(status, "still running 8 s after signal \(signal)")
    // WIFSIGNALED and WTERMSIG: the parent sees the signal.
    #expect(ended & 0x7F == signal, "wait status \(ended)")
  }

  @Test("an absurd window size is refused with a clear message, not megabytes of screen")
  func absurdSizeIsRefused() async throws {
    let demo = try PtyDemo.start(columns: 40000, rows: 40000)
    defer { demo.kill() }
    var output = ""
    try await demo.read(into: &output) { $0.contains("too large") }
    let status = try #require(try await demo.waitForEnd(timeout: .seconds(10)), "still running")
    output += try await demo.drain(for: .milliseconds(100))
    #expect(status >> 8 & 0xFF == 2, "wait status \(status)")
    #expect(
      output.contains("tabbar-demo: error: terminal size 40000x40000 is too large"), "\(output)")
    #expect(!output.contains("\u{1B}["), "escape codes written: \(output.debugDescription)")
  }
}

extension BlockedOutputTests.PtyDemo {
  /// Reads the demo's output until `condition` holds for all of it, or 15 s
  /// (milliseconds on a quiet machine; the bound allows for one running the
  /// whole suite on two cores).
  func read(into output: inout String, until condition: (String) -> Bool) async throws {
    let clock = ContinuousClock()
    let end = clock.now + .seconds(15)
    while !condition(output), clock.now < end {
      output += try await drain(for: .milliseconds(50))
    }
  }

  /// Writes `text` to the demo, as the terminal's keyboard would.
  func send(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }
}
