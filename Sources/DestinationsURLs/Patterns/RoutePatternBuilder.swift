public import Destinations

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
