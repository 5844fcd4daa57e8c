// swift-tools-version: 6.2
// An app outside TabBarKit that depends on it by path, written from the
// README and the DocC articles only: `make test` builds it and runs its test.
import PackageDescription

let package = Package(
  name: "StopwatchApp",
  dependencies: [
    // TabBarKit, two folders up (the repository's root).
    .package(name: "TabBarKit", path: "../..")
  ],
  targets: [
    // The app's pages, in a library so that its test can import them.
    .target(
      name: "StopwatchApp",
      dependencies: [.product(name: "TabBarKit", package: "TabBarKit")]),
    // The program: the pages on the real terminal.
    .executableTarget(
      name: "stopwatch",
      dependencies: [
        "StopwatchApp",
        .product(name: "TabBarKit", package: "TabBarKit"),
        .product(name: "NcursesTerminal", package: "TabBarKit"),
      ]),
    .testTarget(
      name: "StopwatchAppTests",
      dependencies: [
        "StopwatchApp",
        .product(name: "TabBarKit", package: "TabBarKit"),
        .product(name: "TabBarKitTesting", package: "TabBarKit"),
      ]),
  ]
)
