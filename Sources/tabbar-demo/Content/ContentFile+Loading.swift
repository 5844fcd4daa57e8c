#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ContentFile {
  /// The largest content file read, in bytes; a bigger one (or a device such
  /// as `/dev/zero`) is refused instead of read forever.
  static let maximumFileSize = 64 << 20

  /// Reads, checks and decodes the content file at `path`.
  ///
  /// Nothing here touches the terminal, so the demo can call it before it
  /// sets the terminal up and fail with the terminal untouched.
  ///
  /// - Throws: a ``ContentError`` naming `path` and where in it the first
  ///   problem is: the file itself (missing, unreadable, too large), a line
  ///   and column (invalid UTF-8, a JSON syntax error) or a JSON path (a
  ///   wrong type, an unknown value, a page id that refers to nothing).
  static func load(path: String) throws(ContentError) -> ContentFile {
    try ContentFile(bytes: readFile(path), file: path)
  }

  /// Checks and decodes the text of a content file; `file` names it in errors.
  init(bytes: [UInt8], file: String) throws(ContentError) {
    if let offset = JSONParser.firstInvalidUTF8(in: bytes) {
      let (line, column) = JSONParser.lineAndColumn(of: offset, in: bytes)
      throw ContentError(
        file: file, place: .text(line: line, column: column, byteOffset: offset),
        message: "invalid UTF-8 (byte 0x\(ContentError.hex(UInt32(bytes[offset]), digits: 2)))")
    }
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      let (line, column) = JSONParser.lineAndColumn(of: error.offset, in: bytes)
      throw ContentError(
        file: file, place: .text(line: line, column: column, byteOffset: nil),
        message: error.message)
    }
    do {
      self = try ContentDecoder.decode(value)
    } catch {
      var error = error
      error.file = file
      throw error
    }
  }

  /// The bytes of the file at `path`.
  private static func readFile(_ path: String) throws(ContentError) -> [UInt8] {
    func failure(_ code: Int32) -> ContentError {
      let reason: String
      switch code {
      case ENOENT: reason = "no such file"
      case EACCES: reason = "permission denied"
      case EISDIR: reason = "is a directory, not a file"
      default: reason = String(cString: strerror(code))
      }
      return ContentError(file: path, place: .file, message: "cannot read the file: \(reason)")
    }
    // Non-blocking, as the state file is opened: a FIFO with no writer
    // would otherwise hang in open(2). Only a regular file is read (not a
    // FIFO, a device such as /dev/zero, or a socket).
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(errno) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw failure(errno) }
    switch status.st_mode & mode_t(S_IFMT) {
    case mode_t(S_IFREG): break
    case mode_t(S_IFDIR): throw failure(EISDIR)
    default:
      throw ContentError(
        file: path, place: .file, message: "cannot read the file: not a regular file")
    }
    let tooLarge = ContentError(
      file: path, place: .file, message: "the file is larger than \(maximumFileSize >> 20) MiB")
    guard Int(status.st_size) <= maximumFileSize else { throw tooLarge }
    // Read straight into an array of the file's size (one byte more, to see
    // a file that grew meanwhile), not in chunks appended one by one.
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
    var count = 0
    while true {
      if count == bytes.count {
        guard bytes.count <= maximumFileSize else { throw tooLarge }
        bytes += [UInt8](repeating: 0, count: min(bytes.count, maximumFileSize + 1 - count))
      }
      let got = bytes.withUnsafeMutableBytes {
        read(descriptor, $0.baseAddress! + count, $0.count - count)
      }
      if got < 0 {
        if errno == EINTR { continue }
        throw failure(errno)
      }
      if got == 0 { break }
      count += got
    }
    guard count <= maximumFileSize else { throw tooLarge }
    bytes.removeLast(bytes.count - count)
    return bytes
  }
}
