public import Destinations

/// A flow's URLs: a `Flow` with the ``URLRouter`` and scene kind it reads and prints URLs with.
/// Opening a URL performs the one `ChangeRequest` it stands for through the flow's pipeline. Every
/// method that throws leaves the flow's state exactly as it was.
///
/// ```swift
/// let urls = try FlowURLs(flow, router: router, scene: "main")
/// try urls.open("https://notes.example.com/notes/12", source: .external(.universalLink))
/// ```
@MainActor
public struct FlowURLs<Route: NavigationRoute> {
    /// The flow the URLs open in.
    public let flow: Flow<Route>
    /// The router the URLs are read and printed with.
    public let router: URLRouter<Route>
    /// The scene kind of the flow's state URLs.
    public let scene: String
    /// Pairs a flow with a router and one of its scene kinds.
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
        var router = self.router
        router.environment = flow.configuration.environment
        return try router.request(for: url, scene: scene, source: source)
    }
    /// What opening `url` would do (`Flow.plan(_:)`), without touching the flow.
    public func plan(_ url: String, source: ChangeSource = .external(.unknown)) throws(DeepLinkError) -> URLPlan<Route>
    {
        let request = try request(for: url, source: source)
        return URLPlan(url: url, plan: try converting { () throws(NavigationError) in try flow.plan(request) })
    }
    /// Opens a URL as one request through the flow's pipeline (`Flow.perform(_:)`), all or nothing;
    /// the default source, an unknown external one, fails safe.
    /// - Throws: ``DeepLinkError``: a malformed or unknown URL, a guard's or the pipeline's refusal.
    @discardableResult
    public func open(_ url: String, source: ChangeSource = .external(.unknown)) throws(DeepLinkError)
        -> DeepLinkOutcome<Route>
    {
        let request = try reportingRefusal(source: source) { () throws(DeepLinkError) in
            try self.request(for: url, source: source)
        }
        return DeepLinkOutcome(
            try converting { () throws(NavigationError) in try flow.perform(request) }, url: url, request: request,
            flow: flow)
    }
    /// Opens a URL like ``open(_:source:)`` once the `Flow.asyncGuards` watching it allow it.
    @discardableResult
    public func openAwaitingGuards(_ url: String, source: ChangeSource = .external(.unknown))
        async throws(DeepLinkError) -> DeepLinkOutcome<Route>
    {
        let request = try reportingRefusal(source: source) { () throws(DeepLinkError) in
            try self.request(for: url, source: source)
        }
        do throws(NavigationError) {
            let outcome = try await flow.performAwaitingGuards(request)
            return DeepLinkOutcome(outcome, url: url, request: request, flow: flow)
        } catch {
            throw DeepLinkError(error)
        }
    }
    /// Resumes a link that waited for a screen (``DeepLinkOutcome/deferred(_:)``), planned afresh.
    /// The link resumes its own wait only: one a newer change replaced has expired.
    /// - Throws: `NavigationError.pendingExpired` when the flow no longer holds this link as pending.
    @discardableResult
    public func resume(_ link: PendingLink) throws(DeepLinkError) -> DeepLinkOutcome<Route> {
        guard let pending = flow.pendingChange, pending.id == link.pendingID else {
            throw .navigation(.pendingExpired)
        }
        let outcome = try converting { () throws(NavigationError) in try flow.resumePending() ?? .unchanged }
        return DeepLinkOutcome(outcome, url: link.url, request: pending.request, flow: flow)
    }
    /// Commits a plan the user confirmed (``DeepLinkOutcome/needsConfirmation(_:)``), judged again.
    /// - Throws: ``DeepLinkError/stalePlan`` when the state changed since the plan was made.
    @discardableResult
    public func commit(_ plan: URLPlan<Route>) throws(DeepLinkError) -> DeepLinkOutcome<Route> {
        let outcome = try converting { () throws(NavigationError) in try flow.commit(plan.plan) }
        return DeepLinkOutcome(outcome, url: plan.url, request: plan.plan.request, flow: flow)
    }
    /// Follows an in-app relative path from `anchor`, by default the focused screen.
    /// - Throws: A parsing error, or the pipeline's refusal.
    @discardableResult
    public func navigate(relative path: String, from anchor: ElementID? = nil) throws(DeepLinkError)
        -> ChangeOutcome<Route>
    {
        let state = flow.state
        let anchor = anchor ?? state.focusedScreen.id
        var scratch = SequentialElementIDs()
        let target = try router.resolve(relative: path, in: state, scene: scene, from: anchor, ids: &scratch)
        if case .presentation(.path([])) = target { return .unchanged }
        var cause = FlowEvent<Route>.Cause.opened(URLRouter<Route>.relativePathCause, source: .app)
        if case .presentation(let presentation) = target { cause = .presentation(presentation, from: anchor) }
        let request = router.request(for: target, cause: cause, source: .app, from: anchor)
        return try converting { () throws(NavigationError) in try flow.perform(request) }
    }
    /// `body`'s request; a refusal of the router's own rules is reported like the pipeline's.
    private func reportingRefusal(
        source: ChangeSource, _ body: () throws(DeepLinkError) -> ChangeRequest<Route>
    ) throws(DeepLinkError) -> ChangeRequest<Route> {
        do throws(DeepLinkError) {
            return try body()
        } catch {
            error.report(to: flow, source: source)
            throw error
        }
    }
    private func converting<Value>(_ call: () throws(NavigationError) -> Value) throws(DeepLinkError) -> Value {
        do throws(NavigationError) { return try call() } catch { throw DeepLinkError(error) }
    }
}

