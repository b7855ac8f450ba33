/// A rule that needs to ask someone before a link goes ahead: a server that says whether the
/// user may see a shared note, a biometric check.
///
/// ```swift
/// let shared = AsyncNavigationGuard<AppRoute>("sharedNote", watches: { $0.name == "note" }) { change in
///     await server.mayOpen(change.added) ? .allow : .deny(reason: "not shared with you")
/// }
/// flow.asyncGuards = [shared]
/// try await flow.performAwaitingGuards(.presentation(.push(.note(id: 12)), source: .external(.notification)))
/// ```
///
/// Asynchronous guards are never bypassed. They run for every change, through any door, that
/// adds a route they watch, so unrelated changes never wait: the awaiting form
/// (``Flow/performAwaitingGuards(_:)``, and each door's awaiting form) asks them and waits; a
/// door that cannot wait refuses such a change with ``NavigationError/awaitsAsyncGuards(guard:)``
/// rather than reach a state they might deny. They judge the change as planned when it
/// arrives; when they all allow it, it is planned again against the state as it is then and
/// committed with the synchronous ``NavigationGuard``s in the same main-actor turn, so no gap
/// opens between the check and the change.
public struct AsyncNavigationGuard<Route: NavigationRoute>: Sendable {
    /// The guard's name, in errors and logs.
    public let name: String
    /// The routes the guard's redirects show, as it declares them, for the flow graph
    /// (``FlowGraph/init(_:)``).
    public let redirects: [Route]
    let watches: @Sendable (Route) -> Bool
    let check: @MainActor @Sendable (NavigationGuard<Route>.Change) async -> NavigationGuard<Route>.Decision

    /// Creates a guard that runs for changes adding a route `watches` accepts; `redirects`
    /// names the routes its redirects show, for the flow graph.
    public init(
        _ name: String,
        redirects: [Route] = [],
        watches: @escaping @Sendable (Route) -> Bool,
        check: @escaping @MainActor @Sendable (NavigationGuard<Route>.Change) async -> NavigationGuard<Route>.Decision
    ) {
        self.name = name
        self.redirects = redirects
        self.watches = watches
        self.check = check
    }
}
