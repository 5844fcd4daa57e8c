import CNcurses
import Glibc

/// Restores the terminal when the process is told to stop (R1).
///
/// Every signal whose default action ends the process is caught, except
/// SIGKILL (it cannot be) and signals already ignored at start (a `nohup`
/// or a parent that ignores them decided so; SIGHUP, SIGINT, SIGQUIT and
/// SIGTERM are caught even then, as before).
///
/// Stop signals (SIGTERM, SIGHUP, SIGINT, SIGQUIT and the ones other
/// programs, timers and limits send: SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM,
/// SIGPROF, SIGXCPU, SIGPWR, SIGIO, SIGSTKFLT, the real-time signals) only
/// record the signal; the input loop
/// sees it within 100 ms, restores the terminal outside the handler, then dies
/// of the same signal so the parent sees the usual status. The handler also
/// arms `alarm(1)`: when the terminal stopped reading, every write blocks (and
/// ncurses restarts it after the signal), so the loop may never get there;
/// then SIGALRM, or a second stop signal, does the async-signal-safe restore
/// from the handler (``cn_emergency_restore``) and dies of the first signal.
/// Fatal signals, raised by what the program itself just did (a Swift trap is
/// SIGILL or SIGTRAP; SIGSEGV, SIGBUS, SIGFPE, SIGABRT, SIGSYS, SIGXFSZ and
/// SIGPIPE), call `endwin` from the handler, as ncurses' own handlers do,
/// before the default action runs.
enum SignalRestorer {
  nonisolated(unsafe) static var pending: sig_atomic_t = 0
  nonisolated(unsafe) static var active: sig_atomic_t = 0
  nonisolated(unsafe) static var atexitRegistered = false
  nonisolated(unsafe) static var resized: sig_atomic_t = 0
  nonisolated(unsafe) static var suspendRequested: sig_atomic_t = 0
  /// Whether the terminal's bracketed paste mode is on: every way out turns
  /// it off, so the shell after us gets the terminal as it was.
  nonisolated(unsafe) static var pasteMode: sig_atomic_t = 0

  /// Caught even when ignored at start.
  static let stopSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
  /// The other signals that end the process by default, caught unless ignored.
  static var otherStopSignals: [Int32] {
    [SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGPROF, SIGXCPU, SIGPWR, SIGIO, SIGSTKFLT]
      + Array(cn_sigrtmin()...cn_sigrtmax())
  }
  static let fatalSignals: [Int32] = [
    SIGSEGV, SIGILL, SIGTRAP, SIGBUS, SIGABRT, SIGFPE, SIGSYS, SIGXFSZ, SIGPIPE,
  ]
  /// The signals whose handlers are ours, to reset when done.
  nonisolated(unsafe) static var caught: [Int32] = []

  static func install() {
    active = 1
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

  static func uninstall() {
    active = 0
    for signal in caught { Glibc.signal(signal, SIG_DFL) }
    caught = []
  }

  /// Asks the terminal to bracket pasted text, so the decoder can drop it
  /// whole instead of reading it as keys.
  static func enterPasteMode() {
    cn_bracketed_paste(1)
    pasteMode = 1
  }

  /// Turns bracketed paste off if it is on. Async-signal-safe.
  static func leavePasteMode() {
    guard pasteMode != 0 else { return }
    pasteMode = 0
    cn_bracketed_paste(0)
  }

  /// True once after each SIGWINCH.
  static func takeResize() -> Bool {
    guard resized != 0 else { return false }
    resized = 0
    return true
  }

  /// True once after each SIGTSTP from outside.
  static func takeSuspend() -> Bool {
    guard suspendRequested != 0 else { return false }
    suspendRequested = 0
    return true
  }

  /// Stops the process with SIGTSTP at its default action (as the shell's
  /// job control expects) and returns once SIGCONT continues it.
  static func stopProcess() {
    Glibc.signal(SIGTSTP, SIG_DFL)
    raise(SIGTSTP)
    if active != 0 { set(SIGTSTP, handler: recordSuspend) }
  }

  /// Called by the input loop: when a stop signal came, restore, run the
  /// terminal's `onStopSignal`, and die of the signal.
  static func exitIfSignalled(restoring terminal: NcursesTerminal) {
    let signal = pending
    guard signal != 0 else { return }
    terminal.restore()
    alarm(0)  // restored: the fallback is not needed, and a save may take time
    // The input loop runs on the main thread, where the app's code lives.
    if let onStopSignal = terminal.onStopSignal { MainActor.assumeIsolated { onStopSignal() } }
    Glibc.signal(signal, SIG_DFL)
    raise(signal)
    _exit(128 + signal)
  }

  /// Whether `signal` is ignored (SIG_IGN) now.
  private static func isIgnored(_ signal: Int32) -> Bool { cn_signal_ignored(signal) != 0 }

  private static func set(_ signal: Int32, handler: @convention(c) (Int32) -> Void) {
    if !caught.contains(signal) { caught.append(signal) }
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0  // no SA_RESTART: a blocked read returns so the loop sees it
    sigaction(signal, &action, nil)
  }
}

private func recordSignal(_ signal: Int32) {
  if SignalRestorer.pending == 0 {
    SignalRestorer.pending = signal
    alarm(1)  // the fallback, if the loop does not get there in time
  } else {
    // The alarm, or another stop signal: the loop is stuck (output blocked).
    emergencyExit(SignalRestorer.pending)
  }
}

/// Restores what can be restored without blocking and dies of `signal`.
/// Async-signal-safe.
private func emergencyExit(_ signal: Int32) -> Never {
  if SignalRestorer.active != 0 {
    SignalRestorer.active = 0
    cn_emergency_restore()
  }
  Glibc.signal(signal, SIG_DFL)
  var set = sigset_t()
  sigemptyset(&set)
  sigaddset(&set, signal)
  pthread_sigmask(SIG_UNBLOCK, &set, nil)
  raise(signal)
  _exit(128 + signal)
}

private func recordSuspend(_ signal: Int32) {
  SignalRestorer.suspendRequested = 1
}

private func recordResize(_ signal: Int32) {
  SignalRestorer.resized = 1
}

private func restoreAndDie(_ signal: Int32) {
  if SignalRestorer.active != 0 {
    SignalRestorer.active = 0
    SignalRestorer.leavePasteMode()
    endwin()
    // What the runtime printed went to the alternate screen, gone now: say
    // at least what happened, on the main screen.
    cn_crash_note(signal)
  }
  Glibc.signal(signal, SIG_DFL)
  raise(signal)
}

private func restoreAtExit() {
  if SignalRestorer.active != 0 {
    SignalRestorer.active = 0
    SignalRestorer.leavePasteMode()
    curs_set(1)
    endwin()
  }
}
