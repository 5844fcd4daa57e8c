#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// Feeds kept on disk between runs, one JSON file per source under
/// `$XDG_CACHE_HOME/tabbar-demo/feeds/` (`~/.cache/tabbar-demo/feeds/` when it is unset).
///
/// A file is written to a temporary file beside it and renamed into place, so it is never
/// half-written. A file that cannot be read, is not JSON, is from another version or names
/// another source is ignored: ``load(_:)`` returns nil and the next ``store(_:)`` replaces it.
public struct FeedCache: Sendable {
  /// The folder the cache lives in (`…/tabbar-demo`).
  public let directory: String
  /// The most items kept per feed.
  public var itemLimit = 500
  /// The largest cache file read, in bytes; a larger one is ignored.
  public var maximumFileBytes = 64 << 20

  /// A cache in `directory`, created when first stored to.
  public init(directory: String) {
    self.directory = directory
  }

  /// The cache folder the XDG Base Directory rules give for `environment`:
  /// `$XDG_CACHE_HOME/tabbar-demo` when that is an absolute path, else
  /// `$HOME/.cache/tabbar-demo`; nil when neither is set.
  public static func defaultDirectory(environment: [String: String]) -> String? {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return cache + "/tabbar-demo"
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return home + "/.cache/tabbar-demo"
    }
    return nil
  }

  /// The cache in the default folder of this process's environment, or nil when neither
  /// `XDG_CACHE_HOME` nor `HOME` says where.
  public static func standard() -> FeedCache? {
    var environment: [String: String] = [:]
    for name in ["XDG_CACHE_HOME", "HOME"] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return defaultDirectory(environment: environment).map(FeedCache.init)
  }

  /// The file that holds `source`'s feed: a digest of the source, so any URL makes a safe
  /// name.
  public func path(for source: FeedSource) -> String {
    "\(directory)/feeds/\(digest(source.description)).json"
  }

  /// The cached feed of `source`, or nil when there is none or its file is unreadable.
  public func load(_ source: FeedSource) -> CachedFeed? {
    guard let bytes = readFile(path(for: source)),
      let file = try? JSONDecoder().decode(CacheFile.self, from: Data(bytes)),
      file.version == CacheFile.currentVersion, file.feed.source == source.description
    else { return nil }
    return file.feed
  }

  /// Writes `feed` as `source`'s (its items cut to ``itemLimit``) atomically, making the
  /// folders it needs (the missing ones of ``directory`` too).
  ///
  /// - Throws: a ``FeedError`` of kind ``FeedError/Kind/cache`` naming the file and the cause.
  public func store(_ feed: CachedFeed, for source: FeedSource) throws(FeedError) {
    var feed = feed
    feed.source = source.description
    if feed.items.count > itemLimit { feed.items.removeLast(feed.items.count - itemLimit) }
    let path = path(for: source)
    let bytes: [UInt8]
    do {
      bytes = Array(
        try JSONEncoder().encode(CacheFile(version: CacheFile.currentVersion, feed: feed)))
    } catch {
      throw FeedError(.cache, "could not encode the cache for \(feed.source)")
    }
    // Every missing folder on the way, as `mkdir -p`: `XDG_CACHE_HOME` may name one that is
    // not there yet (the XDG rules say to make it).
    var folders: [String] = []
    var prefix = ""
    for part in (directory + "/feeds").split(separator: "/") {
      prefix += "/" + part
      folders.append(prefix)
    }
    for folder in folders {
      if mkdir(folder, 0o700) != 0 && errno != EEXIST {
        throw FeedError(.cache, "cannot make \(folder): \(String(cString: strerror(errno)))")
      }
    }
    try writeAtomically(bytes, to: path)
  }

  private func readFile(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
      Int(info.st_size) <= maximumFileBytes
    else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    var filled = 0
    while filled < bytes.count {
      let count = bytes.withUnsafeMutableBytes {
        read(descriptor, $0.baseAddress! + filled, $0.count - filled)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return nil }
      filled += count
    }
    return bytes
  }

  private func writeAtomically(_ bytes: [UInt8], to path: String) throws(FeedError) {
    let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw FeedError(.cache, "cannot write \(temporary): \(String(cString: strerror(errno)))")
    }
    var written = 0
    var failure: Int32 = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress! + written, $0.count - written)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        failure = errno
        break
      }
      written += count
    }
    if failure == 0 && fsync(descriptor) != 0 { failure = errno }
    close(descriptor)
    if failure == 0 && rename(temporary, path) != 0 { failure = errno }
    if failure != 0 {
      unlink(temporary)
      throw FeedError(.cache, "cannot write \(path): \(String(cString: strerror(failure)))")
    }
  }
}

/// The JSON file: a version, so a later format can tell an old file.
private struct CacheFile: Codable {
  static let currentVersion = 1
  var version: Int
  var feed: CachedFeed
}
