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

/// Builds a list of ``RoutePattern``s.
@resultBuilder
public enum RoutePatternBuilder<Route: NavigationRoute> {
    /// One pattern.
    public static func buildExpression(_ pattern: RoutePattern<Route>) -> [RoutePattern<Route>] { [pattern] }
    /// Several patterns.
    public static func buildExpression(_ patterns: RoutePatterns<Route>) -> [RoutePattern<Route>] { patterns.patterns }
    /// The patterns of a block, in order.
    public static func buildBlock(_ parts: [RoutePattern<Route>]...) -> [RoutePattern<Route>] { parts.flatMap { $0 } }
    /// The patterns of an `if` without `else`.
    public static func buildOptional(_ part: [RoutePattern<Route>]?) -> [RoutePattern<Route>] { part ?? [] }
    /// The patterns of an `if` branch.
    public static func buildEither(first part: [RoutePattern<Route>]) -> [RoutePattern<Route>] { part }
    /// The patterns of an `else` branch.
    public static func buildEither(second part: [RoutePattern<Route>]) -> [RoutePattern<Route>] { part }
    /// The patterns of a `for` loop.
    public static func buildArray(_ parts: [[RoutePattern<Route>]]) -> [RoutePattern<Route>] { parts.flatMap { $0 } }
}
