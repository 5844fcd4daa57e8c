import TabBarKit

@MainActor
extension DemoModel {
  /// The stories the rows open, in order, each once: what `n` and `p` go
  /// through from one of them.
  func storyIDs(of rows: ContentRows) -> [String] {
    var seen = Set<String>()
    var last: String?  // consecutive rows mostly open the same page
    var stories: [String] = []
    for id in rows.pages {
      guard let id, id != last else { continue }
      last = id
      if !seen.contains(id) && content.isStory(id) && seen.insert(id).inserted {
        stories.append(id)
      }
    }
    return stories
  }

  /// A row's detail: how far the reader got in what it opens, first, so
  /// that a narrow screen that cuts the detail keeps it, then the file's
  /// detail and the comment count of the story it opens (`chapter 3 of 5 ·
  /// Mara Quill · 5 chapters`, `40% · 2:10`, `2h · 128 comments`).
  func detail(of row: ContentFile.Row) -> String {
    guard let id = row.page else { return row.detail }
    let base =
      progress(of: id).map { row.detail.isEmpty ? $0 : $0 + " · " + row.detail } ?? row.detail
    return detail(base, counting: id)
  }

  /// How far the reader got in page `id`, in the language chosen now:
  /// `chapter 3 of 5` for a book (the chapter read last), `40%` for a
  /// chapter or a clip begun; nil for one not begun, or any other page.
  func progress(of id: String) -> String? {
    let flow = settings.strings.flow
    if let (chapter, count) = resume.progress(ofBook: id) {
      return DemoStrings.fill(flow.bookProgress, ["chapter": "\(chapter)", "count": "\(count)"])
    }
    if resume.isChapter(id), let place = resume.place(of: id) {
      return DemoStrings.fill(flow.percentDone, ["percent": "\(place.percent)"])
    }
    if let seconds = resume.seconds(of: id),
      case .player(let length)? = content.pages[JSONKey(id)]?.kind, length > 0
    {
      return DemoStrings.fill(flow.percentDone, ["percent": "\(seconds * 100 / length)"])
    }
    return nil
  }

  /// Keeps the progress on those of `list`'s rows that open a book, a
  /// chapter or a clip up to date while it lives: as the reader reads or
  /// watches, and in the language chosen. `rows` are the content's rows
  /// the list was made of; a row is known by its title.
  func showsProgress(in list: ListViewController, of rows: ContentRows) {
    var rowByTitle: [String: ContentFile.Row] = [:]
    // Only the rows that open a book, a chapter or a clip are made: a list
    // of stories may have 100,000 rows.
    for place in rows.indices {
      guard let id = rows.page(at: place), hasProgress(id) else { continue }
      let row = rows[place]
      if rowByTitle[row.title] == nil { rowByTitle[row.title] = row }
    }
    guard !rowByTitle.isEmpty else { return }
    changes.observe(by: list) { [weak self, weak list] change in
      switch change {
      case .resume, .language: break
      default: return
      }
      guard let self, let list else { return }
      var rows = list.listView.rows
      var changed = false
      for index in rows.indices {
        guard let row = rowByTitle[rows[index].title] else { continue }
        let detail = detail(of: row)
        if rows[index].detail != detail {
          rows[index].detail = detail
          changed = true
        }
      }
      if changed { list.apply(rows) }
    }
  }

  /// True when page `id` is a book, a chapter or a clip: a page read or
  /// watched part way.
  private func hasProgress(_ id: String) -> Bool {
    if resume.isBook(id) || resume.isChapter(id) { return true }
    if case .player? = content.pages[JSONKey(id)]?.kind { return true }
    return false
  }

  /// `base` with story `id`'s comment count after it, if it takes comments.
  func detail(_ base: String, counting id: String) -> String {
    guard let count = comments.count(of: id) else { return base }
    let words = DemoStrings.fill(settings.strings.flow.commentCount, ["count": "\(count)"])
    return base.isEmpty ? words : base + " · " + words
  }

  /// `detail` without the comment count ``detail(of:)`` put after it, in
  /// the language chosen now or the other one (it was put before a switch).
  func detailWithoutCount(_ detail: String) -> String {
    let templates = [
      settings.strings.flow.commentCount, content.words.demo.flow.commentCount,
      ReadingFlowStrings.simplifiedChinese.commentCount,
    ]
    for template in templates {
      let rest = Self.removingCount(from: detail, writtenAs: template)
      if rest != detail { return rest }
    }
    return detail
  }

  /// `detail` without a count written with `template` at its end.
  private static func removingCount(from detail: String, writtenAs template: String) -> String {
    let parts = template.components(separatedBy: "{count}")
    guard parts.count == 2, detail.hasSuffix(parts[1]) else { return detail }
    var rest = detail.dropLast(parts[1].count)
    guard rest.last?.isNumber == true else { return detail }
    while rest.last?.isNumber == true { rest = rest.dropLast() }
    guard rest.hasSuffix(parts[0]) else { return detail }
    rest = rest.dropLast(parts[0].count)
    if rest.hasSuffix(" · ") { rest = rest.dropLast(3) }
    return String(rest)
  }

  /// Keeps the comment counts on `list`'s rows up to date while it lives:
  /// after a comment is written, or taken back from `--state` once the
  /// list was made.
  func showsCommentCounts(in list: ListViewController) {
    changes.observe(by: list) { [weak self, weak list] change in
      guard let self, let list else { return }
      switch change {
      case .comments: showCommentCounts(in: list)
      case .language:
        if list.listView.dataSource is StoryRows { return list.setNeedsDisplay() }
        var rows = list.listView.rows
        if putCommentCounts(on: &rows, always: true) { list.apply(rows) }
      default: return
      }
    }
  }

