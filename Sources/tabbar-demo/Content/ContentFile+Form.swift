import TabBarKit

extension ContentFile {
  /// A form page (`"form"`): fields the user fills in, and where the story
  /// it makes is posted.
  ///
  /// The first one-line text field is the story's title, the first field of
  /// several lines its body, and the first choice field its category.
  struct FormSpec: Equatable {
    /// One field of the form.
    struct Field: Equatable {
      /// The label beside or above it.
      var label: String
      /// Shown, dim, while the field is empty; unused by a choice field.
      var placeholder = ""
      /// True when posting needs text in it.
      var isRequired = false
      /// The most characters it takes.
      var maximumLength = FormSpec.titleLengths.upperBound
      /// 1 for a one-line field, more for a text area.
      var lines = 1
      /// The options of a choice field; empty for a text field.
      var choices: [String] = []

      /// True for a text field of one line.
      var isTitle: Bool { lines == 1 && choices.isEmpty }
      /// True for a text area.
      var isBody: Bool { lines > 1 && choices.isEmpty }
    }

    /// Every text the form and its dialogs show besides the fields' own.
    struct Strings: Equatable {
      /// Under a required field left empty.
      var required = "Required"
      /// Who a posted story is by, in its row and dateline.
      var byline = "You"
      /// When it was posted, in its row and dateline.
      var time = "now"
      /// The title of the dialog Esc shows over a form with text in it.
      var discardTitle = "Unsent draft"
      /// The dialog's message.
      var discardMessage = "Keep this draft to finish it later?"
      /// The button that keeps the draft and closes the form.
      var saveDraft = "Save draft"
      /// The button that throws the draft away and closes the form.
      var deleteDraft = "Delete draft"
      /// The button that goes back to the form.
      var cancel = "Cancel"
    }

    /// The fields, top to bottom.
    var fields: [Field]
    /// The title of the button that posts.
    var submit = "Post"
    /// The index of the tab whose list gets the story at its top.
    var postsTo = 0
    /// The badge that tab gets until it is next selected.
    var badge = Badge.text("new")
    /// The toast that says it was posted; nil for "Posted to" and the tab's title.
    var toast: String?
    /// The dialog's and the rows' words.
    var strings = Strings()

    /// The lengths a one-line field may be given, in characters.
    static let titleLengths = 1...200
    /// The lengths a text area may be given, in characters. Bounded, as the
    /// number of posts kept is, so that `--state` stays small.
    static let bodyLengths = 1...4000
    /// The lines a text area may have.
    static let lineCounts = 1...20
    /// The fields a form may have.
    static let fieldCounts = 1...12
  }
}

extension ContentDecoder {
  /// A page's `form`: `fields`, and `submit`, `postsTo`, `badge`, `toast`
  /// and `strings`, each with a default.
  mutating func form(_ value: JSONValue, at path: JSONPath) throws(ContentError)
    -> ContentFile.FormSpec
  {
    let object = try ObjectReader(
      value, at: path, keys: ["fields", "submit", "postsTo", "badge", "toast", "strings"])
    guard let values = try object.array("fields") else {
      throw ContentError(at: path, "missing \"fields\"")
    }
    let counts = ContentFile.FormSpec.fieldCounts
    guard counts.contains(values.count) else {
      throw ContentError(
        at: path.appending("fields"),
        "\(values.count) fields; give \(counts.lowerBound)…\(counts.upperBound)")
    }
    var fields: [ContentFile.FormSpec.Field] = []
    for (index, fieldValue) in values.enumerated() {
      fields.append(try Self.formField(fieldValue, at: path.appending("fields").appending(index)))
    }
    guard fields.contains(where: \.isTitle) else {
      throw ContentError(
        at: path.appending("fields"),
        "no one-line text field; a form needs one for the story's title")
    }
    var form = ContentFile.FormSpec(fields: fields)
    form.submit = try object.string("submit") ?? form.submit
    if let tab = try object.integer("postsTo", in: 0...999) {
      form.postsTo = tab
    }
    formTargets.append((form.postsTo, path.appending("postsTo")))
    if let badge = object["badge"] {
      form.badge = try Self.badge(badge, at: path.appending("badge"))
    }
    form.toast = try object.string("toast")
    if let strings = object["strings"] {
      form.strings = try Self.formStrings(strings, at: path.appending("strings"))
    }
    return form
  }

  /// One field: `label`, then `placeholder`, `required`, `maxLength` and
  /// `lines` for text, or `choices` for a choice.
  private static func formField(_ value: JSONValue, at path: JSONPath) throws(ContentError)
    -> ContentFile.FormSpec.Field
  {
    let object = try ObjectReader(
      value, at: path,
      keys: ["label", "placeholder", "required", "maxLength", "lines", "choices"])
    var field = ContentFile.FormSpec.Field(label: try object.requiredString("label"))
    if let choices = try object.array("choices") {
      for key in ["placeholder", "required", "maxLength", "lines"] where object.has(key) {
        throw ContentError(at: path.appending(key), "a choice field has no \"\(key)\"")
      }
      guard !choices.isEmpty else {
        throw ContentError(at: path.appending("choices"), "no choices; give at least one")
      }
      for (index, choice) in choices.enumerated() {
        field.choices.append(
          try ObjectReader.string(choice, at: path.appending("choices").appending(index)))
      }
      return field
    }
    field.placeholder = try object.string("placeholder") ?? ""
    field.isRequired = try object.bool("required") ?? false
    field.lines = try object.integer("lines", in: ContentFile.FormSpec.lineCounts) ?? 1
    let lengths =
      field.lines > 1 ? ContentFile.FormSpec.bodyLengths : ContentFile.FormSpec.titleLengths
    field.maximumLength = try object.integer("maxLength", in: lengths) ?? lengths.upperBound
    return field
  }

  /// A form's `strings`: any of ``ContentFile/FormSpec/Strings``'s, by name.
  private static func formStrings(_ value: JSONValue, at path: JSONPath) throws(ContentError)
    -> ContentFile.FormSpec.Strings
  {
    typealias Strings = ContentFile.FormSpec.Strings
    let keys: [(String, WritableKeyPath<Strings, String>)] = [
      ("required", \.required), ("byline", \.byline), ("time", \.time),
      ("discardTitle", \.discardTitle), ("discardMessage", \.discardMessage),
      ("saveDraft", \.saveDraft), ("deleteDraft", \.deleteDraft), ("cancel", \.cancel),
    ]
    let object = try ObjectReader(value, at: path, keys: Set(keys.map(\.0)))
    var strings = Strings()
    for (key, keyPath) in keys {
      if let text = try object.string(key) { strings[keyPath: keyPath] = text }
    }
    return strings
  }

  /// Checks that each form posts to a tab that exists and whose page is a list.
  static func checkFormTargets(
    _ targets: [(tab: Int, path: JSONPath)], tabs: [ContentFile.Tab],
    pages: [JSONKey: ContentFile.Page]
  ) throws(ContentError) {
    for target in targets {
      guard tabs.indices.contains(target.tab) else {
        throw ContentError(
          at: target.path, "no tab \(target.tab); expected 0…\(tabs.count - 1)")
      }
      let tab = tabs[target.tab]
      guard case .list? = pages[JSONKey(tab.page)]?.kind else {
        throw ContentError(
          at: target.path,
          "tab \(target.tab) (\(ContentError.quoted(tab.item.title))) has no list to post to")
      }
    }
  }
}
