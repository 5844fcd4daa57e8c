import TabBarKit

extension ContentFile {
  /// A channel of a list page (`"channels"`): a strip of them over the list
  /// shows one at a time, as NetEase's 头条 / 要闻 / 体育.
  struct Channel {
    /// The title in the strip.
    var title: String
    /// The stories' categories it lists (their text pages' `category`);
    /// empty lists every row of the page, as the first channel usually does.
    var categories: [String]

    /// True when the channel lists a row whose story is in `category`.
    func lists(category: String?) -> Bool {
      categories.isEmpty || category.map(categories.contains) ?? false
    }
  }
}

extension ContentDecoder {
  /// A list page's `channels`: an array of at least one
  /// `{"title": "Sport", "categories": ["Sport"]}`; nil when absent.
  static func channels(of object: ObjectReader, at path: JSONPath) throws(ContentError)
    -> [ContentFile.Channel]?
  {
    guard let values = try object.array("channels") else { return nil }
    let path = path.appending("channels")
    guard !values.isEmpty else {
      throw ContentError(at: path, "no channels; give at least one, or leave \"channels\" out")
    }
    var channels: [ContentFile.Channel] = []
    for (index, value) in values.enumerated() {
      let channelPath = path.appending(index)
      let channel = try ObjectReader(value, at: channelPath, keys: ["title", "categories"])
      let title = try channel.requiredString("title")
      guard !title.isEmpty else {
        throw ContentError(at: channelPath.appending("title"), "an empty title; name the channel")
      }
      var categories: [String] = []
      for (number, category) in (try channel.array("categories") ?? []).enumerated() {
        categories.append(
          try ObjectReader.string(
            category, at: channelPath.appending("categories").appending(number)))
      }
      channels.append(ContentFile.Channel(title: title, categories: categories))
    }
    return channels
  }
}
