public import Destinations

extension URLRouter {
    /// The cause name of a request for a state URL; a deep link's is its template.
    public static var stateURLCause: String { "state URL" }
    /// The cause name of a request for a relative path.
    public static var relativePathCause: String { "relative path" }
    /// The change request a URL stands for in a flow of the scene kind `scene`, checked against
    /// the rules that do not depend on the state; performing it (`Flow.perform(_:)`) opens the URL.
    /// A state URL's state keeps the current ids where an element sits at the same place with the
    /// same route, and an external one may add only ``URLAccess/external`` routes. External
    /// sources are held to ``limits``, the app and trusted sources to ``URLLimits/trusted``.
    public func request(for url: String, scene: String, source: ChangeSource = .external(.unknown))
        throws(DeepLinkError) -> ChangeRequest<Route>
    {
        guard self.scene(named: scene) != nil else { throw .unknownScene(scene) }
        var scratch = SequentialElementIDs()
        let limits = source.isExternal ? self.limits : .trusted
        let name: String
        let target: NavigationTarget<Route>
        let parsed = try parse(url, ids: &scratch, limits: limits)
        switch parsed {
        case .state(let found, let state):
            guard found == scene else { throw .wrongScene(expected: scene, found: found) }
            if source.isExternal, !externalStateURLs.contains(found) { throw .externalStateURLsDisabled(scene: found) }
            name = Self.stateURLCause
            target = .state(state)
        case .link(let match):
            if case .external(let origin) = source, let allowed = match.sources, !allowed.contains(origin) {
                throw .sourceNotAllowed(pattern: match.pattern, source: source)
            }
            // A link that names its scene kind opens only there; one that names none, anywhere.
            if let declared = match.declaredScene, declared != scene {
                throw .wrongScene(expected: scene, found: declared)
            }
            name = match.pattern
            target = match.resolved
        }
        var request = request(for: target, cause: .opened(name, source: source), source: source)
        if case .link(let match) = parsed, case .resolution(let resolution) = match.target {
            request.resolution = self.resolution(resolution, url: url, scene: scene, source: source)
        }
        let routes = self.routes
        if name == Self.stateURLCause {
            request.access = { route in routes.pattern(for: route)?.pattern.access == .external }
        }
        request.interruptions = .ask
        request.fallbackInterruption = { route in routes.pattern(for: route)?.pattern.interruption ?? .allow }
        if source.isExternal { request.maximumScreens = limits.screens }
        return request
    }
    /// The request for a parsed target: a presentation, or a state aligned to the current one.
    func request(
        for target: NavigationTarget<Route>, cause: FlowEvent<Route>.Cause, source: ChangeSource,
        from anchor: ElementID? = nil
    ) -> ChangeRequest<Route> {
        switch target {
        case .presentation(let presentation):
            ChangeRequest(.presentation(presentation), cause: cause, source: source, origin: anchor)
        case .state(let state):
            ChangeRequest(
                .planned({ current, ids in state.aligned(to: current, ids: &ids) }), cause: cause, source: source)
        }
    }
}

extension FlowEvent.Cause {
    /// The template of the deep link a request was read from, if any.
    var linkPattern: String? {
        guard case .opened(let name, _) = self else { return nil }
        return [URLRouter<Route>.stateURLCause, URLRouter<Route>.relativePathCause].contains(name) ? nil : name
    }
}
