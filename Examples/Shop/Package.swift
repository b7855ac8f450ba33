// swift-tools-version: 6.2
import PackageDescription

// A shop app's navigation on Destinations: tabs, a guarded checkout, deep links and restore,
// with whole-flow tests through the configuration the app runs.
let package = Package(
    name: "Shop",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Destinations", path: "../..")],
    targets: [
        .target(
            name: "ShopApp",
            dependencies: [
                .product(name: "Destinations", package: "Destinations"),
                .product(name: "DestinationsURLs", package: "Destinations"),
            ]
        ),
        .executableTarget(name: "ShopMain", dependencies: ["ShopApp"]),
        .testTarget(
            name: "ShopAppTests",
            dependencies: [
                "ShopApp",
                .product(name: "DestinationsTesting", package: "Destinations"),
                .product(name: "DestinationsURLs", package: "Destinations"),
            ],
            resources: [.copy("Transcripts")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
