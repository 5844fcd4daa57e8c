import TabBarKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file behind `--state FILE`: where the demo keeps the user's place
/// (the selected tab, every tab's stack and list positions) between runs.
///
/// A problem never stops the demo: `load()` and `save(_:)` throw a
/// ``Problem``, a short phrase that the demo prints as one warning line once
/// the terminal is restored. Saving is atomic: the state is written to a
/// temporary file in the same directory, flushed to disk, then renamed over
/// the old file, so a crash or a full disk never leaves half a file behind.
struct StateFile {
  /// Why the state could not be read or saved, as a phrase for the warning.
  struct Problem: Error, CustomStringConvertible {
    /// The phrase, for example `cannot read it (Permission denied)`.
    var description: String
  }

  /// The largest file read; a saved state is a few hundred bytes.
  static let maximumSize = 1 << 20

  /// The path given to `--state`.
  let path: String

  /// The saved state, or nil when there is no file yet (a first run, not a
  /// problem).
  ///
  /// - Throws: a ``Problem`` for a file that cannot be read (a missing
  ///   directory on the way is a file that is not there), is not a regular
  ///   file, or does not hold a saved state.
  func load() throws(Problem) -> NavigationState? {
    guard let bytes = try readBytes() else { return nil }
    if bytes.isEmpty { throw Problem(description: "not a saved state (the file is empty)") }
    if let offset = JSONParser.firstInvalidUTF8(in: bytes) {
      throw Problem(description: "not a saved state (invalid UTF-8 at byte offset \(offset))")
    }
    do {
      try _ = JSONParser.parse(bytes)
    } catch {
      let (line, column) = JSONParser.lineAndColumn(of: error.offset, in: bytes)
      throw Problem(
        description: "not a saved state (line \(line), column \(column): \(error.message))")
    }
    do {
      return try JSONDecoder().decode(NavigationState.self, from: Data(bytes))
    } catch {
      throw Problem(description: "not a saved state (\(Self.describe(error)))")
    }
  }

  /// Writes `state` to the file atomically: a temporary file next to it,
  /// `fsync`, then `rename` over the old one.
  ///
  /// A file without any write permission is left alone. `rename(2)` looks
  /// only at the directory's permissions, and root ignores permissions
  /// anyway, so the demo checks the file's mode itself.
  ///
  /// - Throws: a ``Problem`` when the file is read-only, the directory is
  ///   missing or not writable, or a write fails.
  func save(_ state: NavigationState) throws(Problem) {
    var existing = stat()
    let exists = stat(path, &existing) == 0
    // Only a regular file is ever replaced: renaming over `/dev/null` (or a
    // directory, or a FIFO) given by mistake would destroy it.
    if exists, existing.st_mode & mode_t(S_IFMT) != mode_t(S_IFREG) {
      throw Problem(description: "cannot save the state: not a regular file")
    }
    if exists, existing.st_mode & 0o222 == 0 {
      throw Problem(description: "cannot save the state: the file is read-only")
    }
    // A symbolic link stays one: the file it points to is replaced.
    let target = exists ? Self.resolved(path) : path
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let bytes: [UInt8]
    do {
      bytes = Array(try encoder.encode(state)) + [0x0A]
    } catch {
      throw Problem(description: "cannot save the state: cannot encode it (\(error))")
    }

    let (directory, name) = Self.split(target)
    let temporary = "\(directory)/.\(name).tmp-\(getpid())"
    let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
    var descriptor = open(temporary, flags, 0o666)
    if descriptor < 0, errno == EEXIST {
      // Left by an earlier run that had this process id and crashed.
      unlink(temporary)
      descriptor = open(temporary, flags, 0o666)
    }
    guard descriptor >= 0 else {
      let error = errno
      throw Problem(
        description: "cannot save the state: cannot create a file in "
          + "\(ContentError.escaped(directory)) (\(Self.reason(error)))")
    }
    var written = false
    defer { if !written { unlink(temporary) } }
    // The new file keeps the old one's permissions.
    if exists { fchmod(descriptor, existing.st_mode & 0o7777) }
    let writeError = Self.writeAll(bytes, to: descriptor)
    let syncError = writeError == nil && fsync(descriptor) != 0 ? errno : nil
    let closeError = close(descriptor) != 0 ? errno : nil
    if let error = writeError ?? syncError ?? closeError {
      throw Problem(description: "cannot save the state: cannot write it (\(Self.reason(error)))")
    }
    guard rename(temporary, target) == 0 else {
      throw Problem(
        description: "cannot save the state: cannot replace the file (\(Self.reason(errno)))")
    }
    written = true
    // Make the rename itself durable; a failure here loses nothing now.
    let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directoryDescriptor >= 0 {
      fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }

  /// The file's bytes, or nil when it does not exist.
  private func readBytes() throws(Problem) -> [UInt8]? {
    // Non-blocking, so a FIFO given by mistake is refused instead of waited on.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let error = errno
      if error == ENOENT { return nil }
      throw Problem(description: "cannot read it (\(Self.reason(error)))")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else {
      throw Problem(description: "cannot read it (not a regular file)")
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw Problem(description: "cannot read it (\(Self.reason(errno)))")
      }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
      if bytes.count > Self.maximumSize {
        throw Problem(description: "not a saved state (larger than \(Self.maximumSize >> 20) MiB)")
      }
    }
  }

  /// Writes every byte, retrying after signals and short writes; the
  /// `errno` of a failure, or nil.
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += count
    }
    return nil
  }

  /// `path` with every symbolic link resolved, or `path` itself when it
  /// cannot be.
  private static func resolved(_ path: String) -> String {
    guard let real = realpath(path, nil) else { return path }
    defer { free(real) }
    return String(cString: real)
  }

  /// The directory and the file name of `path`: `"."` for a bare name.
  private static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = String(path[..<slash])
    return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
  }

  /// The system's message for `code`, as in `Permission denied`.
  private static func reason(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  /// A decoding error in one line: where in the JSON, and what is wrong.
  private static func describe(_ error: Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    func place(_ path: [CodingKey]) -> String {
      let text = path.map { key in
        key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)"
      }.joined()
      return text.hasPrefix(".") ? String(text.dropFirst()) : text.isEmpty ? "the top" : text
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "\(place(context.codingPath)): no \"\(key.stringValue)\""
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .dataCorrupted(let context):
      return "\(place(context.codingPath)): \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }
}
