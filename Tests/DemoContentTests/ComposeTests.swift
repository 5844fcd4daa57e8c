import Foundation
import TabBarKit
import Testing

@testable import tabbar_demo

/// The plus button's form (issue 13): posting puts the story at the top of
/// News with a badge and a toast; leaving a draft asks; the draft and the
/// posts are what `--state` keeps.
@MainActor
@Suite("the compose form")
struct ComposeTests {
  /// The demo built from `path` (nil: the built-in file), in an 80×24
  /// memory terminal, the feeds loading at once.
  static func app(
    _ path: String? = nil
  ) throws -> (Application, MemoryTerminal, DemoRootController, ContentFile) {
    let content = try DemoContent.load(path: path)
    let root = try DemoModel(content: content, loadsAtOnce: true).makeRoot(barStyle: nil)
    let terminal = MemoryTerminal(size: Size(width: 80, height: 24))
    let app = Application(
      root: root, terminal: terminal, clock: ManualClock(), animated: false)
    app.start()
    return (app, terminal, root, content)
  }

  /// Types `text` into the focused field, as the terminal delivers it.
  static func type(_ text: String, _ app: Application) {
    for character in text {
      app.send(.key(character == "\n" ? .enter : .character(character)))
    }
  }

  /// The form on screen, if any.
  static func form(_ root: TabBarController) -> ComposePage? {
    (root.presentedViewController as? NavigationController)?.rootViewController as? ComposePage
  }

  static func news(_ root: TabBarController) throws -> ListViewController {
    let nav = try #require(root.viewControllers[0] as? NavigationController)
    // News is in channels: posts go to the first, Top.
    let strip = try #require(nav.rootViewController as? ChannelStripController)
    return try #require(strip.channels.first as? ListViewController)
  }

  @Test("+ opens the form: title, body, category and Post, from the file")
  func opens() throws {
    let (app, terminal, root, _) = try Self.app()
    app.press("+")
    let form = try #require(Self.form(root))
    #expect(form.fields.map(\.label) == ["Title", "Body", "Category"])
    #expect(form.fields[1].isMultiline && form.fields[2].isChoice)
    #expect(form.buttons.map(\.title) == ["Post"])
    #expect(terminal.screen.text.contains("‹ World ›"))
  }

