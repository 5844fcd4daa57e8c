import SnapshotTesting
import Testing

@testable import TabBarKit

@MainActor
@Suite("text page")
struct TextPageTests {
  // MARK: Articles

  static let englishArticle: [TextBlock] = [
    .heading("City approves 40 km of protected cycle lanes"),
    .paragraph(
      "The city council voted 31 to 8 on Tuesday night to build forty kilometres of protected "
        + "cycle lanes over the next three years, the largest expansion of the network since it "
        + "was first drawn up in 2009."),
    .paragraph(
      "The plan links the university district to the harbour and the main railway station, and "
        + "replaces parking on six busy streets with kerb-separated lanes. Officials said work on "
        + "the first section, along Bridge Street, would begin in the spring."),
    .paragraph(
      "\"We have spent a decade talking about this,\" said Maria Okafor, the councillor who led "
        + "the proposal. \"Now people will see concrete in the ground.\" Shop owners on Bridge "
        + "Street were divided: some welcomed the extra foot traffic, while others worried that "
        + "deliveries would become harder."),
    .heading("Cost and timetable"),
    .paragraph(
      "The project is expected to cost £62 million, two thirds of it paid for by a national "
        + "transport grant. A public consultation on the final designs opens next month at "
        + "https://consult.example.org/cycle-lanes-2025 and runs for six weeks."),
    .paragraph(
      "Cycling groups praised the decision but urged the council to keep to its timetable, "
        + "noting that an earlier, smaller scheme was delayed by almost two years. The first "
        + "lanes are due to open before the end of next summer."),
  ]

  static let chineseArticle: [TextBlock] = [
    .heading("长江中下游水位全线上涨 多地启动防汛应急响应"),
    .paragraph(
      "新华社武汉7月12日电（记者李明）记者从长江水利委员会获悉，受持续强降雨影响，长江中下游干流"
        + "水位全线上涨，汉口站今日8时水位达到26.8米，超过警戒水位0.8米。水利部已于11日启动洪水"
        + "防御Ⅳ级应急响应。"),
    .paragraph(
      "长江委水文局首席预报员张华表示：「今年入汛以来，流域降水较常年同期偏多三成，部分支流出现"
        + "了超过历史纪录的洪水。」他提醒，未来一周仍有两轮强降雨过程，沿江各地要做好应对准备。"),
    .paragraph(
      "在湖北省嘉鱼县，数百名干部群众连夜加固堤防。当地一位村民告诉记者：「水涨得快，大家轮流"
        + "值守，谁也不敢大意。」截至目前，全县已转移安置群众1.2万人，未发生人员伤亡。"),
    .heading("专家：防汛形势依然严峻"),
    .paragraph(
      "专家分析认为，今年汛期降水偏多，与厄尔尼诺现象（El Niño）减弱后大气环流的调整有关。"
        + "气象部门预计，7月中下旬长江流域降水仍将偏多，防汛形势依然严峻。"),
    .paragraph(
      "安徽、江西两省也相继启动防汛Ⅲ级应急响应。鄱阳湖星子站水位持续上涨，湖区各圩堤已全面进入"
        + "防守状态；江西省应急管理厅调集冲锋舟、救生衣等物资，支援重点地区。"),
    .paragraph(
      "国家防总办公室要求，各地要严格落实以行政首长负责制为核心的防汛责任制，加强巡查防守，"
        + "对中小河流、山洪灾害易发区和城市低洼地带开展拉网式排查，发现险情及时处置，确保"
        + "人民群众生命财产安全。"),
    .paragraph(
      "据了解，三峡水库目前出库流量已按调度要求增加至每秒3.1万立方米，为迎接下一轮洪水"
        + "腾出库容。长江委将滚动会商，视雨情、水情变化及时调整防御措施。"),
  ]

  // MARK: Wrapping

  /// The columns of `line`.
  func columns(_ line: String) -> Int { TextWidth.width(of: line) }

