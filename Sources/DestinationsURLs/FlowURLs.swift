public import Destinations

/// A flow's URLs: a `Flow` with the ``URLRouter`` and scene kind it reads and prints URLs
/// with. Opening a URL is turning its text into one `ChangeRequest`
/// (``URLRouter/request(for:scene:source:)``) and performing it through the flow's pipeline.
///
/// ```swift
/// let flow = try Flow(configuration)
/// let urls = try FlowURLs(flow, router: router, scene: "main")
/// try urls.open("https://notes.example.com/notes/12", source: .external(.universalLink))
/// let here = try urls.stateURL   // "notes://main/notes/notes/note/12"
/// ```
///
/// A `FlowURLs` holds the flow; it stores nothing else that changes, so make one wherever you
/// need it.
@MainActor
public struct FlowURLs<Route: NavigationRoute> {
    /// The flow the URLs open in.
    public let flow: Flow<Route>
    /// The router the URLs are read and printed with.
    public let router: URLRouter<Route>
    /// The scene kind of the flow's state URLs.
    public let scene: String
    /// Pairs a flow with a router and the scene kind of its state URLs.
    ///
    /// - Throws: ``URLConfigurationError`` with ``URLConfigurationProblem/unknownScene(_:)``
    ///   when the router has no such scene kind.
    public init(_ flow: Flow<Route>, router: URLRouter<Route>, scene: String) throws(URLConfigurationError) {
        guard router.scene(named: scene) != nil else { throw URLConfigurationError(problems: [.unknownScene(scene)]) }
        self.flow = flow
        self.router = router
        self.scene = scene
    }
    /// The canonical URL of the flow's whole state (``URLRouter/stateURL(for:scene:)``).
    /// Opening it with ``open(_:source:)`` from `ChangeSource.app` changes nothing.
    ///
    /// - Throws: the errors of ``URLRouter/stateURL(for:scene:)``.
    public var stateURL: String {
        get throws(URLPrintError) { try router.stateURL(for: flow.state, scene: scene) }
    }
    /// The canonical URL of the state cut at a waypoint (``URLRouter/stateURL(for:scene:upTo:)``).
    public func stateURL(upTo element: ElementID) throws(URLPrintError) -> String {
        try router.stateURL(for: flow.state, scene: scene, upTo: element)
    }
    /// The link that shares the screen `element` (``URLRouter/shareLink(for:)``); `nil` when
    /// the element is not a screen of the state or no link shares its route.
    public func shareLink(for element: ElementID) -> String? {
        guard let route = flow.node(element)?.route else { return nil }
        return router.shareLink(for: route)
    }
    /// The change request `url` stands for (``URLRouter/request(for:scene:source:)``).
    public func request(for url: String, source: ChangeSource = .external(.unknown)) throws(DeepLinkError)
        -> ChangeRequest<Route>
    {
        try router.request(for: url, scene: scene, source: source)
    }
    /// What opening `url` would do, without touching the flow: the state it leads to, the
    /// change, and the screens in the way with their interruption policies
    /// (`Flow.plan(_:)`). Nothing is built, no id is used, no event is sent.
    ///
    /// - Throws: ``DeepLinkError``: the errors of ``request(for:source:)``, and
    ///   ``DeepLinkError/navigation(_:)`` when the link's presentation does not fit the state.
    public func plan(_ url: String, source: ChangeSource = .external(.unknown)) throws(DeepLinkError) -> URLPlan<Route>
    {
        let request = try request(for: url, source: source)
        return URLPlan(url: url, plan: try converting { () throws(NavigationError) in try flow.plan(request) })
    }
    /// Opens a URL as one request through the flow's pipeline (`Flow.perform(_:)`), all or
    /// nothing: the access rule and limits of its source, the guards, the asynchronous guards
    /// (a URL one of them watches throws ``DeepLinkError/awaitsAsyncGuards``: use
    /// ``openAwaitingGuards(_:source:)``), and the `InterruptionPolicy` of the screens it
    /// would remove or hide. Elements that did not change keep their ids and their live
    /// Destinations.
    ///
    /// - A screen with `InterruptionPolicy.reject` in the way throws
    ///   ``DeepLinkError/blocked(route:element:)``.
    /// - One with `InterruptionPolicy.defer` returns ``DeepLinkOutcome/deferred(_:)``: the URL
    ///   waits as the flow's `Flow.pendingChange`; one with `InterruptionPolicy.confirm`
    ///   returns ``DeepLinkOutcome/needsConfirmation(_:)``.
    /// - A URL that leads to the current state returns ``DeepLinkOutcome/unchanged``.
    /// - During a commit the URL is parsed and checked now, and planned and committed right
    ///   after the change under way: ``DeepLinkOutcome/queued``.
    /// - A guard's redirect is applied and the URL waits as the `Flow.pendingChange`:
    ///   ``DeepLinkOutcome/redirected(guard:)``; `Flow.resumePending()` runs it again, judged
    ///   in full.
    ///
    /// Whenever it throws, or returns anything but ``DeepLinkOutcome/applied`` and
    /// ``DeepLinkOutcome/queued``, the state, the ids and the live Destinations are exactly as
    /// they were.
    ///
    /// - Parameters:
    ///   - url: The URL's text, such as a Foundation `URL`'s `absoluteString`.
    ///   - source: Who opens it; by default an unknown external source, so an adapter that
    ///     forgets to say fails safe.
    @discardableResult
    public func open(_ url: String, source: ChangeSource = .external(.unknown)) throws(DeepLinkError)
        -> DeepLinkOutcome<Route>
    {
        let request = try request(for: url, source: source)
        return DeepLinkOutcome(
            try converting { () throws(NavigationError) in try flow.perform(request) }, url: url, request: request)
    }
    /// Opens a URL like ``open(_:source:)`` after the `Flow.asyncGuards` watching the routes
    /// it adds have allowed it (`Flow.performAwaitingGuards(_:)`).
    @discardableResult
    public func openAwaitingGuards(_ url: String, source: ChangeSource = .external(.unknown))
        async throws(DeepLinkError) -> DeepLinkOutcome<Route>
    {
        let request = try request(for: url, source: source)
        do throws(NavigationError) {
            return DeepLinkOutcome(try await flow.performAwaitingGuards(request), url: url, request: request)
        } catch {
            throw DeepLinkError(error)
        }
    }
    /// Resumes a link that waited for a screen (``DeepLinkOutcome/deferred(_:)``): the flow's
    /// pending change, planned afresh against the state as it is now; it may wait again.
    ///
    /// - Throws: ``DeepLinkError/navigation(_:)`` with `NavigationError.pendingExpired` when
    ///   the link is no longer the pending change (it expired, or a newer change waits), and
    ///   the errors of opening it.
    @discardableResult
    public func resume(_ link: PendingLink) throws(DeepLinkError) -> DeepLinkOutcome<Route> {
        let cause = FlowEvent<Route>.Cause.opened(link.pattern ?? URLRouter<Route>.stateURLCause, source: link.source)
        guard let pending = flow.pendingChange, pending.reason == .deferred(by: link.blockedBy),
            pending.request.cause == cause
        else { throw .navigation(.pendingExpired) }
        let outcome = try converting { () throws(NavigationError) in try flow.resumePending() ?? .unchanged }
        return DeepLinkOutcome(outcome, url: link.url, request: pending.request)
    }
    /// Commits a plan the user confirmed (``DeepLinkOutcome/needsConfirmation(_:)``): screens
    /// with `InterruptionPolicy.confirm` or `InterruptionPolicy.defer` in the way are
    /// removed or hidden; one with `InterruptionPolicy.reject` still refuses. Judged in full
    /// again; a guard that redirects keeps it pending as confirmed.
    ///
    /// - Throws: ``DeepLinkError/stalePlan`` when the state changed since the plan was made (or
    ///   another change is being committed), ``DeepLinkError/blocked(route:element:)``, and
    ///   ``DeepLinkError/navigation(_:)`` for the other refusals.
    @discardableResult
    public func commit(_ plan: URLPlan<Route>) throws(DeepLinkError) -> DeepLinkOutcome<Route> {
        let outcome = try converting { () throws(NavigationError) in try flow.commit(plan.plan) }
        return DeepLinkOutcome(outcome, url: plan.url, request: plan.plan.request)
    }
    /// Follows an in-app relative path (URLS.md §5.1) from the screen `anchor`, by default the
    /// focused one: `..`, `note/13`, `../note/13`, `./!sheet/edit/12`, or an absolute state
    /// path `/settings/settings/about`. In-app changes ignore interruption policies. A path
    /// that leads to the current state (`.`, or the state's own path) commits nothing and sends
    /// no event.
    ///
    /// - Throws: ``DeepLinkError/relativePathEscapesRoot`` and the parsing errors of
    ///   ``URLRouter/resolve(relative:in:scene:from:ids:limits:)``; ``DeepLinkError/navigation(_:)``
    ///   when the change does not fit the state. The state is then unchanged.
    @discardableResult
    public func navigate(relative path: String, from anchor: ElementID? = nil) throws(DeepLinkError) -> ChangeOutcome<
        Route
    > {
        let state = flow.state
        let anchor = anchor ?? state.focusedScreen.id
        var scratch = SequentialElementIDs()
        let target = try router.resolve(relative: path, in: state, scene: scene, from: anchor, ids: &scratch)
        if case .presentation(.path([])) = target { return .unchanged }
        let cause: FlowEvent<Route>.Cause
        if case .presentation(let presentation) = target {
            cause = .presentation(presentation, from: anchor)
        } else {
            cause = .opened(URLRouter<Route>.relativePathCause, source: .app)
        }
        let request = router.request(for: target, cause: cause, source: .app, from: anchor)
        return try converting { () throws(NavigationError) in try flow.perform(request) }
    }
    /// The result of a pipeline call, its refusal as the URL layer's error.
    private func converting<Value>(_ call: () throws(NavigationError) -> Value) throws(DeepLinkError) -> Value {
        do throws(NavigationError) { return try call() } catch { throw DeepLinkError(error) }
    }
}

