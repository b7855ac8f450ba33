// swift-tools-version: 6.2
import PackageDescription

// A social client's navigation on Destinations: tabs the user picks and arranges, an action
// tab that composes, sidebar sections, a notifications column beside the content on a pad,
// links from any server, sign-in and account switching, restore — with headless tests of its
// journeys through the configuration the app runs.
let package = Package(
    name: "Social",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Destinations", path: "../..")],
    targets: [
        .target(
            name: "SocialApp",
            dependencies: [
                .product(name: "Destinations", package: "Destinations"),
                .product(name: "DestinationsURLs", package: "Destinations"),
            ]
        ),
        .executableTarget(name: "SocialMain", dependencies: ["SocialApp"]),
        .testTarget(
            name: "SocialAppTests",
            dependencies: [
                "SocialApp",
                .product(name: "DestinationsTesting", package: "Destinations"),
                .product(name: "DestinationsURLs", package: "Destinations"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The root package's upcoming features, so that the app type-checks for iOS as it builds here.
for target in package.targets {
    target.swiftSettings = [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
