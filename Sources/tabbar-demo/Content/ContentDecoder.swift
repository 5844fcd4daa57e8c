import TabBarKit

/// Gives a decoded JSON tree its meaning as a ``ContentFile``, checking every
/// type, every enumerated value and every page id on the way.
///
/// The top level is read in a fixed order (bar style, tabs, pages by sorted
/// id, plus button, badge timer), then the page references in the order they
/// were met, then the themes and the words (language, strings, keys), so
/// the error reported for a file is always the same one.
struct ContentDecoder {
  /// Page ids referred to, with the path of each id's first reference
  /// (a later one is never the first to fail).
  private var references: [(id: String, path: JSONPath)] = []
  /// The ids in ``references``: 100,000 rows that open one story keep one
  /// reference, not one path each.
  private var referencedIDs: Set<JSONKey> = []
  /// The tabs forms post to, with the path of each, checked once every
  /// page is known.
  var formTargets: [(tab: Int, path: JSONPath)] = []

  /// The content described by `value`.
  ///
  /// - Throws: a ``ContentError`` naming the path of the first problem; its
  ///   `file` is left for the caller to fill in.
  static func decode(_ value: JSONValue) throws(ContentError) -> ContentFile {
    var decoder = ContentDecoder()
    return try decoder.content(value)
  }

  private mutating func content(_ value: JSONValue) throws(ContentError) -> ContentFile {
    let top = try ObjectReader(
      value, at: .root,
      keys: [
        "barStyle", "tabs", "pages", "plusButton", "badgeTimer", "language", "strings", "keys",
        "themes",
      ])
    let barStyle = try top.string("barStyle").map { (name) throws(ContentError) in
      try Self.enumerated(
        TabBarStyle.self, name, at: JSONPath.root.appending("barStyle"), what: "bar style")
    }

    guard let tabValues = try top.array("tabs") else {
      throw ContentError(at: .root, "missing \"tabs\"")
    }
    guard !tabValues.isEmpty else {
      throw ContentError(at: JSONPath.root.appending("tabs"), "no tabs; give at least one")
    }
    var tabs: [ContentFile.Tab] = []
    for (index, tabValue) in tabValues.enumerated() {
      tabs.append(try tab(tabValue, at: JSONPath.root.appending("tabs").appending(index)))
    }

    var pages: [JSONKey: ContentFile.Page] = [:]
    if let pagesValue = top["pages"] {
      let pagesPath = JSONPath.root.appending("pages")
      guard case .object(let members) = pagesValue else {
        throw ContentError(
          at: pagesPath, "expected an object of pages by id, found \(pagesValue.shortDescription)")
      }
      for id in members.keys.sorted() {
        pages[id] = try page(members[id]!, at: pagesPath.appending(id.text))
      }
    }

    var plusButton: ContentFile.PlusButtonSpec?
    if let value = top["plusButton"] {
      plusButton = try self.plusButton(
        value, at: JSONPath.root.appending("plusButton"), tabCount: tabs.count)
    }
    var badgeTimer: ContentFile.BadgeTimer?
    if let value = top["badgeTimer"] {
      badgeTimer = try Self.badgeTimer(
        value, at: JSONPath.root.appending("badgeTimer"), tabs: tabs)
    }

    for reference in references where pages[JSONKey(reference.id)] == nil {
      throw ContentError(at: reference.path, "no page with id \(ContentError.quoted(reference.id))")
    }
    try Self.checkFormTargets(formTargets, tabs: tabs, pages: pages)
    var file = ContentFile(
      barStyle: barStyle, tabs: tabs, pages: pages, plusButton: plusButton, badgeTimer: badgeTimer)
    if let value = top["themes"] {
      file.themes = try Self.themes(value, at: JSONPath.root.appending("themes"))
    }
    file.words = try Self.words(top)
    return file
  }

  // MARK: Tabs

  private mutating func tab(_ value: JSONValue, at path: JSONPath) throws(ContentError)
    -> ContentFile.Tab
  {
    let object = try ObjectReader(
      value, at: path,
      keys: ["title", "glyph", "selectedGlyph", "badge", "clearsBadgeOnSelect", "page"])
    let item = TabBarItem(
      title: try object.requiredString("title"),
      glyph: try object.string("glyph") ?? "•",
      selectedGlyph: try object.string("selectedGlyph"),
      badge: try object["badge"].map { (badge) throws(ContentError) in
        try Self.badge(badge, at: path.appending("badge"))
      } ?? .none,
      clearsBadgeOnSelect: try object.bool("clearsBadgeOnSelect") ?? false)
    let page = try object.requiredString("page")
    noteReference(to: page, at: path.appending("page"))
    return ContentFile.Tab(item: item, page: page)
  }

