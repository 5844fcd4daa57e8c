/// The demo's content: the built-in `demo.json` (five tabs like NetEase News:
/// two dozen stories on text pages, books of chapters, videos that play,
/// the Topics accordion over the same stories, Me, the Post button), or a
/// content file from `--content`.
///
/// Both go through the same loader, so the built-in content is an example of
/// the format (`Examples/CONTENT-FORMAT.md`) like any other.
enum DemoContent {
  /// The name the built-in content goes by in messages.
  static let builtInName = "demo.json (built in)"

  /// The content of the file at `path`, or the built-in content when nil.
  ///
  /// - Throws: a ``ContentError`` for a file that cannot be used.
  static func load(path: String?) throws(ContentError) -> ContentFile {
    guard let path else {
      return try ContentFile(bytes: PackageResources.demo_json, file: builtInName)
    }
    return try ContentFile.load(path: path)
  }
}
