import Foundation
import TabBarKit
import Testing

@testable import tabbar_demo

/// The demo's content files as the demo builds them: every row of every tab
/// followed, through the rows' `destination` closures, to the page it
/// leads to (issue 13).
///
/// A page is a leaf when it opens nothing more: a text page, a player, a
/// form or a setting row. The plus button's page is walked too. Each leaf
/// must be real: a text page with a heading and paragraphs of its own, a
/// player with a length, a form with fields, a setting row of a settings
/// page that does something when chosen. No row opens nothing.
@MainActor
@Suite("demo content: every row leads somewhere")
struct ContentWalkTests {
  /// A content file to walk: its name in messages and where to load it from
  /// (nil: the built-in `demo.json`).
  struct File: Sendable, CustomTestStringConvertible {
    var name: String
    var path: String?

    var testDescription: String { name }
  }

  /// The package root: three levels up from this file.
  nonisolated static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  nonisolated static let files = [
    File(name: DemoContent.builtInName, path: nil),
    File(
      name: "Examples/netease.json",
      path: packageRoot.appendingPathComponent("Examples/netease.json").path),
  ]

  @Test("no row leads to a placeholder page", arguments: files)
  func noPlaceholders(_ file: File) throws {
    let walk = try ContentWalk(file)
    // Counted, so that the failure shows the list once, one problem a line.
    #expect(walk.problems.count == 0, "\(file.name):\n\(walk.report)")
    // The walk reached the kinds of page the demo has.
    #expect(walk.texts.count >= 60, "\(file.name): \(walk.texts.count) text pages")
    #expect(walk.players.count >= 20, "\(file.name): \(walk.players.count) players")
    #expect(walk.settings >= 10, "\(file.name): \(walk.settings) setting rows")
  }

  @Test("the plus button opens a form with fields and a button, a real leaf", arguments: files)
  func plusButtonForm(_ file: File) throws {
    let walk = try ContentWalk(file)
    let forms = walk.forms.filter { $0.steps == [0] }
    #expect(forms.count == 1, "\(file.name): the plus button's page is not a form")
    guard case .form(_, let labels)? = forms.first?.kind else { return }
    #expect(labels.count == 3, "\(file.name): \(labels)")
  }

  @Test("News has 20+ stories, each a text page with a dateline and a body", arguments: files)
  func stories(_ file: File) throws {
    let walk = try ContentWalk(file)
    let news = try #require(walk.leaves(ofTab: 0))
    #expect(news.count >= 20, "\(file.name): \(news.count) stories")
    for story in news {
      guard case .text(let title, let blocks) = story.kind else {
        Issue.record("\(file.name): \(story.path) is not a text page")
        continue
      }
      // Heading, dateline (byline · time · category), then the body.
      #expect(blocks.first == .heading(title), "\(story.path)")
      let dateline = blocks.dropFirst().first?.text ?? ""
      #expect(dateline.components(separatedBy: " · ").count == 3, "\(story.path): \(dateline)")
      let body = blocks.dropFirst(2).filter { !$0.isHeading }
      #expect(body.count >= 3, "\(story.path): \(body.count) paragraphs")
    }
  }

  @Test("Topics rows open the News stories of the same headline", arguments: files)
  func topicsOpenStories(_ file: File) throws {
    let walk = try ContentWalk(file)
    let news = try #require(walk.leaves(ofTab: 0))
    let topics = try #require(walk.leaves(ofTab: 3))
    #expect(topics.count >= 15, "\(file.name): \(topics.count) topic rows")
    let stories = Dictionary(news.map { ($0.title, $0.kind) }, uniquingKeysWith: { a, _ in a })
    for topic in topics {
      #expect(
        stories[topic.title] == topic.kind,
        "\(file.name): \(topic.path) does not open the News story “\(topic.title)”")
    }
  }

  @Test("Reading's books open chapter lists, whose chapters are text pages", arguments: files)
  func books(_ file: File) throws {
    let walk = try ContentWalk(file)
    let chapters = try #require(walk.leaves(ofTab: 1))
    // Reached through a book: tab, book, chapter.
    #expect(chapters.allSatisfy { $0.steps.count == 3 }, "\(file.name)")
    #expect(Set(chapters.map { $0.steps[1] }).count >= 6, "\(file.name): fewer than 6 books")
    for chapter in chapters {
      guard case .text = chapter.kind else {
        Issue.record("\(file.name): \(chapter.path) is not a text page")
        continue
      }
    }
  }

  @Test("Video rows open players whose length the row shows", arguments: files)
  func videos(_ file: File) throws {
    let walk = try ContentWalk(file)
    let videos = try #require(walk.leaves(ofTab: 2))
    #expect(videos.count >= 20)
    for video in videos {
      guard case .player(_, let length) = video.kind else {
        Issue.record("\(file.name): \(video.path) is not a player")
        continue
      }
      #expect(video.detail == PlayerPage.clock(length), "\(file.name): \(video.path)")
    }
  }
}