  /// `"none"`, `"dot"`, `{"count": 8}` or `{"text": "new"}`.
  static func badge(_ value: JSONValue, at path: JSONPath) throws(ContentError) -> Badge {
    let expected = #"expected "none", "dot", {"count": N} or {"text": "…"}"#
    switch value {
    case .string("none"): return .none
    case .string("dot"): return .dot
    case .string(let name):
      throw ContentError(at: path, "unknown badge \(ContentError.quoted(name)); \(expected)")
    case .object(let members) where members.count == 1:
      let object = try ObjectReader(value, at: path, keys: ["count", "text"])
      if let count = try object.integer("count", in: -999_999_999...999_999_999) {
        return .count(count)
      }
      if let text = try object.string("text") { return .text(text) }
      throw ContentError(at: path, expected + ", found \(value.shortDescription)")
    default:
      throw ContentError(at: path, expected + ", found \(value.shortDescription)")
    }
  }

  // MARK: Pages

  /// The keys that make a page one kind or another, each with the kind it
  /// makes, in the order messages name them.
  private static let kindKeys: [(key: String, kind: String)] = [
    ("rows", "a list"), ("sections", "an accordion"), ("body", "a text page"),
    ("duration", "a player"), ("form", "a form"),
  ]

  /// Keys that only some kinds of page have: the kinds' keys, and the kinds
  /// as a message names them.
  private static let kindOnlyKeys: [String: (kinds: Set<String>, name: String)] = [
    "rowPage": (["rows", "sections"], "a list or an accordion page"),
    "searchable": (["rows"], "a list page"),
    "channels": (["rows"], "a list page"),
    "feeds": (["rows"], "a list page"),
    "headerHeight": (["sections"], "an accordion page"),
    "byline": (["body"], "a text page"),
    "time": (["body"], "a text page"),
    "category": (["body"], "a text page"),
    "comments": (["body"], "a text page"),
    "description": (["duration"], "a player page"),
    "related": (["duration"], "a player page"),
  ]

  private mutating func page(_ value: JSONValue, at path: JSONPath) throws(ContentError)
    -> ContentFile.Page
  {
    let object = try ObjectReader(
      value, at: path,
      keys: Set(["title"] + Self.kindKeys.map(\.key) + Self.kindOnlyKeys.keys))
    let title = try object.string("title")
    let given = Self.kindKeys.filter { object.has($0.key) }
    guard let kind = given.first else {
      let keys = Self.kindKeys.map { "\"\($0.key)\" (\($0.kind))" }
      throw ContentError(
        at: path, "missing " + keys.dropLast().joined(separator: ", ") + " or " + keys.last!)
    }
    if given.count > 1 {
      throw ContentError(
        at: path, "a page has \"\(kind.key)\" (\(kind.kind)) or \"\(given[1].key)\", not both")
    }
    for key in Self.kindOnlyKeys.keys.sorted() where object.has(key) {
      let only = Self.kindOnlyKeys[key]!
      if !only.kinds.contains(kind.key) {
        throw ContentError(at: path.appending(key), "only \(only.name) has \"\(key)\"")
      }
    }
    let rowPage = try reference(object, "rowPage", at: path)
    switch kind.key {
    case "rows":
      let rows = try rows(of: object, at: path, defaultPage: rowPage)
      let searchable = try object.bool("searchable") ?? false
      var page = ContentFile.Page(title: title, kind: .list(rows, searchable: searchable))
      page.channels = try Self.channels(of: object, at: path)
      page.feeds = try Self.feeds(of: object, at: path)
      return page
    case "sections":
      var sections: [ContentFile.Section] = []
      for (index, sectionValue) in try object.array("sections")!.enumerated() {
        let sectionPath = path.appending("sections").appending(index)
        let section = try ObjectReader(
          sectionValue, at: sectionPath, keys: ["title", "rows", "rowPage"])
        sections.append(
          ContentFile.Section(
            title: try section.requiredString("title"),
            rows: try rows(
              of: section, at: sectionPath,
              defaultPage: reference(section, "rowPage", at: sectionPath) ?? rowPage)))
      }
      let headerHeight = try object.integer("headerHeight", in: 1...10) ?? 1
      return ContentFile.Page(title: title, kind: .accordion(sections, headerHeight: headerHeight))
    case "body":
      let article = ContentFile.Article(
        byline: try object.string("byline") ?? "",
        time: try object.string("time") ?? "",
        category: try object.string("category") ?? "",
        body: try Self.body(object.array("body")!, at: path.appending("body")))
      var page = ContentFile.Page(title: title, kind: .text(article))
      page.comments = try Self.comments(object, at: path)
      return page
    case "form":
      return ContentFile.Page(
        title: title, kind: .form(try form(object.required("form"), at: path.appending("form"))))
    default:
      let seconds = try object.integer("duration", in: Self.durations)!
      var page = ContentFile.Page(title: title, kind: .player(seconds: seconds))
      let video = try Self.videoInfo(object, at: path)
      page.video = video.info
      references += video.references
      return page
    }
  }