extension DeepLinkError {
    /// The URL layer's error for a refusal of the flow's pipeline.
    init(_ error: NavigationError) {
        switch error {
        case .interrupted(let route, let element): self = .blocked(route: route, element: element)
        case .accessDenied(let route, _): self = .internalRoute(route)
        case .tooManyScreens(let count, let limit): self = .tooManyScreens(count: count, limit: limit)
        case .stalePlan: self = .stalePlan
        case .guardTimedOut(let name): self = .guardTimedOut(guard: name)
        case .superseded: self = .superseded
        case .awaitsAsyncGuards: self = .awaitsAsyncGuards
        default: self = .navigation(error)
        }
    }
}

extension DeepLinkOutcome {
    /// The URL layer's outcome for the pipeline's, for the request a URL stood for.
    init(_ outcome: ChangeOutcome<Route>, url: String, request: ChangeRequest<Route>) {
        switch outcome {
        case .applied: self = .applied
        case .unchanged: self = .unchanged
        case .queued: self = .queued
        case .redirected(let name): self = .redirected(guard: name)
        case .deferred(let element):
            self = .deferred(
                PendingLink(url: url, source: request.source, blockedBy: element, pattern: request.cause.linkPattern))
        case .needsConfirmation(let plan): self = .needsConfirmation(URLPlan(url: url, plan: plan))
        }
    }
}