/// Every page a content file's tabs lead to, found by opening every row.
struct ContentWalk {
  /// What a page reached by the walk is.
  enum Kind: Equatable {
    case text(title: String, blocks: [TextBlock])
    case player(title: String, length: Duration)
    case form(title: String, labels: [String])
  }

  /// A text page or a player, and how it was reached.
  struct Leaf {
    /// The 1-based positions of `--open` that reach it: tab, then rows (an
    /// accordion's section and row are two steps).
    var steps: [Int]
    /// The title of the row that opened it.
    var title: String
    /// The detail of that row.
    var detail: String
    var kind: Kind

    /// `--open 1/3`, for messages: where to see it with the demo.
    var path: String { "--open " + steps.map(String.init).joined(separator: "/") }
  }

  /// Everything found wrong, one line each.
  private(set) var problems: [String] = []
  /// Every text page and player reached, in the order reached.
  private(set) var found: [Leaf] = []
  /// The setting rows reached: rows of a settings page that act when chosen.
  private(set) var settings = 0
  /// Distinct text pages and players, by title.
  var texts: Set<String> {
    Set(found.compactMap { if case .text(let title, _) = $0.kind { title } else { nil } })
  }
  var players: Set<String> {
    Set(found.compactMap { if case .player(let title, _) = $0.kind { title } else { nil } })
  }

  /// Which page each paragraph was first seen on: a paragraph on two pages
  /// of different titles is a copy, not a story of its own.
  private var paragraphs: [String: String] = [:]
  /// The fingerprints of the lists and accordions walked so far.
  private var walked: Set<String> = []
  /// The file's datelines (`By Ana Ruiz · 1h · Finance`), which pages may share.
  private let datelines: Set<String>

  /// Walks `file` from every tab.
  @MainActor init(_ file: ContentWalkTests.File) throws {
    let content = try DemoContent.load(path: file.path)
    datelines = Set(
      content.pages.values.compactMap {
        if case .text(let article) = $0.kind { article.dateline } else { nil }
      })
    let model = DemoModel(content: content)
    let root = try model.makeRoot(barStyle: nil)
    for (index, tab) in root.viewControllers.enumerated() {
      guard let nav = tab as? NavigationController else {
        problems.append("tab \(index + 1) is not a navigation stack")
        continue
      }
      visit(nav.rootViewController, steps: [index + 1], openedBy: nil)
    }
    // The plus button's page, as step 0: it must lead somewhere too.
    if let plus = content.plusButton {
      visit(model.page(plus.page, openedAs: plus.title), steps: [0], openedBy: nil)
    }
  }

  /// The forms reached, the plus button's among them.
  var forms: [Leaf] {
    found.filter { if case .form = $0.kind { true } else { false } }
  }

  /// The text pages and players reached from tab `index` (0-based).
  func leaves(ofTab index: Int) -> [Leaf]? {
    let leaves = found.filter { $0.steps.first == index + 1 }
    return leaves.isEmpty ? nil : leaves
  }

  /// Row titles and text that only stand in for content.
  /// Read-only after it is made.
  nonisolated(unsafe) private static let placeholders = try! Regex(
    "^((Paragraph|Reply|Comment|Item|Row|Chapter|Story) ?[0-9]+|Summary|Full story|Lorem ipsum.*"
      + "|第[0-9]+段|回复 ?[0-9]+|摘要|全文|开启|关闭|跟随系统)$")

  private static func isPlaceholder(_ text: String) -> Bool {
    text.trimmingCharacters(in: .whitespaces).wholeMatch(of: placeholders) != nil
      || text.trimmingCharacters(in: .whitespaces).isEmpty
  }

  /// What a list or an accordion shows, but for its title (which comes from
  /// the row that opened it): a page reached again from itself, or from
  /// another row, gives the same fingerprint though each visit builds a new
  /// controller.
  @MainActor private static func fingerprint(_ page: ViewController) -> String? {
    switch page {
    case let list as ListViewController:
      return "list "
        + list.listView.rows.map { "\($0.title)\t\($0.detail)" }.joined(separator: "\n")
    case let accordion as AccordionController:
      return "accordion " + accordion.sections.map(\.title).joined(separator: "\n")
    default:
      return nil
    }
  }

