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
    // The file's bytes go once parsed: the tree holds what it needs of
    // them, and the decoding after it no longer has the file beside it
    // (21 MB less at the peak, with a 21 MB file).
    let value = try parseMapped(path)
    return try ContentFile(value, file: path)
  }

  /// The JSON tree of the content file at `path`, read through a map of
  /// the file whose pages the parse gives back as it goes
  /// (``JSONParser/parse(mapped:)``); the checks and errors are those of
  /// ``parse(_:file:)``, which reads the bytes of an empty file.
  private static func parseMapped(_ path: String) throws(ContentError) -> JSONValue {
    let descriptor = try openFile(path)
    defer { close(descriptor) }
    let size = try checkedSize(of: descriptor, path: path)
    guard size > 0,
      let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), map != MAP_FAILED
    else { return try parse(readBytes(descriptor, path: path, size: size), file: path) }
    defer { munmap(map, size) }
    let bytes = UnsafeBufferPointer(start: map.assumingMemoryBound(to: UInt8.self), count: size)
    Phases.mark("read the file")
    // The check gives the pages back as it goes; the parse reads them again.
    if JSONParser.firstInvalidUTF8(in: bytes, releasingPages: true) != nil {
      // The message and its place as the bytes' check gives them.
      return try parse(Array(bytes), file: path)
    }
    Phases.mark("check UTF-8")
    do {
      defer { Phases.mark("parse JSON") }
      return try JSONParser.parse(mapped: bytes)
    } catch {
      let (line, column) = JSONParser.lineAndColumn(of: error.offset, in: Array(bytes))
      throw ContentError(
        file: path, place: .text(line: line, column: column, byteOffset: nil),
        message: error.message)
    }
  }

  /// Checks and decodes the text of a content file; `file` names it in errors.
  init(bytes: [UInt8], file: String) throws(ContentError) {
    try self.init(Self.parse(bytes, file: file), file: file)
  }

  /// The JSON tree of the text of a content file, checked as UTF-8 first.
  private static func parse(_ bytes: [UInt8], file: String) throws(ContentError) -> JSONValue {
    Phases.mark("read the file")
    if let offset = JSONParser.firstInvalidUTF8(in: bytes) {
      let (line, column) = JSONParser.lineAndColumn(of: offset, in: bytes)
      throw ContentError(
        file: file, place: .text(line: line, column: column, byteOffset: offset),
        message: "invalid UTF-8 (byte 0x\(ContentError.hex(UInt32(bytes[offset]), digits: 2)))")
    }
    Phases.mark("check UTF-8")
    do {
      defer { Phases.mark("parse JSON") }
      return try JSONParser.parse(bytes, rowTables: true)
    } catch {
      let (line, column) = JSONParser.lineAndColumn(of: error.offset, in: bytes)
      throw ContentError(
        file: file, place: .text(line: line, column: column, byteOffset: nil),
        message: error.message)
    }
  }

  /// The content `value` describes; `file` names it in errors.
  private init(_ value: JSONValue, file: String) throws(ContentError) {
    defer { Phases.mark("decode the content") }
    do {
      self = try ContentDecoder.decode(value)
    } catch {
      var error = error
      error.file = file
      throw error
    }
  }

  /// The error of a file that cannot be read, from `errno`'s `code`.
  private static func failure(_ code: Int32, path: String) -> ContentError {
    let reason: String
    switch code {
    case ENOENT: reason = "no such file"
    case EACCES: reason = "permission denied"
    case EISDIR: reason = "is a directory, not a file"
    default: reason = String(cString: strerror(code))
    }
    return ContentError(file: path, place: .file, message: "cannot read the file: \(reason)")
  }

  /// The file at `path`, opened to read.
  private static func openFile(_ path: String) throws(ContentError) -> Int32 {
    // Non-blocking, as the state file is opened: a FIFO with no writer
    // would otherwise hang in open(2).
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(errno, path: path) }
    return descriptor
  }

  /// The size of the regular file open at `descriptor`. Only a regular file
  /// is read (not a FIFO, a device such as /dev/zero, or a socket), and
  /// none larger than ``maximumFileSize``.
  private static func checkedSize(of descriptor: Int32, path: String) throws(ContentError) -> Int {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw failure(errno, path: path) }
    switch status.st_mode & mode_t(S_IFMT) {
    case mode_t(S_IFREG): break
    case mode_t(S_IFDIR): throw failure(EISDIR, path: path)
    default:
      throw ContentError(
        file: path, place: .file, message: "cannot read the file: not a regular file")
    }
    guard Int(status.st_size) <= maximumFileSize else { throw tooLarge(path) }
    return Int(status.st_size)
  }

  private static func tooLarge(_ path: String) -> ContentError {
    ContentError(
      file: path, place: .file, message: "the file is larger than \(maximumFileSize >> 20) MiB")
  }

  /// The bytes of the file open at `descriptor`, `size` of them when it
  /// was opened.
  private static func readBytes(
    _ descriptor: Int32, path: String, size: Int
  ) throws(ContentError) -> [UInt8] {
    // Read straight into an array of the file's size (one byte more, to see
    // a file that grew meanwhile), not in chunks appended one by one.
    var bytes = [UInt8](repeating: 0, count: size + 1)
    var count = 0
    while true {
      if count == bytes.count {
        guard bytes.count <= maximumFileSize else { throw tooLarge(path) }
        bytes += [UInt8](repeating: 0, count: min(bytes.count, maximumFileSize + 1 - count))
      }
      let got = bytes.withUnsafeMutableBytes {
        read(descriptor, $0.baseAddress! + count, $0.count - count)
      }
      if got < 0 {
        if errno == EINTR { continue }
        throw failure(errno, path: path)
      }
      if got == 0 { break }
      count += got
    }
    guard count <= maximumFileSize else { throw tooLarge(path) }
    bytes.removeLast(bytes.count - count)
    return bytes
  }
}
