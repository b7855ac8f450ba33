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

/// Builds a list of ``DeepLink``s.
@resultBuilder
public enum DeepLinkBuilder<Route: NavigationRoute> {
    /// One link.
    public static func buildExpression(_ link: DeepLink<Route>) -> [DeepLink<Route>] { [link] }
    /// Several links.
    public static func buildExpression(_ links: DeepLinks<Route>) -> [DeepLink<Route>] { links.links }
    /// The links of a block, in order.
    public static func buildBlock(_ parts: [DeepLink<Route>]...) -> [DeepLink<Route>] { parts.flatMap { $0 } }
    /// The links of an `if` without `else`.
    public static func buildOptional(_ part: [DeepLink<Route>]?) -> [DeepLink<Route>] { part ?? [] }
    /// The links of an `if` branch.
    public static func buildEither(first part: [DeepLink<Route>]) -> [DeepLink<Route>] { part }
    /// The links of an `else` branch.
    public static func buildEither(second part: [DeepLink<Route>]) -> [DeepLink<Route>] { part }
    /// The links of a `for` loop.
    public static func buildArray(_ parts: [[DeepLink<Route>]]) -> [DeepLink<Route>] { parts.flatMap { $0 } }
}
