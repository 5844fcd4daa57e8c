import NewsFeeds

#if canImport(Glibc)
  import Glibc
#endif

extension TabBarDemo {
  /// The feeds of `--feed`, in the order given, each checked: an http or
  /// https URL, a `file://` URL or a path to a file that can be read.
  ///
  /// - Throws: a ``CommandLineError`` naming the value and what is wrong
  ///   with it (`--feed 'ftp://x': unsupported scheme ftp…`).
  static func feedSources(_ values: [String]) throws(CommandLineError) -> [FeedSource] {
    var sources: [FeedSource] = []
    for value in values {
      let source: FeedSource
      do {
        source = try FeedSource(parsing: value)
      } catch {
        throw CommandLineError("--feed '\(value)': \(error.description)")
      }
      if case .file(let path) = source {
        var info = stat()
        if stat(path, &info) != 0 {
          throw CommandLineError(
            "--feed '\(value)': cannot read \(path): \(String(cString: strerror(errno)))")
        }
        if info.st_mode & S_IFMT == S_IFDIR {
          throw CommandLineError("--feed '\(value)': \(path) is a folder, not a feed")
        }
      }
      sources.append(source)
    }
    return sources
  }

  /// How the feeds are read: `--feed`'s, the cache of the environment
  /// (`$XDG_CACHE_HOME/tabbar-demo`), and with `--headless` fetched before
  /// the frame is drawn.
  func feedOptions() throws(CommandLineError) -> FeedOptions {
    FeedOptions(
      sources: try Self.feedSources(feeds), cache: FeedCache.standard(), atOnce: headless)
  }
}
