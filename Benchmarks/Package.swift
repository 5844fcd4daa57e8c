// swift-tools-version: 6.1
// The benchmarks are a package of their own, so that ordo-one/benchmark and
// its dependencies are fetched and built only by `make bench`, never by
// `make build` or `make test`. Run: Benchmarks/run.sh (what `make bench` does).
import PackageDescription

let package = Package(
  name: "TabBarKitBenchmarks",
  dependencies: [
    .package(name: "TabBarKit", path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", exact: "1.38.1",
      traits: ["MallocInterposer"]),
  ],
  targets: [
    // Micro-benchmarks of the library, no terminal (issue 5, part 1).
    .executableTarget(
      name: "TabBarKitBenchmarks",
      dependencies: [
        .product(name: "TabBarKit", package: "TabBarKit"),
        // AppDriver: the app is driven as an app's own test drives it.
        .product(name: "TabBarKitTesting", package: "TabBarKit"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "TabBarKitBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
  ]
)
