// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Destinations",
    platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Destinations", targets: ["Destinations"]),
        .library(name: "DestinationsURLs", targets: ["DestinationsURLs"]),
        .library(name: "DestinationsTesting", targets: ["DestinationsTesting"]),
        .library(name: "DestinationsInspector", targets: ["DestinationsInspector"]),
        .library(name: "DestinationsSwiftUI", targets: ["DestinationsSwiftUI"]),
        .library(name: "DestinationsUIKit", targets: ["DestinationsUIKit"]),
    ],
    traits: [
        // Keeps the inspector client working in release builds; without it, the client is
        // compiled only in debug builds and is an inert stub in release.
        .trait(name: "InspectorInRelease", description: "Compile the Flow Inspector client into release builds too.")
    ],
    targets: [
        .target(name: "Destinations"),
        // URLs: route patterns, deep links, state URLs and relative paths, turned into change
        // requests for the core's pipeline. Depends on the core's public API only.
        .target(name: "DestinationsURLs", dependencies: ["Destinations"]),
        .target(name: "DestinationsTesting", dependencies: ["Destinations"]),
        .target(name: "DestinationsInspector", dependencies: ["Destinations", "DestinationsURLs"]),
        // The renderers: Apple platforms only; on Linux they build as empty modules.
        .target(name: "DestinationsSwiftUI", dependencies: ["Destinations"]),
        .target(name: "DestinationsUIKit", dependencies: ["Destinations"]),
        .target(name: "NotesApp", dependencies: ["Destinations", "DestinationsURLs"], path: "Examples/Notes/NotesApp"),
        .executableTarget(
            name: "NotesExample",
            dependencies: ["Destinations", "DestinationsURLs", "DestinationsInspector", "NotesApp"],
            path: "Examples/Notes/NotesExample"
        ),
        .testTarget(name: "DestinationsTests", dependencies: ["Destinations", "NotesApp"]),
        .testTarget(
            name: "DestinationsURLsTests",
            dependencies: ["Destinations", "DestinationsURLs", "DestinationsTesting", "NotesApp"]),
        .testTarget(
            name: "DestinationsInspectorTests",
            dependencies: [
                "Destinations", "DestinationsURLs", "DestinationsInspector", "DestinationsTesting", "NotesApp",
            ]),
        .testTarget(
            name: "DestinationsTestingTests",
            dependencies: ["Destinations", "DestinationsURLs", "DestinationsTesting", "NotesApp"],
            resources: [.copy("Transcripts")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Upcoming language features, for every target: existentials spelled `any`, imports internal
// unless marked `public`, and members visible only from the modules a file imports.
for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("InternalImportsByDefault"),
            .enableUpcomingFeature("MemberImportVisibility"),
        ]
}
