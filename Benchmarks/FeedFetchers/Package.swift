// swift-tools-version: 6.2
// The fetcher choice of Sources/NewsFeeds/README.md, measured: the same small program (fetch a
// feed, parse it, print its title and item count) with libcurl and libxml2 through NewsFeeds,
// and with Foundation's URLSession and XMLParser, beside a program that only imports
// FoundationEssentials as the demo does. Run by Benchmarks/FeedFetchers/measure.sh.
import PackageDescription

let package = Package(
  name: "FeedFetchers",
  dependencies: [.package(name: "TabBarKit", path: "../..")],
  targets: [
    .executableTarget(
      name: "fetch-curl", dependencies: [.product(name: "NewsFeeds", package: "TabBarKit")]),
    .executableTarget(name: "fetch-foundation"),
    .executableTarget(name: "hello-essentials"),
  ]
)
