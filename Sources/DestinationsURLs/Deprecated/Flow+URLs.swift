// What a Flow did with URLs before 0.3.0 moved URLs into this module: the flow stores no router
// and has no URL members, and FlowURLs pairs a flow with its router and scene. Kept for one minor version (removed in 0.5.0)
// as messages that say what to write instead; their bodies never run.
public import Destinations

/// Renamed ``/Destinations/ChangeSource``: every door of the pipeline names its source, not
/// only links.
@available(*, deprecated, renamed: "ChangeSource")
public typealias LinkSource = ChangeSource

extension Flow {
    /// Replaced by ``FlowURLs``, which pairs a flow with its router and scene.
    @available(
        *, unavailable,
        message:
            "write FlowURLs(Flow(FlowConfiguration(layout: layout, providers: providers)), router: router, scene: scene)"
    )
    public convenience init(
        _ layout: Layout<Route>, providers: Providers<Route>, urls router: URLRouter<Route>, scene: String
    ) throws(NavigationError) {
        try self.init(layout, providers: providers)
    }

    /// Replaced by ``FlowURLs``, which pairs a flow with its router and scene.
    @available(
        *, unavailable,
        message:
            "write FlowURLs(Flow(FlowConfiguration(layout: kind.layout, providers: providers)), router: router, scene: scene), with kind = router.scene(named: scene)"
    )
    public convenience init(providers: Providers<Route>, urls router: URLRouter<Route>, scene: String)
        throws(NavigationError)
    {
        try self.init(.stack([]), providers: providers)
    }

    /// Moved to ``FlowURLs/open(_:source:)``.
    @available(*, unavailable, message: "write FlowURLs(flow, router: router, scene: scene).open(url, source: source)")
    public func open(_ url: String, source: ChangeSource = .external(.unknown)) throws(DeepLinkError)
        -> DeepLinkOutcome<Route>
    {
        fatalError("unavailable: the flow has no router")
    }

    /// Moved to ``FlowURLs/plan(_:source:)``.
    @available(*, unavailable, message: "write FlowURLs(flow, router: router, scene: scene).plan(url, source: source)")
    public func plan(_ url: String, source: ChangeSource = .external(.unknown)) throws(DeepLinkError) -> URLPlan<Route>
    {
        fatalError("unavailable: the flow has no router")
    }

    /// Moved to ``FlowURLs/resume(_:)``.
    @available(*, unavailable, message: "write FlowURLs(flow, router: router, scene: scene).resume(pending)")
    public func resume(_ pending: PendingLink) throws(DeepLinkError) -> DeepLinkOutcome<Route> {
        fatalError("unavailable: the flow has no router")
    }

    /// Moved to ``FlowURLs/navigate(relative:from:)``.
    @available(
        *, unavailable,
        message: "write FlowURLs(flow, router: router, scene: scene).navigate(relative: path, from: anchor)"
    )
    public func navigate(relative path: String, from anchor: ElementID? = nil) throws(DeepLinkError) {
        fatalError("unavailable: the flow has no router")
    }

    /// Moved to ``FlowURLs/stateURL``.
    @available(*, unavailable, message: "write FlowURLs(flow, router: router, scene: scene).stateURL")
    public var stateURL: String {
        get throws(URLPrintError) { fatalError("unavailable: the flow has no router") }
    }
}

extension FlowURLs {
    /// Replaced: the timeout of asynchronous guards is the flow configuration's, for every door.
    @available(
        *, unavailable,
        message: "set FlowConfiguration.asyncGuardTimeout, then call openAwaitingGuards(url, source: source)"
    )
    public func openAwaitingGuards(_ url: String, source: ChangeSource = .external(.unknown), timeout: Duration)
        async throws(DeepLinkError) -> DeepLinkOutcome<Route>
    {
        try await openAwaitingGuards(url, source: source)
    }
}
