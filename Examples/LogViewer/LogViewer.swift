import TabBarKit

// A log viewer on the library alone: 200,000 lines of a log (or a file's),
// new lines coming in as `tail -f` shows them, `/` to filter, severity tags
// in their colours. The lines stay in the app's own array: the list builds
// the rows on screen from them (a data source), and each batch of new lines
// costs what it brings, under a filter too.

/// The lines of the log, as the app keeps them, and the rows the list
/// builds from them on demand.
@MainActor
final class LogLines: ListDataSource {
  private(set) var lines: [String]

  init(_ lines: [String]) { self.lines = lines }

  /// Adds `new` lines at the end; returns where they went.
  func append(_ new: [String]) -> Range<Int> {
    let start = lines.count
    lines += new
    return start..<lines.count
  }

  var rowCount: Int { lines.count }

  /// A line drawn with its severity tag in its colour, known by its number.
  func row(at index: Int) -> ListRow {
    ListRow(spans: Self.spans(of: lines[index]), id: index)
  }

  /// The filter reads the line alone: no spans to split.
  func searchableRow(at index: Int) -> ListRow {
    ListRow(lines[index])
  }

  /// A line's row is its number.
  func index(ofRowID id: AnyHashable) -> Int? {
    (id.base as? Int).flatMap { lines.indices.contains($0) ? $0 : nil }
  }

  /// The severity tags, and how each is drawn.
  static let severities: [(tag: String, style: SpanStyle)] = [
    ("ERROR", .error), ("WARN", .warning), ("DEBUG", .dim), ("错误", .error), ("警告", .warning),
  ]

  /// `line` as spans: its first severity tag styled, the rest plain.
  static func spans(of line: String) -> [ListRow.Span] {
    for (tag, style) in severities {
      guard let range = line.firstRange(of: tag) else { continue }
      return [
        .init(String(line[..<range.lowerBound])), .init(tag, style: style),
        .init(String(line[range.upperBound...])),
      ]
    }
    return [.init(line)]
  }
}

/// The log on screen: the list of lines and, under it, a status line that
/// says where the selection is; it follows new lines while the last line is
/// selected, as `tail -f` does.
final class LogPage: ListViewController {
  let log: LogLines
  /// True while the last line is selected: new lines move the selection to
  /// the new last line.
  private(set) var isFollowing = true
  /// Where the new lines come from, asked every `interval`.
  private let source: (() -> [String])?
  private let interval: Duration

  /// A page over `log`, asking `source` for new lines every `interval`
  /// while it shows (none without a source).
  init(
    log: LogLines, every interval: Duration = .milliseconds(500),
    source: (() -> [String])? = nil
  ) {
    self.log = log
    self.source = source
    self.interval = interval
    super.init(title: "Log", dataSource: log)
    isSearchable = true
    listView.select(max(0, log.rowCount - 1))
  }

  override func viewDidAppear() {
    super.viewDidAppear()
    guard let source else { return }
    schedule(every: interval) { [weak self] in self?.take(source()) }
  }

  /// New lines: the list is told where they went; a kept filter searches
  /// them alone, and a following selection moves to the last line.
  func take(_ lines: [String]) {
    guard !lines.isEmpty else { return }
    let added = log.append(lines)
    listView.noteRowsInserted(in: added)
    if isFollowing { listView.select(log.rowCount - 1) }
  }

  /// Following while the last line shown is the selected one.
  override func selectionDidChange() {
    let last = listView.rowCount - 1
    isFollowing = listView.selectedRow == nil || listView.selectedIndex == last
  }

  /// `line 1,234 of 200,000 · following`, or what the filter leaves.
  var status: String {
    let counts = listView.itemCounts
    var text =
      listView.selectedRow == nil
      ? "no line"
      : "line \(Self.grouped(listView.selectedIndex + 1)) of \(Self.grouped(counts.total))"
    if !listView.filter.isEmpty { text += " · \(Self.grouped(counts.shown)) shown" }
    if isFollowing { text += " · following" }
    return text
  }

  static func grouped(_ number: Int) -> String {
    let digits = String(number)
    var out = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { out += "," }
      out.append(digit)
    }
    return out
  }

  /// The list above, the status line below.
  func parts(of rect: Rect) -> (list: Rect, status: Rect) {
    let height = rect.height > 2 ? 1 : 0
    return (
      Rect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height - height),
      Rect(x: rect.minX, y: rect.maxY - height, width: rect.width, height: height)
    )
  }

  override func viewWillLayout(in rect: Rect) {
    super.viewWillLayout(in: parts(of: rect).list)
  }

  override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let (list, line) = parts(of: rect)
    super.render(in: list, into: &buffer)
    guard line.height > 0 else { return }
    buffer.write(
      " " + status, at: Point(x: line.minX, y: line.minY), style: theme[.hint], maxX: line.maxX)
  }

  override func handleMouse(_ event: MouseEvent, in rect: Rect) -> Bool {
    super.handleMouse(event, in: parts(of: rect).list)
  }
}

/// A made-up log, the same every run: 60–140 characters a line, a quarter
/// of them in Chinese, a severity on each.
struct MadeUpLog {
  private var state: UInt64
  private(set) var count = 0

  init(seed: UInt64 = 37) { state = seed }

  static let services = ["api-gateway", "billing", "search", "auth", "mailer", "scheduler"]
  static let english = [
    "GET /v1/orders served", "upstream responded slowly, retrying with backoff",
    "cache miss, loading from the store", "connection reset by peer while reading the body",
    "disk usage above 90% on /var/lib/data", "token refreshed for the session",
  ]
  static let chinese = [
    "订单回调超时，已重试", "支付服务响应缓慢，正在降级", "用户登录失败，密码错误次数过多", "库存同步完成，共更新商品",
    "数据库连接池耗尽，等待释放", "消息推送成功，送达用户",
  ]
  static let levels = ["INFO ", "INFO ", "INFO ", "DEBUG", "WARN ", "ERROR"]
  static let chineseLevels = ["信息", "信息", "调试", "警告", "错误"]

  private mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }

  /// The next line.
  mutating func line() -> String {
    let second = count % 86_400
    let time = [second / 3600, second / 60 % 60, second % 60].map {
      $0 < 10 ? "0\($0)" : "\($0)"
    }.joined(separator: ":")
    let service = Self.services[next(Self.services.count)]
    var text: String
    if count % 4 == 3 {
      text =
        "2026-11-26 \(time) \(Self.chineseLevels[next(Self.chineseLevels.count)]) "
        + "\(service): \(Self.chinese[next(Self.chinese.count)]) 第\(next(100_000))号"
    } else {
      text =
        "2026-11-26 \(time) \(Self.levels[next(Self.levels.count)]) \(service): "
        + "\(Self.english[next(Self.english.count)]) in \(next(900)) ms"
    }
    let length = 60 + next(81)
    while text.count < length { text += " id=\(next(1 << 30))" }
    count += 1
    return String(text.prefix(length))
  }

  /// The next `count` lines.
  mutating func lines(_ count: Int) -> [String] {
    (0..<count).map { _ in line() }
  }
}
