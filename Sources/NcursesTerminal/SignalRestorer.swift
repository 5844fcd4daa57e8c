import CNcurses
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Restores the terminal when the process is told to stop.
///
/// Every signal whose default action ends the process is caught, except
/// SIGKILL (it cannot be) and signals already ignored at start (a `nohup`
/// or a parent that ignores them decided so; SIGHUP, SIGINT, SIGQUIT and
/// SIGTERM are caught even then, as before).
///
/// Stop signals (SIGTERM, SIGHUP, SIGINT, SIGQUIT and the ones other
/// programs, timers and limits send: SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM,
/// SIGPROF, SIGXCPU, SIGPWR, SIGIO, SIGSTKFLT, the real-time signals) only
/// record the signal and write a byte to the wake-up pipe, which the input
/// loop polls with standard input (`NcursesTerminal`'s wait): it wakes at once,
/// restores the terminal outside the handler, then dies of the same signal
/// so the parent sees the usual status. SIGWINCH and SIGTSTP wake it the
/// same way. Nothing polls: the flags are atomics the loop reads when woken. The handler also
/// arms `alarm(1)`: when the terminal stopped reading, every write blocks (and
/// ncurses restarts it after the signal), so the loop may never get there;
/// then SIGALRM, or a second stop signal, does the async-signal-safe restore
/// from the handler (``cn_emergency_restore``) and dies of the first signal.
/// Fatal signals, raised by what the program itself just did (a Swift trap is
/// SIGILL or SIGTRAP; SIGSEGV, SIGBUS, SIGFPE, SIGABRT, SIGSYS, SIGXFSZ and
/// SIGPIPE), call `endwin` from the handler, as ncurses' own handlers do,
/// before the default action runs.
enum SignalRestorer {
  // Shared with the signal handlers: lock-free atomics, safe in a handler.
  /// The stop signal that came, or 0.
  static let pending = Atomic<Int32>(0)
  /// True (1) while the terminal is in curses mode and ours to restore.
  static let active = Atomic<Int32>(0)
  static let resized = Atomic<Int32>(0)
  static let suspendRequested = Atomic<Int32>(0)
  /// Whether the terminal's bracketed paste mode is on: every way out turns
  /// it off, so the shell after us gets the terminal as it was.
  static let pasteMode = Atomic<Int32>(0)
  /// The write end of the wake-up pipe, or -1 before it exists.
  static let wakeWriteEnd = Atomic<Int32>(-1)

  @MainActor static var atexitRegistered = false
  /// The read end of the wake-up pipe: readable after any caught signal.
  @MainActor static var wakeReadEnd: Int32 = -1

  /// Caught even when ignored at start.
  static let stopSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
  /// The other signals that end the process by default, caught unless ignored.
  static var otherStopSignals: [Int32] {
    var signals = [SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGPROF, SIGXCPU, SIGIO]
    #if os(Linux)
      signals += [SIGPWR, SIGSTKFLT]
    #endif
    let realTime = cn_sigrtmin()..<(cn_sigrtmax() + 1)  // empty where there are none
    return signals + Array(realTime)
  }
  static let fatalSignals: [Int32] = [
    SIGSEGV, SIGILL, SIGTRAP, SIGBUS, SIGABRT, SIGFPE, SIGSYS, SIGXFSZ, SIGPIPE,
  ]
  /// The signals whose handlers are ours, to reset when done.
  @MainActor static var caught: [Int32] = []

