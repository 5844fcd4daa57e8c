#if canImport(Glibc)
  import Glibc
#endif

/// Reads a feed from a file, with the same size cap as the network and validators made of the
/// file's modification time and size.
enum FileReader {
  static func read(path: String, validators: Validators, options: FetchOptions, task: FetchTask)
    -> Result<FetchResult, FeedError>
  {
    let shown = FeedText.clean(path)
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return .failure(fileError(errno, shown)) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(fileError(errno, shown)) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      return .failure(
        FeedError(
          .file,
          info.st_mode & S_IFMT == S_IFDIR ? "\(shown) is a directory" : "\(shown) is not a file"))
    }
    guard Int(info.st_size) <= options.maximumBytes else {
      return .failure(tooLarge(options.maximumBytes))
    }
    let stamp = "file:\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):\(info.st_size)"
    if validators.etag == stamp { return .success(.notModified(validators)) }
    var body: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      if task.isCancelled { return .failure(FeedError(.cancelled, "cancelled")) }
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(fileError(errno, shown))
      }
      if count == 0 { break }
      guard body.count + count <= options.maximumBytes else {
        return .failure(tooLarge(options.maximumBytes))
      }
      body.append(contentsOf: chunk[..<count])
    }
    return .success(
      .fetched(FetchedDocument(body: body, validators: Validators(etag: stamp), address: path)))
  }

  static func tooLarge(_ limit: Int) -> FeedError {
    FeedError(.tooLarge, "feed is larger than \(spokenSize(limit))")
  }

  private static func fileError(_ code: Int32, _ path: String) -> FeedError {
    switch code {
    case ENOENT: FeedError(.file, "no such file: \(path)")
    case EACCES, EPERM: FeedError(.file, "permission denied: \(path)")
    case EISDIR: FeedError(.file, "\(path) is a directory")
    default: FeedError(.file, "\(path): \(String(cString: strerror(code)))")
    }
  }
}