  /// The lengths a video may have, in seconds: up to a day.
  static let durations = 1...86_400

  /// A text page's `body`: strings are paragraphs, `{"heading": "…"}` a
  /// heading; at least one of them.
  private static func body(_ values: JSONArray, at path: JSONPath) throws(ContentError)
    -> [TextBlock]
  {
    guard !values.isEmpty else {
      throw ContentError(at: path, "an empty body; give at least one paragraph")
    }
    var blocks: [TextBlock] = []
    for (index, value) in values.enumerated() {
      let blockPath = path.appending(index)
      switch value {
      case .string(let text):
        blocks.append(.paragraph(text))
      case .object:
        let heading = try ObjectReader(value, at: blockPath, keys: ["heading"])
        blocks.append(.heading(try heading.requiredString("heading")))
      default:
        throw ContentError(
          at: blockPath,
          #"expected a string (a paragraph) or {"heading": "…"}, found "#
            + value.shortDescription)
      }
    }
    return blocks
  }

  /// The page id in the string member `key` of `object`, noted as a
  /// reference to check once every page is known; nil when absent.
  private mutating func reference(
    _ object: ObjectReader, _ key: String, at path: JSONPath
  ) throws(ContentError) -> String? {
    guard let id = try object.string(key) else { return nil }
    noteReference(to: id, at: path.appending(key))
    return id
  }

  /// Notes a reference to page `id` at `path` (built only for an id not
  /// referred to before) to check once every page is known.
  private mutating func noteReference(to id: String, at path: @autoclosure () -> JSONPath) {
    if referencedIDs.insert(JSONKey(id)).inserted { references.append((id, path())) }
  }

  /// The `rows` of `object` (required); a row without `page` opens `defaultPage`.
  private mutating func rows(
    of object: ObjectReader, at path: JSONPath, defaultPage: String?
  ) throws(ContentError) -> ContentRows {
    guard let values = try object.array("rows") else {
      throw ContentError(at: path, "missing \"rows\"")
    }
    let rowsPath = path.appending("rows")
    if let table = values.rowTable {
      return try rows(table, at: rowsPath, defaultPage: defaultPage)
    }
    var rows: [ContentFile.Row] = []
    rows.reserveCapacity(values.count)
    for (index, value) in values.enumerated() {
      rows.append(try row(value, at: rowsPath.appending(index), defaultPage))
    }
    return ContentRows(rows)
  }

  /// The rows the parse read into `table`, checked as ``row(_:at:_:)``
  /// checks each, in the same order and with the same errors: a plain row
  /// is right by its making, and only its page is noted as a reference
  /// (once per page id); any other is decoded in full. No string is made.
  private mutating func rows(
    _ table: RowTable, at path: JSONPath, defaultPage: String?
  ) throws(ContentError) -> ContentRows {
    var noted = [Bool](repeating: false, count: table.pageIDs.count)
    var others: [ContentFile.Row] = []
    for (index, entry) in table.entries.enumerated() {
      if entry.titleCount == RowTable.valueMark {
        let value = table.values[Int(entry.title)]
        others.append(try row(value, at: path.appending(index), defaultPage))
      } else if entry.page >= 0, !noted[Int(entry.page)] {
        noted[Int(entry.page)] = true
        noteReference(
          to: table.pageIDs[Int(entry.page)], at: path.appending(index).appending("page"))
      }
    }
    return ContentRows(table: table, defaultPage: defaultPage, others: others)
  }

  /// The keys a row may have, built once: not again for each of 100,000 rows.
  private static let rowKeys = Set(["title", "detail", "page"]).union(settingRowKeys)

