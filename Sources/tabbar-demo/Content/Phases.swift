#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The time each phase of start takes, written to stderr when the
/// environment variable `TABBAR_DEMO_PHASES` is set (to anything but
/// empty): how the start figures of `make bench` were taken apart. Off, a
/// mark costs one check of a flag read once.
enum Phases {
  /// True when the phases are written.
  nonisolated(unsafe) private static var enabled: Bool? = nil
  /// When the last mark was made, in nanoseconds since boot.
  nonisolated(unsafe) private static var last: UInt64 = 0

  /// Ends the phase `name`: writes its time since the last mark (or since
  /// the process started, for the first) and the peak RSS so far.
  static func mark(_ name: String) {
    if enabled == nil {
      enabled = getenv("TABBAR_DEMO_PHASES").map { $0.pointee != 0 } ?? false
      last = now()
      if enabled == true, let start = processStart() { last = start }
    }
    guard enabled == true else { return }
    let time = now()
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    let cpu =
      usage.ru_utime.tv_sec * 1000 + usage.ru_utime.tv_usec / 1000
      + usage.ru_stime.tv_sec * 1000 + usage.ru_stime.tv_usec / 1000
    let line =
      "phase \(name): \(Double(time - last) / 1e6) ms, CPU so far \(cpu) ms, "
      + "peak RSS \(usage.ru_maxrss / 1024) MiB\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    last = now()
  }

  private static func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_BOOTTIME, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  /// When the process started, in nanoseconds since boot (Linux's
  /// /proc/self/stat, in clock ticks since boot); nil elsewhere.
  private static func processStart() -> UInt64? {
    guard let file = fopen("/proc/self/stat", "r") else { return nil }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 1024)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
    let text = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    guard let close = text.lastIndex(of: ")") else { return nil }
    let fields = text[text.index(after: close)...].split(separator: " ")
    // Field 22 of the line is the start time; the fields after ')' start at 3.
    guard fields.count > 19, let ticks = UInt64(fields[19]) else { return nil }
    return ticks * 1_000_000_000 / UInt64(sysconf(Int32(_SC_CLK_TCK)))
  }
}
