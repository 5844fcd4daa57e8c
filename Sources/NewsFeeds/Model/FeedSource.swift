/// Where a feed comes from: an http or https URL, or a file (a `file://` URL or a path).
public enum FeedSource: Sendable, Hashable, CustomStringConvertible {
  /// An `http://` or `https://` URL, as given.
  case url(String)
  /// A file on this machine, by its path (a `file://` URL is turned into its path).
  case file(String)

  /// The source a command-line argument or a content file names.
  ///
  /// `http://` and `https://` are URLs; `file:///path` (or `file://localhost/path`) and any
  /// string without a scheme are paths. Anything else throws a ``FeedError`` of kind
  /// ``FeedError/Kind/invalidSource``.
  public init(parsing text: String) throws(FeedError) {
    let trimmed = text.trimmingSpaces
    guard !trimmed.isEmpty else { throw FeedError(.invalidSource, "empty feed address") }
    guard let colon = trimmed.firstIndex(of: ":"),
      trimmed[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || "+-.".contains($0)) }),
      !trimmed[..<colon].isEmpty, trimmed[..<colon].count > 1
    else {
      // No scheme (a one-letter "scheme" would be a drive letter elsewhere): a path.
      self = .file(trimmed)
      return
    }
    let scheme = trimmed[..<colon].lowercased()
    let rest = trimmed[trimmed.index(after: colon)...]
    switch scheme {
    case "http", "https":
      guard rest.hasPrefix("//"), rest.count > 2,
        !trimmed.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F })
      else { throw FeedError(.invalidSource, "not a URL: \(trimmed)") }
      self = .url(trimmed)
    case "file":
      guard rest.hasPrefix("//") else {
        throw FeedError(.invalidSource, "not a file URL: \(trimmed)")
      }
      var path = rest.dropFirst(2)
      if path.lowercased().hasPrefix("localhost/") { path = path.dropFirst("localhost".count) }
      guard path.hasPrefix("/") else {
        throw FeedError(.invalidSource, "file URL names another host: \(trimmed)")
      }
      guard let decoded = String(path).percentDecoded, !decoded.contains("\0") else {
        throw FeedError(.invalidSource, "bad escape in file URL: \(trimmed)")
      }
      self = .file(decoded)
    default:
      throw FeedError(
        .invalidSource, "unsupported scheme \(scheme): (use http, https, file or a path)")
    }
  }

  /// The URL or path, as the source was made.
  public var description: String {
    switch self {
    case .url(let url): url
    case .file(let path): path
    }
  }
}

extension StringProtocol {
  var trimmingSpaces: String {
    var scalars = Substring.UnicodeScalarView(unicodeScalars)
    while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }
}

extension String {
  /// The string with `%XX` escapes decoded, or nil when an escape is bad or the result is not
  /// UTF-8.
  var percentDecoded: String? {
    var bytes: [UInt8] = []
    var iterator = utf8.makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.next().flatMap(hexValue),
        let low = iterator.next().flatMap(hexValue)
      else { return nil }
      bytes.append(high << 4 | low)
    }
    return String(validating: bytes, as: UTF8.self)
  }
}

private func hexValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
  case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
  case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
  default: nil
  }
}
