/// A rule every change must pass: "a note requires an account", "no checkout while offline".
///
/// ```swift
/// let signedIn = NavigationGuard<AppRoute>("signedIn") { change in
///     guard !session.isSignedIn, change.added.contains(where: { $0.requiresAccount }) else { return .allow }
///     return .redirect(.fullScreenCover(.signIn))
/// }
/// flow.guards = [signedIn]
/// ```
///
/// Guards judge the **result** of a change — the screens it adds and removes and the state it
/// leads to — never how it was asked for, so no path around them exists: an event, a direct
/// `apply`, a user's gesture, a restore, a deep link or a redirect all end up as a change
/// checked here. They run inside the transaction, before any Destination is built; a denial
/// leaves the state exactly as it was.
public struct NavigationGuard<Route: NavigationRoute>: Sendable {
    /// The guard's name, in errors and logs.
    public let name: String
    /// The routes the guard's redirects show, as it declares them: the flow graph built from a
    /// configuration (``FlowGraph/init(_:)``) draws an edge to each and counts them as reached.
    public let redirects: [Route]
    let check: @MainActor @Sendable (Change) -> Decision

    /// Creates a guard; `check` runs for every change that adds or removes a screen.
    /// `redirects` names the routes its redirects show (`[.signIn]`), for the flow graph.
    public init(
        _ name: String, redirects: [Route] = [], check: @escaping @MainActor @Sendable (Change) -> Decision
    ) {
        self.name = name
        self.redirects = redirects
        self.check = check
    }
}

extension NavigationGuard {
    /// A change as a guard sees it: what it adds and removes, and the states before and after.
    public struct Change: Sendable {
        /// Why the change is being made.
        public let cause: FlowEvent<Route>.Cause
        /// The routes of the screens the change adds.
        public let added: [Route]
        /// The routes of the screens the change removes.
        public let removed: [Route]
        /// The state now.
        public let current: NavigationState<Route>
        /// The state the change leads to.
        public let proposed: NavigationState<Route>
        /// The flow's environment (``FlowConfiguration/environment``): the session a guard
        /// asks "signed in?", read when the change is judged, so an account switch counts
        /// from the next change on.
        public internal(set) var environment = FlowEnvironment()
    }
}

extension NavigationGuard {
    /// What a guard decides about a change.
    public enum Decision: Sendable {
        /// The change may go ahead.
        case allow
        /// The change is refused with ``NavigationError/guardDenied(guard:route:reason:)``.
        case deny(reason: String)
        /// The change waits, and this presentation runs first (a sign-in screen): the flow applies
        /// it, itself judged, and keeps the change as its ``Flow/pendingChange`` until
        /// ``Flow/resumePending()``. Every door treats a redirect the same way: the presentation
        /// starts from the focused screen of the state the flow keeps, not from the screen the
        /// change would have added or the one that asked (a link opened from another tab has
        /// none there), so an alert made with ``Provider/alert(presentedBy:_:)`` may find a
        /// presenter of another type (``NavigationError/presenterMismatch(expected:presenter:)``).
        case redirect(Presentation<Route>)
    }
}
