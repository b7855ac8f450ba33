// swift-tools-version: 6.0
// Notes in UIKit, as an app package: open this `NotesUIKit.swiftpm` folder in Xcode and run the
// NotesUIKit app on an iPhone or iPad simulator. Its sources are links: the app is
// `Examples/NotesUIKit`, the Notes model `Examples/Notes/NotesApp`.
import PackageDescription

#if canImport(AppleProductTypes)
import AppleProductTypes
#endif

// The app product exists where Xcode provides AppleProductTypes; elsewhere (Linux, CI) the
// package still resolves, and its platform-neutral target builds.
var products: [Product] = []
#if canImport(AppleProductTypes)
products.append(
    .iOSApplication(
        name: "NotesUIKit",
        targets: ["NotesUIKit"],
        bundleIdentifier: "org.destinations.notes.uikit",
        displayVersion: "1.0",
        bundleVersion: "1",
        appIcon: .placeholder(icon: .book),
        accentColor: .presetColor(.yellow),
        supportedDeviceFamilies: [.pad, .phone],
        supportedInterfaceOrientations: [
            .portrait, .landscapeRight, .landscapeLeft, .portraitUpsideDown(.when(deviceFamilies: [.pad])),
        ]
    )
)
#endif

let package = Package(
    name: "NotesUIKit",
    platforms: [.iOS(.v17)],
    products: products,
    dependencies: [.package(name: "Destinations", path: "../..")],
    targets: [
        // The platform-neutral Notes model shared with `swift run NotesExample`: Destinations,
        // Providers, datasource, routes.
        .target(
            name: "NotesApp",
            dependencies: [
                .product(name: "Destinations", package: "Destinations"),
                .product(name: "DestinationsURLs", package: "Destinations"),
            ]),
        .executableTarget(
            name: "NotesUIKit",
            dependencies: [
                "NotesApp",
                .product(name: "DestinationsUIKit", package: "Destinations"),
                .product(name: "DestinationsSwiftUI", package: "Destinations"),
            ],
            exclude: ["README.md"]
        ),
    ]
)
