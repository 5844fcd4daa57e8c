import TabBarKit

/// What `--state` keeps of where reading and watching stopped, newest first.
struct ResumeState: Codable, Equatable {
  /// Where a story or a chapter was left: the text at the top of the
  /// screen (a block and a character in it, which a re-wrap at another
  /// width keeps), and how far down that was.
  struct Place: PageEntry {
    static let maximumCount = 200
    static let byteBudget = 64 << 10

    var id: String
    var block: Int
    var offset: Int
    /// How far through the text, 0 to 100.
    var percent: Int
    var at: Int? = nil

    var savedSize: Int { SavedSize.object(strings: [id], numbers: 4) }
  }

  /// Where a video was left, in whole seconds.
  struct Video: PageEntry {
    static let maximumCount = 200
    static let byteBudget = 32 << 10

    var id: String
    var seconds: Int
    var at: Int? = nil

    var savedSize: Int { SavedSize.object(strings: [id], numbers: 2) }
  }

  /// The stories and chapters, the last one read first.
  var texts: [Place] = []
  /// The videos, the last one watched first.
  var videos: [Video] = []
}

/// Where every story, chapter and video was left while the app runs:
/// reopening one from any list returns there, and Reading's first row
/// continues the last chapter read.
///
/// A text page records the text at the top of its screen as the reader
/// moves (``TextPosition``), not a row number, so a terminal of another
/// size opens on the same words. A video records its second; one watched to
/// the end starts again from the beginning. Each list keeps at most 200
/// places, and 64 KiB (texts) or 32 KiB (videos) of the state file, the
/// oldest going first.
@MainActor
final class ResumeLog {
  /// The page id of Reading, whose books' rows open the chapters.
  static let readingPage = "reading"

  /// The text places, the last one read first.
  var texts: [ResumeState.Place] { textLog.entries }
  /// The video places, the last one watched first.
  var videos: [ResumeState.Video] { videoLog.entries }
  private var textLog = NewestFirstLog<ResumeState.Place>()
  private var videoLog = NewestFirstLog<ResumeState.Video>()
  /// Called when the last chapter read, or where, changed, and as a video
  /// plays (each second it moves to): the rows that show progress follow.
  var onChange: (() -> Void)?
  /// The content: which pages are stories, chapters and videos.
  private let content: ContentFile
  /// True for a story that is no page of the content's (a news feed's,
  /// Feeds/): its place is kept and taken back as the content's are.
  var isOtherStory: (String) -> Bool = { _ in false }
  /// Each chapter's book: its title and its chapters in order.
  private let books: [String: (title: String, chapters: [String])]
  /// Each book's chapters in order, by the book's page id.
  private let chaptersOfBook: [String: [String]]
  /// The first chapter of Reading's first book: where Continue reading
  /// starts before anything was read.
  let firstChapter: String?

  /// An empty log of `content`'s pages.
  init(content: ContentFile) {
    self.content = content
    var books: [String: (title: String, chapters: [String])] = [:]
    var chaptersOfBook: [String: [String]] = [:]
    var first: String?
    if case .list(let rows, _)? = content.pages[JSONKey(Self.readingPage)]?.kind {
      for row in rows {
        guard let book = row.page,
          case .list(let chapterRows, _)? = content.pages[JSONKey(book)]?.kind
        else { continue }
        let chapters = chapterRows.pages.compactMap { $0 }.filter { content.isStory($0) }
        let title = content.pages[JSONKey(book)]?.title ?? row.title
        first = first ?? chapters.first
        chaptersOfBook[book] = chaptersOfBook[book] ?? chapters
        for chapter in chapters where books[chapter] == nil {
          books[chapter] = (title, chapters)
        }
      }
    }
    self.books = books
    self.chaptersOfBook = chaptersOfBook
    firstChapter = first
  }

  /// True when page `id` is a chapter of a book of Reading.
  func isChapter(_ id: String) -> Bool { books[id] != nil }

  /// The title of the book chapter `id` belongs to; nil for a page that is
  /// no chapter.
  func book(of id: String) -> String? { books[id]?.title }

