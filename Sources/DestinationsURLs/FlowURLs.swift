public import Destinations

/// A flow's URLs: a `Flow` with the ``URLRouter`` and scene kind it reads and prints URLs
/// with. Opening a URL is turning its text into one `ChangeRequest`
/// (``URLRouter/request(for:scene:source:)``) and performing it through the flow's pipeline.
///
/// ```swift
/// let urls = try FlowURLs(flow, router: router, scene: "main")
/// try urls.open("https://notes.example.com/notes/12", source: .external(.universalLink))
/// let here = try urls.stateURL   // "notes://main/notes/notes/note/12"
/// ```
///
/// A `FlowURLs` holds the flow and nothing else that changes: make one wherever you need it.
@MainActor
public struct FlowURLs<Route: NavigationRoute> {
    /// The flow the URLs open in.
    public let flow: Flow<Route>
    /// The router the URLs are read and printed with.
    public let router: URLRouter<Route>
    /// The scene kind of the flow's state URLs.
    public let scene: String
    /// Pairs a flow with a router and a scene kind; throws
    /// ``URLConfigurationProblem/unknownScene(_:)`` when the router has no such kind.
    public init(_ flow: Flow<Route>, router: URLRouter<Route>, scene: String) throws(URLConfigurationError) {
        guard router.scene(named: scene) != nil else { throw URLConfigurationError(problems: [.unknownScene(scene)]) }
        (self.flow, self.router, self.scene) = (flow, router, scene)
    }
    /// The canonical URL of the flow's whole state; opening it from `ChangeSource.app` changes nothing.
    public var stateURL: String {
        get throws(URLPrintError) { try router.stateURL(for: flow.state, scene: scene) }
    }
    /// The canonical URL of the state cut at a waypoint (``URLRouter/stateURL(for:scene:upTo:)``).
    public func stateURL(upTo element: ElementID) throws(URLPrintError) -> String {
        try router.stateURL(for: flow.state, scene: scene, upTo: element)
    }
    /// The link that shares the screen `element`; `nil` when no link shares its route.
    public func shareLink(for element: ElementID) -> String? {
        flow.node(element)?.route.flatMap(router.shareLink(for:))
    }
    /// The change request `url` stands for (``URLRouter/request(for:scene:source:)``).
    public func request(for url: String, source: ChangeSource = .external(.unknown)) throws(DeepLinkError)
        -> ChangeRequest<Route>
    {
        try router.request(for: url, scene: scene, source: source)
    }
    /// What opening `url` would do (`Flow.plan(_:)`), without touching the flow.
    public func plan(_ url: String, source: ChangeSource = .external(.unknown)) throws(DeepLinkError) -> URLPlan<Route>
    {
        let request = try request(for: url, source: source)
        return URLPlan(url: url, plan: try converting { () throws(NavigationError) in try flow.plan(request) })
    }
    /// Opens a URL as one request through the flow's pipeline (`Flow.perform(_:)`), all or
    /// nothing: its source's access rule and limits, the guards, and the `InterruptionPolicy` of
    /// the screens in the way (``DeepLinkError/blocked(route:element:)``,
    /// ``DeepLinkOutcome/deferred(_:)``, ``DeepLinkOutcome/needsConfirmation(_:)``). A URL an
    /// asynchronous guard watches throws ``DeepLinkError/awaitsAsyncGuards``. Unless it returns
    /// ``DeepLinkOutcome/applied`` or ``DeepLinkOutcome/queued``, the state, ids and live
    /// Destinations are as they were. The default source is an unknown external one: it fails safe.
    @discardableResult
    public func open(_ url: String, source: ChangeSource = .external(.unknown)) throws(DeepLinkError)
        -> DeepLinkOutcome<Route>
    {
        let request = try request(for: url, source: source)
        return DeepLinkOutcome(
            try converting { () throws(NavigationError) in try flow.perform(request) }, url: url, request: request)
    }
    /// Opens a URL like ``open(_:source:)`` once the `Flow.asyncGuards` watching it allow it.
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
    /// Resumes a link that waited for a screen, planned afresh; throws
    /// `NavigationError.pendingExpired` when it is no longer the flow's pending change.
    @discardableResult
    public func resume(_ link: PendingLink) throws(DeepLinkError) -> DeepLinkOutcome<Route> {
        let cause = FlowEvent<Route>.Cause.opened(link.pattern ?? URLRouter<Route>.stateURLCause, source: link.source)
        guard let pending = flow.pendingChange, pending.reason == .deferred(by: link.blockedBy),
            pending.request.cause == cause
        else { throw .navigation(.pendingExpired) }
        let outcome = try converting { () throws(NavigationError) in try flow.resumePending() ?? .unchanged }
        return DeepLinkOutcome(outcome, url: link.url, request: pending.request)
    }
    /// Commits a plan the user confirmed, judged in full again; throws
    /// ``DeepLinkError/stalePlan`` when the state changed since the plan was made.
    @discardableResult
    public func commit(_ plan: URLPlan<Route>) throws(DeepLinkError) -> DeepLinkOutcome<Route> {
        let outcome = try converting { () throws(NavigationError) in try flow.commit(plan.plan) }
        return DeepLinkOutcome(outcome, url: plan.url, request: plan.plan.request)
    }
    /// Follows an in-app relative path (URLS.md §5.1) from `anchor`, by default the focused
    /// screen (``URLRouter/resolve(relative:in:scene:from:ids:limits:)``). A path that leads to
    /// the current state commits nothing.
    @discardableResult
    public func navigate(relative path: String, from anchor: ElementID? = nil) throws(DeepLinkError)
        -> ChangeOutcome<Route>
    {
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
