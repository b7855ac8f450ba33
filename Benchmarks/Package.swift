// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so that apps depending on Destinations never resolve
// or build them, and the root package stays free of third-party dependencies.
//
//   swift package --package-path Benchmarks benchmark                  # every benchmark, release
//   swift build -c release --package-path Benchmarks --product CallgrindLoop
//
// See Benchmarks/README.md.
let package = Package(
    name: "DestinationsBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Destinations", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // Compared with the URL router in the URLs suite and CallgrindLoop's URL modes only.
        .package(url: "https://github.com/vapor/routing-kit", from: "4.9.3"),
    ],
    targets: [
        // Routes, Destinations, providers and prepared flows shared by the benchmarks and
        // CallgrindLoop; free of the benchmark package, so CallgrindLoop runs without its
        // malloc interposer.
        .target(
            name: "BenchmarkFixtures",
            dependencies: [
                .product(name: "Destinations", package: "Destinations"),
                .product(name: "DestinationsURLs", package: "Destinations"),
                .product(name: "DestinationsTesting", package: "Destinations"),
            ]
        ),
        // Configurations and the measured loop shared by the benchmark suites.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                "BenchmarkFixtures",
                .product(name: "Benchmark", package: "benchmark"),
            ]
        ),
        // One fixed loop without timing, for counting instructions under callgrind.
        .executableTarget(
            name: "CallgrindLoop",
            dependencies: [
                "BenchmarkFixtures",
                .product(name: "Destinations", package: "Destinations"),
                .product(name: "DestinationsURLs", package: "Destinations"),
                .product(name: "RoutingKit", package: "routing-kit"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The benchmark suites, one executable each under Benchmarks/<Name>, as the benchmark plugin
// expects.
for name in ["Navigation", "Reads", "Snapshot", "Lifecycle"] {
    package.targets.append(
        .executableTarget(
            name: name,
            dependencies: [
                "BenchmarkFixtures",
                "BenchmarkSupport",
                .product(name: "Destinations", package: "Destinations"),
                .product(name: "DestinationsURLs", package: "Destinations"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/\(name)",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    )
}

// URL routing against routing-kit and a linear baseline (URLS.md §9.4).
package.targets.append(
    .executableTarget(
        name: "URLs",
        dependencies: [
            "BenchmarkSupport",
            "BenchmarkFixtures",
            .product(name: "Destinations", package: "Destinations"),
            .product(name: "DestinationsURLs", package: "Destinations"),
            .product(name: "Benchmark", package: "benchmark"),
            .product(name: "RoutingKit", package: "routing-kit"),
        ],
        path: "Benchmarks/URLs",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
)
