import NewsFeeds

extension ContentDecoder {
  /// A list page's `feeds`: an array of at least one feed address (an http
  /// or https URL, a `file://` URL or a path), each a channel; nil when
  /// absent.
  static func feeds(of object: ObjectReader, at path: JSONPath) throws(ContentError)
    -> [String]?
  {
    guard let values = try object.array("feeds") else { return nil }
    let path = path.appending("feeds")
    guard !values.isEmpty else {
      throw ContentError(at: path, "no feeds; give at least one, or leave \"feeds\" out")
    }
    var feeds: [String] = []
    for (index, value) in values.enumerated() {
      let text = try ObjectReader.string(value, at: path.appending(index))
      do {
        _ = try FeedSource(parsing: text)
      } catch {
        throw ContentError(at: path.appending(index), error.description)
      }
      feeds.append(text)
    }
    return feeds
  }
}
