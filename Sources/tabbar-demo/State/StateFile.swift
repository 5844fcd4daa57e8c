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
/// A temporary file left by a run killed during its save (`kill -9`) is
/// named after it (`.NAME.tabbar-save-PID-RANDOM`) and removed by the next
/// save once that run is gone.
///
/// Only a saved state (or an empty file) is ever replaced: a `--state` that
/// names the user's notes, the content file or anything else by mistake
/// leaves it as it was. A number with a fraction makes a file that is not
/// a saved state; an integer past `Int` (99999999999999999999), a saved
/// state that cannot be restored: a warning, a fresh start, and it is saved
/// over. Numbers within `Int` are the pages' to check (``RestorationCoder``
/// clamps or compares them, never computes with them).
///
/// The path is walked one component at a time (``StatePlace``), each
/// directory opened by descriptor without following links, so that nothing
/// checked on the way can be swapped afterwards. A symbolic link anywhere on
/// the path is followed as the kernel's `fs.protected_symlinks` rule follows
/// one, and for the same reason: unless it sits in a sticky world-writable
/// directory such as `/tmp` and is owned neither by us nor by that
/// directory's owner, since anyone can plant those there. So the user's own
/// links are followed, and so is any link in a directory that only its
/// owner (root, the user) can write. A regular file that another user owns
/// in a sticky world-writable directory is neither read nor taken over (the
/// kernel's `fs.protected_regular`).
///
/// The file written gets read and write bits only, never more than the
/// umask allows: those of the file it replaces when we own that file, else
/// `0666` less the umask. Set-id and execute bits are never copied.
///
/// Two runs on one file lose nothing of each other's: a save locks the
/// file it is about to replace (`flock`), reads it again under the lock,
/// and merges every list it keeps (posts, drafts, comments, History,
/// Favourites, places, messages read) with the file's, by identity and
/// time, against what this run read at start (``SavedState/merged(over:
/// base:)``): what either run added is kept, what one took out stays out.
/// The place and the settings are this run's, the last to quit; the other
/// content files' parts are the file's. A run that waited for the lock
/// finds the file replaced, and starts again on the new one. A run that
/// cannot get the lock within ``lockWait`` (another process holds it)
/// writes its state to a recovery file beside it (`NAME.recovered`) and
/// says where.
///
/// A key given twice in the file (an edit by hand) does not make it
/// something else than a saved state: the last value of each key is read,
/// as JavaScript and Python read it, and a warning says where.
struct StateFile {
  /// Why the state could not be read or saved, as a phrase for the warning.
  struct Problem: Error, CustomStringConvertible {
    /// The phrase, for example `cannot read it (Permission denied)`.
    var description: String
    /// True when the file must not be saved over: it exists but does not
    /// hold a saved state, or it cannot be checked.
    var forbidsSaving = false
  }

  /// The largest file read; a saved state is a few kilobytes, and one is
  /// never saved larger (see ``encode(_:)``).
  static let maximumSize = 1 << 20

  /// How long a save waits for another run's save to end.
  static let lockWait: Duration = .seconds(2)

  /// What identifies one version of the file: its device, inode, size and
  /// time of last change. A save finds the file as it was loaded when the
  /// stamp is the same, and then merges with what it loaded instead of
  /// reading and decoding it again (JSONDecoder reads about 2 MB/s of a
  /// state full of combining marks: a megabyte at quit was half a second).
  struct Stamp: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var changed: Int
    var changedNanoseconds: Int

