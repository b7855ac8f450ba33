public import Destinations

/// The deep links of an app, listed in a builder block: `DeepLinks<AppRoute> { DeepLink(…) { … } }`.
public struct DeepLinks<Route: NavigationRoute>: Sendable {
    /// The links, in declaration order.
    public let links: [DeepLink<Route>]
    /// Collects the links the builder lists.
    public init(@DeepLinkBuilder<Route> _ content: () -> [DeepLink<Route>]) {
        links = content()
    }
    /// Collects the given links.
    public init(_ links: [DeepLink<Route>]) {
        self.links = links
    }
}
