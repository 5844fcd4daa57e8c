#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a `--state` file is: the directory that holds it, open by
/// descriptor, and the file's name there.
///
/// The path is walked one component at a time from `/` (or the working
/// directory): each directory is opened relative to the one before with
/// `openat(…, O_PATH | O_DIRECTORY | O_NOFOLLOW)`, so no link is followed
/// behind our back and nothing checked can be swapped afterwards. A
/// symbolic link met on the way (the last component included) is read
/// with `readlinkat` and its target walked in its place, at most 40 of
/// them, when the kernel's `fs.protected_symlinks` rule would follow it:
/// not when it sits in a sticky world-writable directory (`/tmp`) and is
/// owned neither by us nor by that directory's owner. Every operation on
/// the file then goes through the directory's descriptor (`openat`,
/// `renameat`, `linkat`, `unlinkat`).
final class StatePlace {
  /// Why a path could not be walked.
  struct Failure: Error {
    /// The `errno` of the step that failed (`ENOENT` for a missing
    /// directory).
    var code: Int32
    /// The link that was not followed, as walked, when that is why.
    var plantedLink: String?
  }

  /// The directory that holds the file (an `O_PATH` descriptor on Linux).
  let directory: Int32
  /// The file's name in ``directory``; never a symbolic link when walked.
  let name: String
  /// The directory as walked, for messages.
  let shownDirectory: String

  /// The most links followed on one path, as the kernel's `MAXSYMLINKS`.
  static let maximumLinks = 40

  /// Walks `path`.
  ///
  /// - Throws: a ``Failure`` for a directory on the way that is missing,
  ///   not a directory, or cannot be searched, for too many links, and for a
  ///   link another user could have planted.
  init(_ path: String) throws(Failure) {
    var current = open(path.hasPrefix("/") ? "/" : ".", pathOnly | O_DIRECTORY | O_CLOEXEC)
    guard current >= 0 else { throw Failure(code: errno) }
    var shown = path.hasPrefix("/") ? "/" : "."
    var pending = Array(Self.components(of: path).reversed())
    var links = 0
    func fail(_ code: Int32, link: String? = nil) -> Failure {
      close(current)
      return Failure(code: code, plantedLink: link)
    }
    while let component = pending.popLast() {
      let isLast = pending.isEmpty
      var status = stat()
      let found = fstatat(current, component, &status, AT_SYMLINK_NOFOLLOW) == 0
      if found, status.st_mode & mode_t(S_IFMT) == mode_t(S_IFLNK) {
        let walked = Self.joined(shown, component)
        guard Self.mayFollow(link: status, in: current) else { throw fail(EPERM, link: walked) }
        links += 1
        guard links <= Self.maximumLinks, let target = Self.readLink(component, in: current)
        else { throw fail(links > Self.maximumLinks ? ELOOP : ENOENT) }
        pending += Self.components(of: target).reversed()
        if target.hasPrefix("/") {
          let root = open("/", pathOnly | O_DIRECTORY | O_CLOEXEC)
          guard root >= 0 else { throw fail(errno) }
          close(current)
          current = root
          shown = "/"
        }
        continue
      }
      if isLast {
        directory = current
        name = component
        shownDirectory = shown
        return
      }
      guard found else { throw fail(errno) }
      if component == "." { continue }
      let next = openat(current, component, pathOnly | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      guard next >= 0 else { throw fail(errno) }
      // Checked on the descriptor itself: it is what the walk goes on from.
      var opened = stat()
      guard fstat(next, &opened) == 0, opened.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR) else {
        close(next)
        throw fail(ENOTDIR)
      }
      close(current)
      current = next
      shown = Self.joined(shown, component)
    }
    // Only an empty path has no component at all.
    throw fail(ENOENT)
  }

  deinit { close(directory) }

  /// The names of `path`, empty ones dropped; a path ending in `/` names
  /// a directory, so `.` ends it.
  static func components(of path: String) -> [String] {
    var names = path.split(separator: "/").map(String.init)
    if path.hasSuffix("/") || names.isEmpty { names.append(".") }
    return names
  }

