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
/// loop polls with standard input (`NcursesTerminal`'s wait): it wakes at
/// once and hands the signal to ``TerminalApp``, which ends the app's loop,
/// runs the app's save (`willTerminate`) *before* the terminal is restored,
/// restores it outside the handler, then dies of the same signal so the
/// parent sees the usual status. SIGWINCH and SIGTSTP
/// wake it the same way. Nothing polls: the flags are atomics the loop reads
/// when woken.
///
/// A second stop signal changes nothing: closing a terminal window over an
/// interactive bash sends two SIGHUPs 0.1 ms apart (bash's, then the
/// kernel's), and the save the first one started must not be cut short.
/// Nor does one that comes while the app saves on another way out (`q`, a
/// terminal gone): the app is ending already. What ends a stuck app is the fallback alarm the first signal arms
/// (`alarm(1)`): when the terminal stopped reading, every write blocks (and
/// ncurses restarts it after a signal), so the loop may never get there.
/// Then, from the handler and async-signal-safe, the terminal is restored
/// (``cn_emergency_restore``, which drops the output the terminal has not
/// taken) and `/dev/null` is put under standard output: the blocked write
/// ends, ncurses' next ones go nowhere, and the loop comes round to save
/// and exit as usual. Should even that not happen within another second, or
/// should the restore after the save block, the next alarm dies of the
/// first signal at once.
///
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
  /// True (1) once the app ends because of a stop signal: it is saving,
  /// restoring and dying, and only the fallback alarm may cut that short.
  static let exiting = Atomic<Int32>(0)
  /// True (1) once the app is ending, whatever the reason: a stop signal
  /// arms no fallback alarm then, the save must not be cut short.
  static let terminating = Atomic<Int32>(0)
  /// True (1) once the fallback alarm found the loop stuck and put
  /// `/dev/null` under standard output.
  static let outputAbandoned = Atomic<Int32>(0)
  /// `/dev/null`, open for writing (opened once, before any signal is caught).
  static let nullDevice = Atomic<Int32>(-1)

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
      nullDevice.store(open("/dev/null", O_WRONLY | O_CLOEXEC), ordering: .sequentiallyConsistent)
    }
    active.store(1, ordering: .sequentiallyConsistent)
    terminating.store(0, ordering: .sequentiallyConsistent)
    stopHandled = false
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
    // While dying of a stop signal the handlers stay: a further stop signal
    // is ignored, and the fallback alarm still ends a restore or a message
    // that blocks, with the first signal's status.
    guard exiting.load(ordering: .sequentiallyConsistent) == 0 else { return }
    // A stop signal that came during a quit's save is not acted on: its
    // fallback alarm must not ring once the handlers are gone.
    if pending.load(ordering: .sequentiallyConsistent) != 0 { alarm(0) }
    for signal in caught { _ = setDefault(signal) }
    caught = []
  }

  /// Called as the terminal is restored: while dying of a stop signal, the
  /// restore and what the app prints after it get a second before the
  /// fallback alarm ends the process.
  static func armRestoreFallback() {
    if exiting.load(ordering: .sequentiallyConsistent) != 0 { alarm(1) }
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

  /// Called by the input loop: when a stop signal came, hands it to the
  /// terminal's ``NcursesTerminal/stopSignalHandler`` once (``TerminalApp``
  /// ends the app's loop there, and saves and restores after it) and
  /// returns true. Without a handler: restores the terminal and dies of the
  /// signal. The fallback alarm the signal armed keeps running until the
  /// termination begins (``beginTermination(signal:)``): the loop may still
  /// draw a frame on its way out, and a frame can block.
  @MainActor static func takeStopSignal(restoring terminal: NcursesTerminal) -> Bool {
    let signal = pending.load(ordering: .sequentiallyConsistent)
    guard signal != 0 else { return false }
    guard let handler = terminal.stopSignalHandler else {
      beginTermination(signal: signal)
      terminal.restore()  // arms the fallback again, unless done already
      dieOf(signal)
    }
    if !stopHandled {
      stopHandled = true
      handler(signal)
    }
    return true
  }

  /// True once the stop signal went to the terminal's handler.
  @MainActor private static var stopHandled = false

  /// The app is ending (the save, then the restore): a stop signal that comes
  /// from now on changes nothing, and the fallback alarm of one that came
  /// before is called off, so nothing cuts the save short. When `signal` is
  /// the one ending the app, the process dies of it after the restore (see
  /// ``dieOf(_:)``), and the restore and what the app prints after it get a
  /// second before the fallback alarm ends the process.
  @MainActor static func beginTermination(signal: Int32?) {
    terminating.store(1, ordering: .sequentiallyConsistent)
    if signal != nil { exiting.store(1, ordering: .sequentiallyConsistent) }
    alarm(0)  // a save may take its time (fsync, a lock)
  }

  /// Dies of `signal` at its default action, so the parent sees it (a shell
  /// prints "Terminated" or "Hangup"); `_exit(128 + signal)` should it be
  /// blocked or ignored.
  static func dieOf(_ signal: Int32) -> Never {
    _ = setDefault(signal)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signal)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
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
    // The app is saving on its way out already: the signal changes nothing.
    guard SignalRestorer.terminating.load(ordering: .sequentiallyConsistent) == 0 else { return }
    alarm(1)  // the fallback, if the loop does not get there in time
    wakeLoop()
  } else if signal == SIGALRM {
    fallbackAlarm()
  }
  // Another stop signal: the first one's save and exit are under way.
}

/// The fallback alarm rang: the loop did not take the stop signal within a
/// second, or the restore after the save blocked. Async-signal-safe.
private func fallbackAlarm() {
  let signal = SignalRestorer.pending.load(ordering: .sequentiallyConsistent)
  let exiting = SignalRestorer.exiting.load(ordering: .sequentiallyConsistent) != 0
  guard !exiting,
    SignalRestorer.outputAbandoned.exchange(1, ordering: .sequentiallyConsistent) == 0
  else { emergencyExit(signal) }
  // Output blocked: restore the terminal from here (dropping what it has not
  // taken), then send every later write to /dev/null. The write the loop is
  // blocked in returns (no SA_RESTART); ncurses writes the rest nowhere, and
  // the loop comes round to save and exit.
  if SignalRestorer.active.exchange(0, ordering: .sequentiallyConsistent) != 0 {
    cn_emergency_restore()
  }
  let null = SignalRestorer.nullDevice.load(ordering: .sequentiallyConsistent)
  if null >= 0 { dup2(null, STDOUT_FILENO) }
  alarm(1)
  wakeLoop()
}

/// Restores what can be restored without blocking and dies of `signal`.
/// Async-signal-safe.
private func emergencyExit(_ signal: Int32) -> Never {
  if SignalRestorer.active.exchange(0, ordering: .sequentiallyConsistent) != 0 {
    cn_emergency_restore()
  }
  SignalRestorer.dieOf(signal)
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
