// swift-tools-version: 6.0
import PackageDescription

// Benchmarks live in their own package so that apps depending on Destinations never resolve
// or build them. Run with: swift run -c release --package-path Benchmarks
let package = Package(
    name: "DestinationsBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Destinations", path: "..")],
    targets: [
        .executableTarget(
            name: "DestinationsBenchmarks",
            dependencies: [.product(name: "Destinations", package: "Destinations")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