  /// `directory/name` for messages.
  private static func joined(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : "\(directory)/\(name)"
  }

  /// Whether the kernel's `fs.protected_symlinks` rule follows the link
  /// whose status is `link`, in the directory `directory`: always, unless
  /// the directory is sticky and world-writable and the link's owner is
  /// neither us nor the directory's owner.
  private static func mayFollow(link: stat, in directory: Int32) -> Bool {
    var parent = stat()
    guard fstat(directory, &parent) == 0 else { return false }
    return !isSharedSticky(parent) || link.st_uid == geteuid() || link.st_uid == parent.st_uid
  }

  /// A sticky directory anyone can write in, such as `/tmp`.
  private static func isSharedSticky(_ directory: stat) -> Bool {
    directory.st_mode & mode_t(S_ISVTX) != 0 && directory.st_mode & 0o002 != 0
  }

  /// The target of the link `name` in `directory`, or nil.
  private static func readLink(_ name: String, in directory: Int32) -> String? {
    var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = buffer.withUnsafeMutableBytes {
      readlinkat(
        directory, name, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count - 1)
    }
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count], as: UTF8.self)
  }

  /// Whether the file whose status is `file` belongs to another user and
  /// sits in a sticky world-writable directory: it is theirs, not to be
  /// read as our state nor taken over (the kernel's `fs.protected_regular`).
  func isPlantedFile(_ file: stat) -> Bool {
    var parent = stat()
    guard fstat(directory, &parent) == 0 else { return true }
    return Self.isSharedSticky(parent) && file.st_uid != geteuid()
      && file.st_uid != parent.st_uid
  }

  // MARK: Temporary files

  /// The start of our temporary files' names: `.NAME.tabbar-save-`.
  private var temporaryPrefix: String { ".\(name).tabbar-save-" }

  /// A new temporary file name: ``temporaryPrefix``, our process id, and
  /// 64 random bits.
  func temporaryName() -> String {
    let random = String(UInt64.random(in: .min ... .max), radix: 16)
    return "\(temporaryPrefix)\(getpid())-\(random)"
  }

  /// How old a temporary file of ours must be to be removed even though a
  /// process with its id runs (the id was reused): a save takes milliseconds.
  static let staleAge = 60

  /// Removes the temporary files a save killed halfway left (`kill -9`,
  /// a power cut): ours by name and owner, whose process is gone or which
  /// are more than ``staleAge`` seconds old.
  func removeStaleTemporaryFiles() {
    let listing = openat(directory, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard listing >= 0, let stream = fdopendir(listing) else {
      if listing >= 0 { close(listing) }
      return
    }
    defer { closedir(stream) }
    let prefix = temporaryPrefix
    var stale: [String] = []
    while let entry = readdir(stream) {
      let entryName = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard entryName.hasPrefix(prefix) else { continue }
      let rest = entryName.dropFirst(prefix.count)
      guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0
      else { continue }
      var status = stat()
      guard fstatat(directory, entryName, &status, AT_SYMLINK_NOFOLLOW) == 0,
        status.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG), status.st_uid == geteuid()
      else { continue }
      let gone = pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
      let age = Int(time(nil)) - Int(status.st_mtim.tv_sec)
      if gone || age > Self.staleAge { stale.append(entryName) }
    }
    for entryName in stale { unlinkat(directory, entryName, 0) }
  }

  /// Makes a rename in the directory durable; a failure loses nothing now.
  func syncDirectory() {
    let descriptor = openat(directory, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }
}

#if os(Linux)
  /// `O_PATH`: a descriptor that only names a place, so a directory is
  /// walked through with search permission alone, as the kernel walks a
  /// path. Glibc's module hides it behind `_GNU_SOURCE`; this is its value
  /// on every architecture Swift runs on (the generic one).
  private let pathOnly: Int32 = 0o10_000_000
#else
  private let pathOnly = O_RDONLY
#endif