  /// Makes the wake-up pipe (once per process; both ends non-blocking and
  /// closed on exec) and catches the signals.
  @MainActor static func install() {
    if wakeReadEnd < 0 {
      var ends: [Int32] = [-1, -1]
      if pipe(&ends) == 0 {
        for end in ends {
          _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
          _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        wakeReadEnd = ends[0]
        wakeWriteEnd.store(ends[1], ordering: .sequentiallyConsistent)
      }
    }
    active.store(1, ordering: .sequentiallyConsistent)
    caught = []
    for signal in stopSignals { set(signal, handler: recordSignal) }
    for signal in otherStopSignals where !isIgnored(signal) {
      set(signal, handler: recordSignal)
    }
    for signal in fatalSignals where !isIgnored(signal) { set(signal, handler: restoreAndDie) }
    set(SIGWINCH, handler: recordResize)
    set(SIGTSTP, handler: recordSuspend)
    if !atexitRegistered {
      atexitRegistered = true
      atexit(restoreAtExit)
    }
  }

  @MainActor static func uninstall() {
    active.store(0, ordering: .sequentiallyConsistent)
    for signal in caught { _ = setDefault(signal) }
    caught = []
  }

  /// Empties the wake-up pipe once the loop has woken.
  @MainActor static func drainWakeups() {
    guard wakeReadEnd >= 0 else { return }
    var bytes = [UInt8](repeating: 0, count: 64)
    while read(wakeReadEnd, &bytes, bytes.count) > 0 {}
  }

  /// Asks the terminal to bracket pasted text, so the decoder can drop it
  /// whole instead of reading it as keys.
  static func enterPasteMode() {
    cn_bracketed_paste(1)
    pasteMode.store(1, ordering: .sequentiallyConsistent)
  }

  /// Turns bracketed paste off if it is on. Async-signal-safe.
  static func leavePasteMode() {
    guard pasteMode.exchange(0, ordering: .sequentiallyConsistent) != 0 else { return }
    cn_bracketed_paste(0)
  }

  /// Whether the kitty keyboard protocol's "disambiguate" flag is pushed:
  /// every way out pops it, before the alternate screen is left (the
  /// terminal keeps the flags per screen).
  static let kittyKeyboard = Atomic<Int32>(0)

  /// Pushes the kitty keyboard protocol's "disambiguate" flag: the terminal
  /// then sends the Esc key as `Esc [ 27 u`.
  static func enterKittyKeyboard() {
    guard kittyKeyboard.exchange(1, ordering: .sequentiallyConsistent) == 0 else { return }
    cn_kitty_keyboard(1)
  }

  /// Pops the flag if it is pushed. Async-signal-safe.
  static func leaveKittyKeyboard() {
    guard kittyKeyboard.exchange(0, ordering: .sequentiallyConsistent) != 0 else { return }
    cn_kitty_keyboard(0)
  }

  /// True once after each SIGWINCH.
  static func takeResize() -> Bool {
    resized.exchange(0, ordering: .sequentiallyConsistent) != 0
  }

  /// True once after each SIGTSTP from outside.
  static func takeSuspend() -> Bool {
    suspendRequested.exchange(0, ordering: .sequentiallyConsistent) != 0
  }

  /// Stops the process with SIGTSTP at its default action (as the shell's
  /// job control expects) and returns once SIGCONT continues it.
  @MainActor static func stopProcess() {
    _ = setDefault(SIGTSTP)
    raise(SIGTSTP)
    if active.load(ordering: .sequentiallyConsistent) != 0 {
      set(SIGTSTP, handler: recordSuspend)
    }
  }

  /// Called by the input loop: when a stop signal came, restore, run the
  /// terminal's `onStopSignal`, and die of the signal.
  @MainActor static func exitIfSignalled(restoring terminal: NcursesTerminal) {
    let signal = pending.load(ordering: .sequentiallyConsistent)
    guard signal != 0 else { return }
    terminal.restore()
    alarm(0)  // restored: the fallback is not needed, and a save may take time
    terminal.onStopSignal?()
    _ = setDefault(signal)
    raise(signal)
    _exit(128 + signal)
  }

  /// Whether `signal` is ignored (SIG_IGN) now.
  private static func isIgnored(_ signal: Int32) -> Bool { cn_signal_ignored(signal) != 0 }

  @MainActor private static func set(
    _ signal: Int32, handler: @escaping @convention(c) (Int32) -> Void
  ) {
    if !caught.contains(signal) { caught.append(signal) }
    // No SA_RESTART: a blocked write returns, so the loop gets to look.
    _ = cn_set_signal_handler(signal, handler)
  }
}

/// Puts `signal` back to its default action. Async-signal-safe.
private func setDefault(_ signal: Int32) -> Int32 {
  cn_set_signal_handler(signal, nil)
}

/// Wakes the input loop: one byte into the wake-up pipe. Async-signal-safe;
/// keeps `errno` as the interrupted code had it.
private func wakeLoop() {
  let end = SignalRestorer.wakeWriteEnd.load(ordering: .sequentiallyConsistent)
  guard end >= 0 else { return }
  let saved = errno
  var byte: UInt8 = 1
  _ = write(end, &byte, 1)  // a full pipe already wakes the loop
  errno = saved
}

private func recordSignal(_ signal: Int32) {
  let first = SignalRestorer.pending.compareExchange(
    expected: 0, desired: signal, ordering: .sequentiallyConsistent
  ).exchanged
  if first {
    alarm(1)  // the fallback, if the loop does not get there in time
    wakeLoop()
  } else {
    // The alarm, or another stop signal: the loop is stuck (output blocked).
    emergencyExit(SignalRestorer.pending.load(ordering: .sequentiallyConsistent))
  }
}

/// Restores what can be restored without blocking and dies of `signal`.
/// Async-signal-safe.
private func emergencyExit(_ signal: Int32) -> Never {
  if SignalRestorer.active.exchange(0, ordering: .sequentiallyConsistent) != 0 {
    cn_emergency_restore()
  }
  _ = setDefault(signal)
  var set = sigset_t()
  sigemptyset(&set)
  sigaddset(&set, signal)
  pthread_sigmask(SIG_UNBLOCK, &set, nil)
  raise(signal)
  _exit(128 + signal)
}

private func recordSuspend(_ signal: Int32) {
  SignalRestorer.suspendRequested.store(1, ordering: .sequentiallyConsistent)
  wakeLoop()
}

private func recordResize(_ signal: Int32) {
  SignalRestorer.resized.store(1, ordering: .sequentiallyConsistent)
  wakeLoop()
}

private func restoreAndDie(_ signal: Int32) {
  if SignalRestorer.active.exchange(0, ordering: .sequentiallyConsistent) != 0 {
    SignalRestorer.leavePasteMode()
    SignalRestorer.leaveKittyKeyboard()
    endwin()
    // What the runtime printed went to the alternate screen, gone now: say
    // at least what happened, on the main screen.
    cn_crash_note(signal)
  }
  _ = setDefault(signal)
  raise(signal)
}

private func restoreAtExit() {
  if SignalRestorer.active.exchange(0, ordering: .sequentiallyConsistent) != 0 {
    SignalRestorer.leavePasteMode()
    SignalRestorer.leaveKittyKeyboard()
    curs_set(1)
    endwin()
  }
}
