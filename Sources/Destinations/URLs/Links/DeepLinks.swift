/// The deep links of an app.
///
/// ```swift
/// extension AppRoute {
///     static let links = DeepLinks<AppRoute> {
///         DeepLink("notes/{id}") { (id: Int) in .inTab(.notes, [.notes, .note(id: id)]) }
///         DeepLink("n/{id}", caseInsensitive: true) { (id: Int) in .push(.note(id: id)) }
///     }
/// }
/// ```
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