  @Test("posting lands on the story at the top of News, with a toast; the form goes")
  func posts() throws {
    let (app, terminal, root, _) = try Self.app()
    app.press("5")
    let news = try Self.news(root)
    let before = news.listView.rows.count
    app.press("+")
    Self.type("Harbour reopens", app)
    app.press("tab")
    Self.type("The harbour reopened today.\n\nFerries run\nfrom Monday.", app)
    app.press("tab,right,right,tab,enter")
    #expect(Self.form(root) == nil, "the form is dismissed")
    #expect(news.listView.rows.count == before + 1)
    let top = try #require(news.listView.rows.first)
    #expect(top.title == "Harbour reopens" && top.detail == "You · now")
    #expect(news.listView.selectedIndex == 0)
    #expect(root.selectedIndex == 0, "posted from Me, the reader lands on News")
    // On screen at once, so seen: the tab's new badge has gone.
    #expect(root.viewControllers[0].tabBarItem.badge == Badge.none)
    #expect(terminal.screen.text.contains("Posted to News"))
    #expect(
      terminal.screen.line(3).contains("Harbour reopens"), "the first row, under the channels")
    // Its row opens a text page: the title, the dateline, the paragraphs.
    let page = try #require(top.destination?() as? TextViewController)
    #expect(
      page.textView.blocks == [
        .heading("Harbour reopens"), .paragraph("You · now · Finance"),
        .paragraph("The harbour reopened today."), .paragraph("Ferries run from Monday."),
      ])
    #expect(root.compose.drafts.isEmpty)
  }

  @Test("the post survives a reload of News (r)")
  func survivesReload() throws {
    let (app, _, root, _) = try Self.app()
    app.press("+")
    Self.type("Kept", app)
    app.press("tab")
    Self.type("Body", app)
    app.press("tab,tab,enter")
    let news = try #require(try Self.news(root) as? FeedViewController)
    news.loadFeed()
    app.press("r")
    #expect(news.listView.rows.first?.title == "Kept")
  }

  /// A post made by the desk as the form makes it, without landing on News.
  static func post(_ title: String, _ root: DemoRootController) {
    root.compose.publish(
      ComposeState.Post(
        tab: 0, title: title, body: "Body", category: "", byline: "You", time: "now"),
      badge: .text("new"), toast: nil)
  }

  @Test("News keeps its new badge until the posted story shows on screen there")
  func badgeClears() throws {
    let (app, _, root, _) = try Self.app()
    app.press("2")
    Self.post("Badge", root)
    #expect(root.viewControllers[0].tabBarItem.badge == .text("new"))
    app.press("3")
    #expect(root.viewControllers[0].tabBarItem.badge == .text("new"))
    app.press("1")
    #expect(root.viewControllers[0].tabBarItem.badge == Badge.none)
  }

  @Test("News keeps its new badge while a search hides the story, and drops it when opened")
  func badgeClearsWhenOpened() throws {
    let (app, _, root, _) = try Self.app()
    let news = try Self.news(root)
    news.listView.filter = "rain"
    app.press("2")
    Self.post("Unseen story", root)
    app.press("1")
    #expect(root.viewControllers[0].tabBarItem.badge == .text("new"), "filtered out: not seen")
    let row = try #require(news.listView.rows.first { $0.title == "Unseen story" })
    _ = row.destination?()
    #expect(root.viewControllers[0].tabBarItem.badge == Badge.none)
  }

  @Test("a post's time ages on the app's clock: now, then 2m, then 1h")
  func postTimesAge() throws {
    let content = try DemoContent.load(path: nil)
    let root = try DemoModel(content: content, loadsAtOnce: true).makeRoot(barStyle: nil)
    let clock = ManualClock()
    let terminal = MemoryTerminal(size: Size(width: 80, height: 24))
    let app = Application(root: root, terminal: terminal, clock: clock, animated: false)
    app.start()
    Self.post("Ageing", root)
    app.press("1")
    let news = try Self.news(root)
    #expect(news.listView.rows.first?.detail == "You · now")
    clock.advance(by: .seconds(59))
    app.press("down,up")
    #expect(news.listView.rows.first?.detail == "You · now")
    clock.advance(by: .seconds(61))
    app.press("down,up")
    #expect(news.listView.rows.first?.detail == "You · 2m")
    #expect(terminal.screen.text.contains("You · 2m"))
    clock.advance(by: .seconds(3600))
    app.press("down,up")
    #expect(news.listView.rows.first?.detail == "You · 1h")
    // The story's page says so too, in its dateline.
    let page = try #require(news.listView.rows.first?.destination?() as? TextViewController)
    #expect(page.textView.blocks.dropFirst().first == .paragraph("You · 1h"))
  }

  @Test("Tab past an empty required field says nothing; Post then marks it")
  func requiredOnSubmit() throws {
    let (app, terminal, root, _) = try Self.app()
    app.press("+")
    app.press("tab,tab")
    let form = try #require(Self.form(root))
    #expect(form.fields[0].error == nil && form.fields[1].error == nil)
    #expect(!terminal.screen.text.contains("Required"))
    app.press("tab,enter")
    #expect(form.fields[0].error == "Required" && form.fields[1].error == "Required")
    Self.type("Filled", app)
    #expect(form.fields[0].error == nil, "typing clears the mark")
  }

  @Test("Post with an empty title or body shows the file's message under it; nothing is posted")
  func validates() throws {
    let (app, terminal, root, _) = try Self.app()
    let before = try Self.news(root).listView.rows.count
    app.press("+")
    app.press("tab,tab,tab,enter")
    let form = try #require(Self.form(root), "the form stays")
    #expect(form.fields[0].error == "Required" && form.fields[1].error == "Required")
    #expect(terminal.screen.text.contains("✗ Required"))
    #expect(form.focusedField === form.fields[0], "the focus goes to the first error")
    Self.type("   ", app)
    app.press("tab,tab,tab,enter")
    #expect(form.fields[0].error == "Required", "spaces are not a title")
    #expect(try Self.news(root).listView.rows.count == before)
  }

  @Test("Esc on a form with text asks; Save draft keeps it for the next +")
  func savesDraft() throws {
    let (app, terminal, root, _) = try Self.app()
    app.press("+")
    Self.type("Half a story", app)
    app.press("esc")
    let dialog = try #require(root.presentedViewController as? AlertController)
    #expect(dialog.title == "Unsent draft")
    #expect(dialog.actions.map(\.title) == ["Save draft", "Delete draft", "Cancel"])
    #expect(terminal.screen.text.contains("[ Save draft ]"))
    app.press("enter")
    #expect(root.presentedViewController == nil, "saved and closed")
    #expect(root.compose.drafts["compose"]?.first == "Half a story")
    app.press("+")
    #expect(Self.form(root)?.fields[0].text == "Half a story")
  }

  @Test("Delete draft empties the next form; Cancel goes back to the form")
  func deletesDraft() throws {
    let (app, _, root, _) = try Self.app()
    app.press("+")
    Self.type("Gone soon", app)
    app.press("esc")
    let dialog = try #require(root.presentedViewController as? AlertController)
    dialog.choose(2)
    #expect(Self.form(root)?.fields[0].text == "Gone soon", "Cancel: still writing")
    app.press("esc")
    try #require(root.presentedViewController as? AlertController).choose(1)
    #expect(root.presentedViewController == nil)
    #expect(root.compose.drafts.isEmpty)
    app.press("+")
    #expect(Self.form(root)?.fields[0].text == "")
  }

  @Test("Esc on an empty form closes it at once, no dialog")
  func emptyCloses() throws {
    let (app, _, root, _) = try Self.app()
    app.press("+")
    app.press("tab,right")
    app.press("esc")
    #expect(root.presentedViewController == nil)
  }

  @Test("the Chinese example's form and dialog are Chinese throughout")
  func chinese() throws {
    let path = ContentWalkTests.packageRoot.appendingPathComponent("Examples/netease.json").path
    let (app, terminal, root, _) = try Self.app(path)
    app.press("+")
    let form = try #require(Self.form(root))
    #expect(form.fields.map(\.label) == ["标题", "正文", "分类"])
    app.press("tab,tab,tab,enter")
    #expect(terminal.screen.text.contains("✗ 必填"))
    Self.type("新闻", app)
    app.press("esc")
    let dialog = try #require(root.presentedViewController as? AlertController)
    #expect(dialog.actions.map(\.title) == ["保存草稿", "删除草稿", "取消"])
    dialog.choose(1)
    app.press("+")
    Self.type("港口重新开放", app)
    app.press("tab")
    Self.type("今天港口重新开放。", app)
    app.press("tab,tab,enter")
    let top = try #require(try Self.news(root).listView.rows.first)
    #expect(top.title == "港口重新开放" && top.detail == "我 · 刚刚")
    // Landed on it in News: seen, so no badge.
    #expect(root.viewControllers[0].tabBarItem.badge == Badge.none)
    #expect(terminal.screen.text.contains("已发布到新闻"))
  }

  @Test("--state keeps the draft of the open form and the posts; a new start restores both")
  func stateRoundTrip() throws {
    let (app, _, root, _) = try Self.app()
    app.press("+")
    Self.type("First", app)
    app.press("tab")
    Self.type("Body one", app)
    app.press("tab,tab,enter,+")
    Self.type("Unfinished", app)
    var saved = SavedState(restoration: RestorationCoder(encoding: root))
    saved.compose = root.compose.state
    #expect(saved.compose?.open == "compose")
    #expect(saved.compose?.drafts["compose"]?.first == "Unfinished")
    #expect(saved.compose?.posts.map(\.title) == ["First"])
    // Through the file's bytes, as a quit and a start do.
    let bytes = try StateFile.encode(saved).bytes
    let loaded = try JSONDecoder().decode(SavedState.self, from: Data(bytes))
    #expect(loaded == saved)

    let (_, terminal, newRoot, content) = try Self.app()
    newRoot.compose.restore(try #require(loaded.compose), content: content)
    loaded.restoration.restore(newRoot)
    newRoot.reopenForm(loaded.compose?.open)
    #expect(try Self.news(newRoot).listView.rows.first?.title == "First")
    #expect(Self.form(newRoot)?.fields[0].text == "Unfinished")
    _ = terminal
  }

  @Test("a state without compose, or with one that does not read, still loads")
  func oldState() throws {
    let old = #"{"selectedIndex": 1, "stacks": [[{"selectedRow": 2, "scrollOffset": 0}]]}"#
    let state = try JSONDecoder().decode(SavedState.self, from: Data(old.utf8))
    #expect(state.compose == nil && state.isFromOlderVersion)
    let bad = #"{"selectedIndex": 1, "stacks": [], "compose": {"posts": 7}}"#
    #expect(try JSONDecoder().decode(SavedState.self, from: Data(bad.utf8)).compose == nil)
  }

  @Test("the size cap ends even when the compose part alone is too large")
  func sizeCapEnds() throws {
    // 2,000 characters of 400 combining marks each: far over a megabyte.
    let huge = String(repeating: "e" + String(repeating: "\u{301}", count: 400), count: 2_000)
    var saved = SavedState(restoration: RestorationCoder())
    saved.compose = ComposeState(drafts: ["compose": [huge]])
    let (bytes, leftOut) = try StateFile.encode(saved)
    #expect(bytes.count <= StateFile.maximumSize)
    #expect(leftOut == ["the draft “\(huge.prefix(23))…”"], "the warning names the draft")
  }

  @Test("a restored post is cut to the lengths the form allows")
  func restoreCuts() throws {
    let (_, _, root, content) = try Self.app()
    let long = String(repeating: "x", count: 10_000)
    let post = ComposeState.Post(
      tab: 0, title: long, body: long, category: "", byline: "You", time: "now")
    let state = ComposeState(
      drafts: ["compose": [long, long, "Sport"], "missing": ["x"]],
      posts: Array(repeating: post, count: 30) + [
        ComposeState.Post(tab: 9, title: "t", body: "b", category: "", byline: "", time: "")
      ])
    root.compose.restore(state, content: content)
    let desk = root.compose
    #expect(desk.posts.count == ComposeDesk.maximumPosts)
    #expect(desk.posts.allSatisfy { $0.title.count == 200 && $0.body.count == 4000 })
    #expect(desk.drafts.keys.sorted() == ["compose"])
    #expect(desk.drafts["compose"]?.map(\.count) == [80, 2000, 5])
    #expect(try Self.news(root).listView.rows.first?.title.count == 200)
  }
}

extension Application {
  /// Sends keys by name, as `--keys` does.
  fileprivate func press(_ names: String) {
    for key in try! Key.parseList(names) { send(.key(key)) }
  }
}
