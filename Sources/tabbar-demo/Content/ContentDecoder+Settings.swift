import TabBarKit

/// The parts of the format that make the Me page work: setting rows and
/// the `themes` of day and night.
extension ContentDecoder {
  /// The keys that make a row a setting, in the order messages name them.
  static let settingKeys = ["setting", "toggle", "choices"]

  /// The keys a row object may have besides its title, detail and page.
  static let settingRowKeys: Set<String> = Set(settingKeys + ["strings"])

  /// The setting of a row object: nil for a row that has none of
  /// ``settingKeys``. A setting row opens no page, so it has no `"page"`.
  static func setting(_ object: ObjectReader, at path: JSONPath) throws(ContentError)
    -> ContentFile.Setting?
  {
    let given = settingKeys.filter { object.has($0) }
    guard let key = given.first else {
      if object.has("strings") {
        throw ContentError(
          at: path.appending("strings"), "only a setting row (\(alternatives)) has \"strings\"")
      }
      return nil
    }
    if given.count > 1 {
      throw ContentError(at: path, "a row has \"\(key)\" or \"\(given[1])\", not both")
    }
    if object.has("page") {
      throw ContentError(at: path, "a row has \"\(key)\" (a setting) or \"page\", not both")
    }
    let kind: ContentFile.Setting.Kind
    switch key {
    case "setting":
      let name = try object.requiredString("setting")
      guard let setting = AppSetting(rawValue: name) else {
        let names = AppSetting.allCases.map { ContentError.quoted($0.rawValue) }
        throw ContentError(
          at: path.appending("setting"),
          "unknown setting \(ContentError.quoted(name)); expected "
            + names.dropLast().joined(separator: ", ") + " or " + names.last!)
      }
      kind = .app(setting)
    case "toggle":
      kind = .toggle(try object.bool("toggle")!)
    default:
      let values = try object.array("choices")!
      guard values.count >= 2 else {
        throw ContentError(at: path.appending("choices"), "give at least two choices")
      }
      var choices: [String] = []
      for (index, value) in values.enumerated() {
        choices.append(
          try ObjectReader.string(value, at: path.appending("choices").appending(index)))
      }
      kind = .choices(choices)
    }
    return ContentFile.Setting(
      kind: kind, strings: try strings(object, for: kind, at: path.appending("strings")))
  }

  /// `"setting"`, `"toggle"` or `"choices"`, for messages.
  private static var alternatives: String {
    let keys = settingKeys.map { "\"\($0)\"" }
    return keys.dropLast().joined(separator: ", ") + " or " + keys.last!
  }

  /// A setting row's `"strings"`: an object of strings whose keys the kind
  /// of setting has words for.
  private static func strings(
    _ object: ObjectReader, for kind: ContentFile.Setting.Kind, at path: JSONPath
  ) throws(ContentError) -> [String: String] {
    guard let value = object["strings"] else { return [:] }
    let keys = ContentFile.Setting.defaults(for: kind).keys.sorted()
    if keys.isEmpty {
      throw ContentError(at: path, "a choice row has no \"strings\": its choices are its words")
    }
    let reader = try ObjectReader(value, at: path, keys: Set(keys))
    var strings: [String: String] = [:]
    for key in keys {
      if let text = try reader.string(key) { strings[key] = text }
    }
    return strings
  }

  /// The top-level `themes`: `{"day": "standard", "night": "dark"}`, each
  /// optional.
  static func themes(_ value: JSONValue, at path: JSONPath) throws(ContentError)
    -> ContentFile.Themes
  {
    let object = try ObjectReader(value, at: path, keys: ["day", "night"])
    var themes = ContentFile.Themes()
    for key in ["day", "night"] {
      guard let name = try object.string(key) else { continue }
      guard let theme = DemoTheme(rawValue: name) else {
        let names = DemoTheme.allCases.map { ContentError.quoted($0.rawValue) }
        throw ContentError(
          at: path.appending(key),
          "unknown theme \(ContentError.quoted(name)); expected "
            + names.dropLast().joined(separator: ", ") + " or " + names.last!)
      }
      if key == "day" { themes.day = theme } else { themes.night = theme }
    }
    return themes
  }
}
