/// The route patterns of an app: one per route case.
///
/// ```swift
/// extension AppRoute {
///     static let patterns = RoutePatterns<AppRoute> {
///         RoutePattern("notes", .notes, access: .external)
///         RoutePattern("note/{id}", AppRoute.note(id:), access: .external) {
///             if case .note(let id) = $0 { id } else { nil }
///         }
///         RoutePattern("settings", .settings, aliases: ["preferences"])
///     }
/// }
/// ```
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