    init(_ status: stat) {
      device = UInt64(status.st_dev)
      inode = UInt64(status.st_ino)
      size = Int64(status.st_size)
      changed = Int(status.st_ctim.tv_sec)
      changedNanoseconds = Int(status.st_ctim.tv_nsec)
    }
  }

  /// A saved state as loaded, and the stamp of the file it came from (nil
  /// when the file changed while it was read).
  struct Loaded {
    var state: SavedState
    var stamp: Stamp?
  }

  /// The path given to `--state`.
  let path: String

  /// The saved state, or nil when there is no file yet (a first run, not a
  /// problem).
  ///
  /// - Throws: a ``Problem`` for a file that cannot be read (a missing
  ///   directory on the way is a file that is not there), is not a regular
  ///   file, does not hold a saved state, or holds one that cannot be
  ///   restored.
  func load() throws(Problem) -> Loaded? {
    let place: StatePlace
    do {
      place = try StatePlace(path)
    } catch {
      if error.code == ENOENT { return nil }
      throw Self.problem(reading: error)
    }
    guard let (bytes, stamp) = try Self.readBytes(in: place) else { return nil }
    // An empty file holds nothing to lose (`touch state.json`): it may be saved over.
    if bytes.isEmpty { throw Problem(description: "not a saved state (the file is empty)") }
    return Loaded(state: try Self.decode(bytes), stamp: stamp)
  }

  /// The state in `bytes`; its ``SavedState/warnings`` say where a key
  /// was given twice.
  ///
  /// - Throws: a ``Problem`` that forbids saving over the file.
  static func decode(_ bytes: [UInt8]) throws(Problem) -> SavedState {
    if let offset = JSONParser.firstInvalidUTF8(in: bytes) {
      throw Problem(
        description: "not a saved state (invalid UTF-8 at byte offset \(offset))",
        forbidsSaving: true)
    }
    let value: JSONValue
    let duplicate: JSONParser.Failure?
    do {
      (value, duplicate) = try JSONParser.parseKeepingLastDuplicate(bytes)
    } catch {
      let (line, column) = JSONParser.lineAndColumn(of: error.offset, in: bytes)
      throw Problem(
        description: "not a saved state (line \(line), column \(column): \(error.message))",
        forbidsSaving: true)
    }
    // The numbers first: the decoder would call 1.5 "not valid JSON".
    switch SavedState.firstBadNumber(in: value) {
    case .fraction(let path, let written):
      throw Problem(
        description: "not a saved state (\(path): expected an integer, found \(written))",
        forbidsSaving: true)
    case .outOfRange(let path, let written):
      // Ours, with a number no position could be: saved over at quit.
      throw Problem(description: "cannot restore it (\(path) \(written) is out of range)")
    case nil:
      break
    }
    do {
      // With a key given twice, what is decoded is the text with the last
      // of each: JSONDecoder's own choice is not documented.
      let text = duplicate == nil ? bytes : value.text
      var state = try JSONDecoder().decode(SavedState.self, from: Data(text))
      if let duplicate {
        let (line, column) = JSONParser.lineAndColumn(of: duplicate.offset, in: bytes)
        state.warnings.append(
          "line \(line), column \(column): \(duplicate.message); read the last one")
      }
      return state
    } catch {
      throw Problem(
        description: "not a saved state (\(describe(error)))", forbidsSaving: true)
    }
  }

  /// The problem of a path that cannot be walked, for `load()`.
  private static func problem(reading failure: StatePlace.Failure) -> Problem {
    if let link = failure.plantedLink {
      return Problem(
        description: "a symbolic link in a sticky world-writable directory, owned by another "
          + "user (\(ContentError.escaped(link))); not following it", forbidsSaving: true)
    }
    // A file that cannot be read cannot be checked, so it is not saved over.
    return Problem(
      description: "cannot read it (\(reason(failure.code)))",
      forbidsSaving: failure.code == EACCES || failure.code == ELOOP)
  }

  /// Writes `state` to the file atomically: a temporary file next to it,
  /// `fsync`, then `rename` over the old one, under a lock on the old one
  /// and merged with what another run saved there since this one read
  /// `base` (the parts of its content it read at start; nil for none).
  /// When the file is still the one `loaded` came from (the same
  /// ``Stamp``), its state is merged with as loaded, not read again.
  /// Returns what had to be left out to keep the file small (``encode(_:)``),
  /// for the warning: empty when nothing was.
  ///
  /// A file without any write permission is left alone. `rename(2)` looks
  /// only at the directory's permissions, and root ignores permissions
  /// anyway, so the demo checks the file's mode itself.
  ///
  /// - Throws: a ``Problem`` when the file is read-only, the directory is
  ///   missing or not writable, a write fails, or another process holds the
  ///   lock (the state then went to a recovery file, which it names).
  @discardableResult
  func save(
    _ state: SavedState, base: ContentState? = nil, loaded: Loaded? = nil
  ) throws(Problem) -> [String] {
    let place: StatePlace
    do {
      place = try StatePlace(path)
    } catch {
      if error.plantedLink != nil { throw Self.problem(reading: error) }
      throw Problem(
        description: "cannot save the state: cannot create a file in "
          + "\(ContentError.escaped(Self.split(path).directory)) (\(Self.reason(error.code)))")
    }
    place.removeStaleTemporaryFiles()
    // Another run may replace the file between the open and the lock: then
    // the lock is on a file that is gone, and the save starts again.
    for _ in 0..<100 {
      if let leftOut = try save(state, base: base, loaded: loaded, in: place) { return leftOut }
    }
    throw Problem(description: "cannot save the state: the file keeps being replaced")
  }

  /// One attempt of ``save(_:base:loaded:)``: what was left out, or nil
  /// when the file was replaced or created meanwhile, and the save must
  /// start again.
  private func save(
    _ state: SavedState, base: ContentState?, loaded: Loaded?, in place: StatePlace
  ) throws(Problem) -> [String]? {
    let descriptor = openat(
      place.directory, place.name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      let error = errno
      if error == ENOENT { return try create(state, in: place) }
      if error == ELOOP {
        // A link put there since the walk: not followed now.
        throw Problem(description: "cannot save the state: not a regular file")
      }
      throw Problem(description: "cannot save the state: cannot read it (\(Self.reason(error)))")
    }
    defer { close(descriptor) }  // and so the lock goes
    var existing = stat()
    // Only a regular file is ever replaced: renaming over `/dev/null` (or a
    // directory, or a FIFO) given by mistake would destroy it.
    guard fstat(descriptor, &existing) == 0, existing.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG)
    else {
      throw Problem(description: "cannot save the state: not a regular file")
    }
    if existing.st_mode & 0o222 == 0 {
      throw Problem(description: "cannot save the state: the file is read-only")
    }
    if place.isPlantedFile(existing) {
      throw Problem(
        description: "cannot save the state: the file is another user's, in a sticky "
          + "world-writable directory; not taking it over")
    }
    guard try Self.lock(descriptor) else {
      // Another process holds it: this run's state goes beside it.
      let (bytes, leftOut) = try Self.encode(state)
      let name = try writeRecovery(bytes, in: place)
      let shown = place.shownDirectory == "." ? name : "\(place.shownDirectory)/\(name)"
      throw Problem(
        description: "cannot save the state: another process holds it locked; saved this "
          + "run's state to \(ContentError.escaped(shown)) instead"
          + (leftOut.isEmpty ? "" : " (too large to keep: left out \(Self.list(leftOut)))"))
    }
    var current = stat()
    guard fstatat(place.directory, place.name, &current, AT_SYMLINK_NOFOLLOW) == 0,
      current.st_dev == existing.st_dev, current.st_ino == existing.st_ino
    else { return nil }
    // Read again under the lock: it may have changed since it was loaded
    // (another run saved, or the user saved their notes there meanwhile).
    var merged = state
    do {
      if let loaded, let stamp = loaded.stamp, stamp == Stamp(existing) {
        // Unchanged since it was loaded: no other run saved meanwhile.
        merged = state.merged(over: loaded.state, base: base)
      } else {
        let bytes = try Self.readAll(descriptor)
        if !bytes.isEmpty { merged = state.merged(over: try Self.decode(bytes), base: base) }
      }
    } catch  where !error.forbidsSaving {
      // A saved state that cannot be restored: nothing in it to keep.
    } catch {
      throw Problem(
        description: "cannot save the state: the file no longer holds one", forbidsSaving: true)
    }
    let keptMode = existing.st_uid == geteuid() ? existing.st_mode & 0o666 : 0o666
    let (bytes, leftOut) = try Self.encode(merged)
    let temporary = try writeTemporary(bytes, in: place, mode: keptMode)
    guard renameat(place.directory, temporary, place.directory, place.name) == 0 else {
      let error = errno
      unlinkat(place.directory, temporary, 0)
      throw Problem(
        description: "cannot save the state: cannot replace the file (\(Self.reason(error)))")
    }
    place.syncDirectory()
    return leftOut
  }

  /// Saves `state` as a new file, unless one appeared meanwhile (nil);
  /// what was left out of it.
  private func create(_ state: SavedState, in place: StatePlace) throws(Problem) -> [String]? {
    let (bytes, leftOut) = try Self.encode(state)
    let temporary = try writeTemporary(bytes, in: place, mode: 0o666)
    defer { unlinkat(place.directory, temporary, 0) }
    // A link, unlike a rename, never replaces a file another run saved
    // meanwhile; that one is then merged with.
    if linkat(place.directory, temporary, place.directory, place.name, 0) != 0 {
      let error = errno
      if error == EEXIST { return nil }
      // A file system without hard links: a rename, racing only a save
      // that starts at the same instant.
      guard renameat(place.directory, temporary, place.directory, place.name) == 0 else {
        throw Problem(
          description: "cannot save the state: cannot replace the file "
            + "(\(Self.reason(errno)))")
      }
    }
    place.syncDirectory()
    return leftOut
  }

  /// Writes `bytes` to a new file beside the state file, named after it
  /// (`NAME.recovered`, else `NAME.recovered.1` and on: one never replaces
  /// another), as nano keeps a buffer it could not save; the new file's
  /// name.
  private func writeRecovery(_ bytes: [UInt8], in place: StatePlace) throws(Problem) -> String {
    let temporary = try writeTemporary(bytes, in: place, mode: 0o666)
    defer { unlinkat(place.directory, temporary, 0) }
    var error: Int32 = EEXIST
    for number in 0..<100 where error == EEXIST {
      let name = "\(place.name).recovered" + (number == 0 ? "" : ".\(number)")
      if linkat(place.directory, temporary, place.directory, name, 0) == 0 {
        place.syncDirectory()
        return name
      }
      error = errno
    }
    throw Problem(
      description: "cannot save the state: another process holds it locked, and no recovery "
        + "file could be written (\(Self.reason(error)))")
  }

  /// Writes `bytes` to a new temporary file beside the state file, flushed
  /// to disk, with `mode` less the umask; its name.
  private func writeTemporary(
    _ bytes: [UInt8], in place: StatePlace, mode: mode_t
  ) throws(Problem) -> String {
    // A name no one can guess, created only if it does not exist (O_EXCL):
    // no one can plant a link there beforehand.
    var name = ""
    var descriptor: Int32 = -1
    for _ in 0..<100 where descriptor < 0 {
      name = place.temporaryName()
      descriptor = openat(
        place.directory, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      if descriptor < 0 && errno != EEXIST { break }
    }
    guard descriptor >= 0 else {
      let error = errno
      throw Problem(
        description: "cannot save the state: cannot create a file in "
          + "\(ContentError.escaped(place.shownDirectory)) (\(Self.reason(error)))")
    }
    // Read and write bits only, as the umask allows them.
    let mask = umask(0)
    umask(mask)
    fchmod(descriptor, mode & 0o666 & ~mask)
    let writeError = Self.writeAll(bytes, to: descriptor)
    let syncError = writeError == nil && fsync(descriptor) != 0 ? errno : nil
    let closeError = close(descriptor) != 0 ? errno : nil
    if let error = writeError ?? syncError ?? closeError {
      unlinkat(place.directory, name, 0)
      throw Problem(description: "cannot save the state: cannot write it (\(Self.reason(error)))")
    }
    return name
  }

  /// Takes the exclusive lock on `descriptor`, waiting up to ``lockWait``
  /// for another run's save to end; false when another process still
  /// holds it then.
  private static func lock(_ descriptor: Int32) throws(Problem) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + lockWait
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR else {
        throw Problem(
          description: "cannot save the state: cannot lock it (\(Self.reason(errno)))")
      }
      if clock.now >= deadline { return false }
      usleep(5_000)
    }
    return true
  }

  /// `a`, `a and b`, `a, b and c`.
  static func list(_ parts: [String]) -> String {
    guard let last = parts.last, parts.count > 1 else { return parts.first ?? "" }
    return parts.dropLast().joined(separator: ", ") + " and " + last
  }

  /// The bytes of the file at `place` and its stamp (nil when it changed
  /// while it was read), or nil when it does not exist.
  private static func readBytes(
    in place: StatePlace
  ) throws(Problem) -> (bytes: [UInt8], stamp: Stamp?)? {
    // Non-blocking, so a FIFO given by mistake is refused instead of waited on;
    // no link is followed (``StatePlace`` did that).
    let descriptor = openat(
      place.directory, place.name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
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
    if place.isPlantedFile(status) {
      throw Problem(
        description: "the file is another user's, in a sticky world-writable directory; "
          + "not reading it", forbidsSaving: true)
    }
    let bytes = try readAll(descriptor)
    var after = stat()
    let unchanged = fstat(descriptor, &after) == 0 && Stamp(after) == Stamp(status)
    return (bytes, unchanged ? Stamp(status) : nil)
  }

  /// Everything `descriptor` holds from its start, at most ``maximumSize``.
  private static func readAll(_ descriptor: Int32) throws(Problem) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16 << 10)
    var offset: off_t = 0
    while true {
      let count = chunk.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress, $0.count, offset)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw Problem(description: "cannot read it (\(Self.reason(errno)))")
      }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
      offset += off_t(count)
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
  static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = String(path[..<slash])
    return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
  }

  /// The system's message for `code`, as in `Permission denied`.
  static func reason(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  /// A decoding error in one line: where in the JSON, and what is wrong.
  private static func describe(_ error: Error) -> String {
    // A downcast: JSONDecoder throws `any Error`, and only a
    // DecodingError has a coding path to name.
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
