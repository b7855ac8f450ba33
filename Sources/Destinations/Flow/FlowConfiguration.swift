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
    /// How long an asynchronous guard (or a link's resolution) may take before the change is
    /// refused with ``NavigationError/guardTimedOut(guard:)``, timed on ``clock``; 10 seconds
    /// unless set. Any duration is accepted: a very long one means "never".
    public var asyncGuardTimeout: Duration
    /// The most screens any state of the flow may hold; a change past it is refused with
    /// ``NavigationError/tooManyScreens(count:limit:)``.
    public var maximumScreens: Int
    /// How long a ``PendingChange`` stays resumable, timed on ``clock``: 10 minutes unless set.
    public var pendingLifetime: Duration
    /// The clock the flow times everything on: asynchronous guards' and resolutions' timeouts
    /// (``asyncGuardTimeout``) and pending changes' lifetimes (``pendingLifetime``).
    /// `ContinuousClock()` unless set; a test gives the clock it advances (the testing module's
    /// `ManualClock`), so that a timeout fires when the test moves time, never on its own.
    public var clock: any Clock<Duration> {
        didSet {
            // One time for everything: a clock set after a `now` closure replaces it too.
            reading = ClockReading(clock)
            nowOverride = nil
        }
    }
    /// The time on ``clock``, as an instant of the continuous timeline (a pending change's
    /// ``PendingChange/expires``): it moves as the clock does. Setting a closure overrides the
    /// clock for pending lifetimes only, until ``clock`` is set again; prefer setting ``clock``,
    /// which times the guards too.
    public var now: @MainActor @Sendable () -> ContinuousClock.Instant {
        get { nowOverride ?? reading.now }
        set { nowOverride = newValue }
    }
    /// Where log messages go.
    public var logger: FlowLogger
    /// The id generator of the flow's elements.
    public var ids: any ElementIDGenerator
    /// The app's own objects — the session, a store — given once and read by type by
    /// Destinations (``DestinationContext/environment``), providers (``Provider/Input``), guards
    /// (``NavigationGuard/Change/environment``), links and the test tools built from this
    /// configuration.
    public var environment: FlowEnvironment

    /// The reading of ``clock`` that ``now`` maps onto the continuous timeline.
    private var reading: ClockReading
    /// A closure set for ``now``, which wins over the clock's reading.
    private var nowOverride: (@MainActor @Sendable () -> ContinuousClock.Instant)?

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
        self.clock = ContinuousClock()
        self.reading = ClockReading(ContinuousClock())
        self.logger = logger
        self.ids = SequentialElementIDs()
        self.environment = FlowEnvironment()
    }
}

/// A clock's time since a start, mapped onto the continuous timeline: the start's instant on
/// the continuous clock plus the time the clock moved since.
struct ClockReading: Sendable {
    /// The instant of the continuous clock when the reading started.
    let anchor: ContinuousClock.Instant
    /// The time the clock moved since the reading started.
    let elapsed: @Sendable () -> Duration

    init(_ clock: any Clock<Duration>) {
        anchor = ContinuousClock.now
        elapsed = Self.elapsed(on: clock)
    }

    private static func elapsed<C: Clock<Duration>>(on clock: C) -> @Sendable () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    /// The clock's time now, on the continuous timeline.
    var now: @MainActor @Sendable () -> ContinuousClock.Instant {
        { [anchor, elapsed] in anchor + elapsed() }
    }
}
