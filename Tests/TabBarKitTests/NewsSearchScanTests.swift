import TabBarKitTesting
import Testing

@testable import TabBarKit

/// The list's search over rows shaped like a news archive (titles of
/// English words or Chinese, a detail, a story's category, byline and body
/// in a shared search key) agrees with a plain scan of every row, on
/// random queries typed key by key and taken back by Backspace.
@MainActor
@Suite("search of news-shaped rows against a plain scan")
struct NewsSearchScanTests {
  static let words = [
    "harbour council market rally shares climb rain north bridge repairs museum reopens",
    "galaxy map scientists distant frog species solar car students battery Café résumé",
    "naïve ＡＢＣ 2026 cup final team wins heatwave records city bike lanes vote",
  ].joined(separator: " ").split(separator: " ").map(String.init)
  static let chinese = [
    "国家 统计局 发布 前三季度 国民经济 多地 迎来 入冬 首场 降雪 沿海 高铁 新线 今日 开通",
    "科学家 绘制 遥远 星系 主队 点球 大战 险胜 博物馆 闭馆 修缮 新能源 汽车 销量 创新高",
  ].joined(separator: " ").split(separator: " ").map(String.init)
  static let categories = ["World", "Finance", "Tech", "Science", "Sport", "Culture", "Travel"]
  static let authors = ["By Ana Ruiz", "By Priya Nair", "By Tom Park", "记者 王磊", "记者 李娜"]

  /// A story's texts: its category, byline and body.
  struct Story {
    var texts: [String]
    var key: SearchKey
    var category: String { texts[0] }
  }

  /// `count` rows opening `stories` stories: a title of 6–14 English words
  /// or, one in five, of Chinese; a detail ("Finance · 3h"); the story's
  /// key; a header every 50 rows. Also the texts of each key.
  static func archive(
    rows count: Int, stories: Int, using random: inout SplitMix64
  ) -> (rows: [ListRow], keyTexts: [SearchKey: [String]]) {
    func english(_ range: ClosedRange<Int>) -> String {
      (0..<Int.random(in: range, using: &random))
        .map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
    }
    func han(_ range: ClosedRange<Int>) -> String {
      (0..<Int.random(in: range, using: &random))
        .map { _ in chinese.randomElement(using: &random)! }.joined()
    }
    let made: [Story] = (0..<stories).map { number in
      let isChinese = number % 5 == 4
      let body = (0..<4).map { _ in isChinese ? han(4...10) : english(8...16) }
      let texts =
        [categories[number % categories.count], authors.randomElement(using: &random)!] + body
      return Story(texts: texts, key: SearchKey(texts))
    }
    var keyTexts: [SearchKey: [String]] = [:]
    for story in made { keyTexts[story.key] = story.texts }
    var rows: [ListRow] = []
    for index in 0..<count {
      if index % 50 == 0 {
        rows.append(.header("Page \(index / 50 + 1)"))
        continue
      }
      let number = Int.random(in: 0..<stories, using: &random)
      let story = made[number]
      let title = number % 5 == 4 ? han(3...8) : english(6...14)
      let detail = "\(story.category) · \(Int.random(in: 1...23, using: &random))h"
      rows.append(ListRow(title, id: index, detail: detail, searchKey: story.key))
    }
    return (rows, keyTexts)
  }

  /// A query as a reader types one: a piece of a title, a detail or a text
  /// of a story (its category, byline or body), of 1–8 characters, now and
  /// then in capitals; or, one time in eight, letters found nowhere.
  static func query(
    rows: [ListRow], keyTexts: [SearchKey: [String]], using random: inout SplitMix64
  ) -> String {
    if Int.random(in: 0..<8, using: &random) == 0 { return "zqx" }
    var row = rows.randomElement(using: &random)!
    while row.isHeader { row = rows.randomElement(using: &random)! }
    let texts = [row.title, row.detail] + keyTexts[row.searchKey!]!
    let text = Array(texts.randomElement(using: &random)!)
    let length = min(text.count, Int.random(in: 1...8, using: &random))
    let start = Int.random(in: 0...(text.count - length), using: &random)
    let piece = String(text[start..<start + length])
    return Bool.random(using: &random) ? piece.uppercased() : piece
  }

  /// Rows kept by the app and built by the list from them on demand.
  final class Source: ListDataSource {
    let rows: [ListRow]
    init(_ rows: [ListRow]) { self.rows = rows }
    var rowCount: Int { rows.count }
    func row(at index: Int) -> ListRow { rows[index] }
    func isHeader(at index: Int) -> Bool { rows[index].isHeader }
  }

  /// Types each of `queries` random queries into `list` a key at a time,
  /// then takes it back a key at a time, checking the rows shown after
  /// every key against a plain scan of `rows`. Returns how many keys
  /// showed some rows, and how many none.
  static func typeQueries(
    _ queries: Int, into list: inout ListView, rows: [ListRow],
    keyTexts: [SearchKey: [String]], using random: inout SplitMix64
  ) -> (found: Int, empty: Int) {
    var found = 0
    var empty = 0
    for number in 0..<queries {
      let query = Array(Self.query(rows: rows, keyTexts: keyTexts, using: &random))
      var filters = (1...query.count).map { String(query[..<$0]) }
      filters += filters.dropLast().reversed()  // Backspace, key by key
      for filter in filters {
        list.filter = filter
        let expected = IncrementalFilterTests.fullSearch(filter, in: rows, keyTexts: keyTexts)
        #expect(list.matches == expected, "query \(number), filter \(filter.debugDescription)")
        if expected?.isEmpty == false { found += 1 } else { empty += 1 }
      }
      // Esc: every row again, without a search.
      list.filter = ""
      #expect(list.matches == nil)
      #expect(list.itemCounts.shown == list.itemCounts.total)
    }
    return (found, empty)
  }

