import TabBarKit

@MainActor
extension DemoModel {
  /// The stories the rows open, in order, each once: what `n` and `p` go
  /// through from one of them.
  func storyIDs(of rows: [ContentFile.Row]) -> [String] {
    var seen = Set<String>()
    return rows.compactMap(\.page).filter { content.isStory($0) && seen.insert($0).inserted }
  }

  /// A row's detail, with the comment count of the story it opens
  /// (`2h · 128 comments`).
  func detail(of row: ContentFile.Row) -> String {
    guard let id = row.page, let count = comments.count(of: id) else { return row.detail }
    let words = DemoStrings.fill(settings.strings.flow.commentCount, ["count": "\(count)"])
    return row.detail.isEmpty ? words : row.detail + " · " + words
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

  /// The last chapter read, and how far: Enter opens it there. Before
  /// anything was read, the first chapter of the first book.
  func continueRow() -> ListRow {
    let flow = settings.strings.flow
    var row: ListRow
    if let (place, book) = resume.lastChapter, let title = content.title(of: place.id) {
      row = ListRow(
        DemoStrings.fill(flow.continueReading, ["title": title]), id: Self.continueRowID,
        detail: DemoStrings.fill(
          flow.continueDetail, ["book": book, "percent": "\(place.percent)"]),
        destination: { self.page(place.id, openedAs: title) })
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

  /// Keeps Reading's Continue row up to date in `list`, the Reading tab's root.
  func followResume(in list: ListViewController) {
    resume.onChange = { [weak list, weak self] in
      guard let list, let self, !list.listView.rows.isEmpty else { return }
      var rows = list.listView.rows
      rows[0] = continueRow()
      list.listView.rows = rows
      list.setNeedsDisplay()
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
    return PlayerPage(
      title: title, length: .seconds(seconds), strings: settings.strings,
      start: .seconds(resume.seconds(of: id) ?? 0), summary: video.description, clips: clips
    ) { [resume] position in
      resume.recordVideo(id, at: Int(position.components.seconds), length: seconds)
    }
  }
}
