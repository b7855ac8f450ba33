public import Destinations

/// The route patterns of an app, one per route case, listed in a builder block:
/// `RoutePatterns<AppRoute> { RoutePattern("notes", .notes); … }`.
public struct RoutePatterns<Route: NavigationRoute>: Sendable {
    /// The patterns, in declaration order.
    public let patterns: [RoutePattern<Route>]
    /// Collects the patterns the builder lists.
    public init(@RoutePatternBuilder<Route> _ content: () -> [RoutePattern<Route>]) {
        patterns = content()
    }
    /// Collects the given patterns.
    public init(_ patterns: [RoutePattern<Route>]) {
        self.patterns = patterns
    }
}
