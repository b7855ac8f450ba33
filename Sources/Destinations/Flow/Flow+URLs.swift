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
        guard router.scene(named: scene) != nil else { throw .invalidConfiguration([.unknownURLScene(scene)]) }
        try self.init(layout, providers: providers, ids: ids, logger: logger)
        urls = (router, scene)
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
    public var router: URLRouter<Route>? { urls?.router }

    /// The scene kind of the flow's state URLs, if it was made with a router.
    public var sceneKind: String? { urls?.scene }

    // MARK: Printing

    /// The canonical URL of the flow's whole state (``URLRouter/stateURL(for:scene:)``).
    /// Opening it with ``open(_:source:)`` from ``LinkSource/app`` changes nothing.
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

    /// What opening `url` would do, without touching the flow: the state it leads to, the
    /// change, and the screens in the way with their interruption policies. Nothing is built,
    /// no id is used, no event is sent.
    ///
    /// - A **state URL** of the flow's scene becomes its state with the ids of the current one
    ///   wherever an element sits at the same place with the same route (same tab, same
    ///   column, a stack's common prefix, the same modal). Parts the URL leaves out take the
    ///   scene layout's default. Only ``LinkSource/app`` and ``LinkSource/trusted`` may open
    ///   state URLs.
    /// - A **deep link**'s presentation is applied from the focused screen; a
    ///   ``LinkTarget/state(_:)`` target is aligned as above.
    ///
    /// External sources are held to the router's ``URLRouter/limits``; the app and trusted
    /// sources to ``URLLimits/trusted``.
    ///
    /// - Throws: ``DeepLinkError``: the parser's errors, ``DeepLinkError/noRouter``,
    ///   ``DeepLinkError/wrongScene(expected:found:)``,
    ///   ``DeepLinkError/externalStateURLsDisabled(scene:)``,
    ///   ``DeepLinkError/sourceNotAllowed(pattern:source:)``, and
    ///   ``DeepLinkError/navigation(_:)`` when the link's presentation does not fit the state.
    public func plan(_ url: String, source: LinkSource = .external(.unknown)) throws(DeepLinkError) -> URLPlan<Route> {
        let (proposed, pattern) = try target(of: try parse(url, source: source), source: source)
        return makePlan(url: url, source: source, pattern: pattern, proposed: proposed)
    }

    /// Opens a URL as one transaction, all or nothing: plans it (``plan(_:source:)``), asks
    /// the screens it would remove or hide for their ``InterruptionPolicy``, and commits.
    /// Elements that did not change keep their ids and their live Destinations.
    ///
    /// - A screen with ``InterruptionPolicy/reject`` in the way throws
    ///   ``DeepLinkError/blocked(route:element:)``.
    /// - One with ``InterruptionPolicy/defer`` returns ``DeepLinkOutcome/deferred(_:)``; one
    ///   with ``InterruptionPolicy/confirm`` returns ``DeepLinkOutcome/needsConfirmation(_:)``.
    /// - A URL that leads to the current state returns ``DeepLinkOutcome/unchanged`` and sends
    ///   no event.
    /// - During a commit (from a Destination's hook, an observer) the URL is parsed and checked
    ///   now, and planned and committed right after the change under way:
    ///   ``DeepLinkOutcome/queued``.
    ///
    /// The flow's ``guards`` judge the change: a denial throws ``DeepLinkError/navigation(_:)``
    /// with ``NavigationError/guardDenied(guard:route:reason:)``; a redirect is applied (itself
    /// checked) and the URL waits as the ``pendingChange``: ``DeepLinkOutcome/redirected(guard:)``.
    /// ``resumePending()`` opens it again with the same source, checked in full.
    ///
    /// Whenever it throws, or returns anything but ``DeepLinkOutcome/applied`` and
    /// ``DeepLinkOutcome/queued``, the state, the ids and the live Destinations are exactly as
    /// they were, and no event is sent. A provider that fails is reported like any refused
    /// change (``onRefusal``, the event stream) and thrown as ``DeepLinkError/navigation(_:)``.
    ///
    /// - Parameters:
    ///   - url: The URL's text, such as a Foundation `URL`'s `absoluteString`.
    ///   - source: Who opens it; by default an unknown external source, so an adapter that
    ///     forgets to say fails safe.
    @discardableResult
    public func open(_ url: String, source: LinkSource = .external(.unknown)) throws(DeepLinkError) -> DeepLinkOutcome<Route> {
        let parsed = try parse(url, source: source)
        if isBusy {
            _ = try checkSource(parsed, source: source)
            let cause = FlowEvent<Route>.Cause.url(pattern: pattern(of: parsed), source: source)
            do throws(NavigationError) {
                try perform(.planned({ [unowned self] () throws(NavigationError) -> NavigationState<Route>? in
                    do throws(DeepLinkError) {
                        let (proposed, pattern) = try self.target(of: parsed, source: source)
                        let plan = self.makePlan(url: url, source: source, pattern: pattern, proposed: proposed)
                        guard plan.policy == .allow else {
                            let first = plan.interruptions.first { $0.policy == plan.policy }!
                            throw .blocked(route: first.route, element: first.element)
                        }
                        return plan.isEmpty ? nil : plan.proposed
                    } catch {
                        throw .linkRefused(error)
                    }
                }, cause: cause))
            } catch {
                throw .navigation(error)
            }
            return .queued
        }
        let (proposed, pattern) = try target(of: parsed, source: source)
        let plan = makePlan(url: url, source: source, pattern: pattern, proposed: proposed)
        switch plan.policy {
        case .allow:
            return try commitChecked(plan)
        case .confirm:
            return .needsConfirmation(plan)
        case .defer:
            let first = plan.interruptions.first { $0.policy == .defer }!
            return .deferred(PendingLink(url: url, source: source, blockedBy: first.element))
        case .reject:
            let first = plan.interruptions.first { $0.policy == .reject }!
            throw .blocked(route: first.route, element: first.element)
        }
    }

    /// Opens a link that waited for a screen (``DeepLinkOutcome/deferred(_:)``), planned
    /// afresh against the state as it is now: it may wait again.
    @discardableResult
    public func resume(_ pending: PendingLink) throws(DeepLinkError) -> DeepLinkOutcome<Route> {
        try open(pending.url, source: pending.source)
    }

    /// Commits a plan the user confirmed (``DeepLinkOutcome/needsConfirmation(_:)``): screens
    /// with ``InterruptionPolicy/confirm`` or ``InterruptionPolicy/defer`` in the way are
    /// removed or hidden; one with ``InterruptionPolicy/reject`` still refuses.
    ///
    /// - Throws: ``DeepLinkError/stalePlan`` when the state changed since the plan was made (or
    ///   another change is being committed), ``DeepLinkError/blocked(route:element:)``, and
    ///   ``DeepLinkError/navigation(_:)`` when a provider fails.
    @discardableResult
    public func commit(_ plan: URLPlan<Route>) throws(DeepLinkError) -> DeepLinkOutcome<Route> {
        guard !isBusy, plan.current == storage else { throw .stalePlan }
        if let rejecting = plan.interruptions.first(where: { $0.policy == .reject }) {
            throw .blocked(route: rejecting.route, element: rejecting.element)
        }
        return try commitChecked(plan)
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
    public func navigate(relative path: String, from anchor: ElementID? = nil) throws(DeepLinkError) {
        guard let (router, scene) = urls else { throw .noRouter }
        let anchor = anchor ?? storage.root.focusedID
        var scratch = SequentialElementIDs()
        let target = try router.resolve(relative: path, in: storage, scene: scene, from: anchor, ids: &scratch)
        do throws(NavigationError) {
            switch target {
            case .presentation(.path([])):
                return
            case .presentation(let presentation):
                try apply(presentation, from: anchor)
            case .state(let state):
                var generator = ids
                let aligned = state.aligned(to: storage, ids: &generator)
                guard aligned != storage else { return }
                try perform(.replacement(aligned, cause: .url(pattern: nil, source: .app)))
            }
        } catch {
            throw .navigation(error)
        }
    }

    // MARK: Planning

    /// Parses `url` with the limits for `source`.
    private func parse(_ url: String, source: LinkSource) throws(DeepLinkError) -> ParsedURL<Route> {
        guard let router = urls?.router else { throw .noRouter }
        var scratch = SequentialElementIDs()
        return try router.parse(url, ids: &scratch, limits: source.isExternal ? router.limits : .trusted)
    }

    /// The template of a parsed link; `nil` for a state URL.
    private func pattern(of parsed: ParsedURL<Route>) -> String? {
        if case .link(let match) = parsed { return match.pattern }
        return nil
    }

    /// Checks the rules that do not depend on the state: the scene, and who may open what.
    private func checkSource(_ parsed: ParsedURL<Route>, source: LinkSource) throws(DeepLinkError) -> String? {
        switch parsed {
        case .state(let scene, _):
            guard let expected = urls?.scene, scene == expected else {
                throw .wrongScene(expected: urls?.scene ?? "", found: scene)
            }
            if source.isExternal, urls?.router.scene(named: scene)?.acceptsExternalStateURLs != true {
                throw .externalStateURLsDisabled(scene: scene)
            }
            return nil
        case .link(let match):
            if case .external(let origin) = source, let allowed = match.sources, !allowed.contains(origin) {
                throw .sourceNotAllowed(pattern: match.pattern, source: source)
            }
            return match.pattern
        }
    }

    /// The state a parsed URL leads to from the current one, and the link's template.
    private func target(
        of parsed: ParsedURL<Route>,
        source: LinkSource
    ) throws(DeepLinkError) -> (NavigationState<Route>, String?) {
        let pattern = try checkSource(parsed, source: source)
        var generator = ids
        let resolved: NavigationTarget<Route>
        switch parsed {
        case .state(_, let state): resolved = .state(state)
        case .link(let match): resolved = match.resolved
        }
        switch resolved {
        case .state(let state):
            return (state.aligned(to: storage, ids: &generator), pattern)
        case .presentation(let presentation):
            var transaction = NavigationTransaction(state: storage, anchor: nil, ids: generator)
            do throws(NavigationError) {
                try transaction.apply(presentation)
            } catch {
                throw .navigation(error)
            }
            return (transaction.state, pattern)
        }
    }

    /// The plan from the current state to `proposed`, with the screens in the way.
    private func makePlan(url: String, source: LinkSource, pattern: String?, proposed: NavigationState<Route>) -> URLPlan<Route> {
        let changes = proposed.changes(from: storage)
        var interruptions: [URLPlan<Route>.Interruption] = []
        var removedIDs: Set<ElementID> = []
        for screen in changes.removed {
            removedIDs.insert(screen.id)
            if let interruption = interruption(of: screen, removed: true) { interruptions.append(interruption) }
        }
        var nowVisible: [ElementID] = []
        proposed.root.collectVisibleIDs(into: &nowVisible)
        for id in visible where !removedIDs.contains(id) && !nowVisible.contains(id) {
            if let screen = storage.node(id), let interruption = interruption(of: screen, removed: false) {
                interruptions.append(interruption)
            }
        }
        return URLPlan(
            url: url, source: source, pattern: pattern, current: storage, proposed: proposed,
            changes: changes, interruptions: interruptions)
    }

    /// How links treat `screen`: its Destination's answer, else its route pattern's policy;
    /// `nil` when they may go ahead.
    private func interruption(of screen: NavigationNode<Route>, removed: Bool) -> URLPlan<Route>.Interruption? {
        guard let route = screen.route else { return nil }
        let policy: InterruptionPolicy
        if let interruptible = live[screen.id]?.object as? any LinkInterruptible {
            policy = interruptible.linkInterruption
        } else {
            policy = urls?.router.routes.pattern(for: route)?.pattern.interruption ?? .allow
        }
        guard policy != .allow else { return nil }
        return URLPlan.Interruption(element: screen.id, route: route.name, policy: policy, removed: removed)
    }

    /// Commits a plan whose policies were settled. The flow's guards judge the change first,
    /// so that a denial (or a redirect, which `open` does not follow) throws without an event.
    private func commitChecked(_ plan: URLPlan<Route>) throws(DeepLinkError) -> DeepLinkOutcome<Route> {
        guard !plan.isEmpty else { return .unchanged }
        let cause = FlowEvent<Route>.Cause.url(pattern: plan.pattern, source: plan.source)
        do throws(NavigationError) {
            lastRedirect = nil
            try checkGuards(added: plan.changes.added, removed: plan.changes.removed, proposed: plan.proposed, cause: cause)
            // Judged just now from this very state: the replacement does not ask again.
            try perform(.judgedReplacement(plan.proposed, against: storage, cause: cause))
        } catch {
            guard case .guardRedirected(let name) = error, lastRedirect != nil else { throw .navigation(error) }
            do throws(NavigationError) {
                try redirectLink(url: plan.url, source: plan.source, guardName: name)
            } catch {
                throw .navigation(error)
            }
            return .redirected(guard: name)
        }
        return .applied
    }
}
