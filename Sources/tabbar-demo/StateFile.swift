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
///
/// Only a saved state (or an empty file) is ever replaced: a `--state` that
/// names the user's notes, the content file or anything else by mistake
/// leaves it as it was. A symbolic link is followed, except one in a sticky
/// world-writable directory such as `/tmp` that another user owns (the
/// kernel's `protected_symlinks` rule): anyone can plant those.
struct StateFile {
  /// Why the state could not be read or saved, as a phrase for the warning.
  struct Problem: Error, CustomStringConvertible {
    /// The phrase, for example `cannot read it (Permission denied)`.
    var description: String
    /// True when the file must not be saved over: it exists but does not
    /// hold a saved state, or it cannot be checked.
    var forbidsSaving = false
  }

  /// The largest file read; a saved state is a few hundred bytes, and one
  /// is never saved larger (see ``encode(_:)``).
  static let maximumSize = 1 << 20

  /// The path given to `--state`.
  let path: String

  /// The saved state, or nil when there is no file yet (a first run, not a
  /// problem).
  ///
  /// - Throws: a ``Problem`` for a file that cannot be read (a missing
  ///   directory on the way is a file that is not there), is not a regular
  ///   file, or does not hold a saved state.
  func load() throws(Problem) -> SavedState? {
    guard let bytes = try Self.readBytes(try target()) else { return nil }
    // An empty file holds nothing to lose (`touch state.json`): it may be saved over.
    if bytes.isEmpty { throw Problem(description: "not a saved state (the file is empty)") }
    return try Self.decode(bytes)
  }

  /// The state in `bytes`.
  ///
  /// - Throws: a ``Problem`` that forbids saving over the file.
  private static func decode(_ bytes: [UInt8]) throws(Problem) -> SavedState {
    if let offset = JSONParser.firstInvalidUTF8(in: bytes) {
      throw Problem(
        description: "not a saved state (invalid UTF-8 at byte offset \(offset))",
        forbidsSaving: true)
    }
    do {
      try _ = JSONParser.parse(bytes)
    } catch {
      let (line, column) = JSONParser.lineAndColumn(of: error.offset, in: bytes)
      throw Problem(
        description: "not a saved state (line \(line), column \(column): \(error.message))",
        forbidsSaving: true)
    }
    do {
      return try JSONDecoder().decode(SavedState.self, from: Data(bytes))
    } catch {
      throw Problem(
        description: "not a saved state (\(describe(error)))", forbidsSaving: true)
    }
  }

  /// The path to read and replace: `path` with the symbolic links at its
  /// end followed, as the kernel's `protected_symlinks` rule allows.
  ///
  /// - Throws: a ``Problem`` that forbids saving for a link in a sticky
  ///   world-writable directory whose owner is neither us nor the
  ///   directory's owner, or for a loop of links.
  private func target() throws(Problem) -> String {
    var current = path
    for _ in 0..<40 {
      var link = stat()
      guard lstat(current, &link) == 0, link.st_mode & mode_t(S_IFMT) == mode_t(S_IFLNK) else {
        return current
      }
      let directory = Self.split(current).directory
      var parent = stat()
      if stat(directory, &parent) == 0, parent.st_mode & mode_t(S_ISVTX) != 0,
        parent.st_mode & 0o002 != 0, link.st_uid != geteuid(), link.st_uid != parent.st_uid
      {
        throw Problem(
          description: "a symbolic link in a sticky world-writable directory, owned by another "
            + "user; not following it", forbidsSaving: true)
      }
      var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = buffer.withUnsafeMutableBytes {
        readlink(current, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count - 1)
      }
      guard count > 0 else { return current }
      let destination = String(decoding: buffer[..<count], as: UTF8.self)
      current = destination.hasPrefix("/") ? destination : "\(directory)/\(destination)"
    }
    throw Problem(
      description: "cannot read it (\(Self.reason(ELOOP)))", forbidsSaving: true)
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
  func save(_ state: SavedState) throws(Problem) {
    let target = try target()
    var existing = stat()
    let exists = lstat(target, &existing) == 0
    // Only a regular file is ever replaced: renaming over `/dev/null` (or a
    // directory, or a FIFO) given by mistake would destroy it.
    if exists, existing.st_mode & mode_t(S_IFMT) != mode_t(S_IFREG) {
      throw Problem(description: "cannot save the state: not a regular file")
    }
    if exists, existing.st_mode & 0o222 == 0 {
      throw Problem(description: "cannot save the state: the file is read-only")
    }
    // Checked again just before it is replaced: it may have changed since
    // it was loaded (the user saved their notes there meanwhile).
    if exists {
      do {
        if let bytes = try Self.readBytes(target), !bytes.isEmpty { _ = try Self.decode(bytes) }
      } catch {
        throw Problem(
          description: "cannot save the state: the file no longer holds one", forbidsSaving: true)
      }
    }
    // A symbolic link stays one: the file it points to is replaced.
    let bytes = try Self.encode(state)

    let (directory, name) = Self.split(target)
    // A name no one can guess, created only if it does not exist (O_EXCL):
    // no one can plant a link there beforehand.
    var template = Array("\(directory)/.\(name).XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      let error = errno
      throw Problem(
        description: "cannot save the state: cannot create a file in "
          + "\(ContentError.escaped(directory)) (\(Self.reason(error)))")
    }
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    var written = false
    defer { if !written { unlink(temporary) } }
    // The new file keeps the old one's permissions; a first one gets what
    // the umask allows (mkostemp creates it 0600).
    if exists {
      fchmod(descriptor, existing.st_mode & 0o7777)
    } else {
      let mask = umask(0)
      umask(mask)
      fchmod(descriptor, 0o666 & ~mask)
    }
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

  /// The state as saved: pretty-printed JSON, cut short where needed so
  /// that it is never larger than ``maximumSize`` and the next start can
  /// load it. The longest lists of pages lose their second halves first
  /// (the deepest stack its top pages: a restored stack stops where the
  /// saved one does), then the compose part goes.
  static func encode(_ state: SavedState) throws(Problem) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    var state = state
    while true {
      let bytes: [UInt8]
      do {
        bytes = Array(try encoder.encode(state)) + [0x0A]
      } catch {
        throw Problem(description: "cannot save the state: cannot encode it (\(error))")
      }
      if bytes.count <= maximumSize { return bytes }
      // With no list left to cut, what the pages keep goes too.
      if !state.restoration.halveLongestList() {
        if state.compose != nil {
          state.compose = nil
        } else if state.restoration != RestorationCoder() {
          state.restoration = RestorationCoder()
        } else {
          state.settings = nil
        }
      }
    }
  }

  /// The bytes of the file at `path`, or nil when it does not exist.
  private static func readBytes(_ path: String) throws(Problem) -> [UInt8]? {
    // Non-blocking, so a FIFO given by mistake is refused instead of waited on;
    // no link is followed (``target()`` did that).
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      let error = errno
      if error == ENOENT { return nil }
      // A file that cannot be read cannot be checked, so it is not saved over.
      throw Problem(
        description: "cannot read it (\(Self.reason(error)))",
        forbidsSaving: error == EACCES || error == ELOOP)
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
        throw Problem(
          description: "not a saved state (larger than \(Self.maximumSize >> 20) MiB)",
          forbidsSaving: true)
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
