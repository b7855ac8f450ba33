extension Flow {
    /// Creates a flow that speaks URLs: ``open(_:source:)``, ``plan(_:source:)``,
    /// ``stateURL``, ``shareLink(for:)`` and ``navigate(relative:from:)`` use `router` and the
    /// scene kind `scene`.
    ///
    /// ```swift
    /// let flow = try Flow(NotesAppConfiguration.layout, providers: providers, urls: router, scene: "main")
    /// try flow.open("https://notes.example.com/notes/12", source: .external(.universalLink))
    /// ```
    ///
    /// - Throws: ``NavigationError/invalidConfiguration(_:)`` with
    ///   ``ConfigurationProblem/unknownURLScene(_:)`` when the router has no such scene kind,
    ///   and the errors of ``init(_:providers:ids:logger:)``.
    public convenience init(
        _ layout: Layout<Route>,
        providers: Providers<Route>,
        urls router: URLRouter<Route>,
        scene: String,
        ids: some ElementIDGenerator = SequentialElementIDs(),
        logger: FlowLogger = .standard
    ) throws(NavigationError) {
        var configuration = FlowConfiguration(
            layout: layout, providers: providers, urls: FlowConfiguration.URLs(router: router, scene: scene),
            logger: logger)
        configuration.ids = ids
        try self.init(configuration)
    }

    /// Creates a flow that speaks URLs and starts with the scene kind's layout.
    ///
    /// - Throws: as ``init(_:providers:urls:scene:ids:logger:)``.
    public convenience init(
        providers: Providers<Route>,
        urls router: URLRouter<Route>,
        scene: String,
        ids: some ElementIDGenerator = SequentialElementIDs(),
        logger: FlowLogger = .standard
    ) throws(NavigationError) {
        guard let kind = router.scene(named: scene) else { throw .invalidConfiguration([.unknownURLScene(scene)]) }
        try self.init(kind.layout, providers: providers, urls: router, scene: scene, ids: ids, logger: logger)
    }

    /// The router the flow reads and prints URLs with, if it was made with one.
    public var router: URLRouter<Route>? { configuration.urls?.router }

    /// The scene kind of the flow's state URLs, if it was made with a router.
    public var sceneKind: String? { configuration.urls?.scene }

    private var urls: (router: URLRouter<Route>, scene: String)? {
        configuration.urls.map { ($0.router, $0.scene) }
    }

    // MARK: Printing

    /// The canonical URL of the flow's whole state (``URLRouter/stateURL(for:scene:)``).
    /// Opening it with ``open(_:source:)`` from ``ChangeSource/app`` changes nothing.
    ///
    /// - Throws: ``URLPrintError/noRouter`` for a flow made without a router, and the errors
    ///   of ``URLRouter/stateURL(for:scene:)``.
    public var stateURL: String {
        get throws(URLPrintError) {
            guard let (router, scene) = urls else { throw .noRouter }
            return try router.stateURL(for: state, scene: scene)
        }
    }

    /// The canonical URL of the state cut at a waypoint (``URLRouter/stateURL(for:scene:upTo:)``).
    public func stateURL(upTo element: ElementID) throws(URLPrintError) -> String {
        guard let (router, scene) = urls else { throw .noRouter }
        return try router.stateURL(for: state, scene: scene, upTo: element)
    }

    /// The link that shares the screen `element` (``URLRouter/shareLink(for:)``); `nil` when
    /// the element is not a screen of the state, the flow has no router, or no link shares its
    /// route.
    public func shareLink(for element: ElementID) -> String? {
        guard let router = urls?.router, let route = node(element)?.route else { return nil }
        return router.shareLink(for: route)
    }

    // MARK: Opening

    /// The change request a URL stands for: parsed with the limits for `source`, checked
    /// against the rules that do not depend on the state (the scene, who may open what), and
    /// carrying the rules the pipeline applies for its source.
    ///
    /// - A **state URL** of the flow's scene becomes a planned request: its state with the ids
    ///   of the current one wherever an element sits at the same place with the same route.
    ///   Parts the URL leaves out take the scene layout's default. Every route an external
    ///   state URL adds must be ``URLAccess/external``, or the request is refused with
    ///   ``DeepLinkError/internalRoute(_:)``.
    /// - A **deep link**'s presentation is applied from the focused screen; a
    ///   ``LinkTarget/state(_:)`` target is planned as above.
    ///
    /// External sources are held to the router's ``URLRouter/limits``, on the URL and on the
    /// state it leads to; the app and trusted sources to ``URLLimits/trusted``.
    public func request(for url: String, source: ChangeSource = .external(.unknown)) throws(DeepLinkError)
        -> ChangeRequest<Route>
    {
        guard let (router, scene) = urls else { throw .noRouter }
        var scratch = SequentialElementIDs()
        let limits = source.isExternal ? router.limits : .trusted
        let parsed = try router.parse(url, ids: &scratch, limits: limits)
        let pattern: String?
        let target: NavigationTarget<Route>
        switch parsed {
        case .state(let found, let state):
            guard found == scene else { throw .wrongScene(expected: scene, found: found) }
            if source.isExternal, router.scene(named: found)?.acceptsExternalStateURLs != true {
                throw .externalStateURLsDisabled(scene: found)
            }
            pattern = nil
            target = .state(state)
        case .link(let match):
            if case .external(let origin) = source, let allowed = match.sources, !allowed.contains(origin) {
                throw .sourceNotAllowed(pattern: match.pattern, source: source)
            }
            pattern = match.pattern
            target = match.resolved
        }
        var request: ChangeRequest<Route>
        let cause = FlowEvent<Route>.Cause.url(pattern: pattern, source: source)
        switch target {
        case .presentation(let presentation):
            request = ChangeRequest(.presentation(presentation), cause: cause, source: source)
        case .state(let state):
            request = ChangeRequest(
                .planned({ current, ids in state.aligned(to: current, ids: &ids) }), cause: cause, source: source)
        }
        if pattern == nil {
            // What an external state URL constructs must be open to external sources.
            request.access = { route in router.routes.pattern(for: route)?.pattern.access == .external }
        }
        request.interruptions = .ask
        request.fallbackInterruption = { route in router.routes.pattern(for: route)?.pattern.interruption ?? .allow }
        if source.isExternal { request.maximumScreens = limits.screens }
        return request
    }

    /// What opening `url` would do, without touching the flow: the state it leads to, the
    /// change, and the screens in the way with their interruption policies
    /// (``plan(_:)-(ChangeRequest<Route>)``). Nothing is built, no id is used, no event is sent.
    ///
    /// - Throws: ``DeepLinkError``: the errors of ``request(for:source:)``, and
    ///   ``DeepLinkError/navigation(_:)`` when the link's presentation does not fit the state.
    public func plan(_ url: String, source: ChangeSource = .external(.unknown)) throws(DeepLinkError) -> URLPlan<Route>
    {
        let request = try request(for: url, source: source)
        do throws(NavigationError) {
            return URLPlan(url: url, plan: try plan(request))
        } catch {
            throw DeepLinkError(error)
        }
    }

    /// Opens a URL as one request through the flow's pipeline (``perform(_:)``), all or
    /// nothing: the access rule and limits of its source, the guards, the asynchronous guards
    /// (a URL one of them watches throws ``DeepLinkError/awaitsAsyncGuards``: use
    /// ``openAwaitingGuards(_:source:)``), and the ``InterruptionPolicy`` of the screens it
    /// would remove or hide. Elements that did not change keep their ids and their live
    /// Destinations.
    ///
    /// - A screen with ``InterruptionPolicy/reject`` in the way throws
    ///   ``DeepLinkError/blocked(route:element:)``.
    /// - One with ``InterruptionPolicy/defer`` returns ``DeepLinkOutcome/deferred(_:)``: the URL
    ///   waits as the flow's ``pendingChange``; one with ``InterruptionPolicy/confirm`` returns
    ///   ``DeepLinkOutcome/needsConfirmation(_:)``.
    /// - A URL that leads to the current state returns ``DeepLinkOutcome/unchanged``.
    /// - During a commit the URL is parsed and checked now, and planned and committed right
    ///   after the change under way: ``DeepLinkOutcome/queued``.
    /// - A guard's redirect is applied and the URL waits as the ``pendingChange``:
    ///   ``DeepLinkOutcome/redirected(guard:)``; ``resumePending()`` runs it again, judged in
    ///   full.
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
        do throws(NavigationError) {
            return DeepLinkOutcome(try perform(request), url: url, request: request)
        } catch {
            throw DeepLinkError(error)
        }
    }

    /// Opens a URL like ``open(_:source:)`` after the ``asyncGuards`` watching the routes it
    /// adds have allowed it (``performAwaitingGuards(_:)``).
    @discardableResult
    public func openAwaitingGuards(_ url: String, source: ChangeSource = .external(.unknown))
        async throws(DeepLinkError) -> DeepLinkOutcome<Route>
    {
        let request = try request(for: url, source: source)
        do throws(NavigationError) {
            return DeepLinkOutcome(try await performAwaitingGuards(request), url: url, request: request)
        } catch {
            throw DeepLinkError(error)
        }
    }

    /// Resumes a link that waited for a screen (``DeepLinkOutcome/deferred(_:)``): the flow's
    /// pending change, planned afresh against the state as it is now; it may wait again.
    ///
    /// - Throws: ``DeepLinkError/navigation(_:)`` with ``NavigationError/pendingExpired`` when
    ///   the link is no longer the pending change (it expired, or a newer change waits), and
    ///   the errors of opening it.
    @discardableResult
    public func resume(_ link: PendingLink) throws(DeepLinkError) -> DeepLinkOutcome<Route> {
        guard let pending = pendingChange, pending.reason == .deferred(by: link.blockedBy),
            pending.request.cause == .url(pattern: link.pattern, source: link.source)
        else { throw .navigation(.pendingExpired) }
        do throws(NavigationError) {
            return DeepLinkOutcome(try resumePending() ?? .unchanged, url: link.url, request: pending.request)
        } catch {
            throw DeepLinkError(error)
        }
    }

    /// Commits a plan the user confirmed (``DeepLinkOutcome/needsConfirmation(_:)``): screens
    /// with ``InterruptionPolicy/confirm`` or ``InterruptionPolicy/defer`` in the way are
    /// removed or hidden; one with ``InterruptionPolicy/reject`` still refuses. Judged in full
    /// again; a guard that redirects keeps it pending as confirmed.
    ///
    /// - Throws: ``DeepLinkError/stalePlan`` when the state changed since the plan was made (or
    ///   another change is being committed), ``DeepLinkError/blocked(route:element:)``, and
    ///   ``DeepLinkError/navigation(_:)`` for the other refusals.
    @discardableResult
    public func commit(_ plan: URLPlan<Route>) throws(DeepLinkError) -> DeepLinkOutcome<Route> {
        do throws(NavigationError) {
            return DeepLinkOutcome(try commit(plan.plan), url: plan.url, request: plan.plan.request)
        } catch {
            throw DeepLinkError(error)
        }
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
        guard let (router, scene) = urls else { throw .noRouter }
        let anchor = anchor ?? storage.root.focusedID
        var scratch = SequentialElementIDs()
        let target = try router.resolve(relative: path, in: storage, scene: scene, from: anchor, ids: &scratch)
        let request: ChangeRequest<Route>
        switch target {
        case .presentation(.path([])):
            return .unchanged
        case .presentation(let presentation):
            request = .presentation(presentation, from: anchor)
        case .state(let state):
            request = ChangeRequest(
                .planned({ current, ids in state.aligned(to: current, ids: &ids) }),
                cause: .url(pattern: nil, source: .app))
        }
        do throws(NavigationError) {
            return try perform(request)
        } catch {
            throw DeepLinkError(error)
        }
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
            var pattern: String?
            if case .url(let matched, _) = request.cause { pattern = matched }
            self = .deferred(PendingLink(url: url, source: request.source, blockedBy: element, pattern: pattern))
        case .needsConfirmation(let plan): self = .needsConfirmation(URLPlan(url: url, plan: plan))
        }
    }
}
