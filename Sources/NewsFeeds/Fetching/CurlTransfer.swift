internal import CCurl

/// One http or https fetch through libcurl's easy interface, on the calling thread.
///
/// libcurl does the protocol work: connect and total timeouts, redirects (http and https only,
/// counted), TLS with the system's certificate store, and every content encoding it was built
/// with (gzip, deflate, brotli, zstd on Debian). This type adds the caps (the body as received
/// and as decompressed), cancellation through the progress callback, the validators, and the
/// one-line errors.
final class CurlTransfer {
  private static let initialized: CURLcode = ccurl_global_init()

  private let task: FetchTask
  private let limit: Int
  private var body: [UInt8] = []
  private var overLimit = false
  private var status = 0
  private var reason = ""
  private var headers: [String: String] = [:]

  private init(task: FetchTask, limit: Int) {
    self.task = task
    self.limit = limit
  }

  static func run(url: String, validators: Validators, options: FetchOptions, task: FetchTask)
    -> Result<FetchResult, FeedError>
  {
    if let reason = ccurl_load_error() {
      // Loaded on the first fetch (CCurl.h says why): a machine without libcurl4 fails here.
      return .failure(
        FeedError(.network, "libcurl could not be loaded: \(String(cString: reason))"))
    }
    guard initialized == CURLE_OK, let handle = ccurl_easy_init() else {
      return .failure(FeedError(.network, "libcurl could not start"))
    }
    defer { ccurl_easy_cleanup(handle) }
    let transfer = CurlTransfer(task: task, limit: options.maximumBytes)
    let opaque = Unmanaged.passUnretained(transfer).toOpaque()
    var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    var requestHeaders: UnsafeMutablePointer<curl_slist>? = nil
    defer { ccurl_slist_free_all(requestHeaders) }
    var lines = [
      "Accept: application/rss+xml, application/atom+xml, application/feed+json, "
        + "application/xml;q=0.9, text/xml;q=0.9, */*;q=0.8"
    ]
    if let etag = validators.etag, !etag.hasPrefix("file:") {
      lines.append("If-None-Match: \(etag)")
    }
    if let date = validators.lastModified { lines.append("If-Modified-Since: \(date)") }
    for line in lines where !line.contains("\r") && !line.contains("\n") {
      requestHeaders = ccurl_slist_append(requestHeaders, line)
    }

    let code = errorBuffer.withUnsafeMutableBufferPointer { errors -> CURLcode in
      ccurl_setopt_string(handle, CURLOPT_URL, url)
      ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
      ccurl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
      ccurl_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
      ccurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1)
      ccurl_setopt_long(handle, CURLOPT_MAXREDIRS, options.maximumRedirects)
      ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, options.connectTimeout.milliseconds)
      ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, options.totalTimeout.milliseconds)
      // "" offers every encoding this libcurl decodes; the write callback sees decoded bytes.
      ccurl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")
      ccurl_setopt_off(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(options.maximumBytes))
      ccurl_setopt_string(handle, CURLOPT_USERAGENT, options.userAgent)
      ccurl_setopt_slist(handle, CURLOPT_HTTPHEADER, requestHeaders)
      ccurl_setopt_long(handle, CURLOPT_FAILONERROR, 1)
      // Loopback is never sent through a proxy from the environment.
      ccurl_setopt_string(handle, CURLOPT_NOPROXY, "localhost,127.0.0.1,::1")
      if let authorities = options.certificateAuthorities {
        ccurl_setopt_string(handle, CURLOPT_CAINFO, authorities)
      }
      ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errors.baseAddress)
      ccurl_setopt_write_function(handle, CURLOPT_WRITEFUNCTION, writeBody)
      ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, opaque)
      ccurl_setopt_write_function(handle, CURLOPT_HEADERFUNCTION, writeHeader)
      ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, opaque)
      ccurl_setopt_long(handle, CURLOPT_NOPROGRESS, 0)
      ccurl_setopt_xferinfo_function(handle, progress)
      ccurl_setopt_pointer(handle, CURLOPT_XFERINFODATA, opaque)
      return ccurl_easy_perform(handle)
    }
    let detail = FeedText.clean(
      String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    return withExtendedLifetime(transfer) {
      transfer.result(
        code: code, detail: detail, handle: handle, validators: validators, options: options)
    }
  }

  private func result(
    code: CURLcode, detail: String, handle: UnsafeMutableRawPointer, validators: Validators,
    options: FetchOptions
  ) -> Result<FetchResult, FeedError> {
    if task.isCancelled { return .failure(FeedError(.cancelled, "cancelled")) }
    if overLimit || code == CURLE_FILESIZE_EXCEEDED {
      return .failure(FileReader.tooLarge(limit))
    }
    var responseCode = 0
    ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &responseCode)
    switch code {
    case CURLE_OK:
      break
    case CURLE_HTTP_RETURNED_ERROR:
      return .failure(httpError(responseCode))
    case CURLE_OPERATION_TIMEDOUT:
      var connected: curl_off_t = 0
      ccurl_getinfo_off(handle, CURLINFO_CONNECT_TIME_T, &connected)
      return .failure(
        connected == 0
          ? FeedError(.timeout, "timed out: no connection within \(options.connectTimeout.spoken)")
          : FeedError(.timeout, "timed out: no whole answer within \(options.totalTimeout.spoken)"))
    case CURLE_TOO_MANY_REDIRECTS:
      return .failure(
        FeedError(.redirect, "too many redirects (more than \(options.maximumRedirects))"))
    case CURLE_UNSUPPORTED_PROTOCOL:
      return .failure(FeedError(.redirect, "redirected to an address that is not http or https"))
    case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM,
      CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR,
      CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_CRL_BADFILE,
      CURLE_SSL_INVALIDCERTSTATUS, CURLE_USE_SSL_FAILED:
      return .failure(FeedError(.tls, "TLS failed: \(detail.isEmpty ? describe(code) : detail)"))
    case CURLE_BAD_CONTENT_ENCODING:
      return .failure(FeedError(.encoding, "could not decompress the feed: \(detail)"))
    case CURLE_PARTIAL_FILE:
      return .failure(FeedError(.network, "the connection closed before the whole feed arrived"))
    case CURLE_GOT_NOTHING:
      return .failure(FeedError(.network, "the server closed the connection without an answer"))
    case CURLE_URL_MALFORMAT:
      return .failure(FeedError(.invalidSource, "not a URL: \(detail)"))
    default:
      return .failure(FeedError(.network, detail.isEmpty ? describe(code) : detail))
    }
    var newValidators = Validators(etag: headers["etag"], lastModified: headers["last-modified"])
    if responseCode == 304 {
      if newValidators.isEmpty { newValidators = validators }
      return .success(.notModified(newValidators))
    }
    guard (200..<300).contains(responseCode) else { return .failure(httpError(responseCode)) }
    var address: UnsafeMutablePointer<CChar>? = nil
    ccurl_getinfo_string(handle, CURLINFO_EFFECTIVE_URL, &address)
    return .success(
      .fetched(
        FetchedDocument(
          body: body, validators: newValidators, address: address.map { String(cString: $0) } ?? "")
      ))
  }

  private func describe(_ code: CURLcode) -> String {
    String(cString: ccurl_easy_strerror(code))
  }

  /// `HTTP 404 Not Found`: the reason the server gave, or the standard one (HTTP/2 sends none).
  private func httpError(_ code: Int) -> FeedError {
    let phrase = reason.isEmpty ? Self.reasons[code] ?? "" : reason
    return FeedError(
      .http, phrase.isEmpty ? "HTTP \(code)" : "HTTP \(code) \(phrase)", status: code)
  }

  private static let reasons = [
    400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
    405: "Method Not Allowed", 406: "Not Acceptable", 408: "Request Timeout", 410: "Gone",
    429: "Too Many Requests", 500: "Internal Server Error", 501: "Not Implemented",
    502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
  ]

  // MARK: Callbacks (on the fetch's thread, inside curl_easy_perform)

  fileprivate func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
    if task.isCancelled { return false }
    guard body.count + bytes.count <= limit else {
      overLimit = true
      return false
    }
    body.append(contentsOf: bytes)
    return true
  }

  fileprivate func header(_ bytes: UnsafeRawBufferPointer) {
    let line = String(decoding: bytes, as: UTF8.self).trimmingSpaces
    if line.hasPrefix("HTTP/") {
      // A new response (after a redirect, or a 100 Continue): forget the last one's headers.
      headers = [:]
      let parts = line.split(separator: " ", maxSplits: 2)
      status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
      reason = parts.count > 2 ? FeedText.clean(parts[2]) : ""
    } else if let colon = line.firstIndex(of: ":"), headers.count < 200 {
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingSpaces
      if name == "etag" || name == "last-modified" {
        headers[name] = value
      }
    }
  }

  fileprivate func shouldStop(received: Int) -> Bool {
    if received > limit { overLimit = true }
    return task.isCancelled || overLimit
  }
}

private func transfer(_ pointer: UnsafeMutableRawPointer?) -> CurlTransfer {
  Unmanaged<CurlTransfer>.fromOpaque(pointer!).takeUnretainedValue()
}

/// CURLOPT_WRITEFUNCTION: a short count stops the transfer (CURLE_WRITE_ERROR).
private func writeBody(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?
) -> Int {
  let length = size * count
  guard let data else { return length }
  return transfer(user).append(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

/// CURLOPT_HEADERFUNCTION: one header line at a time.
private func writeHeader(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?
) -> Int {
  let length = size * count
  if let data, length < 16 * 1024 {
    transfer(user).header(UnsafeRawBufferPointer(start: data, count: length))
  }
  return length
}

/// CURLOPT_XFERINFOFUNCTION: called at least once a second; non-zero aborts
/// (CURLE_ABORTED_BY_CALLBACK). `received` counts the bytes as they came, before
/// decompression.
private func progress(
  _ user: UnsafeMutableRawPointer?, _ total: curl_off_t, _ received: curl_off_t,
  _ uploadTotal: curl_off_t, _ uploaded: curl_off_t
) -> Int32 {
  transfer(user).shouldStop(received: Int(received)) ? 1 : 0
}