  @MainActor private mutating func visit(
    _ page: ViewController, steps: [Int], openedBy row: ListRow?
  ) {
    let path = "--open " + steps.map(String.init).joined(separator: "/")
    if let fingerprint = Self.fingerprint(page) {
      // A list seen before (on a cycle, or shared by several rows) had its
      // rows checked then: walking it again would never end on a cycle.
      guard walked.insert(fingerprint).inserted else { return }
    }
    guard steps.count <= 12 else {
      problems.append("\(path): more than 12 pages deep")
      return
    }
    if let row, page.title != row.title {
      problems.append("\(path): the row “\(row.title)” opens a page titled “\(page.title)”")
    }
    switch page {
    case let strip as ChannelStripController:
      // Each channel's rows; a deep link's steps go to the selected channel
      // (the first, Top, which lists every story) as they would to a list.
      if strip.channels.isEmpty { problems.append("\(path): a channel strip without channels") }
      strip.buildChannelRows()  // each channel's rows, as if shown
      for channel in strip.channels { visit(channel, steps: steps, openedBy: nil) }
    case let list as ListViewController:
      visitRows(list.listView.rows, of: page.title, steps: steps, isSettings: list is SettingsPage)
    case let accordion as AccordionController:
      if accordion.sections.isEmpty { problems.append("\(path): an accordion without sections") }
      for (index, section) in accordion.sections.enumerated() {
        guard let list = section.content as? ListViewController else {
          problems.append("\(path): section “\(section.title)” has no rows")
          continue
        }
        visitRows(
          list.listView.rows, of: section.title, steps: steps + [index + 1], isSettings: false)
      }
    case let text as TextViewController:
      let blocks = text.textView.blocks
      if blocks.first != .heading(page.title) {
        problems.append("\(path): “\(page.title)” does not start with its title as a heading")
      }
      let body = blocks.dropFirst().filter { !$0.isHeading }
      if body.count < 2 {
        problems.append("\(path): “\(page.title)” has \(body.count) paragraph(s)")
      }
      for block in blocks where Self.isPlaceholder(block.text) {
        problems.append("\(path): “\(page.title)” has the placeholder text “\(block.text)”")
      }
      for paragraph in body.map(\.text) where paragraph.count > 40 && !datelines.contains(paragraph)
      {
        if let other = paragraphs[paragraph], other != page.title {
          problems.append("\(path): “\(page.title)” repeats a paragraph of “\(other)”")
        }
        paragraphs[paragraph] = paragraphs[paragraph] ?? page.title
      }
      found.append(
        Leaf(
          steps: steps, title: row?.title ?? page.title, detail: row?.detail ?? "",
          kind: .text(title: page.title, blocks: blocks)))
    case let player as PlayerPage:
      if player.length <= .zero { problems.append("\(path): “\(page.title)” has no length") }
      found.append(
        Leaf(
          steps: steps, title: row?.title ?? page.title, detail: row?.detail ?? "",
          kind: .player(title: page.title, length: player.length)))
    case let form as FormViewController:
      let labels = form.fields.map(\.label)
      if labels.isEmpty || form.buttons.isEmpty {
        problems.append("\(path): the form “\(page.title)” has no fields or no button")
      }
      for label in labels where Self.isPlaceholder(label) {
        problems.append("\(path): the form “\(page.title)” has the placeholder label “\(label)”")
      }
      found.append(
        Leaf(
          steps: steps, title: row?.title ?? page.title, detail: row?.detail ?? "",
          kind: .form(title: page.title, labels: labels)))
    default:
      problems.append("\(path): “\(page.title)” is a \(type(of: page)), not a page of content")
    }
  }

  @MainActor private mutating func visitRows(
    _ rows: [ListRow], of title: String, steps: [Int], isSettings: Bool
  ) {
    let path = "--open " + steps.map(String.init).joined(separator: "/")
    if rows.isEmpty { problems.append("\(path): “\(title)” has no rows") }
    for (index, row) in rows.enumerated() {
      let rowPath = "--open " + (steps + [index + 1]).map(String.init).joined(separator: "/")
      if Self.isPlaceholder(row.title) {
        problems.append("\(rowPath): “\(title)” has the placeholder row “\(row.title)”")
      }
      // Reading's Continue row opens, under the chapter's own title, a
      // chapter that its book's row leads to as well.
      if row.id == AnyHashable(DemoModel.continueRowID), row.destination != nil { continue }
      guard let destination = row.destination else {
        // A setting row is a leaf: it changes a setting when chosen.
        if isSettings, row.perform != nil {
          settings += 1
        } else {
          problems.append("\(rowPath): the row “\(row.title)” of “\(title)” opens nothing")
        }
        continue
      }
      visit(destination(), steps: steps + [index + 1], openedBy: row)
    }
  }
}

extension ContentWalk: CustomTestStringConvertible {
  /// The first problems, one a line, with how many more there are.
  var report: String {
    let shown = problems.prefix(20).joined(separator: "\n")
    return problems.count > 20 ? shown + "\n… and \(problems.count - 20) more" : shown
  }

  var testDescription: String {
    "the walk (\(found.count) pages reached, \(problems.count) problems)"
  }
}
