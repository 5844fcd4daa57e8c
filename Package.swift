// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "TabBarKit",
  // Linux only: no Apple platform is claimed (the README says why).
  products: [
    .library(name: "TabBarKit", targets: ["TabBarKit"]),
    .library(name: "NcursesTerminal", targets: ["NcursesTerminal"]),
    // Runs an app on an in-memory terminal in a test: keys, clock, screen.
    .library(name: "TabBarKitTesting", targets: ["TabBarKitTesting"]),
    .executable(name: "tabbar-demo", targets: ["tabbar-demo"]),
    // News feeds (RSS, Atom, JSON Feed): fetched, parsed and cached, for the demo's live news.
    .library(name: "NewsFeeds", targets: ["NewsFeeds"]),
  ],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    // `swift package generate-documentation --target TabBarKit` (DocC).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // C module: ncursesw with wide characters on, plus inline shims for macros.
    .target(
      name: "CNcurses",
      cSettings: [.define("NCURSES_WIDECHAR", to: "1"), .define("_XOPEN_SOURCE_EXTENDED")],
      linkerSettings: [
        .linkedLibrary("ncursesw"), .linkedLibrary("tinfo"),
        // The main queue's run-loop hooks (see cn_main_queue_fd).
        .linkedLibrary("dispatch", .when(platforms: [.linux])),
      ]
    ),
    // The library: geometry, rendering, views, controllers, input, run loop. No ncurses.
    .target(name: "TabBarKit"),
    // An app on a MemoryTerminal for tests: keys by name, a manual clock, the screen.
    .target(name: "TabBarKitTesting", dependencies: ["TabBarKit"]),
    // The Terminal protocol on ncurses: the only user of CNcurses.
    .target(name: "NcursesTerminal", dependencies: ["CNcurses", "TabBarKit"]),
    // C modules for the feed engine: libcurl (fetching) and libxml2 (XML and HTML parsing), both
    // from the system (Sources/NewsFeeds/README.md says why these two), neither linked: a
    // -lcurl or -lxml2 would load them and the libraries they need at every start, feeds or
    // not. Each opens its library with dlopen the first time a feed needs it. CCurl's headers
    // are in the default search path (Debian's multiarch folder); CLibXML2 is a C target of its
    // own whose include/libxml links to the system's headers, so that no pkg-config flag links
    // libxml2 (Scripts/install-deps.sh installs both -dev packages).
    .systemLibrary(name: "CCurl"),
    .target(name: "CLibXML2"),
    // Feeds: sources, fetching in the background, parsing into one item model, a cache on disk.
    // Neither ncurses nor TabBarKit: the demo plugs it in.
    .target(name: "NewsFeeds", dependencies: ["CCurl", "CLibXML2"], exclude: ["README.md"]),
    // The demo; its built-in content is a content file compiled into the binary.
    .executableTarget(
      name: "tabbar-demo",
      dependencies: ["TabBarKit", "NcursesTerminal", "NewsFeeds"],
      resources: [.embedInCode("Resources/demo.json")]
    ),
    // Examples/: one idea each, built by `make test` and run by the
    // end-to-end tests (Examples/Stopwatch is a package of its own).
    // The README's minimal app: two arrays, one controller list and one item list.
    .executableTarget(
      name: "minimal-example", dependencies: ["TabBarKit", "NcursesTerminal"],
      path: "Examples/Minimal"),
    // A page's task, a background thread's posted closure, and a list that
    // loads its rows, all drawn while the app waits for keys.
    .executableTarget(
      name: "background-work-example", dependencies: ["TabBarKit", "NcursesTerminal"],
      path: "Examples/BackgroundWork"),
    // A form with a field and a button.
    .executableTarget(
      name: "form-example", dependencies: ["TabBarKit", "NcursesTerminal"],
      path: "Examples/Form"),
    // A container of one's own: a stack that pushes, hides the bar below its
    // root and works as a tab behind More.
    .executableTarget(
      name: "custom-container-example", dependencies: ["TabBarKit", "NcursesTerminal"],
      path: "Examples/CustomContainer"),
    // An app that saves where the user is on every way out (the library's
    // lifecycle) and comes back there, deep links too, into a list that loads.
    .executableTarget(
      name: "inbox-example", dependencies: ["TabBarKit", "NcursesTerminal"],
      path: "Examples/Inbox"),
    // A log viewer: 200,000 lines from a data source, appended to as with
    // `tail -f`, filtered, severity tags in spans.
    .executableTarget(
      name: "log-viewer-example", dependencies: ["TabBarKit", "NcursesTerminal"],
      path: "Examples/LogViewer"),
    // Builds only if ViewController subclasses compile under Swift 6.2's
    // default main-actor isolation for app targets (make test builds it).
    .executableTarget(
      name: "main-actor-app-fixture", dependencies: ["TabBarKit", "NcursesTerminal"],
      path: "Tests/Fixtures/MainActorApp",
      swiftSettings: [.defaultIsolation(MainActor.self)]),
    // For the end-to-end tests: an app whose code throws once the terminal started.
    .executableTarget(
      name: "failing-app-fixture", dependencies: ["TabBarKit", "NcursesTerminal"],
      path: "Tests/Fixtures/FailingApp"),
    .testTarget(
      name: "TabBarKitTests",
      dependencies: [
        // NcursesTerminal: the articles' code that runs an app compiles here, and its
        // input reader reads the answers to the start-up queries.
        "TabBarKit", "TabBarKitTesting", "NcursesTerminal",
        // The log viewer's page, driven by AppDriver.
        "log-viewer-example",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]
    ),
    // The demo's content files through the demo's own types: every row of
    // every tab walked to the page it leads to.
    .testTarget(name: "DemoContentTests", dependencies: ["tabbar-demo", "TabBarKit", "NewsFeeds"]),
    // The feed engine against a feed server on 127.0.0.1 that the tests start (Fixtures/).
    .testTarget(name: "NewsFeedsTests", dependencies: ["NewsFeeds"], exclude: ["Fixtures"]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "TabBarKit",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]
    ),
  ]
)