  /// Puts the comment counts now on the rows of `list` that open a story
  /// taking comments. A row is known by its title, as the content gives it.
  func showCommentCounts(in list: ListViewController) {
    // A list of a data source builds its rows with the counts of the
    // moment as it draws them.
    if list.listView.dataSource is StoryRows { return list.setNeedsDisplay() }
    var rows = list.listView.rows
    if putCommentCounts(on: &rows) { list.apply(rows) }
  }

  /// Puts the comment counts now, in the language chosen now, on those of
  /// `rows` that open a story taking comments; returns true when a detail
  /// changed. Unless `always`, nothing to do while no comment was written
  /// and the language is the file's: the rows were made with its counts.
  @discardableResult
  func putCommentCounts(on rows: inout [ListRow], always: Bool = false) -> Bool {
    guard always || !comments.written.isEmpty || settings.chinese else { return false }
    let storyByTitle = storyByRowTitle ?? storiesTakingComments()
    storyByRowTitle = storyByTitle
    var changed = false
    for index in rows.indices {
      guard let id = storyByTitle[rows[index].title] else { continue }
      let detail = detail(detailWithoutCount(rows[index].detail), counting: id)
      if rows[index].detail != detail {
        rows[index].detail = detail
        changed = true
      }
    }
    return changed
  }

  /// The story each row title of the content's lists and sections opens,
  /// for the stories that take comments: the first row's, for a title
  /// several rows share.
  private func storiesTakingComments() -> [String: String] {
    var storyByTitle: [String: String] = [:]
    func note(_ rows: ContentRows) {
      for row in rows {
        guard let id = row.page, comments.count(of: id) != nil else { continue }
        storyByTitle[row.title] = storyByTitle[row.title] ?? id
      }
    }
    for page in content.pages.values {
      switch page.kind {
      case .list(let rows, _): note(rows)
      case .accordion(let sections, _): sections.forEach { note($0.rows) }
      default: continue
      }
    }
    return storyByTitle
  }

  /// Reading's first row, Continue reading, when `id` is Reading and it
  /// has a chapter: always there, so that the rows under it keep their
  /// places between runs.
  func continueRows(onPage id: String) -> [ListRow] {
    guard id == ResumeLog.readingPage, resume.firstChapter != nil else { return [] }
    return [continueRow()]
  }

  /// The id of Reading's first row.
  static let continueRowID = "continue-reading"

  /// The last chapter read, and how far: Enter opens it there. Once it
  /// was read to its end, the book's next chapter
  /// (``ResumeLog/chapterToContinue``). Before anything was read, the
  /// first chapter of the first book.
  func continueRow() -> ListRow {
    let flow = settings.strings.flow
    var row: ListRow
    if let (id, place, book) = resume.chapterToContinue, let title = content.title(of: id) {
      row = ListRow(
        DemoStrings.fill(flow.continueReading, ["title": title]), id: Self.continueRowID,
        detail: DemoStrings.fill(
          flow.continueDetail, ["book": book, "percent": "\(place?.percent ?? 0)"]),
        destination: { self.page(id, openedAs: title) })
    } else if let first = resume.firstChapter, let title = content.title(of: first) {
      row = ListRow(
        DemoStrings.fill(flow.startReading, ["title": title]), id: Self.continueRowID,
        destination: { self.page(first, openedAs: title) })
    } else {
      row = ListRow(DemoStrings.fill(flow.startReading, ["title": ""]), id: Self.continueRowID)
    }
    row.emphasis = .accent
    return row
  }

  /// Keeps Reading's Continue row, the first of `list`, on the last
  /// chapter read, while `list` lives.
  func followsResume(in list: ListViewController) {
    changes.observe(by: list) { [weak self, weak list] change in
      guard case .resume = change, let self, let list, !list.listView.rows.isEmpty else {
        if case .language = change, let self, let list, !list.listView.rows.isEmpty {
          var rows = list.listView.rows
          rows[0] = self.continueRow()
          list.apply(rows)
        }
        return
      }
      var rows = list.listView.rows
      rows[0] = continueRow()
      list.apply(rows)
    }
  }

  /// The player of video `id`: from where it was left, telling the resume
  /// log where it is, with its description and related clips.
  func player(_ id: String, title: String, seconds: Int, video: ContentFile.VideoInfo)
    -> PlayerPage
  {
    let clips = video.related.compactMap { clip -> PlayerPage.Clip? in
      guard case .player(let length)? = content.pages[JSONKey(clip)]?.kind,
        let title = content.title(of: clip)
      else { return nil }
      return PlayerPage.Clip(title: title, detail: PlayerPage.clock(.seconds(length))) {
        self.page(clip, openedAs: title)
      }
    }
    let player = PlayerPage(
      title: title, length: .seconds(seconds), strings: settings.strings,
      start: .seconds(resume.seconds(of: id) ?? 0), summary: video.description, clips: clips
    ) { [resume] position in
      resume.recordVideo(id, at: Int(position.components.seconds), length: seconds)
    }
    // A clip watched goes to History, as a story read does.
    player.onAppear = { [reading] in reading.read(id) }
    return player
  }
}
