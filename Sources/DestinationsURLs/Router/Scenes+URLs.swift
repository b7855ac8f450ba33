public import Destinations

extension Scenes {
    /// Opens a URL in a connected window: the request the URL stands for in the window's scene
    /// kind (``URLRouter/request(for:scene:source:)``), performed with `Scenes.perform(_:in:)`
    /// so that `Scenes.back(_:)` returns to the state before it.
    ///
    /// - Returns: What the window's flow did with the URL, or why the URL was refused:
    ///   ``DeepLinkError/sceneNotConnected(_:)`` for an unknown window.
    public func open(_ url: String, in sceneID: String, router: URLRouter<Route>, source: ChangeSource) -> Result<
        DeepLinkOutcome<Route>, DeepLinkError
    > {
        do throws(DeepLinkError) {
            let request = try request(for: url, in: sceneID, router: router, source: source)
            do throws(SceneError) {
                return .success(DeepLinkOutcome(try perform(request, in: sceneID), url: url, request: request))
            } catch {
                throw DeepLinkError(error, sceneID: sceneID)
            }
        } catch {
            return .failure(error)
        }
    }
    /// Connects a window at a cold start with a launch link: restores its snapshot first
    /// (`Scenes.connect(sceneID:kind:)`), then opens the link as its own transaction, so a
    /// refused link leaves the restored state, and `Scenes.back(_:)` returns to it.
    ///
    /// - Returns: The connection, and how the link went or why it was refused.
    @discardableResult
    public func connect(
        sceneID: String,
        kind name: String,
        launching url: String,
        router: URLRouter<Route>,
        source: ChangeSource
    ) throws(SceneError) -> (connection: Connection, link: Result<DeepLinkOutcome<Route>, DeepLinkError>) {
        let connection = try connect(sceneID: sceneID, kind: name)
        return (connection, open(url, in: sceneID, router: router, source: source))
    }
    /// Connects a window like ``connect(sceneID:kind:launching:router:source:)``, asking the
    /// flow's `Flow.asyncGuards` where they watch what comes back
    /// (`Scenes.connectAwaitingGuards(sceneID:kind:)`) or what the link adds
    /// (`Scenes.performAwaitingGuards(_:in:)`).
    ///
    /// - Returns: The connection, with the report of the restore as it ended, and how the
    ///   link went.
    @discardableResult
    public func connectAwaitingGuards(
        sceneID: String,
        kind name: String,
        launching url: String,
        router: URLRouter<Route>,
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
            return (connection, .success(DeepLinkOutcome(outcome, url: url, request: request)))
        } catch {
            // A window discarded while the guards were asked does not come back.
            if case .notConnected = error { throw error }
            return (connection, .failure(DeepLinkError(error, sceneID: sceneID)))
        }
    }
    /// Which window should take `url`: its scene kind is the state URL's first component or
    /// the deep link's scene; the route it leads to picks among windows that show it
    /// (`Scenes.destination(forKind:showing:external:)`).
    ///
    /// - Throws: The ``DeepLinkError`` of a URL the router refuses.
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
            let route: Route?
            switch match.resolved {
            case .presentation(let presentation): route = presentation.routes.last
            case .state(let state): route = state.focusedScreen.route
            }
            return destination(forKind: match.scene, showing: route, external: external)
        }
    }
    /// The request `url` stands for in the connected window `sceneID`.
    private func request(for url: String, in sceneID: String, router: URLRouter<Route>, source: ChangeSource)
        throws(DeepLinkError) -> ChangeRequest<Route>
    {
        guard let kind = connections[sceneID]?.kind else { throw .sceneNotConnected(sceneID) }
        return try router.request(for: url, scene: kind, source: source)
    }
}

extension DeepLinkError {
    /// The URL layer's error for a window's refusal.
    init(_ error: SceneError, sceneID: String) {
        switch error {
        case .navigation(let refusal): self.init(refusal)
        case .notConnected, .unknownKind, .alreadyConnected: self = .sceneNotConnected(sceneID)
        }
    }
}
