#if canImport(Glibc)
  import Glibc
#endif

/// Fields of `/proc/self/status` (Linux): resident memory now and at its peak.
enum ProcStatus {
  /// The value in KiB of `field` (`VmRSS`, `VmHWM`), or 0 when it cannot be read.
  static func kib(_ field: String) -> Int {
    #if os(Linux)
      let fd = open("/proc/self/status", O_RDONLY)
      guard fd >= 0 else { return 0 }
      defer { close(fd) }
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 4096)
      while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n <= 0 { break }
        bytes += chunk[0..<n]
      }
      let text = String(decoding: bytes, as: UTF8.self)
      for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        let digits = line.dropFirst(field.count + 1).filter(\.isNumber)
        return Int(String(digits)) ?? 0
      }
      return 0
    #else
      return 0
    #endif
  }
}