extension DeepLinkError {
    /// Reports a refusal of the router's own rules (sources, scene kinds, external state URLs)
    /// to `flow` as the pipeline reports its refusals: logger, `Flow.onRefusal`, event stream.
    @MainActor
    func report<Route>(to flow: Flow<Route>?, source: ChangeSource) {
        let refusal: NavigationError
        var name = URLRouter<Route>.stateURLCause
        switch self {
        case .sourceNotAllowed(let pattern, let source):
            refusal = .sourceNotAllowed(pattern: pattern, source: source)
            name = pattern
        case .wrongScene(let expected, let found): refusal = .wrongScene(expected: expected, found: found)
        case .externalStateURLsDisabled(let scene): refusal = .externalStateURLsDisabled(scene: scene)
        default: return
        }
        flow?.reportRefusal(refusal, cause: .opened(name, source: source))
    }

    init(_ error: NavigationError) {
        switch error {
        case .sourceNotAllowed(let pattern, let source): self = .sourceNotAllowed(pattern: pattern, source: source)
        case .wrongScene(let expected, let found): self = .wrongScene(expected: expected, found: found)
        case .externalStateURLsDisabled(let scene): self = .externalStateURLsDisabled(scene: scene)
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
    /// The outcome of `request` in `flow`; a deferred link names the flow's wait it is.
    @MainActor
    init(_ outcome: ChangeOutcome<Route>, url: String, request: ChangeRequest<Route>, flow: Flow<Route>?) {
        switch outcome {
        case .applied: self = .applied
        case .unchanged: self = .unchanged
        case .queued: self = .queued
        case .redirected(let name): self = .redirected(guard: name)
        case .deferred(let element):
            // The wait just made, unless what ran after it replaced it: then the link has expired.
            let pending = flow?.pendingChange.flatMap { $0.reason == .deferred(by: element) ? $0.id : nil }
            self = .deferred(
                PendingLink(
                    url: url, source: request.source, blockedBy: element, pattern: request.cause.linkPattern,
                    pendingID: pending))
        case .needsConfirmation(let plan): self = .needsConfirmation(URLPlan(url: url, plan: plan))
        }
    }
}

/// What opening a URL would do, computed without touching the flow (``FlowURLs/plan(_:source:)``).
public struct URLPlan<Route: NavigationRoute>: Sendable, Equatable {
    /// A screen the change would remove or hide, and how links treat it.
    public typealias Interruption = ChangePlan<Route>.Interruption
    /// The URL.
    public let url: String
    /// The pipeline's plan for the URL's request.
    public let plan: ChangePlan<Route>
    /// Who opens it.
    public var source: ChangeSource { plan.request.source }
    /// The template of the deep link that matched; `nil` for a state URL.
    public var pattern: String? { plan.request.cause.linkPattern }
    /// The state the plan starts from.
    public var current: NavigationState<Route> { plan.current }
    /// The state the URL leads to: elements that did not change keep their ids.
    public var proposed: NavigationState<Route> { plan.proposed }
    /// What changes: the screens added and removed, the elements touched.
    public var changes: NavigationChanges<Route> { plan.changes }
    /// The screens removed or hidden whose policy is not `InterruptionPolicy.allow`.
    public var interruptions: [Interruption] { plan.interruptions }
    /// Whether the URL leads to the current state exactly.
    public var isEmpty: Bool { plan.isEmpty }
    /// The strictest policy among ``interruptions``: what ``FlowURLs/open(_:source:)`` does.
    public var policy: InterruptionPolicy { plan.policy }
}

/// A link that waits, as the flow's `Flow.pendingChange`, for a screen with `InterruptionPolicy.defer`.
public struct PendingLink: Hashable, Sendable {
    /// The URL.
    public let url: String
    /// Who opened it.
    public let source: ChangeSource
    /// The screen that made it wait.
    public let blockedBy: ElementID
    /// The template of the deep link; `nil` for a state URL.
    public let pattern: String?
    /// The flow's wait the link is (`PendingChange.id`): it resumes that one only.
    public let pendingID: UInt64?
}

/// What ``FlowURLs/open(_:source:)`` did with a URL it accepted.
public enum DeepLinkOutcome<Route: NavigationRoute>: Sendable, Equatable {
    /// The change was committed as one transaction.
    case applied
    /// The URL leads to the current state: nothing was committed.
    case unchanged
    /// The URL arrived during a commit: it is planned and committed right after it.
    case queued
    /// A screen with `InterruptionPolicy.defer` is in the way: the link waits.
    case deferred(PendingLink)
    /// A screen with `InterruptionPolicy.confirm` is in the way: ask, then ``FlowURLs/commit(_:)``.
    case needsConfirmation(URLPlan<Route>)
    /// A guard's redirect was applied; the URL waits as the flow's `Flow.pendingChange`.
    case redirected(guard: String)
}

extension Scenes {
    /// Opens a URL in a connected window with `Scenes.perform(_:in:)`, or says why it was refused.
    public func open(_ url: String, in sceneID: String, router: URLRouter<Route>, source: ChangeSource)
        -> Result<DeepLinkOutcome<Route>, DeepLinkError>
    {
        Result { () throws(DeepLinkError) in
            let request = try request(for: url, in: sceneID, router: router, source: source)
            do throws(SceneError) {
                let outcome = try perform(request, in: sceneID)
                return DeepLinkOutcome(outcome, url: url, request: request, flow: flow(sceneID))
            } catch {
                throw DeepLinkError(error, sceneID: sceneID)
            }
        }
    }
    /// Connects a window at a cold start, then opens its launch link as a transaction of its own.
    @discardableResult
    public func connect(
        sceneID: String, kind name: String, launching url: String, router: URLRouter<Route>, source: ChangeSource
    ) throws(SceneError) -> (connection: Connection, link: Result<DeepLinkOutcome<Route>, DeepLinkError>) {
        let connection = try connect(sceneID: sceneID, kind: name)
        return (connection, open(url, in: sceneID, router: router, source: source))
    }
    /// Connects a window like ``connect(sceneID:kind:launching:router:source:)``, awaiting guards.
    @discardableResult
    public func connectAwaitingGuards(
        sceneID: String, kind name: String, launching url: String, router: URLRouter<Route>,
        source: ChangeSource = .external(.unknown)
    ) async throws(SceneError) -> (connection: Connection, link: Result<DeepLinkOutcome<Route>, DeepLinkError>) {
        let connection = try await connectAwaitingGuards(sceneID: sceneID, kind: name)
        let request: ChangeRequest<Route>
        do throws(DeepLinkError) {
            request = try self.request(for: url, in: sceneID, router: router, source: source)
        } catch {
            return (connection, .failure(error))
        }
        do throws(SceneError) {
            let outcome = try await performAwaitingGuards(request, in: sceneID)
            let link = DeepLinkOutcome(outcome, url: url, request: request, flow: flow(sceneID))
            return (connection, .success(link))
        } catch {
            // A window discarded while the guards were asked does not come back.
            if case .notConnected = error { throw error }
            return (connection, .failure(DeepLinkError(error, sceneID: sceneID)))
        }
    }
    /// Which window should take `url` (`Scenes.destination(forKind:showing:external:)`).
    public func destination(for url: String, router: URLRouter<Route>, external: Bool) throws(DeepLinkError)
        -> SceneDestination
    {
        var ids = SequentialElementIDs()
        switch try router.parse(url, ids: &ids, limits: external ? router.limits : .trusted) {
        case .state(let scene, let state):
            if external, !router.externalStateURLs.contains(scene) {
                return .unavailable(kind: scene, .closedToExternalSources)
            }
            return destination(forKind: scene, showing: state.focusedScreen.route, external: external)
        case .link(let match):
            var route = match.state?.focusedScreen.route
            if case .presentation(let presentation) = match.resolved { route = presentation.routes.last }
            return destination(forKind: match.scene, showing: route, external: external)
        }
    }
    private func request(for url: String, in sceneID: String, router: URLRouter<Route>, source: ChangeSource)
        throws(DeepLinkError) -> ChangeRequest<Route>
    {
        guard let kind = connections[sceneID]?.kind else { throw .sceneNotConnected(sceneID) }
        var router = router
        router.environment = configuration.environment
        do throws(DeepLinkError) {
            return try router.request(for: url, scene: kind, source: source)
        } catch {
            error.report(to: flow(sceneID), source: source)
            throw error
        }
    }
}

extension DeepLinkError {
    init(_ error: SceneError, sceneID: String) {
        switch error {
        case .navigation(let refusal): self.init(refusal)
        case .notConnected, .unknownKind, .alreadyConnected: self = .sceneNotConnected(sceneID)
        }
    }
}
