// swift-tools-version: 6.2
import PackageDescription

// The Flow Inspector's server and page live in their own package so that apps depending on
// Destinations never resolve Hummingbird or NIO.
//
//   swift run -c release --package-path Inspector destinations-inspector
//
// See Inspector/README.md.
let package = Package(
    name: "DestinationsInspectorServer",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "destinations-inspector", targets: ["destinations-inspector"])
    ],
    dependencies: [
        // The client's wire limits (`InspectorWire`), stated once for both sides; and, for the
        // end-to-end tests, the real client and core.
        .package(name: "Destinations", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", exact: "2.8.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
    ],
    targets: [
        .executableTarget(
            name: "destinations-inspector",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "DestinationsInspector", package: "Destinations"),
            ],
            resources: [.copy("Page")]
        ),
        .testTarget(
            name: "InspectorServerTests",
            dependencies: [
                "destinations-inspector",
                .product(name: "Destinations", package: "Destinations"),
                .product(name: "DestinationsInspector", package: "Destinations"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/InspectorServerTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