  @Test("English breaks at spaces")
  func english() {
    #expect(
      TextWrap.lines("The quick brown fox jumps over the lazy dog", width: 10)
        == ["The quick", "brown fox", "jumps over", "the lazy", "dog"])
    // Runs of spaces at a break are dropped, inside a line kept.
    #expect(TextWrap.lines("one  two   three", width: 8) == ["one  two", "three"])
    // A hyphenated word may break after its hyphen.
    #expect(TextWrap.lines("a well-known fact", width: 8) == ["a well-", "known", "fact"])
    #expect(TextWrap.lines("", width: 10) == [""])
    #expect(TextWrap.lines("line one\nline two", width: 20) == ["line one", "line two"])
    #expect(TextWrap.lines("anything", width: 0) == [])
  }

  @Test("CJK breaks between ideographs and never splits a wide character at odd widths")
  func cjk() {
    #expect(TextWrap.lines("中华人民共和国", width: 5) == ["中华", "人民", "共和", "国"])
    #expect(TextWrap.lines("中华人民共和国", width: 6) == ["中华人", "民共和", "国"])
    let text = "长江中下游干流水位全线上涨汉口站水位超过警戒水位"
    for width in stride(from: 3, through: 39, by: 2) {
      let lines = TextWrap.lines(text, width: width)
      #expect(lines.joined() == text, "at \(width)")
      for line in lines {
        // Odd widths: a full line leaves the last column empty instead of
        // half an ideograph.
        #expect(columns(line) <= width - 1, "\(line) at \(width)")
        #expect(columns(line) % 2 == 0)
      }
      #expect(lines.dropLast().allSatisfy { columns($0) == width - 1 }, "lines are filled")
    }
  }

  @Test("a no-break space holds a number to its word, English or Chinese, and a space does not")
  func noBreakSpace() {
    #expect(
      TextWrap.lines("Weather · 2h · 3\u{A0}跟贴", width: 17) == ["Weather · 2h ·", "3\u{A0}跟贴"])
    #expect(TextWrap.lines("Weather · 2h · 3 跟贴", width: 17) == ["Weather · 2h · 3", "跟贴"])
    #expect(TextWrap.lines("中文中文\u{A0}中文", width: 10) == ["中文中", "文\u{A0}中文"])
    #expect(TextWrap.lines("Liked ♥\u{A0}12", width: 8) == ["Liked", "♥\u{A0}12"])
  }

  @Test("，。」 never start a line and 「 never ends one: the character before moves down")
  func kinsoku() {
    // A full line followed by a comma: the last ideograph goes down with it.
    #expect(TextWrap.lines("中文中文中，中文", width: 10) == ["中文中文", "中，中文"])
    // The example of the documentation.
    #expect(
      TextWrap.lines("新华社北京电，记者从国家统计局获悉。", width: 10)
        == ["新华社北京", "电，记者从", "国家统计局", "获悉。"])
    #expect(TextWrap.lines("他说：「好。」我们走吧。", width: 8) == ["他说：", "「好。」", "我们走", "吧。"])
    #expect(TextWrap.lines("一二三四「五六」", width: 10) == ["一二三四", "「五六」"])
    let closing: Set<Character> = Set("，。、！？；：」』）》")
    let opening: Set<Character> = Set("「『（《")
    // From 6 columns: the longest run the rules keep together is `水。」`.
    for block in Self.chineseArticle {
      for width in 6...40 {
        let lines = TextWrap.lines(block.text, width: width)
        for (index, line) in lines.enumerated() {
          if index > 0, let first = line.first {
            #expect(!closing.contains(first), "line \(index) at \(width) starts with \(first)")
          }
          if index < lines.count - 1, let last = line.last {
            #expect(!opening.contains(last), "line \(index) at \(width) ends with \(last)")
          }
        }
        #expect(
          lines.joined().filter { $0 != " " } == block.text.filter { $0 != " " },
          "nothing lost at \(width)")
      }
    }
  }

  @Test("a word longer than the line is broken at the column limit")
  func longWord() {
    #expect(
      TextWrap.lines("a supercalifragilistic word", width: 8)
        == ["a", "supercal", "ifragili", "stic", "word"])
    // A URL breaks at the limit, and after a hyphen.
    #expect(
      TextWrap.lines("at https://consult.example.org/cycle-lanes-2025 and", width: 20)
        == ["at", "https://consult.exam", "ple.org/cycle-lanes-", "2025 and"])
    // A wide character goes whole to the next line; at width 1, where it
    // cannot fit, it has a line of its own.
    #expect(TextWrap.lines("abc中", width: 4) == ["abc", "中"])
    #expect(TextWrap.lines("a中b", width: 1) == ["a", "中", "b"])
  }

  @Test("mixed Chinese and English breaks at ideographs and spaces, not inside words")
  func mixed() {
    #expect(
      TextWrap.lines("我昨天用iPhone拍了照片", width: 10) == ["我昨天用", "iPhone拍了", "照片"])
    #expect(
      TextWrap.lines("中文，English words here。", width: 12)
        == ["中文，", "English", "words here。"])
    // A Latin word is never split while it fits on a line.
    let text = "专家认为与厄尔尼诺现象（El Niño）减弱后大气环流的调整有关，Apple和Google也发表了声明。"
    for width in 8...40 {
      let lines = TextWrap.lines(text, width: width)
      for word in ["Niño）", "Apple", "Google"] {
        #expect(lines.contains { $0.contains(word) }, "\(word) whole at \(width)")
      }
      #expect(lines.allSatisfy { !$0.hasSuffix("（") }, "（ stays with El at \(width)")
    }
  }

  @Test("every line fits the width, at every width from 1 to 40")
  func everyLineFits() {
    let paragraphs =
      (Self.englishArticle + Self.chineseArticle).map(\.text) + [
        "我昨天用iPhone拍了照片，发到了Twitter上。「真好看！」朋友们说。",
        "x  y z — well-known   “quoted” (parenthesis) 100% sure…",
      ]
    for text in paragraphs {
      let expected = text.filter { $0 != " " && $0 != "\t" }
      for width in 1...40 {
        let lines = TextWrap.lines(text, width: width)
        for line in lines {
          // At width 1 a wide character cannot fit: it has a line of its own.
          let loneWide = width == 1 && line.count == 1 && columns(line) == 2
          #expect(columns(line) <= width || loneWide, "\"\(line)\" at \(width)")
          #expect(line.first != " " && line.last != " ")
        }
        #expect(lines.joined().filter { $0 != " " && $0 != "\t" } == expected, "at \(width)")
      }
    }
  }

  // MARK: Scrolling

  /// A text page pushed on the first tab's stack.
  func pushedPage(
    _ blocks: [TextBlock], title: String = "Article", size: Size
  ) -> (TextViewController, Application, MemoryTerminal) {
    let tabs = Fixtures.tabs()
    let page = TextViewController(title: title, blocks: blocks)
    let (app, terminal) = Fixtures.app(tabs, size: size)
    (tabs.viewControllers[0] as! NavigationController).pushViewController(page, animated: false)
    app.send(.resize(size))
    return (page, app, terminal)
  }

  /// The rows of the scroll bar's thumb in the last column.
  func thumbRows(_ screen: ScreenBuffer) -> [Int] {
    (0..<screen.size.height).filter { screen[screen.size.width - 1, $0].scalar == "┃" }
  }

  @Test("keys scroll a line, a page, to the ends; the scroll bar follows")
  func keysScroll() {
    let size = Size(width: 40, height: 12)
    let (page, app, terminal) = pushedPage(Self.englishArticle, size: size)
    let text = page.textView
    let visible = size.height - NavigationBar.height
    #expect(text.visibleLineCount == visible)
    #expect(text.lines.count > visible * 2)
    #expect(terminal.screen.line(2).hasPrefix(" City approves 40 km"))
    #expect(terminal.screen.line(1).contains("↑↓ move"))
    let topThumb = thumbRows(terminal.screen)
    #expect(topThumb.first == NavigationBar.height)

    app.press("down")
    #expect(page.textView.scrollOffset == 1)
    #expect(terminal.screen.line(2).hasPrefix(" " + page.textView.text(ofLine: 1)))
    app.press("up,up")
    #expect(page.textView.scrollOffset == 0)
    app.press("pgdn")
    #expect(page.textView.scrollOffset == visible - 1, "a page keeps one line in view")
    app.press("space")
    #expect(page.textView.scrollOffset == 2 * (visible - 1), "space pages too")
    app.press("pgup")
    #expect(page.textView.scrollOffset == visible - 1)
    let middleThumb = thumbRows(terminal.screen)
    #expect(middleThumb != topThumb)

    app.press("end")
    let last = page.textView.lines.count - 1
    #expect(page.textView.scrollOffset == last - visible + 1)
    #expect(terminal.screen.line(size.height - 1).hasPrefix(" " + page.textView.text(ofLine: last)))
    #expect(thumbRows(terminal.screen).last == size.height - 1)
    #expect(page.textView.scrollFraction == 1)
    app.press("down,pgdn,space")
    #expect(page.textView.scrollOffset == last - visible + 1, "nothing past the end")

    app.press("home")
    #expect(page.textView.scrollOffset == 0)
    app.press("G")
    #expect(page.textView.scrollOffset == last - visible + 1)
    app.press("g")
    #expect(page.textView.scrollOffset == 0)
    #expect(thumbRows(terminal.screen) == topThumb)
    #expect(terminal.screen == app.renderFrame(size: size))
  }

  @Test("the wheel scrolls three lines; a short text does not scroll")
  func wheel() {
    let (page, app, _) = pushedPage(Self.chineseArticle, size: Size(width: 40, height: 12))
    app.send(.mouse(MouseEvent(.wheelDown, at: Point(x: 10, y: 5))))
    #expect(page.textView.scrollOffset == 3)
    app.send(.mouse(MouseEvent(.wheelUp, at: Point(x: 10, y: 5))))
    app.send(.mouse(MouseEvent(.wheelUp, at: Point(x: 10, y: 5))))
    #expect(page.textView.scrollOffset == 0)

    let (short, shortApp, terminal) = pushedPage(
      [.paragraph("Short.")], size: Size(width: 40, height: 12))
    #expect(!short.handle(.moveDown))
    shortApp.press("end")
    #expect(short.textView.scrollOffset == 0)
    #expect(thumbRows(terminal.screen).isEmpty, "no scroll bar when everything fits")
  }

  @Test("a resize re-wraps and keeps the text at the top; back at the width, the same lines")
  func resizeKeepsPosition() {
    let size = Size(width: 40, height: 12)
    let (page, app, terminal) = pushedPage(Self.chineseArticle, size: size)
    #expect(page.textView.wrapCount == 1)
    // Scroll until a line inside the third paragraph is on top.
    for _ in 0..<100
    where page.textView.lines[page.textView.scrollOffset].position
      < TextPosition(block: 3, offset: 1)
    {
      app.press("down")
    }
    let position = page.textView.position
    #expect(position.block == 3 && position.offset > 0)
    let screen = terminal.screen

    for width in [57, 33, 80, 40] {
      terminal.resize(to: Size(width: width, height: size.height))
      app.send(terminal.readEvent(timeout: nil)!)
      let view = page.textView
      let top = view.lines[view.scrollOffset]
      #expect(view.position == position, "a resize is not a move")
      #expect(top.block == 3 && top.range.contains(position.offset), "at \(width)")
      #expect(terminal.screen.line(2).hasPrefix(" " + view.text(ofLine: view.scrollOffset)))
    }
    #expect(terminal.screen == screen)
    #expect(page.textView.wrapCount == 5, "one wrap per new width")
    // Frames at the same width only read the lines.
    app.press("up,down,down")
    #expect(page.textView.wrapCount == 5)

    // At the end, a larger screen shows the end; back at the old size, the
    // old lines.
    app.press("end")
    let end = terminal.screen
    terminal.resize(to: Size(width: 80, height: 24))
    app.send(terminal.readEvent(timeout: nil)!)
    let view = page.textView
    #expect(terminal.screen.line(23).hasPrefix(" " + view.text(ofLine: view.lines.count - 1)))
    terminal.resize(to: size)
    app.send(terminal.readEvent(timeout: nil)!)
    #expect(terminal.screen == end)
  }

  @Test("under a translucent bar the last line scrolls above the bar")
  func translucentBar() {
    let size = Size(width: 40, height: 16)
    let tabs = Fixtures.tabs()
    tabs.isTranslucent = true
    let page = TextViewController(title: "Article", blocks: Self.englishArticle)
    page.hidesBottomBarWhenPushed = false
    let (app, terminal) = Fixtures.app(tabs, size: size)
    (tabs.viewControllers[0] as! NavigationController).pushViewController(page, animated: false)
    app.send(.resize(size))
    app.press("end")
    let barTop = size.height - tabs.barStyle.height
    #expect(page.textView.visibleLineCount == barTop - NavigationBar.height)
    let lastText = " " + page.textView.text(ofLine: page.textView.lines.count - 1)
    let lastRow = (0..<size.height).first { terminal.screen.line($0).hasPrefix(lastText) }
    #expect(lastRow == barTop - 1, "the last line is just above the bar")
    #expect(thumbRows(terminal.screen).allSatisfy { $0 < barTop })
  }

  @Test("a point on a drawn line gives the place of that line; off the lines, none")
  func positionAtPoint() {
    var view = TextView(blocks: Self.englishArticle)
    let rect = Rect(x: 0, y: 2, width: 40, height: 10)
    #expect(view.position(at: Point(x: 5, y: 2), in: rect) == nil, "before the first layout")
    view.layout(width: rect.width, height: rect.height)
    // The heading's two lines, the blank line after it, then the paragraph.
    #expect(view.position(at: Point(x: 5, y: 2), in: rect) == .start)
    #expect(view.position(at: Point(x: 5, y: 4), in: rect)?.block == 0, "the blank line")
    let paragraph = view.position(at: Point(x: 30, y: 6), in: rect)
    #expect(paragraph?.block == 1 && paragraph?.offset ?? 0 > 0, "\(String(describing: paragraph))")
    #expect(view.position(at: Point(x: 5, y: 1), in: rect) == nil, "above the text")
    #expect(view.position(at: Point(x: 40, y: 5), in: rect) == nil, "right of it")
    // Scrolled, the top row holds the line scrolled to.
    view.scroll(by: 3)
    #expect(view.position(at: Point(x: 5, y: 2), in: rect) == view.position)
    var short = TextView(blocks: [.paragraph("One line.")])
    short.layout(width: rect.width, height: rect.height)
    #expect(short.position(at: Point(x: 5, y: 3), in: rect) == nil, "below the last line")
  }

  @Test("a long document wraps once per width and scrolls without wrapping again")
  func longDocument() {
    var blocks: [TextBlock] = []
    for _ in 0..<60 { blocks += Self.englishArticle + Self.chineseArticle }
    var view = TextView(blocks: blocks)
    view.layout(width: 40, height: 20)
    #expect(view.lines.count > 3000)
    var buffer = ScreenBuffer(size: Size(width: 40, height: 20))
    for _ in 0..<200 {
      _ = view.handle(.pageDown)
      view.layout(width: 40, height: 20)
      view.render(in: buffer.bounds, theme: .color, into: &buffer)
    }
    #expect(view.wrapCount == 1)
    _ = view.handle(.moveToBottom)
    view.layout(width: 80, height: 20)
    #expect(view.wrapCount == 2)
    #expect(view.scrollOffset == view.lines.count - 20)
  }

  // MARK: Snapshots

  func frame(_ blocks: [TextBlock], title: String, size: Size, keys: String = "") -> ScreenBuffer {
    let (_, app, terminal) = pushedPage(blocks, title: title, size: size)
    app.press(keys)
    #expect(terminal.screen == app.renderFrame(size: size))
    return terminal.screen
  }

  @Test("an English article at 80×24 and 40×12")
  func englishSnapshots() {
    let article = Self.englishArticle
    assertSnapshot(
      of: frame(article, title: "Local news", size: Size(width: 80, height: 24)), as: .frame,
      named: "80x24")
    assertSnapshot(
      of: frame(article, title: "Local news", size: Size(width: 40, height: 12)), as: .frame,
      named: "40x12")
    assertSnapshot(
      of: frame(article, title: "Local news", size: Size(width: 40, height: 12), keys: "end"),
      as: .frame, named: "40x12.end")
  }

  @Test("a Chinese article at 80×24 and 40×12")
  func chineseSnapshots() {
    let article = Self.chineseArticle
    assertSnapshot(
      of: frame(article, title: "要闻", size: Size(width: 80, height: 24)), as: .frame,
      named: "80x24")
    assertSnapshot(
      of: frame(article, title: "要闻", size: Size(width: 40, height: 12)), as: .frame,
      named: "40x12")
    assertSnapshot(
      of: frame(article, title: "要闻", size: Size(width: 40, height: 12), keys: "pgdn"),
      as: .frame, named: "40x12.pgdn")
  }

  @Test("how far down a text is: 0 before layout and at the top, 1 at the end or when it fits")
  func scrollFraction() {
    let paragraphs = (1...40).map { TextBlock.paragraph("Paragraph \($0).") }
    var view = TextView(blocks: paragraphs)
    #expect(view.scrollFraction == 0, "no lines before the first layout")
    view.layout(width: 40, height: 10)
    #expect(view.scrollFraction == 0)
    // 79 lines (40 paragraphs, a blank line between two), 10 on screen:
    // the top line goes from 0 to 69.
    view.scroll(to: TextPosition(block: 35, offset: 0))
    #expect(view.scrollFraction == 1, "the last line is on screen")
    _ = view.scroll(by: -35)
    #expect(view.scrollFraction == 34.0 / 69.0)
    var short = TextView(blocks: [.heading("Short"), .paragraph("It fits.")])
    short.layout(width: 40, height: 10)
    #expect(short.scrollFraction == 1, "a text that fits is all shown")
    var empty = TextView(blocks: [])
    empty.layout(width: 40, height: 10)
    #expect(empty.scrollFraction == 0)
  }
}