  /// A row: a string (its title) or `{"title", "detail", "page"}`; `"page":
  /// null` opens nothing even when the page has a `rowPage`.
  private mutating func row(
    _ value: JSONValue, at path: @autoclosure () -> JSONPath, _ defaultPage: String?
  ) throws(ContentError) -> ContentFile.Row {
    if case .string(let title) = value {
      return ContentFile.Row(title: title, detail: "", page: defaultPage)
    }
    if case .object(let members) = value, let row = Self.plainRow(members, defaultPage) {
      // Its own page is a reference to check, as the full reading notes it.
      if case .string(let id)? = members[JSONKey("page")] {
        noteReference(to: id, at: path().appending("page"))
      }
      return row
    }
    let path = path()
    guard case .object = value else {
      throw ContentError(
        at: path, "expected a string or an object with a \"title\", found \(value.shortDescription)"
      )
    }
    let object = try ObjectReader(
      value, at: path, keys: Self.rowKeys)
    let setting = try Self.setting(object, at: path)
    let page: String?
    if object.members[JSONKey("page")] == .null || setting != nil {
      page = nil
    } else if let own = try reference(object, "page", at: path) {
      page = own
    } else {
      page = defaultPage
    }
    return ContentFile.Row(
      title: try object.requiredString("title"), detail: try object.string("detail") ?? "",
      page: page, setting: setting)
  }

  /// The row of `members` when it is the common kind, a `title` string
  /// with a `detail` and a `page` string (or `"page": null`) or neither,
  /// read without a path or a reader made for it (100,000 rows of a news
  /// archive); nil for any other, which ``row(_:at:_:)`` reads in full and
  /// whose errors it reports.
  private static func plainRow(_ members: JSONObject, _ defaultPage: String?) -> ContentFile.Row? {
    var title: String?
    var detail = ""
    var page = defaultPage
    for (key, value) in members.elements {
      let name = key.text.utf8
      switch value {
      case .string(let text) where name.elementsEqual("title".utf8): title = text
      case .string(let text) where name.elementsEqual("detail".utf8): detail = text
      case .string(let text) where name.elementsEqual("page".utf8): page = text
      case .null where name.elementsEqual("page".utf8): page = nil
      default: return nil
      }
    }
    guard let title else { return nil }
    return ContentFile.Row(title: title, detail: detail, page: page)
  }

  // MARK: Plus button and timer

  private mutating func plusButton(
    _ value: JSONValue, at path: JSONPath, tabCount: Int
  ) throws(ContentError) -> ContentFile.PlusButtonSpec {
    let actions = ContentFile.PlusButtonSpec.Action.allCases.map(\.rawValue)
    let object = try ObjectReader(
      value, at: path, keys: Set(["glyph", "title", "width", "index"] + actions))
    let given = actions.filter { object.has($0) }
    guard given.count == 1, let action = ContentFile.PlusButtonSpec.Action(rawValue: given[0])
    else {
      throw ContentError(
        at: path, "give exactly one of \"presents\" or \"selects\" (a page id)")
    }
    let page = try reference(object, action.rawValue, at: path)!
    let index = try object.integer("index", in: 0...tabCount)
    if index == nil && tabCount % 2 != 0 {
      throw ContentError(
        at: path, TabBarConfigurationError.plusButtonNeedsEvenItemCount(tabCount).description)
    }
    return ContentFile.PlusButtonSpec(
      glyph: try object.string("glyph") ?? "+",
      title: try object.string("title") ?? "",
      width: try object.integer("width", in: 3...40) ?? 7,
      index: index,
      action: action,
      page: page)
  }

  private static func badgeTimer(
    _ value: JSONValue, at path: JSONPath, tabs: [ContentFile.Tab]
  ) throws(ContentError) -> ContentFile.BadgeTimer {
    let object = try ObjectReader(value, at: path, keys: ["tab", "every"])
    guard let tab = try object.integer("tab", in: 0...(tabs.count - 1)) else {
      throw ContentError(at: path, "missing \"tab\"")
    }
    guard case .count = tabs[tab].item.badge else {
      throw ContentError(
        at: path.appending("tab"),
        "tab \(tab) (\(ContentError.quoted(tabs[tab].item.title))) has no count badge to grow")
    }
    guard let seconds = try object.number("every") else {
      throw ContentError(at: path, "missing \"every\"")
    }
    guard seconds >= 0.1, seconds <= 86_400 else {
      throw ContentError(
        at: path.appending("every"),
        "\(JSONValue.format(seconds)) is out of range; expected 0.1…86400 seconds")
    }
    return ContentFile.BadgeTimer(tab: tab, interval: .milliseconds(Int(seconds * 1000)))
  }

  // MARK: Enumerations

  /// The case of `T` named `name`, or an error listing the names it could be.
  private static func enumerated<T: RawRepresentable & CaseIterable>(
    _ type: T.Type, _ name: String, at path: JSONPath, what: String
  ) throws(ContentError) -> T where T.RawValue == String {
    if let value = T(rawValue: name) { return value }
    let names = T.allCases.map { ContentError.quoted($0.rawValue) }
    let list = names.dropLast().joined(separator: ", ") + " or " + names.last!
    throw ContentError(at: path, "unknown \(what) \(ContentError.quoted(name)); expected \(list)")
  }
}