  /// An archive of `count` rows and `stories` stories made from `seed`, in
  /// the list `makeList` builds of its rows, and `queries` random queries
  /// typed into that list as ``typeQueries(_:into:rows:keyTexts:using:)``
  /// types them: how many keys showed some rows, and how many none.
  static func scan(
    _ queries: Int, seed: UInt64, rows count: Int, stories: Int,
    list makeList: ([ListRow]) -> ListView
  ) -> (found: Int, empty: Int) {
    var random = SplitMix64(seed: seed)
    let (rows, keyTexts) = Self.archive(rows: count, stories: stories, using: &random)
    var list = makeList(rows)
    return typeQueries(queries, into: &list, rows: rows, keyTexts: keyTexts, using: &random)
  }

  @Test("random queries narrow and widen as a plain scan of title, detail and story texts does")
  func ownRows() {
    let (found, empty) = Self.scan(50, seed: 37, rows: 600, stories: 40) { ListView(rows: $0) }
    // The queries find rows and miss rows both: the comparison means
    // something either way.
    #expect(found > 120)
    #expect(empty > 5)
  }

  @Test("a list built from a data source searches as a plain scan of its rows does")
  func dataSourceRows() {
    let (found, empty) = Self.scan(40, seed: 2037, rows: 500, stories: 30) {
      ListView(dataSource: Source($0))
    }
    #expect(found > 100)
    #expect(empty > 5)
  }

  @Test("Chinese and English queries both find rows by each kind of text")
  func eachKindOfText() {
    var random = SplitMix64(seed: 7)
    let (rows, keyTexts) = Self.archive(rows: 600, stories: 20, using: &random)
    var list = ListView(rows: rows)
    // A word of a Chinese title, a Chinese body, a byline, a category, a
    // detail's time and an English body word with its accent left off.
    for filter in ["统计局", "记者 王", "by ana", "finance", "finance · 1", "cafe", "resume"] {
      list.filter = ""
      list.filter = filter
      let expected = IncrementalFilterTests.fullSearch(filter, in: rows, keyTexts: keyTexts)
      #expect(list.matches == expected, "\(filter)")
      #expect(expected?.isEmpty == false, "\(filter) finds rows")
    }
  }

  @Test("a filter typed while the texts are folded finds what a scan of the folded rows does")
  func filterWhileIndexing() {
    var random = SplitMix64(seed: 1937)
    let (rows, keyTexts) = Self.archive(rows: 5_000, stories: 50, using: &random)
    var grew = 0
    for number in 0..<10 {
      var list = ListView(rows: rows)
      list.filtersWhileIndexing = true
      #expect(list.needsSearchPreparation)
      _ = list.prepareSearch(rows: Int.random(in: 0..<3_000, using: &random))
      let query = Array(Self.query(rows: rows, keyTexts: keyTexts, using: &random))
      var filters = (1...query.count).map { String(query[..<$0]) }
      filters += filters.dropLast().reversed()  // Backspace, key by key
      for filter in filters + [String(query[..<1])] {
        list.filter = filter
        // What the index holds is searched; the rest is not yet.
        let folded = list.searchIndex!.entries.count
        let expected = IncrementalFilterTests.fullSearch(
          filter, in: Array(rows[..<folded]), keyTexts: keyTexts)
        #expect(list.matches == expected, "query \(number), \(filter.debugDescription)")
        #expect(list.isFilterSearchedThrough == (folded == rows.count))
        // A slice of the index, and the rows it brings searched.
        let before = list.changeCount
        let shownBefore = list.itemCounts.shown
        _ = list.prepareSearch(rows: Int.random(in: 1...400, using: &random))
        list.continueFilter()
        let more = list.itemCounts.shown - shownBefore
        #expect((list.changeCount != before) == (more > 0), "a change only with rows found")
        if more > 0 { grew += 1 }
      }
      while !list.prepareSearch(rows: 700) { list.continueFilter() }
      list.continueFilter()
      let filter = String(query[..<1])
      #expect(
        list.matches == IncrementalFilterTests.fullSearch(filter, in: rows, keyTexts: keyTexts))
      #expect(list.isFilterSearchedThrough)
    }
    #expect(grew > 20, "the slices found rows: the comparison means something")
  }

  @Test("rows changed under a filter still growing leave the filter's full result")
  func changeWhileIndexing() {
    var random = SplitMix64(seed: 537)
    let archive = Self.archive(rows: 5_000, stories: 50, using: &random)
    var rows = archive.rows
    let keyTexts = archive.keyTexts
    var list = ListView(rows: rows)
    list.filtersWhileIndexing = true
    _ = list.prepareSearch(rows: 1_000)
    list.filter = "a"
    #expect(!list.isFilterSearchedThrough)
    let row = ListRow("A harbour rally", id: -1, detail: "World · 1h")
    list.insert(row, at: 4_000)
    rows.insert(row, at: 4_000)
    _ = list.remove(at: 10)
    rows.remove(at: 10)
    #expect(list.isFilterSearchedThrough)
    #expect(list.matches == IncrementalFilterTests.fullSearch("a", in: rows, keyTexts: keyTexts))
    #expect(list.selectedRowIndex == list.matches?.first { !rows[$0].isHeader })
  }
}
