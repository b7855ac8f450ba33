// swift-tools-version: 6.2
import PackageDescription

// A shop app's navigation, built on Destinations from its public docs only, with its tests.
let package = Package(
    name: "ShopTrial",
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
