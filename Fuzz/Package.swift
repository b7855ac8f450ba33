// swift-tools-version: 6.0
// libFuzzer harnesses for the URL parsers. A nested package, so that apps never resolve it;
// see README.md for the commands.
import PackageDescription

let package = Package(
    name: "DestinationsFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Destinations", path: "..")],
    targets: [
        .target(
            name: "URLFuzzSupport",
            dependencies: [
                .product(name: "Destinations", package: "Destinations"),
                .product(name: "DestinationsURLs", package: "Destinations"),
            ]),
        .target(name: "FuzzerEntry"),
        .executableTarget(
            name: "StateURLFuzzer",
            dependencies: [
                "URLFuzzSupport", "FuzzerEntry", .product(name: "Destinations", package: "Destinations"),
                .product(name: "DestinationsURLs", package: "Destinations"),
            ]),
        .executableTarget(
            name: "LinkFuzzer",
            dependencies: [
                "URLFuzzSupport", "FuzzerEntry", .product(name: "Destinations", package: "Destinations"),
                .product(name: "DestinationsURLs", package: "Destinations"),
            ]),
        .executableTarget(
            name: "RelativePathFuzzer",
            dependencies: [
                "URLFuzzSupport", "FuzzerEntry", .product(name: "Destinations", package: "Destinations"),
                .product(name: "DestinationsURLs", package: "Destinations"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
