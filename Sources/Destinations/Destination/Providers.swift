// Performance: push-back in the README's pattern (Benchmarks/README.md, "Figures").
/// Which ``Provider`` builds each route: the app's whole set of screens.
///
/// Write it as a `switch`, so the compiler checks that every route has a provider:
///
/// ```swift
/// let providers = Providers<AppRoute> { route in
///     switch route {
///     case .notes: notesProvider
///     case .note: noteProvider
///     case .settings: settingsProvider
///     }
/// }
/// ```
///
/// Swap one for a mock or a variant with ``overriding(_:with:)``.
@MainActor
public struct Providers<Route: NavigationRoute> {
    /// The app's lookup, answering each route once (``init(_:)``).
    let lookup: @MainActor (Route) -> Provider<Route>?
    var overrides: [(matches: @MainActor (Route) -> Bool, provider: Provider<Route>)] = [] {
        didSet { hasOverrides = !overrides.isEmpty }
    }
    /// Whether ``overrides`` has any: most lookups have none and skip them.
    var hasOverrides = false

    /// Creates the set from a function of the route; return `nil` for a route without a
    /// provider, which the flow then refuses with ``NavigationError/noProvider(route:)``.
    ///
    /// The function is asked once per route value and its answer kept (up to 256 routes; past
    /// that, the answers kept start again), so a `switch` that creates each provider where it
    /// names it costs nothing after the first screen of a route. Answer from the route alone: to change what a
    /// route gets, make new providers (``Flow/replaceProviders(_:)``) or override the route.
    @inlinable
    public init(_ lookup: @escaping @MainActor (Route) -> Provider<Route>?) {
        // Kept in the closure, which is specialised in the caller's module with the route type.
        var answers: [Route: Provider<Route>?] = [:]
        self.init(
            answering: [],
            { route in
                if let known = answers[route] { return known }
                let answer = lookup(route)
                // Bounded, so that routes with many payloads (`.note(id:)`) keep memory flat.
                if answers.count >= 256 { answers.removeAll(keepingCapacity: true) }
                answers[route] = .some(answer)
                return answer
            })
    }

    /// Creates the set from a lookup that keeps its own answers, and `overrides`.
    @usableFromInline init(
        answering overrides: [(matches: @MainActor (Route) -> Bool, provider: Provider<Route>)],
        _ lookup: @escaping @MainActor (Route) -> Provider<Route>?
    ) {
        self.lookup = lookup
        self.overrides = overrides
        hasOverrides = !overrides.isEmpty
    }

    /// The provider for a route.
    public func provider(for route: Route) -> Provider<Route>? {
        if hasOverrides {
            for override in overrides.reversed() where override.matches(route) {
                return override.provider
            }
        }
        return lookup(route)
    }

    /// Returns a copy that builds the routes named `name` (``NavigationRoute/name``) with
    /// another provider.
    public func overriding(_ name: String, with provider: Provider<Route>) -> Providers {
        overriding(where: { $0.name == name }, with: provider)
    }

    /// Returns a copy that builds the routes that match `predicate` with another provider.
    public func overriding(
        where predicate: @escaping @MainActor (Route) -> Bool,
        with provider: Provider<Route>
    ) -> Providers {
        var copy = self
        copy.overrides.append((predicate, provider))
        return copy
    }
}
