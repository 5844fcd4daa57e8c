import TabBarKit

/// The demo's sample content: five tabs like NetEase News, each a list of at
/// least 20 rows whose pages hold lists again, three levels and more deep.
enum DemoContent {
  struct Tab {
    var item: TabBarItem
    var rows: [(title: String, detail: String)]
  }

  static let tabs: [Tab] = [
    Tab(
      item: TabBarItem(title: "News", glyph: "□", selectedGlyph: "■"),
      rows: zip(headlines, cycle(["Finance", "World", "Tech", "Sport", "Culture"])).enumerated()
        .map { i, pair in (pair.0, "\(pair.1) · \(i + 1)h") }),
    Tab(
      item: TabBarItem(title: "Reading", glyph: "☆", selectedGlyph: "★"),
      rows: books.enumerated().map { i, book in (book, "\(12 + i * 3) chapters") }),
    Tab(
      item: TabBarItem(title: "Video", glyph: "▷", selectedGlyph: "▶", badge: .text("new")),
      rows: videos.enumerated().map { i, video in (video, "\(2 + i % 9):\(10 + i * 7 % 50)") }),
    Tab(
      item: TabBarItem(
        title: "Topics", glyph: "○", selectedGlyph: "●", badge: .dot, clearsBadgeOnSelect: true),
      rows: topics.enumerated().map { i, topic in ("#" + topic, "\(1 + i * 37 % 90)k following") }),
    Tab(
      item: TabBarItem(title: "Me", glyph: "♡", selectedGlyph: "♥", badge: .count(8)),
      rows: settings.map { ($0, "") }),
  ]

  /// A page of `title` whose rows open deeper pages, down to `depth` 4.
  static func page(title: String, rows: [(title: String, detail: String)], depth: Int)
    -> ListViewController
  {
    let listRows = rows.map { row in
      ListRow(row.title, detail: row.detail) {
        page(title: row.title, rows: children(of: row.title, depth: depth + 1), depth: depth + 1)
      }
    }
    return ListViewController(title: title, rows: listRows)
  }

  /// The rows of a page below `title`: a story's sections, comments, replies.
  static func children(of title: String, depth: Int) -> [(title: String, detail: String)] {
    switch depth {
    case 1:
      return ["Summary", "Full story", "Photos", "Comments", "Related stories", "Share"].map {
        ($0, "")
      } + (1...14).map { ("Paragraph \($0)", "") }
    case 2:
      return (1...20).map { ("Comment \($0) on “\(title)”", "\($0 * 3) likes") }
    default:
      return (1...20).map { ("Reply \($0)", "level \(depth)") }
    }
  }

  private static func cycle(_ values: [String]) -> [String] {
    (0..<24).map { values[$0 % values.count] }
  }

  static let headlines = [
    "Markets rally as tech shares climb", "Rain expected across the north",
    "New rail line opens to the coast", "City council votes on bike lanes",
    "Scientists map a distant galaxy", "Local team wins the cup final",
    "Museum reopens after renovation", "Fuel prices fall for a third week",
    "Students build a solar car", "Harbour bridge closed for repairs",
    "Chess prodigy, 12, beats champion", "Airport adds night flights",
    "Farmers report a record harvest", "Library lends out telescopes",
    "Heatwave warning for the weekend", "Startup raises funds for batteries",
    "Old cinema becomes a food market", "Marathon draws 30,000 runners",
    "New species of frog discovered", "Ferry timetable changes in May",
    "Robot chefs trialled in canteens", "Night market returns downtown",
    "Orchestra announces free concerts", "Census shows the city growing",
  ]
  static let books = [
    "The Long Way Home", "Letters from the Coast", "A Field Guide to Clouds",
    "The Clockmaker's Daughter", "Rivers of the North", "Notes on Tea",
    "The Quiet Engine", "Small Gods of the Kitchen", "Maps of Lost Cities",
    "The Lighthouse Keeper", "Winter Orchards", "A Short History of Paper",
    "The Glass Garden", "Songs of the Desert", "The Last Tram",
    "Salt and Silver", "The Paper Crane", "Under the Plum Tree",
    "Midnight Library Cards", "The Stone Bridge", "Harvest Moon",
    "The Weaver's Loom",
  ]
  static let videos = [
    "Street food at dawn", "How bridges stand up", "Ten minutes of rain",
    "The making of a violin", "Tiny homes, big ideas", "Night trains of Europe",
    "A day with a beekeeper", "Origami in slow motion", "Mountain weather explained",
    "Learning to juggle", "Ocean currents in 3D", "Restoring an old radio",
    "Inside a tea factory", "Drawing faces in 5 steps", "Why cats purr",
    "The fastest elevators", "Paper boats race", "Baking sourdough",
    "City lights timelapse", "Fixing a bicycle chain", "Birdsong at sunrise",
  ]
  static let topics = [
    "space", "gardening", "photography", "cycling", "cooking", "history",
    "architecture", "music", "football", "travel", "design", "science",
    "books", "films", "climate", "health", "games", "art", "coffee", "trains",
    "languages",
  ]
  static let settings = [
    "Profile", "Messages", "Favourites", "History", "Downloads", "Subscriptions",
    "Night mode", "Text size", "Notifications", "Offline reading", "Data saver",
    "Privacy", "Blocked topics", "Language", "Region", "Clear cache", "Feedback",
    "Help centre", "About", "Terms of service", "Sign out",
  ]

  /// Topics is an accordion (A1): one section per field, one open at a time.
  static func topicsPage(title: String, rows: [(title: String, detail: String)])
    -> AccordionController
  {
    let fields = ["Science", "Sport", "Culture", "Travel", "Everyday life"]
    let sections = fields.enumerated().map { i, field in
      let topics = rows.enumerated().filter { $0.offset % fields.count == i }.map { $0.element }
      let content = ListViewController(
        title: field, rows: topics.map { ListRow($0.title, detail: $0.detail) })
      return AccordionController.Section(title: "\(field)  (\(topics.count))", content: content)
    }
    return AccordionController(title: title, sections: sections)
  }

  /// The modal page the plus button presents (T9).
  static func composePage() -> ViewController {
    ListViewController(
      title: "Compose",
      rows: ["Write an article", "Post a photo", "Share a video", "Start a poll", "Go live"].map {
        ListRow($0, detail: "draft")
      })
  }

  /// The whole app: a tab bar controller with one navigation stack per tab,
  /// a plus button after Reading, and Me's badge growing on a timer.
  static func makeRoot(barStyle: TabBarStyle) -> TabBarController {
    let stacks = tabs.map { tab in
      let root: ViewController =
        tab.item.title == "Topics"
        ? topicsPage(title: tab.item.title, rows: tab.rows)
        : page(title: tab.item.title, rows: tab.rows, depth: 0)
      return NavigationController(rootViewController: root)
    }
    let controller = TabBarController(viewControllers: stacks, items: tabs.map(\.item))
    controller.barStyle = barStyle
    // Five tabs are odd, so the plus button needs an index: after Reading.
    try! controller.setPlusButton(
      PlusButton(title: "Post", index: 2, action: .present(composePage)))
    return controller
  }

  /// Me's unread count grows while the app is idle (T6, I3).
  static func startBadgeTimer(on app: Application, controller: TabBarController) {
    guard let me = controller.viewControllers.last else { return }
    app.schedule(every: .seconds(3)) {
      if case .count(let n) = me.tabBarItem.badge { me.tabBarItem.badge = .count(n + 1) }
    }
  }
}
