// swift-tools-version: 6.2
// The demo's own sources (Sources/tabbar-demo, through a link) as an app
// outside TabBarKit that depends on it by path: `make test` and `make check`
// build it, so the demo can use only what any app can (no `package` or
// internal symbol of the library).
import PackageDescription

let package = Package(
  name: "DemoFromOutside",
  dependencies: [
    // TabBarKit, three folders up (the repository's root).
    .package(name: "TabBarKit", path: "../../..")
  ],
  targets: [
    // Named apart from the package's own `tabbar-demo` target: a target name
    // is unique in a package graph.
    .executableTarget(
      name: "outside-demo",
      dependencies: [
        .product(name: "TabBarKit", package: "TabBarKit"),
        .product(name: "NcursesTerminal", package: "TabBarKit"),
        // The live news (--feed): the feed engine, a library product of its own.
        .product(name: "NewsFeeds", package: "TabBarKit"),
      ],
      path: "Sources/tabbar-demo",
      resources: [.embedInCode("Resources/demo.json")])
  ]
)
