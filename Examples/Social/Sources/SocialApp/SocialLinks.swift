import Destinations
public import DestinationsURLs

/// The links the social client opens: its own scheme's state URLs, and web links to statuses,
/// accounts and tags on any server.
public enum SocialLinks {
    /// The web links the app answers.
    public static let links = DeepLinks<SocialRoute> {
        DeepLink("tags/{name}") { (name: String) in .push(.tag(name: name)) }
    }

    /// The app's URL router.
    public static func router() throws -> URLRouter<SocialRoute> {
        try URLRouter<SocialRoute>(
            prefixes: ["social://"],
            scenes: [SceneKind("main", layout: SocialConfiguration.signedInLayout())],
            patterns: SocialPatterns.all,
            links: links
        )
    }
}
