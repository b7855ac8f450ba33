// swift-tools-version: 6.0
// Notes in SwiftUI, as an app package: open this `NotesSwiftUI.swiftpm` folder in Xcode and run the
// NotesSwiftUI app on an iPhone or iPad simulator. Its sources are links: the app is
// `Examples/NotesSwiftUI`, the Notes model `Examples/Notes/NotesApp`.
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
        name: "NotesSwiftUI",
        targets: ["NotesSwiftUI"],
        bundleIdentifier: "org.destinations.notes.swiftui",
        displayVersion: "1.0",
        bundleVersion: "1",
        appIcon: .placeholder(icon: .note),
        accentColor: .presetColor(.yellow),
        supportedDeviceFamilies: [.pad, .phone],
        supportedInterfaceOrientations: [
            .portrait, .landscapeRight, .landscapeLeft, .portraitUpsideDown(.when(deviceFamilies: [.pad])),
        ]
    )
)
#endif

let package = Package(
    name: "NotesSwiftUI",
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
            name: "NotesSwiftUI",
            dependencies: ["NotesApp", .product(name: "DestinationsSwiftUI", package: "Destinations")],
            exclude: ["README.md"]
        ),
    ]
)