  /// The chapters of the book chapter `id` belongs to, in order; nil for a
  /// page that is no chapter.
  func chapters(around id: String) -> [String]? { books[id]?.chapters }

  /// True when page `id` is a book of Reading (its rows open chapters).
  func isBook(_ id: String) -> Bool { chaptersOfBook[id] != nil }

  /// The chapter of book `id` read last (from 1) and the book's chapter
  /// count; nil for a book none of whose chapters was opened, or a page
  /// that is no book.
  func progress(ofBook id: String) -> (chapter: Int, count: Int)? {
    guard let chapters = chaptersOfBook[id] else { return nil }
    for place in texts {
      if let index = chapters.firstIndex(of: place.id) { return (index + 1, chapters.count) }
    }
    return nil
  }

  /// Where text page `id` was left; nil when it never was.
  func place(of id: String) -> ResumeState.Place? { textLog.entry(forKey: id) }

  /// Text page `id` now shows `position` at its top, `percent` of the way down.
  func record(_ id: String, at position: TextPosition, percent: Int) {
    var place = ResumeState.Place(
      id: id, block: position.block, offset: position.offset, percent: min(max(0, percent), 100))
    if let first = texts.first, first.id == id, first.block == place.block,
      first.offset == place.offset, first.percent == place.percent
    {
      return
    }
    place.at = Milliseconds.now
    textLog.add(place)
    if isChapter(id) { onChange?() }
  }

  /// The last chapter read, where, and its book's title; nil before any.
  var lastChapter: (place: ResumeState.Place, book: String)? {
    guard let place = texts.first(where: { isChapter($0.id) }), let book = books[place.id]
    else { return nil }
    return (place, book.title)
  }

  /// The chapter Continue reading opens, with its book's title and where
  /// it was left (nil: never opened): the last chapter read or, once that
  /// one was read to its end (100%), the next chapter of its book, as an
  /// e-reader turns the page. The last chapter of a book stays, finished.
  var chapterToContinue: (id: String, place: ResumeState.Place?, book: String)? {
    guard let (place, title) = lastChapter else { return nil }
    guard place.percent >= 100, let chapters = books[place.id]?.chapters,
      let index = chapters.firstIndex(of: place.id), index + 1 < chapters.count
    else { return (place.id, place, title) }
    let next = chapters[index + 1]
    return (next, self.place(of: next), title)
  }

  /// The second video `id` was left at; nil when it never played or was
  /// watched to the end.
  func seconds(of id: String) -> Int? { videoLog.entry(forKey: id)?.seconds }

  /// Video `id` of `length` seconds is at `seconds`: kept, or forgotten at
  /// the very start and at the end.
  func recordVideo(_ id: String, at seconds: Int, length: Int) {
    guard seconds > 0, seconds < length else {
      if videoLog.entry(forKey: id) != nil {
        videoLog.remove(key: id)
        onChange?()
      }
      return
    }
    if videos.first?.id == id, videos.first?.seconds == seconds { return }
    videoLog.add(ResumeState.Video(id: id, seconds: seconds, at: Milliseconds.now))
    onChange?()
  }

  /// What `--state` keeps.
  var state: ResumeState { ResumeState(texts: texts, videos: videos) }

  /// Takes back what `state` kept: the pages the content still has, each
  /// once, the newest of each within its count and budget, with every
  /// number clamped (a text page clamps its place to its own text again
  /// when it opens).
  func restore(_ state: ResumeState) {
    textLog.replace(
      with: state.texts.lazy.filter { self.content.isStory($0.id) || self.isOtherStory($0.id) }
        .map { place in
          var place = place
          place.block = min(max(0, place.block), Self.largestIndex)
          place.offset = min(max(0, place.offset), Self.largestIndex)
          place.percent = min(max(0, place.percent), 100)
          return place
        })
    videoLog.replace(
      with: state.videos.filter { video in
        guard case .player(let length)? = content.pages[JSONKey(video.id)]?.kind else {
          return false
        }
        return video.seconds > 0 && video.seconds < length
      })
    onChange?()
  }

  /// The largest block or character index a saved place may name.
  nonisolated static let largestIndex = 1_000_000
}
