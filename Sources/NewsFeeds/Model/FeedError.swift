/// Why a feed could not be read: one line for the channel, and a kind to act on.
///
/// ``description`` is the line to show (`HTTP 404 Not Found`, `timed out after 30 s`,
/// `not a feed: line 3: Opening and ending tag mismatch: item and channel`).
public struct FeedError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of failure.
  public enum Kind: String, Sendable, Hashable {
    /// The source is not a URL or path the engine reads (an unknown scheme, an empty string).
    case invalidSource
    /// The file could not be read (missing, a directory, no permission).
    case file
    /// The network failed: the host could not be resolved or refused the connection, or the
    /// connection broke.
    case network
    /// No connection within the connect timeout, or no whole answer within the total timeout.
    case timeout
    /// The server answered with an HTTP error status.
    case http
    /// The TLS handshake failed or the certificate was not trusted.
    case tls
    /// More redirects than allowed, or a redirect to a scheme other than http or https.
    case redirect
    /// The feed is larger than the size cap, before or after decompression.
    case tooLarge
    /// The compressed answer could not be decompressed.
    case encoding
    /// The bytes are not a feed: not well-formed, truncated, an unknown document, an
    /// encoding that cannot be read, or entities that are refused.
    case parse
    /// The fetch was cancelled.
    case cancelled
    /// The cache could not be written.
    case cache
  }

  /// The kind of failure.
  public var kind: Kind
  /// The line to show, without a trailing period.
  public var message: String
  /// The HTTP status, for ``Kind/http``.
  public var status: Int?

  /// An error of the given kind with its line.
  public init(_ kind: Kind, _ message: String, status: Int? = nil) {
    self.kind = kind
    self.message = FeedText.oneLine(message)
    self.status = status
  }

  /// The line to show.
  public var description: String { message }
}
