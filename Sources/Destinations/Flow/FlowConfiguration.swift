/// Everything a flow is made of, in one value that the app, its tests and its tools share:
/// ``Flow``, `FlowHarness`, `RandomWalk`, ``Scenes`` and the explorer all take it, so a test
/// meets the same guards and limits as the app. The URL module's `FlowURLs` pairs a flow with
/// a router, from the same configuration.
///
/// ```swift
/// var configuration = FlowConfiguration(layout: AppLayout.main, providers: AppProviders.live)
/// configuration.guards = [signedIn]
/// configuration.asyncGuards = [sharedNote]
/// configuration.environment.insert(session)
/// let flow = try Flow(configuration)
/// ```
public struct FlowConfiguration<Route: NavigationRoute> {
    /// The first state's shape.
    public var layout: Layout<Route>
    /// The providers the flow builds Destinations with.
    public var providers: Providers<Route>
    /// The rules every change must pass, in order; see ``NavigationGuard``.
    public var guards: [NavigationGuard<Route>]
    /// The rules that need to ask someone first; see ``AsyncNavigationGuard``.
    public var asyncGuards: [AsyncNavigationGuard<Route>]
    /// How long an asynchronous guard may take before the change is refused with
    /// ``NavigationError/guardTimedOut(guard:)``; 10 seconds unless set. Any duration is
    /// accepted: a very long one means "never".
    public var asyncGuardTimeout: Duration
    /// The most screens any state of the flow may hold; a change past it is refused with
    /// ``NavigationError/tooManyScreens(count:limit:)``.
    public var maximumScreens: Int
    /// How long a ``PendingChange`` stays resumable: 10 minutes unless set.
    public var pendingLifetime: Duration
    /// The flow's clock, for pending changes' expiry: inject one in tests to expire a change
    /// without waiting.
    public var now: @MainActor @Sendable () -> ContinuousClock.Instant
    /// Where log messages go.
    public var logger: FlowLogger
    /// The id generator of the flow's elements.
    public var ids: any ElementIDGenerator
    /// The app's own objects — the session, a store — given once and read by type by
    /// Destinations (``DestinationContext/environment``), providers (``Provider/Input``), guards
    /// (``NavigationGuard/Change/environment``), links and the test tools built from this
    /// configuration.
    public var environment: FlowEnvironment

    /// Creates a configuration with no guards, the default limits and, unless given another,
    /// the ``FlowLogger/standard`` logger (refusals to standard error in debug builds).
    public init(
        layout: Layout<Route>,
        providers: Providers<Route>,
        guards: [NavigationGuard<Route>] = [],
        asyncGuards: [AsyncNavigationGuard<Route>] = [],
        logger: FlowLogger = .standard
    ) {
        self.layout = layout
        self.providers = providers
        self.guards = guards
        self.asyncGuards = asyncGuards
        self.asyncGuardTimeout = .seconds(10)
        self.maximumScreens = 10_000
        self.pendingLifetime = .seconds(600)
        self.now = { ContinuousClock.now }
        self.logger = logger
        self.ids = SequentialElementIDs()
        self.environment = FlowEnvironment()
    }
}
