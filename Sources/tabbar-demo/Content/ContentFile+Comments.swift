import TabBarKit

extension ContentFile {
  /// A reader's comment on a story (跟贴): who, when, what, and how many
  /// liked it.
  struct Comment: Codable, Equatable {
    /// Who wrote it, as shown ("Mei Lin").
    var author: String
    /// When, as shown ("2h", "刚刚").
    var time: String
    /// What it says.
    var text: String
    /// How many readers liked it.
    var likes: Int
  }

  /// What a player page says under its progress bar: a description and the
  /// clips related to it.
  struct VideoInfo {
    /// A paragraph about the video; empty for none.
    var description = ""
    /// The page ids of the related clips, in the file's order.
    var related: [String] = []
  }

  /// The comments of page `id`, newest first as the file lists them; nil
  /// when the page declares none (it shows no count).
  func comments(of id: String) -> [Comment]? { pages[JSONKey(id)]?.comments }
}

extension ContentDecoder {
  /// The most comments one story may declare.
  static let maximumComments = 500

  /// A text page's `comments`: `[{"author", "time", "text", "likes"}]`,
  /// newest first; nil when absent.
  static func comments(_ object: ObjectReader, at path: JSONPath) throws(ContentError)
    -> [ContentFile.Comment]?
  {
    guard let values = try object.array("comments") else { return nil }
    let path = path.appending("comments")
    guard values.count <= maximumComments else {
      throw ContentError(
        at: path, "\(values.count) comments; a story has at most \(maximumComments)")
    }
    var comments: [ContentFile.Comment] = []
    for (index, value) in values.enumerated() {
      let comment = try ObjectReader(
        value, at: path.appending(index), keys: ["author", "time", "text", "likes"])
      comments.append(
        ContentFile.Comment(
          author: try comment.requiredString("author"), time: try comment.string("time") ?? "",
          text: try comment.requiredString("text"),
          likes: try comment.integer("likes", in: 0...999_999_999) ?? 0))
    }
    return comments
  }

  /// A player page's `description` and `related` (page ids of other
  /// players, each with its path to check once every page is known).
  static func videoInfo(_ object: ObjectReader, at path: JSONPath) throws(ContentError)
    -> (info: ContentFile.VideoInfo, references: [(id: String, path: JSONPath)])
  {
    var info = ContentFile.VideoInfo()
    info.description = try object.string("description") ?? ""
    var references: [(id: String, path: JSONPath)] = []
    for (index, value) in (try object.array("related") ?? []).enumerated() {
      let place = path.appending("related").appending(index)
      let id = try ObjectReader.string(value, at: place)
      info.related.append(id)
      references.append((id, place))
    }
    return (info, references)
  }
}
