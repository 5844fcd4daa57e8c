/// The limits of one fetch. The defaults suit a news reader on a slow link; tests make them
/// short.
public struct FetchOptions: Sendable, Hashable {
  /// The longest wait for a connection (TCP and TLS) to the server. Default 10 s.
  public var connectTimeout: Duration = .seconds(10)
  /// The longest a whole fetch may take, redirects included, however the bytes trickle in.
  /// Default 30 s.
  public var totalTimeout: Duration = .seconds(30)
  /// The most redirects followed (only to http and https). Default 5.
  public var maximumRedirects = 5
  /// The largest feed accepted, in bytes, counted both as received and after decompression
  /// (a gzip bomb stops here). Default 8 MiB.
  public var maximumBytes = 8 << 20
  /// The `User-Agent` header.
  public var userAgent = "tabbar-demo NewsFeeds (libcurl)"
  /// A PEM file of certificate authorities to trust instead of the system's (a self-hosted
  /// feed with its own authority); nil trusts the system's store.
  public var certificateAuthorities: String? = nil

  /// The defaults.
  public init() {}

  /// Options with the given limits; the others keep their defaults.
  public init(
    connectTimeout: Duration = .seconds(10), totalTimeout: Duration = .seconds(30),
    maximumRedirects: Int = 5, maximumBytes: Int = 8 << 20
  ) {
    self.connectTimeout = connectTimeout
    self.totalTimeout = totalTimeout
    self.maximumRedirects = maximumRedirects
    self.maximumBytes = maximumBytes
  }
}

/// What a server said about the version it sent, to ask next time only for a newer one
/// (`If-None-Match`, `If-Modified-Since`). For a file, its modification time and size.
public struct Validators: Sendable, Hashable, Codable {
  /// The `ETag` header.
  public var etag: String?
  /// The `Last-Modified` header.
  public var lastModified: String?

  /// Validators with the given values.
  public init(etag: String? = nil, lastModified: String? = nil) {
    self.etag = etag
    self.lastModified = lastModified
  }

  /// No validators: an unconditional request.
  public static let none = Validators()

  /// True when neither value is set.
  public var isEmpty: Bool { etag == nil && lastModified == nil }
}

/// What a fetch brought.
public enum FetchResult: Sendable, Hashable {
  /// A document: its bytes (decompressed), its validators and the address it came from after
  /// redirects.
  case fetched(FetchedDocument)
  /// The server (or the file) says the version held is current (HTTP 304); the validators to
  /// keep.
  case notModified(Validators)
}

/// The bytes of a fetched feed and what came with them.
public struct FetchedDocument: Sendable, Hashable {
  /// The body, decompressed, at most ``FetchOptions/maximumBytes``.
  public var body: [UInt8]
  /// The validators to send next time.
  public var validators: Validators
  /// The final address, after redirects (the path, for a file).
  public var address: String

  /// A document with the given body, validators and address.
  public init(body: [UInt8], validators: Validators, address: String) {
    self.body = body
    self.validators = validators
    self.address = address
  }
}

extension Duration {
  /// Whole milliseconds, at least 1.
  var milliseconds: Int {
    let (seconds, attoseconds) = components
    return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
  }

  /// `30 s`, `1.5 s`, `250 ms`.
  var spoken: String {
    let ms = milliseconds
    if ms < 1000 { return "\(ms) ms" }
    if ms % 1000 == 0 { return "\(ms / 1000) s" }
    return "\(ms / 1000).\(ms % 1000 / 100) s"
  }
}

/// `512 bytes`, `8 MiB`, `1.5 KiB`.
func spokenSize(_ bytes: Int) -> String {
  func unit(_ value: Int, _ scale: Int, _ name: String) -> String {
    let tenths = value * 10 / scale
    return tenths % 10 == 0 ? "\(tenths / 10) \(name)" : "\(tenths / 10).\(tenths % 10) \(name)"
  }
  if bytes >= 1 << 20 { return unit(bytes, 1 << 20, "MiB") }
  if bytes >= 1 << 10 { return unit(bytes, 1 << 10, "KiB") }
  return "\(bytes) bytes"
}
